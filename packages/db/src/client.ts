import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { MessagePort } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { PgliteThread } from './pglite-thread.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The same query API over PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DbConfig {
  /** postgres://… selects a real PostgreSQL; otherwise PGlite stores its files under `dataDir`. */
  databaseUrl?: string | undefined;
  /** Directory for PGlite's files; `memory://` keeps them in memory. */
  dataDir: string;
  /** PGlite only: start from a dump made by `dumpDataDir` (tests use it to skip migrating again). */
  loadDataDir?: Blob | undefined;
  poolSize?: number | undefined;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations; safe to call on every start. */
  migrate(): Promise<void>;
  /** Answers when the database does: backs `/readyz`. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole cluster as a tarball. */
  dump?(): Promise<Blob>;
  /** What the connections are doing now, read when an operator's metrics are scraped. */
  load(): DatabaseLoad;
  /**
   * PGlite: `listener` is told how long each query or transaction waited for the one connection, until the
   * returned function is called. PostgreSQL's pool has no such queue of its own to time: never called there.
   */
  onQueueWait(listener: (seconds: number) => void): () => void;
  /**
   * How another thread of this process reads the same database (`connectReader` there): PostgreSQL's URL, or a
   * port into PGlite's thread. Hand it over with its `transfer` list.
   */
  readerHandle(): ReaderHandle;
}

/** What `connectReader` needs (`ReaderHandle` without its transfer list); see `Database.readerHandle`. */
export type ReaderAddress = { kind: 'postgres'; databaseUrl: string } | { kind: 'pglite'; port: MessagePort };
export type ReaderHandle = ReaderAddress & { transfer: MessagePort[] };

/**
 * The database from another thread of the process that opened it (`readerHandle`), for that thread's reads: a
 * small pool of its own on PostgreSQL, PGlite's one connection through a port (turns shared with the opener's).
 */
export function connectReader(handle: ReaderAddress): { db: Db; close(): Promise<void> } {
  if (handle.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: handle.databaseUrl,
      max: 2,
      options: `-c random_page_cost=${RANDOM_PAGE_COST}`,
    });
    pool.on('error', () => {});
    return { db: drizzlePg(pool, { schema }) as unknown as Db, close: () => pool.end() };
  }
  const client = PgliteThread.overPort(handle.port);
  return {
    db: drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Db,
    close: () => client.close(),
  };
}

/**
 * PostgreSQL: the pool's open clients, how many of them are idle, and how many queries wait for one.
 * PGlite: how many queries and transactions wait for its one connection.
 */
export type DatabaseLoad =
  | { kind: 'postgres'; clients: number; idleClients: number; waiting: number }
  | { kind: 'pglite'; waiting: number };

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * PostgreSQL's default random_page_cost (4) prices a random page read like a spinning disk's. Here pages come
 * from memory (PGlite) or SSD, and at 4 the planner reads the whole goods table rather than follow a trigram
 * index to a tenth of it, which takes ten times longer; 1.1 is the usual setting for SSDs.
 */
const RANDOM_PAGE_COST = 1.1;

/** The PostgreSQL advisory lock that one instance at a time holds while it migrates (any fixed number). */
const MIGRATION_LOCK = 7_301_842;

export async function createDb(config: DbConfig): Promise<Database> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: config.poolSize ?? 10,
      options: `-c random_page_cost=${RANDOM_PAGE_COST}`,
    });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        // Instances started together would otherwise apply the same migration at once, and all but one fail.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg(client), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
          client.release();
        }
      },
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
      load: () => ({
        kind: 'postgres',
        clients: pool.totalCount,
        idleClients: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      onQueueWait: () => () => {},
      readerHandle: () => ({ kind: 'postgres', databaseUrl: config.databaseUrl!, transfer: [] }),
    };
  }
  const inMemory = config.dataDir.startsWith('memory://');
  const dir = inMemory ? config.dataDir : join(config.dataDir, 'pglite');
  if (!inMemory) mkdirSync(dir, { recursive: true });
  const client = await PgliteThread.start({
    dataDir: dir,
    loadDataDir: config.loadDataDir,
    randomPageCost: RANDOM_PAGE_COST,
  });
  // Drizzle speaks to the thread as to PGlite: it calls only query and transaction (pglite-thread.ts).
  const asPglite = client as unknown as PGlite;
  const db = drizzlePglite({ client: asPglite, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite({ client: asPglite }), { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    dump: () => client.dumpDataDir(),
    load: () => ({ kind: 'pglite', waiting: client.waiting }),
    onQueueWait: (listener) => client.onQueueWait(listener),
    readerHandle: () => {
      const port = client.openPort();
      return { kind: 'pglite', port, transfer: [port] };
    },
  };
}
