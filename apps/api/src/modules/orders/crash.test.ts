import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, schema, type Database } from '@shop/db';
import { seedDemo, seedReferenceData } from '@shop/db/seed';
import { postgresAdminUrl, testEngine } from '@shop/db/testing';
import { hashPassword } from '../accounts/passwords.ts';
import type { Reconciliation } from '@shop/contract';
import { reconcile } from '../payments/reconciliation.ts';

/**
 * The shop is killed with SIGKILL while shoppers place, pay for and cancel orders and staff refund them. After
 * a restart every order must be whole or absent (its lines, the stock it took and the coupon it spent agree),
 * the stock ledger adds up, and once the restarted shop has settled what was in flight (webhooks, refunds) the
 * money reconciles: captured − refunded equals what every order says it holds.
 */
const SHOPPERS = 24;
const SERVER = new URL('../../server.ts', import.meta.url).pathname;

interface Engine {
  env: Record<string, string>;
  open: () => Promise<Database>;
  dispose: () => Promise<void>;
}

async function prepareEngine(): Promise<Engine> {
  if (testEngine() === 'postgres') {
    const name = `shop_crash_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresAdminUrl() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(postgresAdminUrl());
    url.pathname = `/${name}`;
    return {
      env: { DATABASE_URL: url.toString() },
      open: () => createDb({ databaseUrl: url.toString(), dataDir: '' }),
      dispose: async () => {
        const cleanup = new pg.Client({ connectionString: postgresAdminUrl() });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-crash-'));
  return {
    env: { DATA_DIR: dataDir },
    open: () => createDb({ dataDir }),
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startServer(engine: Engine, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: {
      ...process.env,
      ...engine.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      STOREFRONT_DIST: '/nonexistent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (
      await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

let engine: Engine;
let skuId: string;
let couponId: string;
const initialStock = 100_000;

beforeAll(async () => {
  engine = await prepareEngine();
  const database = await engine.open();
  await database.migrate();
  await seedReferenceData(database.db);
  await seedDemo(database.db);
  const [sku] = await database.db.select().from(schema.skus).limit(1);
  skuId = sku!.id;
  await database.db.update(schema.skus).set({ stock: initialStock }).where(eq(schema.skus.id, skuId));
  await database.db
    .update(schema.goods)
    .set({ stock: sql`(select sum(stock) from skus where goods_id = ${sku!.goodsId})`, onShelf: true })
    .where(eq(schema.goods.id, sku!.goodsId));
  const [coupon] = await database.db
    .insert(schema.coupons)
    .values({
      title: { 'en-US': 'Crash test' },
      kind: 'amount',
      value: 1,
      minSpend: 0,
      startsAt: new Date(Date.now() - 60_000),
      endsAt: new Date(Date.now() + 3_600_000),
      total: 10_000,
      perUserLimit: 10_000,
    })
    .returning();
  couponId = coupon!.id;
  const passwordHash = await hashPassword('Crash-secret-2026');
  await database.db.insert(schema.users).values({
    email: 'crash-staff@example.com',
    passwordHash,
    role: 'staff',
    locale: 'en-US',
    activatedAt: new Date(),
  });
  for (let i = 0; i < SHOPPERS; i++) {
    const [user] = await database.db
      .insert(schema.users)
      .values({ email: `crash${i}@example.com`, passwordHash, locale: 'en-US', activatedAt: new Date() })
      .returning();
    await database.db.insert(schema.addresses).values({
      userId: user!.id,
      name: `Shopper ${i}`,
      phone: '+5511987654321',
      regionCodes: ['BR'],
      detail: 'Rua Augusta 100',
      isDefault: true,
    });
  }
  await database.close();
}, 120_000);
afterAll(() => engine?.dispose());

describe(`a SIGKILL during checkout on ${testEngine()}`, () => {
  it('leaves every order whole or absent and the stock ledger balanced', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let server = await startServer(engine, port);

    const shoppers = await Promise.all(
      Array.from({ length: SHOPPERS }, async (_, i) => {
        const login = await fetch(`${base}/v1/home/users/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ account: `crash${i}@example.com`, password: 'Crash-secret-2026' }),
        });
        const cookie = login.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; ');
        const addresses = (await (
          await fetch(`${base}/v1/home/addresses`, { headers: { cookie } })
        ).json()) as {
          data: { id: string }[];
        };
        return { cookie, addressId: addresses.data[0]!.id };
      }),
    );

    const staffLogin = await fetch(`${base}/v1/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'crash-staff@example.com', password: 'Crash-secret-2026' }),
    });
    expect(staffLogin.status).toBe(200);
    const staffCookie = staffLogin.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    let stop = false;
    let placed = 0;
    let paid = 0;
    let refundsAsked = 0;
    const serverErrors: string[] = [];
    const noteStatus = (what: string, res: Response | null) => {
      if (res && res.status >= 500) serverErrors.push(`${what} ${res.status}`);
      return res;
    };
    const json = async (res: Response | null) =>
      res?.ok ? ((await res.json()) as { data: never }).data : null;
    // Staff refund paid orders while shoppers buy: one unit back to stock, or a part of the money.
    const refunding = (async () => {
      while (!stop) {
        const list = (await json(
          await fetch(`${base}/v1/admin/orders?status=paid&pageSize=5`, {
            headers: { cookie: staffCookie },
          }).catch(() => null),
        )) as { id: string }[] | null;
        for (const row of list ?? []) {
          const detail = (await json(
            await fetch(`${base}/v1/admin/orders/${row.id}`, { headers: { cookie: staffCookie } }).catch(
              () => null,
            ),
          )) as { lines: { id: string; price: number }[]; actions: { refundable: number } } | null;
          if (!detail || detail.actions.refundable <= 0) continue;
          const line = detail.lines[0]!;
          const res = noteStatus(
            'refund',
            await fetch(`${base}/v1/admin/orders/${row.id}/refunds`, {
              method: 'POST',
              headers: { cookie: staffCookie, 'content-type': 'application/json' },
              body: JSON.stringify({
                amount: Math.min(line.price, detail.actions.refundable),
                reason: 'crash test',
                lines: [{ lineId: line.id, quantity: 1, restock: refundsAsked % 2 === 0 }],
              }),
            }).catch(() => null),
          );
          if (res?.status === 201) refundsAsked++;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const load = shoppers.map(async (shopper, i) => {
      for (let n = 0; !stop; n++) {
        if (i % 2 === 0) {
          await fetch(`${base}/v1/home/coupons/${couponId}/claim`, {
            method: 'POST',
            headers: { cookie: shopper.cookie },
          }).catch(() => {});
        }
        const res = await fetch(`${base}/v1/home/orders`, {
          method: 'POST',
          headers: {
            cookie: shopper.cookie,
            'content-type': 'application/json',
            'idempotency-key': `crash-${i}-${n}`,
          },
          body: JSON.stringify({
            addressId: shopper.addressId,
            items: [{ skuId, quantity: 1 + (n % 3) }],
            ...(i % 2 === 0 ? { couponId } : {}),
          }),
        }).catch(() => null);
        noteStatus('order', res);
        if (res?.status !== 201) continue;
        placed++;
        const order = (await res.json()) as { data: { id: string } };
        if (n % 4 === 3) {
          noteStatus(
            'cancel',
            await fetch(`${base}/v1/home/orders/${order.data.id}/cancel`, {
              method: 'POST',
              headers: { cookie: shopper.cookie },
            }).catch(() => null),
          );
          continue;
        }
        const charge = (await json(
          noteStatus(
            'charge',
            await fetch(`${base}/v1/home/charges`, {
              method: 'POST',
              headers: { cookie: shopper.cookie, 'content-type': 'application/json' },
              body: JSON.stringify({ orderId: order.data.id, channel: 'sandbox' }),
            }).catch(() => null),
          ),
        )) as { id: string } | null;
        if (!charge) continue;
        const pay = await fetch(`${base}/v1/sandbox/checkout/${charge.id}`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'card=4242424242424242',
        }).catch(() => null);
        if (pay?.status === 303) paid++;
        // Now and then the shopper also cancels right after paying, racing the payment's news.
        if (n % 5 === 4) {
          noteStatus(
            'cancel',
            await fetch(`${base}/v1/home/orders/${order.data.id}/cancel`, {
              method: 'POST',
              headers: { cookie: shopper.cookie },
            }).catch(() => null),
          );
        }
      }
    });
    // Killed in the middle of the mix: once orders are being paid and refunded (however loaded the machine).
    const busyBy = Date.now() + 60_000;
    while ((paid < 8 || refundsAsked < 2) && Date.now() < busyBy)
      await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 300));
    server.kill('SIGKILL');
    stop = true;
    await Promise.all([...load, refunding]);
    expect(placed).toBeGreaterThan(0);
    expect(paid).toBeGreaterThan(0);
    expect(refundsAsked).toBeGreaterThan(0);
    expect(serverErrors).toEqual([]);

    // After the restart the shop serves again over the same data and settles what was in flight: webhooks the
    // gateway had not delivered, refunds recorded but not yet sent to the provider.
    server = await startServer(engine, port);
    // Asked through the shop itself: PGlite's files belong to the running server alone.
    const settled = Date.now() + 90_000;
    for (;;) {
      const res = await fetch(`${base}/v1/admin/payments/reconciliation`, {
        headers: { cookie: staffCookie },
      });
      expect(res.status).toBe(200);
      const report = ((await res.json()) as { data: Reconciliation }).data;
      if ((report.settling === 0 && report.mismatches.length === 0) || Date.now() > settled) {
        expect(report.mismatches).toEqual([]);
        expect(report.settling).toBe(0);
        break;
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;

    const database = await engine.open();
    try {
      const db = database.db;
      // The same check read straight from the data, with the shop stopped.
      expect((await reconcile(db)).mismatches).toEqual([]);
      const [sku] = await db.select().from(schema.skus).where(eq(schema.skus.id, skuId));
      const [taken] = await db
        .select({ n: sql<number>`coalesce(sum(${schema.orderLines.quantity}), 0)::int` })
        .from(schema.orderLines)
        .innerJoin(schema.orders, eq(schema.orders.id, schema.orderLines.orderId))
        .where(sql`${schema.orderLines.skuId} = ${skuId} and ${schema.orders.status} <> 'cancelled'`);
      // Units staff put back on sale with a refund the provider confirmed.
      const [restocked] = await db
        .select({
          n: sql<number>`coalesce(sum((l->>'quantity')::int) filter (where (l->>'restock')::boolean), 0)::int`,
        })
        .from(sql`${schema.refunds}, jsonb_array_elements(${schema.refunds.lines}) l`)
        .where(sql`${schema.refunds.status} = 'succeeded'`);
      expect(sku!.stock).toBeGreaterThanOrEqual(0);
      expect(initialStock - sku!.stock).toBe(taken!.n - restocked!.n);

      const [goodsRow] = await db.select().from(schema.goods).where(eq(schema.goods.id, sku!.goodsId));
      const [skuSum] = await db
        .select({ n: sql<number>`sum(${schema.skus.stock})::int` })
        .from(schema.skus)
        .where(eq(schema.skus.goodsId, sku!.goodsId));
      expect(goodsRow!.stock).toBe(skuSum!.n);

      const [orphans] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(schema.orders)
        .where(sql`not exists (select 1 from order_lines l where l.order_id = ${schema.orders.id})`);
      expect(orphans!.n).toBe(0);

      const [couponRow] = await db.select().from(schema.coupons).where(eq(schema.coupons.id, couponId));
      const claims = await db
        .select()
        .from(schema.couponClaims)
        .where(eq(schema.couponClaims.couponId, couponId));
      expect(couponRow!.claimed).toBe(claims.length);
      const orders = await db.select().from(schema.orders);
      for (const claim of claims.filter((c) => c.orderId)) {
        const order = orders.find((o) => o.id === claim.orderId);
        expect(order?.couponClaimId).toBe(claim.id);
        expect(claim.usedAt).not.toBeNull();
      }
      for (const order of orders.filter((o) => o.couponClaimId)) {
        const holder = claims.find((c) => c.id === order.couponClaimId)?.orderId;
        // A cancelled order gave its coupon back (the order keeps which claim it used, as history).
        if (order.status === 'cancelled') expect(holder).not.toBe(order.id);
        else expect(holder).toBe(order.id);
      }
      expect(orders.length).toBeGreaterThanOrEqual(placed);
    } finally {
      await database.close();
    }
  }, 240_000);
});
