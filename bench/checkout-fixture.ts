/**
 * The throw-away database `bench/checkout.ts` runs on, prepared before the shop starts and checked after it
 * stopped: the shop as `server.ts` seeds it, plus activated shoppers with a default address each and a few
 * SKUs with stock no run can exhaust, so that every checkout is expected to succeed.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { createDb, schema, type Database } from '@shop/db';
import { seedDemo, seedReferenceData } from '@shop/db/seed';
import { hashPassword } from '../apps/api/src/modules/accounts/passwords.ts';
import type { CheckoutServerSetup } from './checkout-server.ts';

/** Far above what a run can sell, and with the goods' own stock still within a 32-bit integer. */
const BENCH_STOCK = 100_000_000;
export const SHOPPER_PASSWORD = 'Bench-checkout-2026!';

export interface BenchShopper {
  id: string;
  email: string;
  addressId: string;
}

export interface BenchSku {
  id: string;
  goodsId: string;
}

/** An order the shop answered 201 for. */
export interface PlacedOrder {
  orderId: string;
  userId: string;
  skuId: string;
}

export interface Verification {
  orders: number;
  /** Units each SKU lost, and that its goods lost, over the run. */
  skus: { skuId: string; ordered: number; skuStockDrop: number; goodsStockDrop: number }[];
}

export interface CheckoutFixture {
  engine: 'pglite' | 'postgres';
  /** What `checkout-server.ts` opens. */
  setup: CheckoutServerSetup;
  /** PostgreSQL only: the bench_<random> database's name. */
  databaseName: string | undefined;
  shoppers: BenchShopper[];
  skus: BenchSku[];
  /** Must be called with the shop stopped (PGlite admits one process); throws on any mismatch. */
  verify(placed: PlacedOrder[]): Promise<Verification>;
  /** Deletes the database. */
  discard(): Promise<void>;
}

/** A fresh PGlite directory, or with `serverUrl` a new bench_<random> database on that PostgreSQL server. */
export async function prepareFixture(
  serverUrl: string | undefined,
  shopperCount: number,
  skuCount: number,
): Promise<CheckoutFixture> {
  const scratch = await createScratch(serverUrl);
  try {
    const database = await createDb(scratch.setup);
    try {
      const seeded = await seed(database, shopperCount, skuCount);
      return {
        engine: database.kind,
        setup: scratch.setup,
        databaseName: scratch.databaseName,
        ...seeded,
        verify: async (placed) => {
          const reopened = await createDb(scratch.setup);
          try {
            return await verifyOrders(reopened, seeded, placed);
          } finally {
            await reopened.close();
          }
        },
        discard: scratch.discard,
      };
    } finally {
      await database.close();
    }
  } catch (error) {
    await scratch.discard();
    throw error;
  }
}

async function createScratch(serverUrl: string | undefined) {
  if (!serverUrl) {
    const dataDir = await mkdtemp(join(tmpdir(), 'shop-bench-checkout-'));
    return {
      setup: { databaseUrl: undefined, dataDir },
      databaseName: undefined,
      discard: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    setup: { databaseUrl: url.toString(), dataDir: '' },
    databaseName: name,
    discard: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

interface Seeded {
  shoppers: BenchShopper[];
  skus: BenchSku[];
  /** Stock of each bench SKU's goods before the run. */
  goodsStock: Map<string, number>;
}

async function seed(database: Database, shopperCount: number, skuCount: number): Promise<Seeded> {
  const { db } = database;
  await database.migrate();
  await seedReferenceData(db);
  await seedDemo(db);
  // One hash for all: argon2id is slow on purpose, and 200 of them would only lengthen the set-up.
  const passwordHash = await hashPassword(SHOPPER_PASSWORD);
  const users = await db
    .insert(schema.users)
    .values(
      Array.from({ length: shopperCount }, (_, i) => ({
        email: `bench-shopper-${i}@example.com`,
        passwordHash,
        locale: 'en-US' as const,
        activatedAt: new Date(),
      })),
    )
    .returning({ id: schema.users.id, email: schema.users.email });
  const addresses = await db
    .insert(schema.addresses)
    .values(
      users.map((user, i) => ({
        userId: user.id,
        name: `Bench Shopper ${i}`,
        phone: '+5511987654321',
        regionCodes: ['BR'],
        detail: `Rua Augusta ${100 + i}`,
        isDefault: true,
      })),
    )
    .returning({ id: schema.addresses.id, userId: schema.addresses.userId });
  const addressOf = new Map(addresses.map((address) => [address.userId, address.id]));
  const shoppers = users.map((user) => ({ ...user, addressId: addressOf.get(user.id) ?? '' }));

  // One SKU from each of several goods: orders for one SKU queue behind its row lock (and its goods'), so
  // spreading them shows the checkout's own cost rather than a single hot row's.
  const candidates = await db
    .select({ id: schema.skus.id, goodsId: schema.skus.goodsId, stock: schema.skus.stock })
    .from(schema.skus)
    .innerJoin(schema.goods, eq(schema.goods.id, schema.skus.goodsId))
    .where(eq(schema.goods.onShelf, true))
    .orderBy(asc(schema.skus.goodsId), asc(schema.skus.sort), asc(schema.skus.id));
  const firstOfGoods = new Map<string, (typeof candidates)[number]>();
  for (const sku of candidates) if (!firstOfGoods.has(sku.goodsId)) firstOfGoods.set(sku.goodsId, sku);
  const picked = [...firstOfGoods.values()].slice(0, skuCount);
  if (picked.length < skuCount) throw new Error(`The demo seed has only ${picked.length} goods on shelf.`);
  for (const sku of picked) {
    await db.update(schema.skus).set({ stock: BENCH_STOCK }).where(eq(schema.skus.id, sku.id));
    // Goods stock is the sum of its SKUs' and is decremented with them; kept consistent for the check.
    await db
      .update(schema.goods)
      .set({ stock: sql`${schema.goods.stock} + ${BENCH_STOCK - sku.stock}` })
      .where(eq(schema.goods.id, sku.goodsId));
  }
  return {
    shoppers,
    skus: picked.map(({ id, goodsId }) => ({ id, goodsId })),
    goodsStock: await goodsStockOf(database, picked),
  };
}

async function goodsStockOf(database: Database, skus: BenchSku[]): Promise<Map<string, number>> {
  const rows = await database.db
    .select({ id: schema.goods.id, stock: schema.goods.stock })
    .from(schema.goods)
    .where(
      inArray(
        schema.goods.id,
        skus.map((sku) => sku.goodsId),
      ),
    );
  return new Map(rows.map((row) => [row.id, row.stock]));
}

/**
 * Every 201 is an order of that shopper with one line (that SKU, one unit), the bench shoppers have no other
 * orders, and each SKU's stock, and its goods', went down by exactly the units ordered.
 */
async function verifyOrders(
  database: Database,
  seeded: Seeded,
  placed: PlacedOrder[],
): Promise<Verification> {
  const { db } = database;
  const rows = await db
    .select({
      orderId: schema.orders.id,
      userId: schema.orders.userId,
      status: schema.orders.status,
      skuId: schema.orderLines.skuId,
      quantity: schema.orderLines.quantity,
    })
    .from(schema.orders)
    .leftJoin(schema.orderLines, eq(schema.orderLines.orderId, schema.orders.id))
    .where(
      inArray(
        schema.orders.userId,
        seeded.shoppers.map((shopper) => shopper.id),
      ),
    );
  const problems: string[] = [];
  const stored = new Map<string, (typeof rows)[number][]>();
  for (const row of rows) stored.set(row.orderId, [...(stored.get(row.orderId) ?? []), row]);
  for (const order of placed) {
    const lines = stored.get(order.orderId);
    const line = lines?.[0];
    if (!line) problems.push(`order ${order.orderId} (answered 201) is not in the database`);
    else if (
      lines.length !== 1 ||
      line.userId !== order.userId ||
      line.skuId !== order.skuId ||
      line.quantity !== 1 ||
      line.status !== 'pending_payment'
    ) {
      problems.push(`order ${order.orderId} is not the one placed: ${JSON.stringify(lines)}`);
    }
  }
  if (stored.size !== placed.length) {
    problems.push(`the shoppers have ${stored.size} orders, the shop answered 201 ${placed.length} times`);
  }
  const skuStock = new Map(
    (
      await db
        .select({ id: schema.skus.id, stock: schema.skus.stock })
        .from(schema.skus)
        .where(
          inArray(
            schema.skus.id,
            seeded.skus.map((sku) => sku.id),
          ),
        )
    ).map((row) => [row.id, row.stock]),
  );
  const goodsStock = await goodsStockOf(database, seeded.skus);
  const skus = seeded.skus.map((sku) => {
    const ordered = placed.filter((order) => order.skuId === sku.id).length;
    const skuStockDrop = BENCH_STOCK - (skuStock.get(sku.id) ?? BENCH_STOCK);
    const goodsStockDrop = (seeded.goodsStock.get(sku.goodsId) ?? 0) - (goodsStock.get(sku.goodsId) ?? 0);
    if (skuStockDrop !== ordered || goodsStockDrop !== ordered) {
      problems.push(
        `SKU ${sku.id}: ${ordered} ordered, SKU stock down ${skuStockDrop}, goods stock down ${goodsStockDrop}`,
      );
    }
    return { skuId: sku.id, ordered, skuStockDrop, goodsStockDrop };
  });
  if (problems.length > 0) {
    throw new Error(`Checkout verification failed:\n  ${problems.slice(0, 20).join('\n  ')}`);
  }
  return { orders: placed.length, skus };
}
