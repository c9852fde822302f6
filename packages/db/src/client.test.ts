import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrationsFolder, type Database } from './client.ts';
import { categories, goods, skus } from './schema.ts';
import { createTestDatabase, emptyPostgresDatabase, testEngine } from './testing.ts';

describe(`the schema on ${testEngine()}`, () => {
  let database: Database;
  let goodsId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    const [category] = await database.db
      .insert(categories)
      .values({ name: { 'en-US': 'Tea' } })
      .returning();
    const [row] = await database.db
      .insert(goods)
      .values({ categoryId: category!.id, image: '/media/x.svg', images: [], options: [], price: 100 })
      .returning();
    goodsId = row!.id;
  });
  afterAll(() => database.close());

  it('runs on the engine the test run asked for', () => {
    expect(database.kind).toBe(testEngine());
  });

  it('never lets stock go below zero', async () => {
    const [sku] = await database.db
      .insert(skus)
      .values({ goodsId, options: [], price: 100, stock: 1 })
      .returning();
    await expect(
      database.db
        .update(skus)
        .set({ stock: sql`${skus.stock} - 2` })
        .where(eq(skus.id, sku!.id)),
    ).rejects.toThrow();
    const [after] = await database.db.select().from(skus).where(eq(skus.id, sku!.id));
    expect(after?.stock).toBe(1);
  });

  it('refuses goods in a category that does not exist', async () => {
    await expect(
      database.db.insert(goods).values({
        categoryId: '00000000-0000-4000-8000-000000000000',
        image: '',
        images: [],
        options: [],
        price: 1,
      }),
    ).rejects.toThrow();
  });

  it("tells what its connections are doing: PostgreSQL's pool, or who waits for PGlite's one connection", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const waits: number[] = [];
    const stopListening = database.onQueueWait((seconds) => waits.push(seconds));
    try {
      // A transaction holds a connection while a query comes in beside it.
      const transaction = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await held;
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      // Started now (Drizzle's queries run when awaited), and slow enough to be seen running on PostgreSQL.
      const query = database.db.execute(sql`select pg_sleep(0.2)`).then(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 30));
      const load = database.load();
      release();
      await Promise.all([transaction, query]);
      if (database.kind === 'postgres') {
        expect(load).toMatchObject({ kind: 'postgres', waiting: 0 });
        // Both busy: the transaction's client and the query's (more may have been opened, and be idle).
        if (load.kind === 'postgres') expect(load.clients - load.idleClients).toBe(2);
        expect(waits).toEqual([]);
      } else {
        expect(load).toEqual({ kind: 'pglite', waiting: 1 });
        // The query waited for the transaction: at least the 30 ms it was held after the query came.
        expect(Math.max(...waits)).toBeGreaterThanOrEqual(0.029);
        expect(database.load()).toEqual({ kind: 'pglite', waiting: 0 });
      }
    } finally {
      stopListening();
    }
    const before = waits.length;
    await database.db.execute(sql`select 3`);
    expect(waits).toHaveLength(before);
  });

  it("keeps PGlite's page cache small, in the memory it never gives back; PostgreSQL's is the server's", async () => {
    const result = await database.db.execute<{ shared_buffers: string }>(sql`show shared_buffers`);
    const rows = (result as unknown as { rows: { shared_buffers: string }[] }).rows;
    if (database.kind === 'pglite') expect(rows[0]!.shared_buffers).toBe('32MB');
    else expect(rows[0]!.shared_buffers).toMatch(/^\d+[kMG]B$/);
  });

  it('lets the event loop answer sockets while queries keep the connection busy', async () => {
    // A flash sale: hundreds of queries queued at once. A socket's callback (here a setImmediate, which runs where
    // socket reads run) must not wait for the whole queue; before, PGlite ran its queue without a pause.
    let done = 0;
    const queries = Array.from({ length: 300 }, () =>
      database.db.execute(sql`select count(*) from generate_series(1, 20000)`).then(() => done++),
    );
    const doneWhenSocketRan = await new Promise<number>((resolve) => setImmediate(() => resolve(done)));
    await Promise.all(queries);
    expect(doneWhenSocketRan).toBeLessThan(300);
  });

  it("runs a long statement without holding the shop's thread", async () => {
    // PGlite too runs its statements beside the thread that answers requests (pglite-thread.ts): a timer due in
    // 20 ms fires while a statement of 400 ms runs. In the shop's own thread the timer waited for the statement.
    const order: string[] = [];
    const timer = new Promise<void>((resolve) =>
      setTimeout(() => {
        order.push('timer');
        resolve();
      }, 20),
    );
    await database.db.execute(sql`select pg_sleep(0.4)`);
    order.push('statement');
    await timer;
    expect(order).toEqual(['timer', 'statement']);
  });

  it('migrating again changes nothing', async () => {
    await expect(database.migrate()).resolves.toBeUndefined();
  });
});

describe('PGlite on disk', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-db-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps its data across a restart', async () => {
    const first = await createDb({ dataDir });
    await first.migrate();
    await first.db.insert(categories).values({ name: { 'en-US': 'Kept' } });
    await first.close();

    const second = await createDb({ dataDir });
    await second.migrate();
    const rows = await second.db.select().from(categories);
    await second.close();
    expect(rows.map((r) => r.name['en-US'])).toEqual(['Kept']);
  });
});

describe('several instances on one new PostgreSQL database', () => {
  it('migrate it once when they start together', async () => {
    const empty = await emptyPostgresDatabase();
    const instances = await Promise.all(
      [1, 2, 3].map(() => createDb({ databaseUrl: empty.url, dataDir: '' })),
    );
    try {
      const started = await Promise.allSettled(instances.map((instance) => instance.migrate()));
      expect(started.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const check = new pg.Client({ connectionString: empty.url });
      await check.connect();
      const applied = await check.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      await check.end();
      const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      expect(applied.rows[0]).toEqual({ n: journal.entries.length });
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await empty.drop();
    }
  });
});
