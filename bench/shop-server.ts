/**
 * The shop as `apps/api/src/server.ts` starts it (migrate, reference data, demo seed, buildApp), on a
 * throw-away database: PGlite in a fresh temp dir, or with BENCH_DATABASE_URL a new database on that
 * PostgreSQL server. Either is removed when the bench lets go. With BENCH_CATALOG_GOODS=n (set by run.ts for
 * the search scenarios) n generated goods join the demo catalog before the app starts.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '@shop/api';
import { createDb, type Database } from '@shop/db';
import { seedDemo, seedReferenceData } from '@shop/db/seed';
import { serveUntilParentLeaves } from './ipc.ts';
import { seedLargeCatalog } from './seed-large-catalog.ts';

/** The storefront the real server would serve; it does not touch the API routes being measured. */
const storefrontDist = fileURLToPath(new URL('../apps/storefront/dist', import.meta.url));

interface ScratchDatabase {
  database: Database;
  /** Closes the database and deletes it. */
  discard(): Promise<void>;
}

async function openScratchDatabase(serverUrl: string | undefined): Promise<ScratchDatabase> {
  if (!serverUrl) {
    const dataDir = await mkdtemp(join(tmpdir(), 'shop-bench-'));
    const database = await createDb({ dataDir }).catch(async (error: unknown) => {
      await rm(dataDir, { recursive: true, force: true });
      throw error;
    });
    return {
      database,
      discard: async () => {
        await database.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await createDb({ databaseUrl: url.toString(), dataDir: '' });
  return {
    database,
    discard: async () => {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const scratch = await openScratchDatabase(process.env.BENCH_DATABASE_URL);
try {
  const { database } = scratch;
  await database.migrate();
  await seedReferenceData(database.db);
  await seedDemo(database.db);
  const catalogGoods = Number(process.env.BENCH_CATALOG_GOODS ?? 0);
  if (catalogGoods > 0) {
    const seeded = await seedLargeCatalog(database.db, catalogGoods);
    console.log(
      `  seeded ${seeded.goods} goods with ${seeded.skus} SKUs on ${database.kind}: inserts ${seeded.insertMs} ms, ` +
        `indexes ${seeded.indexMs} ms, vacuum ${seeded.vacuumMs} ms`,
    );
  }
  const app = await buildApp({ logLevel: 'warn', storefrontDist }, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  serveUntilParentLeaves(app.server, async () => {
    await app.close();
    await scratch.discard();
  });
} catch (error) {
  await scratch.discard();
  throw error;
}
