import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@shop/db';
import {
  addAddress,
  callApi,
  createShopper,
  createTestApp,
  deliverSandboxWebhooks,
  loginCookie,
  signedInStaffAndAdmin,
  type TestApp,
} from '../../testing.ts';

let t: TestApp;
let staffCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  staffCookie = (await signedInStaffAndAdmin(t)).staff.cookie;
});
afterAll(() => t.close());

const call = (method: string, url: string, cookie: string, payload?: object) =>
  callApi(t.app, method, url, { cookie, payload });

/** A shipped order of two units of one SKU, paid through the sandbox page and its webhook. */
async function shippedOrder() {
  const buyer = await createShopper(t.database, {
    email: `returns-${Date.now()}@example.com`,
    password: 'Buyer-secret-2026',
  });
  const cookie = await loginCookie(t.app, buyer.email, buyer.password);
  const addressId = await addAddress(t.app, cookie);
  const [sku] = await t.database.db
    .select({ id: schema.skus.id, goodsId: schema.skus.goodsId })
    .from(schema.skus)
    .innerJoin(schema.goods, eq(schema.goods.id, schema.skus.goodsId))
    .where(sql`${schema.skus.stock} >= 5 and ${schema.goods.onShelf}`)
    .orderBy(asc(schema.skus.id))
    .limit(1);
  const placed = await call('POST', '/v1/home/orders', cookie, {
    addressId,
    items: [{ skuId: sku!.id, quantity: 2 }],
  });
  const order = placed.body.data;
  const charge = await call('POST', '/v1/home/charges', cookie, { orderId: order.id, channel: 'sandbox' });
  const paid = await t.app.inject({
    method: 'POST',
    url: charge.body.data.payUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'card=4242+4242+4242+4242',
  });
  expect(paid.statusCode).toBe(303);
  await deliverSandboxWebhooks(t);
  const shipped = await call('POST', `/v1/admin/orders/${order.id}/ship`, staffCookie, {
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
  });
  expect(shipped.body.code, JSON.stringify(shipped.body)).toBe(200);
  return { cookie, order: (await call('GET', `/v1/home/orders/${order.id}`, cookie)).body.data, sku: sku! };
}

describe('a received return', () => {
  it('puts its units back on sale where shoppers look: the catalog’s stock, not a cached reply', async () => {
    const { cookie, order, sku } = await shippedOrder();
    const requested = await call('POST', `/v1/home/orders/${order.id}/returns`, cookie, {
      lines: [{ lineId: order.lines[0].id, quantity: 1 }],
      reason: 'damaged',
    });
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);
    const returnId = requested.body.data.id;
    expect((await call('POST', `/v1/admin/returns/${returnId}/approve`, staffCookie, {})).body.code).toBe(
      200,
    );

    const stockShown = async () =>
      (await call('GET', `/v1/home/goods/${sku.goodsId}`, cookie)).body.data.skus.find(
        (s: { id: string }) => s.id === sku.id,
      ).stock as number;
    const before = await stockShown();
    const received = await call('POST', `/v1/admin/returns/${returnId}/receive`, staffCookie, {
      lines: [{ lineId: order.lines[0].id, restock: true }],
    });
    expect(received.body.data).toMatchObject({ status: 'received' });
    expect(await stockShown()).toBe(before + 1);
  });
});
