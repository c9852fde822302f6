import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
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
  type Json,
  type TestApp,
} from '../../testing.ts';
import { payOrder } from '../dashboard/order-fixtures.ts';

/**
 * Issue "Markets": the back office reports the tax collected per zone and period. Orders are placed and paid
 * through the shop's API in the demo's markets, with their taxes in their prices (São Paulo in reais with ICMS,
 * Beijing in yuan with VAT, Taiwan in new dollars with business tax, given without a region, and New York in the
 * shop's own dollars with sales tax), then dated into June 2025, so that the period's edges are checked to the
 * millisecond whatever the day the test runs.
 */
let t: TestApp;
let staffCookie = '';
let adminCookie = '';

beforeAll(async () => {
  t = await createTestApp({}, { demoMarkets: true });
  const { staff, admin } = await signedInStaffAndAdmin(t);
  staffCookie = staff.cookie;
  adminCookie = admin.cookie;
});
afterAll(() => t.close());

interface Buyer {
  id: string;
  email: string;
  cookie: string;
  addressId: string;
}

let serial = 0;
/** A shopper with one address: São Paulo, unless other region codes are given. */
async function buyerIn(regionCodes?: string[]): Promise<Buyer> {
  serial += 1;
  const shopper = await createShopper(t.database, {
    email: `taxes${serial}-${randomUUID().slice(0, 8)}@example.com`,
    password: 'Buyer-secret-2026',
  });
  const cookie = await loginCookie(t.app, shopper.email, shopper.password);
  const addressId = await addAddress(t.app, cookie);
  if (regionCodes) {
    await t.database.db
      .update(schema.addresses)
      .set({ regionCodes })
      .where(eq(schema.addresses.id, addressId));
  }
  return { id: shopper.id, email: shopper.email, cookie, addressId };
}

/** An on-shelf SKU with plenty of stock. */
async function skuInStock(offset: number) {
  const [row] = await t.database.db
    .select({ id: schema.skus.id })
    .from(schema.skus)
    .innerJoin(schema.goods, eq(schema.goods.id, schema.skus.goodsId))
    .where(and(gte(schema.skus.stock, 50), sql`${schema.goods.onShelf}`))
    .orderBy(asc(schema.skus.id))
    .limit(1)
    .offset(offset);
  return row!.id;
}

/** Places an order of `quantity` units, dated `at`; paid unless told otherwise. */
async function order(
  buyer: Buyer,
  at: string,
  { quantity = 1, sku = 0, paid = true }: { quantity?: number; sku?: number; paid?: boolean } = {},
) {
  const placed = await callApi(t.app, 'POST', '/v1/home/orders', {
    cookie: buyer.cookie,
    payload: { addressId: buyer.addressId, items: [{ skuId: await skuInStock(sku), quantity }] },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const id = placed.body.data.id as string;
  if (paid) await payOrder(t.app, t.database, buyer, id);
  await t.database.db
    .update(schema.orders)
    .set({ createdAt: new Date(at) })
    .where(eq(schema.orders.id, id));
  return placed.body.data as Json;
}

async function refund(orderId: string, amount: number) {
  const res = await callApi(t.app, 'POST', `/v1/admin/orders/${orderId}/refunds`, {
    cookie: staffCookie,
    payload: { amount, reason: 'returned' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(await deliverSandboxWebhooks(t)).toBeGreaterThan(0);
}

const report = (query: string, options: { locale?: string; cookie?: string } = {}) =>
  callApi(t.app, 'GET', `/v1/admin/reports/taxes${query}`, { cookie: staffCookie, ...options });

/** The orders the June report must count, and those it must not. */
const june: { counted: string[]; left: string[] } = { counted: [], left: [] };

describe('the tax report', () => {
  beforeAll(async () => {
    const saoPaulo = await buyerIn();
    const taiwan = await buyerIn(['TW']);
    const newYork = await buyerIn(['US', 'US-NY']);
    const beijing = await buyerIn(['CN', 'CN-BJ']);
    const counted = [
      // The first and last instants of the period.
      await order(saoPaulo, '2025-06-01T00:00:00.000Z'),
      await order(saoPaulo, '2025-06-30T23:59:59.999Z', { quantity: 2, sku: 1 }),
      await order(taiwan, '2025-06-15T12:00:00.000Z', { quantity: 3, sku: 2 }),
      await order(beijing, '2025-06-16T08:00:00.000Z', { sku: 3 }),
      await order(newYork, '2025-06-17T08:00:00.000Z', { sku: 6 }),
    ];
    // Part of this one's money went back: its taxes still count in full (tax-report.ts says why).
    const partly = await order(taiwan, '2025-06-12T10:00:00.000Z', { sku: 4 });
    await refund(partly.id, 100);
    counted.push(partly);

    const left = [
      // Just outside the period.
      await order(saoPaulo, '2025-05-31T23:59:59.999Z'),
      await order(saoPaulo, '2025-07-01T00:00:00.000Z'),
      // Never paid, and cancelled before it was.
      await order(saoPaulo, '2025-06-10T10:00:00.000Z', { paid: false }),
      await order(saoPaulo, '2025-06-10T11:00:00.000Z', { paid: false }),
    ];
    const cancelled = await callApi(t.app, 'POST', `/v1/home/orders/${left[3]!.id}/cancel`, {
      cookie: saoPaulo.cookie,
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    // All the money went back.
    const refunded = await order(saoPaulo, '2025-06-11T10:00:00.000Z', { sku: 5 });
    await refund(refunded.id, refunded.total);
    left.push(refunded);

    june.counted = counted.map((o) => o.id as string);
    june.left = left.map((o) => o.id as string);
    const rows = await t.database.db
      .select({ id: schema.orders.id, status: schema.orders.status })
      .from(schema.orders)
      .where(inArray(schema.orders.id, [...june.counted, ...june.left]));
    const statusOf = (id: string) => rows.find((row) => row.id === id)?.status;
    expect(june.counted.map(statusOf)).toEqual([
      'paid',
      'paid',
      'paid',
      'paid',
      'paid',
      'partially_refunded',
    ]);
    expect(june.left.map(statusOf)).toEqual(['paid', 'paid', 'pending_payment', 'cancelled', 'refunded']);
  });

  /** What the report must say, worked out from the orders' own tax lines, each converted at its order's rate. */
  async function expectedFrom(orderIds: string[]) {
    const orders = await t.database.db
      .select()
      .from(schema.orders)
      .where(inArray(schema.orders.id, orderIds));
    const rows = new Map<string, Json>();
    for (const o of orders) {
      for (const tax of o.taxes) {
        const region = o.address.regionCodes[1] ?? '';
        const key = [o.address.regionCodes[0], region, tax.name, tax.rate, o.currency].join('|');
        const row = rows.get(key) ?? {
          country: o.address.regionCodes[0],
          region,
          name: tax.name,
          rate: tax.rate,
          currency: o.currency,
          orders: 0,
          amount: 0,
          amountInShopCurrency: 0,
        };
        row.orders += 1;
        row.amount += tax.amount;
        // Every currency here has two decimals, as the shop's dollars: amount / rate, rounded per order.
        row.amountInShopCurrency += Math.round((tax.amount * 1_000_000) / o.rateMillionths);
        rows.set(key, row);
      }
    }
    return [...rows.values()];
  }

  it("sums the paid orders' tax lines by country, region, tax, rate and currency", async () => {
    const res = await report('?from=2025-06-01&to=2025-06-30');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data as Json;
    const expected = await expectedFrom(june.counted);
    expect(data.rows).toHaveLength(4);
    expect(data.rows).toEqual(expect.arrayContaining(expected));
    expect(expected).toEqual(expect.arrayContaining(data.rows));
    // Sorted by destination.
    expect(data.rows.map((row: Json) => `${row.country} ${row.region}`)).toEqual([
      'BR BR-SP',
      'CN CN-BJ',
      'TW ',
      'US US-NY',
    ]);
    expect(data.rows[0]).toMatchObject({ name: 'ICMS', rate: 18, currency: 'BRL', orders: 2 });
    expect(data.rows[1]).toMatchObject({ rate: 13, currency: 'CNY', orders: 1 });
    expect(data.rows[2]).toMatchObject({ region: '', rate: 5, currency: 'TWD', orders: 2 });
    expect(data.rows[3]).toMatchObject({ name: 'Sales tax', rate: 8.875, currency: 'USD', orders: 1 });
    expect(data).toMatchObject({
      from: '2025-06-01',
      to: '2025-06-30',
      shopCurrency: 'USD',
      totals: {
        orders: 6,
        amountInShopCurrency: expected.reduce((sum, row) => sum + row.amountInShopCurrency, 0),
      },
    });
  });

  it("converts each order's tax to the shop's dollars at the rate the order was placed at", async () => {
    const { rows } = (await report('?from=2025-06-01&to=2025-06-30')).body.data as Json;
    const [brazil, china, taiwan, newYork] = rows as Json[];
    const [first, second] = (
      await t.database.db
        .select({ taxes: schema.orders.taxes })
        .from(schema.orders)
        .where(inArray(schema.orders.id, june.counted.slice(0, 2)))
    ).map((o) => o.taxes[0]!.amount);
    expect(brazil!.amount).toBe(first! + second!);
    expect(brazil!.amountInShopCurrency).toBe(Math.round(first! / 5.4) + Math.round(second! / 5.4));
    expect(china!.amountInShopCurrency).toBe(Math.round(china!.amount / 7.2));
    expect(taiwan!.amountInShopCurrency).toBeGreaterThan(0);
    expect(taiwan!.amountInShopCurrency).toBeLessThan(taiwan!.amount / 30);
    // The shop's own currency at rate 1.
    expect(newYork!.amountInShopCurrency).toBe(newYork!.amount);

    // A later rate does not move what an order counted for.
    const brazilMarket = (
      (await callApi(t.app, 'GET', '/v1/admin/markets', { cookie: staffCookie })).body.data as Json[]
    ).find((m) => m.code === 'BR')!;
    const { name: _name, base: _base, ...input } = brazilMarket;
    const raised = await callApi(t.app, 'PUT', '/v1/admin/markets/BR', {
      cookie: adminCookie,
      payload: { ...input, exchangeRate: '2' },
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    try {
      expect((await report('?from=2025-06-01&to=2025-06-30')).body.data.rows[0]).toEqual(brazil);
    } finally {
      await callApi(t.app, 'PUT', '/v1/admin/markets/BR', { cookie: adminCookie, payload: input });
    }
  });

  it('counts whole UTC days, `to` included, and nothing outside them', async () => {
    const firstDay = (await report('?from=2025-06-01&to=2025-06-01')).body.data as Json;
    expect(firstDay.rows).toEqual(await expectedFrom(june.counted.slice(0, 1)));
    expect(firstDay.totals.orders).toBe(1);
    const lastDay = (await report('?from=2025-06-30&to=2025-06-30')).body.data as Json;
    expect(lastDay.rows).toEqual(await expectedFrom(june.counted.slice(1, 2)));
    // The days just before and after hold one paid order each, which June does not count.
    const around = (await report('?from=2025-05-31&to=2025-07-01')).body.data as Json;
    expect(around.totals.orders).toBe(8);
    const may = (await report('?from=2025-05-01&to=2025-05-31')).body.data as Json;
    expect(may.rows).toEqual(await expectedFrom(june.left.slice(0, 1)));
    const empty = (await report('?from=2024-01-01&to=2024-12-31')).body.data as Json;
    expect(empty).toEqual({
      from: '2024-01-01',
      to: '2024-12-31',
      shopCurrency: 'USD',
      rows: [],
      totals: { orders: 0, amountInShopCurrency: 0 },
    });
  });

  it('leaves out unpaid, cancelled and fully refunded orders', async () => {
    const [, , unpaid, cancelled, refunded] = june.left;
    const leftOut = await expectedFrom([unpaid!, cancelled!, refunded!]);
    // They had tax lines of their own: leaving them out changes the figures.
    expect(leftOut.reduce((sum, row) => sum + row.orders, 0)).toBe(3);
    const { rows } = (await report('?from=2025-06-01&to=2025-06-30')).body.data as Json;
    expect(rows[0].orders).toBe(2);
  });

  it('is for staff: refused without a staff session', async () => {
    expect((await report('?from=2025-06-01&to=2025-06-30', { cookie: '' })).status).toBe(401);
  });

  it.each([
    ['no dates', '', { from: 'This field is required.', to: 'This field is required.' }],
    ['no end', '?from=2025-06-01', { to: 'This field is required.' }],
    ['an empty start', '?from=&to=2025-06-30', { from: 'This field is required.' }],
    [
      'a day that does not exist',
      '?from=2025-02-30&to=2025-03-01',
      { from: 'Please enter a date as YYYY-MM-DD.' },
    ],
    [
      'a date in another format',
      '?from=01/06/2025&to=2025-06-30',
      { from: 'Please enter a date as YYYY-MM-DD.' },
    ],
    [
      'a date with a time',
      '?from=2025-06-01T00:00&to=2025-06-30',
      { from: 'Please enter a date as YYYY-MM-DD.' },
    ],
    [
      'a start after the end',
      '?from=2025-07-01&to=2025-06-30',
      { to: 'The start date must not be after the end date.' },
    ],
    ['more than 366 days', '?from=2024-01-01&to=2025-01-01', { to: 'The period can span at most 366 days.' }],
    ['dates given twice', '?from=2025-06-01&from=2025-06-02&to=2025-06-30', { from: expect.any(String) }],
    ['a stray parameter', '?from=2025-06-01&to=2025-06-30&currency=BRL', undefined],
  ])('refuses %s with code 1 and field messages', async (_what, query, fields) => {
    const res = await report(query);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.code).toBe(1);
    if (fields) expect(res.body.msg).toEqual(fields);
  });

  it('accepts a whole leap year, and the first and last years a date can have', async () => {
    expect((await report('?from=2024-01-01&to=2024-12-31')).status).toBe(200);
    for (const query of ['?from=0001-01-01&to=0001-12-31', '?from=9999-01-01&to=9999-12-31']) {
      const res = await report(query);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.rows).toEqual([]);
    }
  });

  it("says what is wrong in the staff member's language", async () => {
    const res = await report('?from=2025-07-01&to=2025-06-30', { locale: 'pt-BR' });
    expect(res.body.msg).toEqual({ to: 'A data inicial não pode ser posterior à data final.' });
    const span = await report('?from=2024-01-01&to=2025-06-30', { locale: 'zh-TW' });
    expect(span.body.msg).toEqual({ to: '統計期間最長為 366 天。' });
    const missing = await report('?to=2025-06-30', { locale: 'zh-CN' });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.msg)).toEqual(['from']);
    expect(missing.body.msg.from).not.toBe('This field is required.');
  });

  it('is described in the OpenAPI document with the other staff routes', async () => {
    const document = (await callApi(t.app, 'GET', '/v1/openapi.json')).body;
    const route = document.paths['/v1/admin/reports/taxes']?.get;
    expect(route).toBeDefined();
    expect(route.tags).toEqual(['admin: taxes']);
    expect(route.parameters.map((p: Json) => [p.in, p.name, p.required])).toEqual([
      ['query', 'from', true],
      ['query', 'to', true],
    ]);
    const reply = route.responses['200'].content['application/json'].schema;
    expect(JSON.stringify(reply)).toContain('amountInShopCurrency');
  });
});
