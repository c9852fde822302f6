/**
 * The shop as `apps/api/src/server.ts` starts it (migrate, reference data, demo seed, buildApp), on a
 * throw-away database: PGlite in a fresh temp dir, or with BENCH_DATABASE_URL a new database on that
 * PostgreSQL server. Either is removed when the bench lets go. With BENCH_CATALOG_GOODS=n (set by run.ts for
 * the search scenarios) n generated goods join the demo catalog before the app starts, written by another
 * process (seed-catalog-child.ts), as a restarted shop finds them.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '@shop/api';
import { createDb, type Database } from '@shop/db';
import { seedDemo, seedReferenceData } from '@shop/db/seed';
import { serveUntilParentLeaves } from './ipc.ts';

/** The storefront the real server would serve; it does not touch the API routes being measured. */
const storefrontDist = fileURLToPath(new URL('../apps/storefront/dist', import.meta.url));

interface ScratchDatabase {
  /** A PGlite data directory or a PostgreSQL URL: where the shop's data is. */
  where: string;
  open(): Promise<Database>;
  /** Closes the database if open and deletes it. */
  discard(): Promise<void>;
}

async function makeScratchDatabase(serverUrl: string | undefined): Promise<ScratchDatabase> {
  let database: Database | undefined;
  const kept = process.env.BENCH_KEPT_DATABASE_URL;
  if (kept) {
    // cold-search.ts: a database seeded once and kept between runs, so each run starts in seconds; a PostgreSQL
    // URL or a PGlite data directory.
    const postgres = /^postgres(ql)?:/.test(kept);
    return {
      where: kept,
      open: async () =>
        (database = await createDb(postgres ? { databaseUrl: kept, dataDir: '' } : { dataDir: kept })),
      discard: async () => {
        await database?.close();
      },
    };
  }
  if (!serverUrl) {
    const dataDir = await mkdtemp(join(tmpdir(), 'shop-bench-'));
    return {
      where: dataDir,
      open: async () => (database = await createDb({ dataDir })),
      discard: async () => {
        await database?.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    where: url.toString(),
    open: async () => (database = await createDb({ databaseUrl: url.toString(), dataDir: '' })),
    discard: async () => {
      await database?.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** Seeds the catalog in a process of its own (seed-catalog-child.ts says why). */
async function seedInChild(where: string, goods: number): Promise<void> {
  const child = fork(
    fileURLToPath(new URL('seed-catalog-child.ts', import.meta.url)),
    [where, String(goods)],
    {
      execArgv: ['--import', 'tsx'],
    },
  );
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  if (code !== 0) throw new Error(`seeding the catalog failed (${signal ?? `exit code ${code}`})`);
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

const scratch = await makeScratchDatabase(process.env.BENCH_DATABASE_URL);
try {
  const catalogGoods = Number(process.env.BENCH_CATALOG_GOODS ?? 0);
  if (catalogGoods > 0 && !process.env.BENCH_KEPT_DATABASE_URL)
    await seedInChild(scratch.where, catalogGoods);
  const database = await scratch.open();
  await database.migrate();
  await seedReferenceData(database.db);
  if (catalogGoods === 0) await seedDemo(database.db);
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
