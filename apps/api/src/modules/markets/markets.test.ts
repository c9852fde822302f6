import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertPrice, type PriceConversion } from '@shop/contract';
import { schema } from '@shop/db';
import {
  addAddress,
  addNewYorkAddress,
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

/** Issue 14, markets: prices in the shopper's currency, the order's currency and rate kept for life. */
let t: TestApp;
let adminCookie = '';
let staffCookie = '';
beforeAll(async () => {
  t = await createTestApp({}, { demoMarkets: true });
  const { staff, admin } = await signedInStaffAndAdmin(t);
  adminCookie = admin.cookie;
  staffCookie = staff.cookie;
});
afterAll(() => t.close());

const BRL: PriceConversion = { rateMillionths: 5_400_000, baseDecimals: 2, decimals: 2, rounding: 'ninety' };
const CNY: PriceConversion = { rateMillionths: 7_200_000, baseDecimals: 2, decimals: 2, rounding: 'whole' };

const get = (url: string, options: { locale?: string; cookie?: string } = {}) =>
  callApi(t.app, 'GET', url, options);

/** An on-shelf SKU with plenty of stock, and its goods' base prices. */
async function skuInStock(offset = 0) {
  const [row] = await t.database.db
    .select({ id: schema.skus.id, goodsId: schema.skus.goodsId, price: schema.skus.price })
    .from(schema.skus)
    .innerJoin(schema.goods, eq(schema.goods.id, schema.skus.goodsId))
    .where(and(gte(schema.skus.stock, 50), sql`${schema.goods.onShelf}`))
    .orderBy(asc(schema.skus.id))
    .limit(1)
    .offset(offset);
  return row!;
}

let serial = 0;
async function shopper(locale = 'pt-BR') {
  serial += 1;
  const s = await createShopper(t.database, {
    email: `market${serial}-${randomUUID().slice(0, 8)}@example.com`,
    password: 'Buyer-secret-2026',
  });
  const cookie = await loginCookie(t.app, s.email, s.password);
  return { ...s, cookie, locale, addressId: await addAddress(t.app, cookie) };
}

/** A new shopper's order of one unit, shipped to São Paulo (so in reais), paid. */
async function paidOrderInReais(skuOffset: number) {
  const buyer = await shopper();
  const sku = await skuInStock(skuOffset);
  const placed = await callApi(t.app, 'POST', '/v1/home/orders', {
    cookie: buyer.cookie,
    payload: { addressId: buyer.addressId, items: [{ skuId: sku.id, quantity: 1 }] },
    headers: { 'idempotency-key': randomUUID() },
  });
  const order = placed.body.data as Json;
  expect(order.currency).toBe('BRL');
  await payOrder(t.app, t.database, { ...buyer, id: buyer.id }, order.id);
  return { buyer, sku, order };
}

const baseMarkets = async () => (await get('/v1/admin/markets', { cookie: staffCookie })).body.data as Json[];

const brazil = {
  code: 'BR',
  names: { 'en-US': 'Brazil', 'pt-BR': 'Brasil', 'zh-CN': '巴西', 'zh-TW': '巴西' },
  currency: 'BRL',
  countries: ['BR'],
  taxInclusive: true,
  defaultLocale: 'pt-BR',
  exchangeRate: '5.4',
  rounding: 'ninety',
};

describe('markets', () => {
  it('lists the demo markets in the reader language, each with its currency and countries', async () => {
    const res = await get('/v1/home/markets', { locale: 'zh-TW' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        code: 'US',
        name: '美國',
        currency: 'USD',
        countries: ['US'],
        taxInclusive: false,
        defaultLocale: 'en-US',
      },
      {
        code: 'BR',
        name: '巴西',
        currency: 'BRL',
        countries: ['BR'],
        taxInclusive: true,
        defaultLocale: 'pt-BR',
      },
      {
        code: 'CN',
        name: '中國大陸',
        currency: 'CNY',
        countries: ['CN'],
        taxInclusive: true,
        defaultLocale: 'zh-CN',
      },
      {
        code: 'TW',
        name: '台灣',
        currency: 'TWD',
        countries: ['TW'],
        taxInclusive: true,
        defaultLocale: 'zh-TW',
      },
    ]);
  });

  it("prices goods in the language's usual market, then in the market the shopper chooses", async () => {
    const sku = await skuInStock();
    const detail = async (options: { locale?: string; cookie?: string }) =>
      (await get(`/v1/home/goods/${sku.goodsId}`, options)).body.data as Json;
    const inUsd = await detail({ locale: 'en-US' });
    const inBrl = await detail({ locale: 'pt-BR' });
    expect(inUsd.currency).toBe('USD');
    expect(inBrl.currency).toBe('BRL');
    expect(inBrl.price).toBe(convertPrice(inUsd.price, BRL));
    const usdSku = inUsd.skus.find((s: Json) => s.id === sku.id);
    const brlSku = inBrl.skus.find((s: Json) => s.id === sku.id);
    expect(usdSku.price).toBe(sku.price);
    expect(brlSku.price).toBe(convertPrice(sku.price, BRL));
    expect(brlSku.price % 100).toBe(90);

    // A guest chooses mainland China in the header: a cookie, and every price follows, lists included.
    const chosen = await callApi(t.app, 'PUT', '/v1/home/market', {
      locale: 'pt-BR',
      payload: { code: 'CN' },
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data).toEqual({ code: 'CN', currency: 'CNY' });
    const cookie = chosen.res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    expect(chosen.res.cookies[0]).toMatchObject({ name: 'market', httpOnly: true, sameSite: 'Lax' });
    const inCny = await detail({ locale: 'pt-BR', cookie });
    expect(inCny).toMatchObject({ currency: 'CNY', price: convertPrice(inUsd.price, CNY) });
    expect((await get('/v1/home/market', { locale: 'pt-BR', cookie })).body.data).toEqual({
      code: 'CN',
      currency: 'CNY',
    });
    const list = (await get('/v1/home/goods?pageSize=5', { locale: 'pt-BR', cookie })).body.data as Json[];
    const plain = (await get('/v1/home/goods?pageSize=5', { locale: 'en-US' })).body.data as Json[];
    expect(list.map((g) => g.currency)).toEqual(plain.map(() => 'CNY'));
    expect(list.map((g) => g.price)).toEqual(plain.map((g) => convertPrice(g.price, CNY)));
    const systems = (await get('/v1/home/systems', { locale: 'pt-BR', cookie })).body.data as Json;
    const usdSystems = (await get('/v1/home/systems')).body.data as Json;
    expect(systems).toMatchObject({
      currency: 'CNY',
      shippingFee: convertPrice(usdSystems.shippingFee, CNY),
      freeShippingOver: convertPrice(usdSystems.freeShippingOver, CNY),
    });
  });

  it("remembers a signed-in shopper's choice on their account, for their next login elsewhere", async () => {
    const buyer = await shopper('en-US');
    const res = await callApi(t.app, 'PUT', '/v1/home/market', {
      cookie: buyer.cookie,
      payload: { code: 'TW' },
    });
    expect(res.status).toBe(200);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/v1/home/users/login',
      payload: { account: buyer.email, password: buyer.password },
    });
    expect(elsewhere.cookies.find((c) => c.name === 'market')?.value).toBe('TW');
  });

  it('refuses an unknown market with code 1 and keeps the one chosen before', async () => {
    for (const payload of [{ code: 'XX' }, { code: 'br' }, { code: 'A'.repeat(50) }, {}, { code: 7 }]) {
      const res = await callApi(t.app, 'PUT', '/v1/home/market', { locale: 'zh-CN', payload });
      expect(res.status, JSON.stringify(payload)).toBe(422);
      expect(res.body.code).toBe(1);
      expect(res.res.cookies).toEqual([]);
    }
  });

  it('filters and counts price bands in the market currency, the counts equal to what the filters return', async () => {
    const facets = (await get('/v1/home/goods?pageSize=1', { locale: 'pt-BR' })).body.meta.facets as Json;
    expect(facets.priceBands.length).toBeGreaterThan(1);
    for (const band of facets.priceBands as Json[]) {
      // Round amounts in reais: bands end at R$ x99,99.
      if (band.maxPrice !== null) expect(band.maxPrice % 10_000).toBe(9_999);
      const bounds = `minPrice=${band.minPrice}${band.maxPrice === null ? '' : `&maxPrice=${band.maxPrice}`}`;
      const res = await get(`/v1/home/goods?pageSize=100&${bounds}`, { locale: 'pt-BR' });
      expect(res.body.meta.total, bounds).toBe(band.count);
      for (const goods of res.body.data as Json[]) {
        expect(goods.price).toBeGreaterThanOrEqual(band.minPrice);
        if (band.maxPrice !== null) expect(goods.price).toBeLessThanOrEqual(band.maxPrice);
      }
    }
  });

  it('sorts by the market price as by the base price', async () => {
    const prices = (
      (await get('/v1/home/goods?sort=price_asc&pageSize=50', { locale: 'zh-CN' })).body.data as Json[]
    ).map((g) => g.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it("prices an order in its delivery country's market and keeps its figures after the rate changes", async () => {
    const buyer = await shopper('en-US');
    const sku = await skuInStock(1);
    // The shopper browses in dollars, but the parcel goes to São Paulo: the checkout is in reais.
    const preview = await callApi(t.app, 'POST', '/v1/home/orders/preview', {
      cookie: buyer.cookie,
      payload: { addressId: buyer.addressId, items: [{ skuId: sku.id, quantity: 2 }] },
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const linePrice = convertPrice(sku.price, BRL);
    expect(preview.body.data).toMatchObject({ currency: 'BRL', subtotal: linePrice * 2 });
    expect(preview.body.data.lines[0].price).toBe(linePrice);
    const placed = await callApi(t.app, 'POST', '/v1/home/orders', {
      cookie: buyer.cookie,
      payload: { addressId: buyer.addressId, items: [{ skuId: sku.id, quantity: 2 }] },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.data as Json;
    expect(order).toMatchObject({ currency: 'BRL', subtotal: linePrice * 2, total: preview.body.data.total });
    const [row] = await t.database.db.select().from(schema.orders).where(eq(schema.orders.id, order.id));
    expect(row).toMatchObject({ market: 'BR', rateMillionths: 5_400_000, currency: 'BRL' });

    // Staff raise the rate: new previews follow, the order placed stays as it was.
    const raised = await callApi(t.app, 'PUT', '/v1/admin/markets/BR', {
      cookie: adminCookie,
      payload: { ...brazil, exchangeRate: '6' },
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    try {
      const again = await callApi(t.app, 'POST', '/v1/home/orders/preview', {
        cookie: buyer.cookie,
        payload: { addressId: buyer.addressId, items: [{ skuId: sku.id, quantity: 2 }] },
      });
      expect(again.body.data.lines[0].price).toBe(
        convertPrice(sku.price, { ...BRL, rateMillionths: 6_000_000 }),
      );
      expect(again.body.data.lines[0].price).not.toBe(linePrice);
      const kept = (await callApi(t.app, 'GET', `/v1/home/orders/${order.id}`, { cookie: buyer.cookie })).body
        .data as Json;
      expect(kept).toMatchObject({ currency: 'BRL', subtotal: order.subtotal, total: order.total });
      expect(kept.lines[0].price).toBe(linePrice);
    } finally {
      await callApi(t.app, 'PUT', '/v1/admin/markets/BR', { cookie: adminCookie, payload: brazil });
    }
  });

  it('charges and refunds an order in reais', async () => {
    const buyer = await shopper();
    const sku = await skuInStock(2);
    const placed = await callApi(t.app, 'POST', '/v1/home/orders', {
      cookie: buyer.cookie,
      payload: { addressId: buyer.addressId, items: [{ skuId: sku.id, quantity: 1 }] },
      headers: { 'idempotency-key': randomUUID() },
    });
    const order = placed.body.data as Json;
    await payOrder(t.app, t.database, { ...buyer, id: buyer.id }, order.id);
    const refund = await callApi(t.app, 'POST', `/v1/admin/orders/${order.id}/refunds`, {
      cookie: staffCookie,
      payload: { amount: 1_000, reason: 'a scratch on the box' },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    expect(await deliverSandboxWebhooks(t)).toBe(1);
    const view = (await callApi(t.app, 'GET', `/v1/home/orders/${order.id}`, { cookie: buyer.cookie })).body
      .data as Json;
    expect(view.charges).toMatchObject([{ currency: 'BRL', amount: order.total, refundedAmount: 1_000 }]);
    expect(view.refunds).toMatchObject([{ currency: 'BRL', amount: 1_000, status: 'succeeded' }]);
  });

  it("counts an order in reais in the dashboard in the shop's dollars, at the order's own rate", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const analysis = async () =>
      (await get(`/v1/admin/dashboard/analysis?from=${today}&to=${today}`, { cookie: staffCookie })).body
        .data as Json;
    const before = await analysis();
    const { sku, order } = await paidOrderInReais(5);
    // A later rate does not move what the order counted for.
    await callApi(t.app, 'PUT', '/v1/admin/markets/BR', {
      cookie: adminCookie,
      payload: { ...brazil, exchangeRate: '2' },
    });
    try {
      const after = await analysis();
      expect(after.currency).toBe('USD');
      const inDollars = Math.round(order.total / 5.4);
      expect(after.totals.sales - before.totals.sales).toBe(inDollars);
      expect(after.totals.orders - before.totals.orders).toBe(1);
      const revenue = (list: Json[]) => list.reduce((sum, c) => sum + c.revenue, 0);
      expect(revenue(after.salesByCategory) - revenue(before.salesByCategory)).toBe(
        Math.round(convertPrice(sku.price, BRL) / 5.4),
      );
    } finally {
      await callApi(t.app, 'PUT', '/v1/admin/markets/BR', { cookie: adminCookie, payload: brazil });
    }
  });

  it("shows staff a shopper's spending in the shop's dollars, each order at its own rate", async () => {
    const { buyer, order } = await paidOrderInReais(8);
    const detail = (await get(`/v1/admin/shoppers/${buyer.id}`, { cookie: staffCookie })).body.data as Json;
    expect(detail).toMatchObject({
      currency: 'USD',
      orderCount: 1,
      totalSpent: Math.round(order.total / 5.4),
    });
  });

  it("filters and sorts staff's orders by total in the shop's dollars, each order at its own rate", async () => {
    const { order } = await paidOrderInReais(9);
    await paidOrderInReais(10);
    // And one in dollars, to New York.
    const buyer = await shopper('en-US');
    const newYork = await addNewYorkAddress(t.app, buyer.cookie);
    const inUsd = await callApi(t.app, 'POST', '/v1/home/orders', {
      cookie: buyer.cookie,
      payload: {
        addressId: newYork,
        items: [{ skuId: (await skuInStock(11)).id, quantity: 3 }],
      },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(inUsd.body.data.currency).toBe('USD');
    const inDollars = Math.round(order.total / 5.4);
    const listed = async (query: string) =>
      (await get(`/v1/admin/orders?pageSize=100&${query}`, { cookie: staffCookie })).body.data as Json[];
    expect((await listed(`total=${inDollars}`)).map((o) => o.id)).toContain(order.id);
    expect((await listed(`minTotal=${inDollars}&maxTotal=${inDollars}`)).map((o) => o.id)).toContain(
      order.id,
    );
    // Its amount in reais, read as dollars, is not its total.
    expect((await listed(`total=${order.total}`)).map((o) => o.id)).not.toContain(order.id);
    const rates: Record<string, number> = { USD: 1, BRL: 5.4, CNY: 7.2, TWD: 32 };
    for (const sort of ['total_desc', 'total_asc']) {
      const orders = await listed(`sort=${sort}`);
      expect(new Set(orders.map((o) => o.currency))).toEqual(new Set(['USD', 'BRL']));
      const dollars = orders.map((o) => Math.round(o.total / rates[o.currency]!));
      expect(dollars, sort).toEqual([...dollars].sort((a, b) => (sort === 'total_asc' ? a - b : b - a)));
    }
  });

  it('guests see the totals of the country they give, before they give the whole address', async () => {
    const sku = await skuInStock(3);
    const preview = (country?: string) =>
      callApi(t.app, 'POST', '/v1/home/guest-orders/preview', {
        locale: 'en-US',
        payload: { items: [{ skuId: sku.id, quantity: 1 }], ...(country ? { country } : {}) },
      });
    expect((await preview()).body.data).toMatchObject({ currency: 'USD', subtotal: sku.price });
    const taipei = (await preview('TW')).body.data as Json;
    expect(taipei.currency).toBe('TWD');
    expect(taipei.subtotal).toBe(convertPrice(sku.price, { ...CNY, rateMillionths: 32_000_000 }));
    expect(taipei.subtotal % 100).toBe(0);
    // A country no market sells to keeps the shopper's own market.
    expect((await preview('JP')).body.data.currency).toBe('USD');
    const bad = await preview('tw');
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe(1);
  });

  it("applies an amount coupon in each market's currency at its rate", async () => {
    const [coupon] = await t.database.db
      .insert(schema.coupons)
      .values({
        title: { 'en-US': 'Five off' },
        kind: 'amount',
        value: 500,
        minSpend: 0,
        startsAt: new Date(Date.now() - 60_000),
        endsAt: new Date(Date.now() + 3_600_000),
        total: 100,
        perUserLimit: 1,
      })
      .returning();
    const buyer = await shopper();
    const claimed = await callApi(t.app, 'POST', `/v1/home/coupons/${coupon!.id}/claim`, {
      cookie: buyer.cookie,
    });
    expect(claimed.status, JSON.stringify(claimed.body)).toBeLessThan(300);
    const sku = await skuInStock(4);
    const preview = await callApi(t.app, 'POST', '/v1/home/orders/preview', {
      cookie: buyer.cookie,
      payload: { addressId: buyer.addressId, items: [{ skuId: sku.id, quantity: 3 }], couponId: coupon!.id },
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const offered = (preview.body.data.coupons as Json[]).find((c) => c.couponId === coupon!.id);
    expect(offered?.discount).toBe(Math.min(convertPrice(500, BRL), preview.body.data.subtotal));
    expect(preview.body.data.discount).toBe(offered?.discount);

    // The same coupon for a shopper in the shop's own market is US$ 5.00.
    await t.database.db
      .update(schema.addresses)
      .set({ regionCodes: ['US', 'US-NY'] })
      .where(eq(schema.addresses.id, buyer.addressId));
    const inUsd = await callApi(t.app, 'POST', '/v1/home/orders/preview', {
      cookie: buyer.cookie,
      payload: { addressId: buyer.addressId, items: [{ skuId: sku.id, quantity: 3 }], couponId: coupon!.id },
    });
    expect(inUsd.body.data).toMatchObject({ currency: 'USD', discount: Math.min(500, sku.price * 3) });
  });

  it('applies a coupon with its own amount and minimum spend in reais, and the shop rate elsewhere', async () => {
    const starts = new Date(Date.now() - 60_000).toISOString();
    const ends = new Date(Date.now() + 3_600_000).toISOString();
    const body = {
      title: { 'en-US': 'Ten off', 'pt-BR': 'R$ 40 de desconto' },
      kind: 'amount',
      value: 1_000,
      minSpend: 2_000,
      startsAt: starts,
      endsAt: ends,
      total: 100,
      perUserLimit: 1,
    };
    // Staff's own amounts: a percentage coupon takes no amount, and the shop's currency has its own fields.
    const refused = async (amounts: object, field: string) => {
      const res = await callApi(t.app, 'POST', '/v1/admin/coupons', {
        cookie: adminCookie,
        payload: { ...body, ...amounts },
      });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.msg)).toEqual([field]);
    };
    await refused({ amounts: { BRL: { minSpend: 100 } } }, 'amounts.BRL.value');
    await refused(
      { kind: 'percent', value: 10, amounts: { BRL: { value: 500, minSpend: 100 } } },
      'amounts.BRL.value',
    );
    await refused({ amounts: { USD: { value: 500, minSpend: 100 } } }, 'amounts.USD');
    await refused({ amounts: { XXY: { value: 500, minSpend: 100 } } }, 'amounts.XXY');
    const created = await callApi(t.app, 'POST', '/v1/admin/coupons', {
      cookie: adminCookie,
      payload: { ...body, amounts: { BRL: { value: 4_000, minSpend: 15_000 } } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const couponId = created.body.data.id as string;
    expect(created.body.data.amounts).toEqual({ BRL: { value: 4_000, minSpend: 15_000 } });

    const buyer = await shopper();
    const listed = await get('/v1/home/coupons', { locale: 'pt-BR', cookie: buyer.cookie });
    expect((listed.body.data as Json[]).find((c) => c.id === couponId)).toMatchObject({
      value: 4_000,
      minSpend: 15_000,
    });
    await callApi(t.app, 'POST', `/v1/home/coupons/${couponId}/claim`, { cookie: buyer.cookie });
    // A cheap SKU, so that some number of units falls between the two minimums.
    const [sku] = await t.database.db
      .select({ id: schema.skus.id, price: schema.skus.price })
      .from(schema.skus)
      .innerJoin(schema.goods, eq(schema.goods.id, schema.skus.goodsId))
      .where(and(gte(schema.skus.stock, 50), lte(schema.skus.price, 700), sql`${schema.goods.onShelf}`))
      .orderBy(asc(schema.skus.id))
      .limit(1);
    const unit = convertPrice(sku!.price, BRL);
    const previewWith = (quantity: number) =>
      callApi(t.app, 'POST', '/v1/home/orders/preview', {
        cookie: buyer.cookie,
        payload: { addressId: buyer.addressId, items: [{ skuId: sku!.id, quantity }] },
      });
    // Between the dollar minimum at the rate (R$ 108,90) and R$ 150,00 it is not offered: reais have their own.
    const between = Math.ceil(convertPrice(2_000, BRL) / unit);
    expect(between * unit).toBeLessThan(15_000);
    const few = await previewWith(between);
    expect(few.status).toBe(200);
    expect((few.body.data.coupons as Json[]).map((c) => c.couponId)).not.toContain(couponId);
    const enough = await previewWith(Math.ceil(15_000 / unit));
    const offered = (enough.body.data.coupons as Json[]).find((c) => c.couponId === couponId);
    expect(offered?.discount).toBe(4_000);

    // In dollars the coupon is its own US$ 10.00 from US$ 20.00.
    await t.database.db
      .update(schema.addresses)
      .set({ regionCodes: ['US', 'US-NY'] })
      .where(eq(schema.addresses.id, buyer.addressId));
    const inUsd = await callApi(t.app, 'POST', '/v1/home/orders/preview', {
      cookie: buyer.cookie,
      payload: {
        addressId: buyer.addressId,
        items: [{ skuId: sku!.id, quantity: Math.ceil(2_000 / sku!.price) }],
      },
    });
    expect((inUsd.body.data.coupons as Json[]).find((c) => c.couponId === couponId)?.discount).toBe(1_000);
  });
});

describe('taxes', () => {
  const previewFor = async (
    buyer: { cookie: string; addressId: string },
    skuId: string,
    quantity: number,
  ) => {
    const res = await callApi(t.app, 'POST', '/v1/home/orders/preview', {
      cookie: buyer.cookie,
      payload: { addressId: buyer.addressId, items: [{ skuId, quantity }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Json;
  };

  it("includes São Paulo's ICMS in Brazil's prices, rounded half up per line, and adds New York's sales tax", async () => {
    const buyer = await shopper();
    const sku = await skuInStock(6);
    const inBrazil = await previewFor(buyer, sku.id, 3);
    const gross = convertPrice(sku.price, BRL) * 3;
    expect(inBrazil).toMatchObject({ currency: 'BRL', taxInclusive: true, subtotal: gross });
    // Included: 18 / 118 of the price, the total unchanged by it.
    expect(inBrazil.taxes).toEqual([
      { name: 'ICMS', rate: 18, amount: Math.floor((gross * 18) / 118 + 0.5) },
    ]);
    expect(inBrazil.total).toBe(gross + inBrazil.shipping);

    await t.database.db
      .update(schema.addresses)
      .set({ regionCodes: ['US', 'US-NY'] })
      .where(eq(schema.addresses.id, buyer.addressId));
    const inNewYork = await previewFor(buyer, sku.id, 3);
    const tax = Math.floor((sku.price * 3 * 8.875) / 100 + 0.5);
    expect(inNewYork).toMatchObject({ currency: 'USD', taxInclusive: false, subtotal: sku.price * 3 });
    expect(inNewYork.taxes).toEqual([{ name: 'Sales tax', rate: 8.875, amount: tax }]);
    expect(inNewYork.total).toBe(sku.price * 3 + inNewYork.shipping + tax);
    // A state without a rate of its own, in a country without one: no tax at all.
    await t.database.db
      .update(schema.addresses)
      .set({ regionCodes: ['US', 'US-TX'] })
      .where(eq(schema.addresses.id, buyer.addressId));
    expect((await previewFor(buyer, sku.id, 3)).taxes).toEqual([]);
  });

  it("keeps an order's taxes when the rate changes later", async () => {
    const buyer = await shopper();
    const sku = await skuInStock(7);
    const placed = await callApi(t.app, 'POST', '/v1/home/orders', {
      cookie: buyer.cookie,
      payload: { addressId: buyer.addressId, items: [{ skuId: sku.id, quantity: 1 }] },
      headers: { 'idempotency-key': randomUUID() },
    });
    const order = placed.body.data as Json;
    expect(order.taxes).toEqual([{ name: 'ICMS', rate: 18, amount: expect.any(Number) }]);
    const rates = (await get('/v1/admin/tax-rates', { cookie: staffCookie })).body.data as Json[];
    const saoPaulo = rates.find((r) => r.region === 'BR-SP')!;
    const { id, ...fields } = saoPaulo;
    const changed = await callApi(t.app, 'PUT', `/v1/admin/tax-rates/${id}`, {
      cookie: adminCookie,
      payload: { ...fields, rate: '20' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    try {
      expect((await previewFor(buyer, sku.id, 1)).taxes[0].rate).toBe(20);
      const kept = (await callApi(t.app, 'GET', `/v1/home/orders/${order.id}`, { cookie: buyer.cookie })).body
        .data as Json;
      expect(kept).toMatchObject({ taxes: order.taxes, total: order.total, taxInclusive: true });
    } finally {
      await callApi(t.app, 'PUT', `/v1/admin/tax-rates/${id}`, { cookie: adminCookie, payload: fields });
    }
  });

  it.each([
    ['a negative rate', { rate: '-5' }, 'rate'],
    ['a rate over 100', { rate: '120' }, 'rate'],
    ['five decimals', { rate: '8.12345' }, 'rate'],
    ['an unknown country', { country: 'QQ' }, 'country'],
    ['a region of another country', { region: 'US-NY' }, 'region'],
    ['a rate its place and class have already', { region: 'BR-SP' }, 'taxClass'],
    ['an unknown class', { taxClass: 'luxury' }, 'taxClass'],
  ])('refuses %s with code 1 and changes nothing', async (_what, change, field) => {
    const before = (await get('/v1/admin/tax-rates', { cookie: staffCookie })).body.data;
    const res = await callApi(t.app, 'POST', '/v1/admin/tax-rates', {
      cookie: adminCookie,
      locale: 'zh-CN',
      payload: {
        country: 'BR',
        region: '',
        taxClass: 'standard',
        names: { 'en-US': 'ICMS' },
        rate: '18',
        ...change,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.code).toBe(1);
    expect(Object.keys(res.body.msg)).toContain(field);
    expect((await get('/v1/admin/tax-rates', { cookie: staffCookie })).body.data).toEqual(before);
  });
});

describe('markets in the back office', () => {
  const japan = {
    code: 'JP',
    names: { 'en-US': 'Japan', 'zh-CN': '日本' },
    currency: 'JPY',
    countries: ['JP'],
    taxInclusive: true,
    defaultLocale: 'en-US',
    exchangeRate: '151.25',
    rounding: 'none',
  };

  it('adds a market staff define, prices shoppers in it at once, and deletes it', async () => {
    const added = await callApi(t.app, 'POST', '/v1/admin/markets', { cookie: adminCookie, payload: japan });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect((added.body.data as Json[]).find((m) => m.code === 'JP')).toMatchObject({
      currency: 'JPY',
      exchangeRate: '151.25',
      base: false,
    });
    const sku = await skuInStock();
    const chosen = await callApi(t.app, 'PUT', '/v1/home/market', { payload: { code: 'JP' } });
    const cookie = chosen.res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const detail = (await get(`/v1/home/goods/${sku.goodsId}`, { cookie })).body.data as Json;
    expect(detail.currency).toBe('JPY');
    expect(detail.skus.find((s: Json) => s.id === sku.id).price).toBe(
      convertPrice(sku.price, {
        rateMillionths: 151_250_000,
        baseDecimals: 2,
        decimals: 0,
        rounding: 'none',
      }),
    );
    const removed = await callApi(t.app, 'DELETE', '/v1/admin/markets/JP', { cookie: adminCookie });
    expect(removed.status).toBe(200);
    // The cookie names a market that is gone: back to the language's usual one.
    expect((await get(`/v1/home/goods/${sku.goodsId}`, { cookie })).body.data.currency).toBe('USD');
  });

  it.each([
    ['an unknown currency', { currency: 'XYZ' }, 'currency'],
    ['an unknown country', { countries: ['QQ'] }, 'countries'],
    ['a negative rate', { exchangeRate: '-5.4' }, 'exchangeRate'],
    ['a zero rate', { exchangeRate: '0' }, 'exchangeRate'],
    ['a rate in words', { exchangeRate: 'lots' }, 'exchangeRate'],
    ['no countries', { countries: [] }, 'countries'],
    ['a country twice', { countries: ['JP', 'JP'] }, 'countries'],
    ['a country another market holds', { countries: ['JP', 'BR'] }, 'countries'],
    ['a code another market has', { code: 'CN' }, 'code'],
    ['an unknown rounding', { rounding: 'sometimes' }, 'rounding'],
    ['a NUL in the name', { names: { 'en-US': 'Ja\u0000pan' } }, undefined],
  ])('refuses %s with code 1 and changes nothing', async (_what, change, field) => {
    const before = await baseMarkets();
    const res = await callApi(t.app, 'POST', '/v1/admin/markets', {
      cookie: adminCookie,
      payload: { ...japan, ...change },
      locale: 'pt-BR',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.code).toBe(1);
    if (field) expect(Object.keys(res.body.msg)).toContain(field);
    expect(await baseMarkets()).toEqual(before);
  });

  it("refuses to delete the shop's own market, and lets only admins change markets", async () => {
    const own = await callApi(t.app, 'DELETE', '/v1/admin/markets/US', { cookie: adminCookie });
    expect(own.body.code).toBe(2);
    const byStaff = await callApi(t.app, 'POST', '/v1/admin/markets', {
      cookie: staffCookie,
      payload: japan,
    });
    expect(byStaff.status).toBe(403);
    const unknown = await callApi(t.app, 'PUT', '/v1/admin/markets/ZZ', {
      cookie: adminCookie,
      payload: japan,
    });
    expect(unknown.status).toBe(404);
    expect((await baseMarkets()).map((m) => m.code)).toEqual(['US', 'BR', 'CN', 'TW']);
  });
});
