import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@shop/db';
import { DEMO_FACTS } from '@shop/db/seed';
import { createShopper, createTestApp, loginCookie, type TestApp } from '../../testing.ts';

let t: TestApp;
let cookie: string;
let otherCookie: string;
let addressId: string;
let otherAddressId: string;
let otherOrderId: string;
let skuId: string;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  const a = await createShopper(t.database, { email: 'bad-a@example.com', password: 'Bad-input-secret-1' });
  const b = await createShopper(t.database, { email: 'bad-b@example.com', password: 'Bad-input-secret-2' });
  cookie = await loginCookie(t.app, a.email, a.password);
  otherCookie = await loginCookie(t.app, b.email, b.password);
  const address = {
    name: 'A',
    phone: '+5511987654321',
    regionCodes: ['BR', 'BR-SP', 'BR-3550308'],
    detail: 'Rua 1',
    postcode: '01305-000',
    isDefault: true,
  };
  addressId = (
    await t.app.inject({ method: 'POST', url: '/v1/home/addresses', headers: { cookie }, payload: address })
  ).json().data.id;
  otherAddressId = (
    await t.app.inject({
      method: 'POST',
      url: '/v1/home/addresses',
      headers: { cookie: otherCookie },
      payload: address,
    })
  ).json().data.id;
  const [sku] = await t.database.db
    .select()
    .from(schema.skus)
    .where(sql`${schema.skus.stock} > 5`)
    .limit(1);
  skuId = sku!.id;
  otherOrderId = (
    await t.app.inject({
      method: 'POST',
      url: '/v1/home/orders',
      headers: { cookie: otherCookie },
      payload: { addressId: otherAddressId, items: [{ skuId, quantity: 1 }] },
    })
  ).json().data.id;
});
afterAll(() => t.close());

/** Rows that bad input must never change. */
async function snapshot() {
  const count = async (
    table:
      | typeof schema.orders
      | typeof schema.cartItems
      | typeof schema.addresses
      | typeof schema.charges
      | typeof schema.couponClaims,
  ) => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
  const [stock] = await t.database.db.select({ n: sql<number>`sum(stock)::int` }).from(schema.skus);
  return {
    orders: await count(schema.orders),
    cartItems: await count(schema.cartItems),
    addresses: await count(schema.addresses),
    charges: await count(schema.charges),
    claims: await count(schema.couponClaims),
    stock: stock!.n,
  };
}

const cases: [string, 'POST' | 'PUT' | 'DELETE' | 'GET', () => string, () => unknown, number][] = [
  ['negative quantity', 'POST', () => '/v1/home/cart/items', () => ({ skuId, quantity: -1 }), 422],
  ['huge quantity', 'POST', () => '/v1/home/cart/items', () => ({ skuId, quantity: 1e9 }), 422],
  ['fractional quantity', 'POST', () => '/v1/home/cart/items', () => ({ skuId, quantity: 1.5 }), 422],
  ['quantity as text', 'POST', () => '/v1/home/cart/items', () => ({ skuId, quantity: '2' }), 422],
  ['unknown SKU', 'POST', () => '/v1/home/cart/items', () => ({ skuId: UNKNOWN, quantity: 1 }), 404],
  ['malformed SKU id', 'PUT', () => '/v1/home/cart/items/1;drop', () => ({ quantity: 1 }), 422],
  ['line not in my cart', 'PUT', () => `/v1/home/cart/items/${UNKNOWN}`, () => ({ quantity: 1 }), 404],
  [
    'address with extra field',
    'POST',
    () => '/v1/home/addresses',
    () => ({
      name: 'A',
      phone: '+5511987654321',
      regionCodes: ['BR'],
      detail: 'x',
      postcode: '',
      isDefault: false,
      userId: UNKNOWN,
    }),
    422,
  ],
  [
    'address with bad phone',
    'POST',
    () => '/v1/home/addresses',
    () => ({ name: 'A', phone: '12', regionCodes: ['BR'], detail: 'x', postcode: '', isDefault: false }),
    422,
  ],
  [
    "someone else's address",
    'PUT',
    () => `/v1/home/addresses/${otherAddressId}`,
    () => ({
      name: 'A',
      phone: '+5511987654321',
      regionCodes: ['BR', 'BR-SP', 'BR-3550308'],
      detail: 'x',
      postcode: '01305-000',
      isDefault: false,
    }),
    404,
  ],
  [
    "delete someone else's address",
    'DELETE',
    () => `/v1/home/addresses/${otherAddressId}`,
    () => undefined,
    404,
  ],
  [
    "order to someone else's address",
    'POST',
    () => '/v1/home/orders',
    () => ({ addressId: otherAddressId, items: [{ skuId, quantity: 1 }] }),
    404,
  ],
  [
    'order with zero quantity',
    'POST',
    () => '/v1/home/orders',
    () => ({ addressId, items: [{ skuId, quantity: 0 }] }),
    422,
  ],
  [
    'order with price from the client',
    'POST',
    () => '/v1/home/orders',
    () => ({ addressId, items: [{ skuId, quantity: 1, price: 1 }] }),
    422,
  ],
  [
    'order of a sold-out SKU',
    'POST',
    () => '/v1/home/orders',
    () => ({ addressId, items: [{ skuId: DEMO_FACTS.partlySoldOut.skuId, quantity: 1 }] }),
    409,
  ],
  [
    'order with an unclaimed coupon',
    'POST',
    () => '/v1/home/orders',
    () => ({ addressId, couponId: DEMO_FACTS.coupons.almostGoneId, items: [{ skuId, quantity: 1 }] }),
    400,
  ],
  ['order from an empty cart', 'POST', () => '/v1/home/orders', () => ({ addressId }), 400],
  ["someone else's order", 'GET', () => `/v1/home/orders/${otherOrderId}`, () => undefined, 404],
  [
    "cancel someone else's order",
    'POST',
    () => `/v1/home/orders/${otherOrderId}/cancel`,
    () => undefined,
    404,
  ],
  [
    'confirm an unshipped order',
    'POST',
    () => `/v1/home/orders/${otherOrderId}/confirm`,
    () => undefined,
    404,
  ],
  [
    "charge someone else's order",
    'POST',
    () => '/v1/home/charges',
    () => ({ orderId: otherOrderId, channel: 'sandbox' }),
    404,
  ],
  [
    'charge on an unknown channel',
    'POST',
    () => '/v1/home/charges',
    () => ({ orderId: otherOrderId, channel: 'cash' }),
    422,
  ],
  ['orders page 0', 'GET', () => '/v1/home/orders?page=0', () => undefined, 422],
  ['orders with an unknown status', 'GET', () => '/v1/home/orders?status=lost', () => undefined, 422],
];

describe('bad input on cart, addresses, orders and charges', () => {
  it.each(cases)('%s → a clear envelope error and no change', async (_name, method, url, payload, status) => {
    const before = await snapshot();
    const body = payload();
    const res = await t.app.inject({
      method,
      url: url(),
      headers: { cookie, 'accept-language': 'en-US' },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    expect(res.statusCode, res.body).toBe(status);
    const envelope = res.json();
    expect([1, 2, 404]).toContain(envelope.code);
    expect(envelope.msg).toBeTruthy();
    expect(await snapshot()).toEqual(before);
  });

  it('asks guests to log in for addresses, orders and charges', async () => {
    for (const url of ['/v1/home/addresses', '/v1/home/orders', `/v1/home/charges?orderId=${otherOrderId}`]) {
      expect((await t.app.inject(url)).statusCode, url).toBe(401);
    }
  });

  it('refuses a malformed Idempotency-Key', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/home/orders',
      headers: { cookie, 'idempotency-key': 'x' },
      payload: { addressId, items: [{ skuId, quantity: 1 }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(1);
  });
});
