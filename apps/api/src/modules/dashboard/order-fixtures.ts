import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { schema, type Database } from '@shop/db';
import { addAddress, callApi, createShopper, loginCookie, type Json } from '../../testing.ts';
import { signWebhook } from '../payments/payments.service.ts';

/**
 * Orders for the dashboard's tests, made the way shoppers make them: through the shop's API (order, charge,
 * the provider's signed webhook). Test support only.
 */

let serial = 0;

export interface Buyer {
  id: string;
  email: string;
  cookie: string;
  addressId: string;
}

/** The `data` of a request that must succeed. */
async function call(app: FastifyInstance, method: string, url: string, cookie: string, payload?: object) {
  const { status, body, res } = await callApi(app, method, url, { cookie, payload });
  if (status >= 300) throw new Error(`${method} ${url}: ${status} ${res.body}`);
  return body.data as Json;
}

export async function buyer(app: FastifyInstance, database: Database, name = 'buyer'): Promise<Buyer> {
  serial += 1;
  const shopper = await createShopper(database, {
    email: `${name}${serial}-${Date.now()}@example.com`,
    password: 'Buyer-secret-2026',
  });
  const cookie = await loginCookie(app, shopper.email, shopper.password);
  await call(app, 'POST', `/v1/home/users/${shopper.id}/edit`, cookie, { nickname: `${name} ${serial}` });
  return { id: shopper.id, email: shopper.email, cookie, addressId: await addAddress(app, cookie) };
}

/** On-shelf SKUs of `count` different goods with stock, each with its goods and price. */
export async function skusOfDifferentGoods(database: Database, count: number, minStock = 20) {
  const rows = await database.db
    .select({ id: schema.skus.id, goodsId: schema.skus.goodsId, price: schema.skus.price })
    .from(schema.skus)
    .innerJoin(schema.goods, eq(schema.goods.id, schema.skus.goodsId))
    .where(and(gte(schema.skus.stock, minStock), sql`${schema.goods.onShelf}`))
    .orderBy(asc(schema.skus.id));
  const picked: typeof rows = [];
  for (const row of rows) {
    if (!picked.some((p) => p.goodsId === row.goodsId)) picked.push(row);
    if (picked.length === count) break;
  }
  if (picked.length < count) throw new Error('not enough goods in the seed');
  return picked;
}

export async function placeOrder(
  app: FastifyInstance,
  who: Buyer,
  items: { skuId: string; quantity: number }[],
): Promise<{ id: string; number: string; total: number; currency: string }> {
  const order = await call(app, 'POST', '/v1/home/orders', who.cookie, { addressId: who.addressId, items });
  return {
    id: order.id as string,
    number: order.number as string,
    total: order.total as number,
    currency: order.currency as string,
  };
}

/** Pays an order as the provider would tell the shop: a charge, then its signed `charge.succeeded` webhook. */
export async function payOrder(app: FastifyInstance, database: Database, who: Buyer, orderId: string) {
  const charge = await call(app, 'POST', '/v1/home/charges', who.cookie, { orderId, channel: 'sandbox' });
  const [settings] = await database.db.select().from(schema.shopSettings);
  const body = JSON.stringify({
    id: `evt_${charge.id}`,
    type: 'charge.succeeded',
    chargeId: charge.id,
    orderId,
    amount: charge.amount,
    currency: charge.currency,
    created: Math.floor(Date.now() / 1000),
  });
  const res = await app.inject({
    method: 'POST',
    url: '/v1/webhooks/payments',
    headers: {
      'content-type': 'application/json',
      'shop-signature': signWebhook(settings!.data.webhookSecret!, body),
    },
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`webhook: ${res.statusCode} ${res.body}`);
}

/**
 * A whole refund written straight to the database, as the back office's refund records it (status, status
 * event, refund row): used where the test is about the figures, not about refunding.
 */
export async function refundInDatabase(database: Database, orderId: string, staffId: string, amount: number) {
  await database.db.transaction(async (tx) => {
    const [order] = await tx
      .update(schema.orders)
      .set({ status: 'refunded', updatedAt: new Date() })
      .where(eq(schema.orders.id, orderId))
      .returning();
    await tx.insert(schema.orderEvents).values({ orderId, status: 'refunded', actor: staffId });
    const [charge] = await tx
      .update(schema.charges)
      .set({ status: 'refunded', refundedAmount: amount })
      .where(and(eq(schema.charges.orderId, orderId), eq(schema.charges.status, 'succeeded')))
      .returning();
    await tx.update(schema.orders).set({ refundedAmount: amount }).where(eq(schema.orders.id, orderId));
    await tx.insert(schema.refunds).values({
      orderId,
      chargeId: charge!.id,
      amount,
      currency: order!.currency,
      actorId: staffId,
      reason: 'test',
      kind: 'staff',
      status: 'succeeded',
      sentAt: new Date(),
    });
  });
}

/** Moves an order (and its status events) back in time, as if it had been placed `days` ago. */
export async function backdate(database: Database, orderId: string, days: number) {
  const shift = sql`interval '1 day' * ${days}`;
  await database.db
    .update(schema.orders)
    .set({ createdAt: sql`${schema.orders.createdAt} - ${shift}` })
    .where(eq(schema.orders.id, orderId));
  await database.db
    .update(schema.orderEvents)
    .set({ at: sql`${schema.orderEvents.at} - ${shift}` })
    .where(eq(schema.orderEvents.orderId, orderId));
}
