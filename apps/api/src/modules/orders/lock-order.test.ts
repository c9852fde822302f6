import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@shop/db';
import { testEngine } from '@shop/db/testing';
import {
  addAddress,
  callApi,
  createShopper,
  createTestApp,
  deliverSandboxWebhooks,
  loginCookie,
  type TestApp,
} from '../../testing.ts';
import { SANDBOX_CARDS } from '../payments/sandbox-gateway.routes.ts';

/**
 * Orders whose SKUs cross: one order takes a SKU of goods X then one of goods Y, another a SKU of goods Y then
 * one of goods X (each sorted by SKU id). Placed, paid and cancelled all at once on a real PostgreSQL, their
 * row locks meet in opposite orders unless every transaction takes them in one global order; a deadlock must
 * never reach a shopper as a 500.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Two goods with two SKUs each, paired so that sorting each pair by SKU id puts the goods in opposite order. */
async function crossingPairs() {
  const rows = await t.database.db
    .select({ id: schema.skus.id, goodsId: schema.skus.goodsId })
    .from(schema.skus)
    .innerJoin(schema.goods, eq(schema.goods.id, schema.skus.goodsId))
    .where(sql`${schema.goods.onShelf}`)
    .orderBy(asc(schema.skus.id));
  const byGoods = new Map<string, string[]>();
  for (const row of rows) byGoods.set(row.goodsId, [...(byGoods.get(row.goodsId) ?? []), row.id]);
  const goods = [...byGoods].filter(([, ids]) => ids.length >= 2);
  for (const [x, xs] of goods) {
    for (const [y, ys] of goods) {
      if (x >= y) continue;
      // first pair: X's SKU before Y's; second pair: Y's SKU before X's (by SKU id).
      const first = xs.flatMap((a) => ys.filter((b) => a < b).map((b) => [a, b]))[0];
      const second = ys.flatMap((a) => xs.filter((b) => a < b && b !== first?.[0]).map((b) => [a, b]))[0];
      if (first && second && first[1] !== second[0]) return [first, second] as const;
    }
  }
  throw new Error('no crossing SKUs in the seed');
}

describe(`locks taken in one global order (${testEngine()})`, () => {
  it('checkouts, payments and cancels of crossing orders never answer 500', async () => {
    const [first, second] = await crossingPairs();
    for (const id of [...first, ...second]) {
      await t.database.db.update(schema.skus).set({ stock: 10_000 }).where(eq(schema.skus.id, id));
    }
    const shoppers = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const s = await createShopper(t.database, {
          email: `lock${i}-${randomUUID().slice(0, 8)}@example.com`,
          password: 'Buyer-secret-2026',
        });
        const cookie = await loginCookie(t.app, s.email, s.password);
        return { cookie, addressId: await addAddress(t.app, cookie) };
      }),
    );
    const statuses: number[] = [];
    const deliveries: Promise<number>[] = [];
    await Promise.all(
      shoppers.map(async (shopper, i) => {
        for (let round = 0; round < 4; round++) {
          const pair = (i + round) % 2 === 0 ? first : second;
          const placed = await callApi(t.app, 'POST', '/v1/home/orders', {
            cookie: shopper.cookie,
            payload: { addressId: shopper.addressId, items: pair.map((skuId) => ({ skuId, quantity: 1 })) },
          });
          statuses.push(placed.status);
          if (placed.status !== 201) continue;
          const orderId = placed.body.data.id as string;
          if (round % 2 === 1) {
            statuses.push(
              (await callApi(t.app, 'POST', `/v1/home/orders/${orderId}/cancel`, { cookie: shopper.cookie }))
                .status,
            );
            continue;
          }
          const charge = await callApi(t.app, 'POST', '/v1/home/charges', {
            cookie: shopper.cookie,
            payload: { orderId, channel: 'sandbox' },
          });
          statuses.push(charge.status);
          const paid = await t.app.inject({
            method: 'POST',
            url: `/v1/sandbox/checkout/${charge.body.data.id}`,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: `card=${SANDBOX_CARDS.succeeds}`,
          });
          statuses.push(paid.statusCode);
          // Payments are applied while others still place and cancel.
          deliveries.push(deliverSandboxWebhooks(t));
        }
      }),
    );
    await Promise.all(deliveries);
    await deliverSandboxWebhooks(t);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    const orders = await t.database.db.select().from(schema.orders);
    expect(orders.filter((o) => o.status === 'paid')).toHaveLength(24);
    expect(orders.filter((o) => o.status === 'cancelled')).toHaveLength(24);
  }, 120_000);
});
