import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@shop/db';
import { seedDemo, seedReferenceData } from '@shop/db/seed';
import { createTestDatabase } from '@shop/db/testing';
import { buildApp } from './app.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** Every log line the app wrote, parsed. */
  logs: () => Record<string, unknown>[];
  close: () => Promise<void>;
}

/** A stand-in storefront build: the server's file handling is tested without building the real one. */
function fakeStorefrontBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'shop-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Shop</title><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'index-a1b2c3d4.js'), 'console.log("shop")');
  return dir;
}

/** The real app over a throw-away database holding the demo seed, serving a stand-in storefront build. */
export async function createTestApp(): Promise<TestApp> {
  const database = await createTestDatabase();
  await seedReferenceData(database.db);
  await seedDemo(database.db);
  const logStream = new PassThrough();
  const lines: string[] = [];
  logStream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  const app = await buildApp(
    { logLevel: 'info', storefrontDist: fakeStorefrontBuild(), logStream },
    database,
  );
  return {
    app,
    database,
    logs: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
