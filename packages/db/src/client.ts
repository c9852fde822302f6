import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
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
    };
  }
  const inMemory = config.dataDir.startsWith('memory://');
  const dir = inMemory ? config.dataDir : join(config.dataDir, 'pglite');
  if (!inMemory) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create({
    dataDir: dir,
    ...(config.loadDataDir ? { loadDataDir: config.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  await client.exec(`set random_page_cost = ${RANDOM_PAGE_COST}`);
  const queue = timeQueueWaits(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    dump: () => client.dumpDataDir('none') as Promise<Blob>,
    load: () => ({ kind: 'pglite', waiting: queue.waiting }),
    onQueueWait: (listener) => {
      queue.listeners.add(listener);
      return () => queue.listeners.delete(listener);
    },
  };
}

/**
 * PGlite has one connection: every query, `exec` and transaction takes its turn on one lock
 * (`_runExclusiveTransaction`), so under load the time spent waiting for that turn is what grows. This wraps the
 * lock to count who waits and to tell listeners how long each waited.
 *
 * It also lets the event loop breathe between turns. PGlite runs in this thread, and each turn starts in a
 * promise callback as soon as the last one ends: while writers keep the queue full (a flash sale), the loop
 * never reaches new sockets, so reads the shop could answer from memory waited seconds (bench/mixed.ts: no
 * read answered in 5 s while 20 buyers ordered). So after turns have run back to back for `BUSY_SLICE_MS`, the
 * next waits for one pass of the event loop. (Yielding before every turn served reads well but cut orders per
 * second by two thirds: each pass answered every waiting read first.)
 */
/**
 * How long PGlite may hold the thread with queued turns before sockets get a look in. The trade-off, measured in
 * a flash sale (bench/RESULTS.md): 8 ms kept orders fastest but reads at a fifth of their idle rate; 1 ms gave
 * reads half and orders two thirds of that; 2 ms keeps orders at their rate before this work and reads at about
 * two fifths. PostgreSQL, whose queries run in its own processes, needs no such slice.
 */
const BUSY_SLICE_MS = 2;

function timeQueueWaits(client: PGlite) {
  const queue = { waiting: 0, lastPass: performance.now(), listeners: new Set<(seconds: number) => void>() };
  const takeTurn = client._runExclusiveTransaction.bind(client);
  client._runExclusiveTransaction = <T>(work: () => Promise<T>): Promise<T> => {
    const askedAt = performance.now();
    queue.waiting++;
    return takeTurn(async () => {
      if (performance.now() - queue.lastPass > BUSY_SLICE_MS) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        queue.lastPass = performance.now();
      }
      queue.waiting--;
      const seconds = (performance.now() - askedAt) / 1000;
      for (const listener of queue.listeners) listener(seconds);
      return work();
    });
  };
  return queue;
}
