import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertPrice, type GoodsInputBody, type PriceConversion } from '@shop/contract';
import { schema } from '@shop/db';
import {
  addAddress,
  callApi,
  createShopper,
  createTestApp,
  loginCookie,
  signedInStaffAndAdmin,
  type Json,
  type TestApp,
} from '../../testing.ts';

/**
 * Issue 14, prices per market: a SKU's price in a market's currency is the one staff set for that currency, else
 * the base price at the market's rate. Listings, detail pages, carts, checkout and orders all charge the same.
 */
let t: TestApp;
let adminCookie = '';
beforeAll(async () => {
  t = await createTestApp({}, { demoMarkets: true });
  adminCookie = (await signedInStaffAndAdmin(t)).admin.cookie;
});
afterAll(() => t.close());

const BRL: PriceConversion = { rateMillionths: 5_400_000, baseDecimals: 2, decimals: 2, rounding: 'ninety' };
const CNY: PriceConversion = { rateMillionths: 7_200_000, baseDecimals: 2, decimals: 2, rounding: 'whole' };

const get = (url: string, locale = 'en-US', cookie?: string) =>
  callApi(t.app, 'GET', url, { locale, ...(cookie ? { cookie } : {}) });

/** On-shelf goods with at least two SKUs in stock, the `offset`-th by id. */
async function goodsWithTwoSkus(offset: number): Promise<string> {
  const rows = await t.database.db
    .select({ goodsId: schema.skus.goodsId })
    .from(schema.skus)
    .innerJoin(schema.goods, eq(schema.goods.id, schema.skus.goodsId))
    .where(and(gte(schema.skus.stock, 20), sql`${schema.goods.onShelf}`))
    .groupBy(schema.skus.goodsId)
    .having(sql`count(*) >= 2`)
    .orderBy(asc(schema.skus.goodsId))
    .limit(1)
    .offset(offset);
  return rows[0]!.goodsId;
}

/** What the back office's editor sends back for the goods as loaded, with `prices` set per SKU by `pricesOf`. */
async function editorBody(
  goodsId: string,
  pricesOf: (index: number) => Record<string, { price: number; originalPrice: number | null }> | undefined,
): Promise<{ body: GoodsInputBody; detail: Json }> {
  const detail = (await callApi(t.app, 'GET', `/v1/admin/goods/${goodsId}`, { cookie: adminCookie })).body
    .data as Json;
  const body: GoodsInputBody = {
    categoryId: detail.categoryId,
    translations: detail.translations,
    images: detail.images,
    options: detail.options,
    skus: (detail.skus as Json[]).map((s, index) => {
      const prices = pricesOf(index);
      return {
        id: s.id,
        options: s.options,
        price: s.price,
        originalPrice: s.originalPrice,
        stock: s.stock,
        expectedStock: s.stock,
        ...(prices === undefined ? {} : { prices }),
      };
    }),
    onShelf: detail.onShelf,
  };
  return { body, detail };
}

async function save(goodsId: string, body: GoodsInputBody, locale = 'en-US') {
  return callApi(t.app, 'PUT', `/v1/admin/goods/${goodsId}`, { cookie: adminCookie, payload: body, locale });
}

async function shopper() {
  const s = await createShopper(t.database, {
    email: `own-prices-${randomUUID().slice(0, 8)}@example.com`,
    password: 'Buyer-secret-2026',
  });
  const cookie = await loginCookie(t.app, s.email, s.password);
  // The test address is in São Paulo: the checkout is in Brazil's market, in reais.
  return { cookie, addressId: await addAddress(t.app, cookie) };
}

describe("staff's own prices per currency", () => {
  it('sell a SKU at the price set in reais, its sibling at the rate, and the goods from the cheaper of them', async () => {
    const goodsId = await goodsWithTwoSkus(0);
    const { body, detail } = await editorBody(goodsId, (i) =>
      i === 0 ? { BRL: { price: 1_990, originalPrice: 2_990 } } : undefined,
    );
    const saved = await save(goodsId, body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.skus[0].prices).toEqual({ BRL: { price: 1_990, originalPrice: 2_990 } });
    expect(saved.body.data.skus[1].prices).toEqual({});
    const [own, other] = detail.skus as Json[];

    const inReais = (await get(`/v1/home/goods/${goodsId}`, 'pt-BR')).body.data as Json;
    expect(inReais.currency).toBe('BRL');
    const skuIn = (page: Json, id: string) => (page.skus as Json[]).find((s) => s.id === id);
    expect(skuIn(inReais, own!.id)).toMatchObject({ price: 1_990, originalPrice: 2_990 });
    // Set explicitly vs derived: the sibling is its base price at 5.4, rounded up to ,90.
    expect(skuIn(inReais, other!.id)).toMatchObject({
      price: convertPrice(other!.price, BRL),
      originalPrice: other!.originalPrice === null ? null : convertPrice(other!.originalPrice, BRL),
    });
    expect(inReais).toMatchObject({ price: 1_990, originalPrice: 2_990 });

    // Yuan have no own price: both at the rate, as before; dollars are the stored prices.
    const inYuan = (await get(`/v1/home/goods/${goodsId}`, 'zh-CN')).body.data as Json;
    expect(skuIn(inYuan, own!.id)!.price).toBe(convertPrice(own!.price, CNY));
    const inDollars = (await get(`/v1/home/goods/${goodsId}`)).body.data as Json;
    expect(skuIn(inDollars, own!.id)!.price).toBe(own!.price);

    // Listings show the same price: a search for its name.
    const name = (detail.translations['pt-BR'] ?? detail.translations['en-US']).name as string;
    const listed = (await get(`/v1/home/goods?keyword=${encodeURIComponent(name)}&pageSize=50`, 'pt-BR')).body
      .data as Json[];
    expect(listed.find((g) => g.id === goodsId)).toMatchObject({
      currency: 'BRL',
      price: 1_990,
      originalPrice: 2_990,
    });
  });

  it("charge the own price in the cart, the preview and the order, and keep the order's figures when it changes", async () => {
    const goodsId = await goodsWithTwoSkus(1);
    const { body, detail } = await editorBody(goodsId, (i) =>
      i === 0 ? { BRL: { price: 4_590, originalPrice: null } } : undefined,
    );
    expect((await save(goodsId, body)).status).toBe(200);
    const skuId = (detail.skus as Json[])[0]!.id as string;
    const buyer = await shopper();
    const added = await callApi(t.app, 'POST', '/v1/home/cart/items', {
      cookie: buyer.cookie,
      locale: 'pt-BR',
      payload: { skuId, quantity: 2 },
    });
    expect(added.status, JSON.stringify(added.body)).toBeLessThan(300);
    const cart = (await callApi(t.app, 'GET', '/v1/home/cart', { cookie: buyer.cookie, locale: 'pt-BR' }))
      .body.data as Json;
    expect(cart).toMatchObject({ currency: 'BRL', subtotal: 9_180 });
    const items = [{ skuId, quantity: 2 }];
    const preview = await callApi(t.app, 'POST', '/v1/home/orders/preview', {
      cookie: buyer.cookie,
      payload: { addressId: buyer.addressId, items },
    });
    expect(preview.body.data).toMatchObject({ currency: 'BRL', subtotal: 9_180 });
    expect(preview.body.data.lines[0].price).toBe(4_590);
    const placed = await callApi(t.app, 'POST', '/v1/home/orders', {
      cookie: buyer.cookie,
      payload: { addressId: buyer.addressId, items },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.data).toMatchObject({ currency: 'BRL', subtotal: 9_180 });

    // Staff raise the price in reais: new checkouts pay it, the order placed keeps its own.
    const raised = await editorBody(goodsId, (i) =>
      i === 0 ? { BRL: { price: 5_990, originalPrice: null } } : undefined,
    );
    expect((await save(goodsId, raised.body)).status).toBe(200);
    const again = await callApi(t.app, 'POST', '/v1/home/orders/preview', {
      cookie: buyer.cookie,
      payload: { addressId: buyer.addressId, items },
    });
    expect(again.body.data.lines[0].price).toBe(5_990);
    const kept = (
      await callApi(t.app, 'GET', `/v1/home/orders/${placed.body.data.id}`, { cookie: buyer.cookie })
    ).body.data as Json;
    expect(kept).toMatchObject({ currency: 'BRL', subtotal: 9_180, total: placed.body.data.total });
    expect(kept.lines[0].price).toBe(4_590);

    // Left out, the prices stay; `{}` takes them away and the rate prices the SKU again.
    const untouched = await editorBody(goodsId, () => undefined);
    expect((await save(goodsId, untouched.body)).body.data.skus[0].prices).toEqual({
      BRL: { price: 5_990, originalPrice: null },
    });
    const cleared = await editorBody(goodsId, () => ({}));
    expect((await save(goodsId, cleared.body)).body.data.skus[0].prices).toEqual({});
    const page = (await get(`/v1/home/goods/${goodsId}`, 'pt-BR')).body.data as Json;
    expect((page.skus as Json[]).find((s) => s.id === skuId)!.price).toBe(
      convertPrice((detail.skus as Json[])[0]!.price, BRL),
    );
  });

  it('filter, count and sort by the prices shoppers see when some goods have own prices in the currency', async () => {
    // The cheapest goods in reais is one whose base price is not the lowest: R$ 0,90 set by staff.
    const goodsId = await goodsWithTwoSkus(2);
    const { body } = await editorBody(goodsId, () => ({ BRL: { price: 90, originalPrice: null } }));
    expect((await save(goodsId, body)).status).toBe(200);
    const cheapest = (await get('/v1/home/goods?sort=price_asc&pageSize=40', 'pt-BR')).body.data as Json[];
    expect(cheapest[0]).toMatchObject({ id: goodsId, price: 90 });
    const prices = cheapest.map((g) => g.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const dearest = (await get('/v1/home/goods?sort=price_desc&pageSize=40', 'pt-BR')).body.data as Json[];
    expect(dearest.map((g) => g.price)).toEqual(dearest.map((g) => g.price).sort((a, b) => b - a));
    // In yuan it is priced at the rate, and is not the cheapest.
    const inYuan = (await get('/v1/home/goods?sort=price_asc&pageSize=1', 'zh-CN')).body.data as Json[];
    expect(inYuan[0]!.id).not.toBe(goodsId);

    const capped = await get('/v1/home/goods?maxPrice=90&pageSize=50', 'pt-BR');
    expect((capped.body.data as Json[]).map((g) => g.id)).toEqual([goodsId]);
    const facets = (await get('/v1/home/goods?pageSize=1', 'pt-BR')).body.meta.facets as Json;
    for (const band of facets.priceBands as Json[]) {
      const bounds = `minPrice=${band.minPrice}${band.maxPrice === null ? '' : `&maxPrice=${band.maxPrice}`}`;
      const res = await get(`/v1/home/goods?pageSize=100&${bounds}`, 'pt-BR');
      expect(res.body.meta.total, bounds).toBe(band.count);
      for (const goods of res.body.data as Json[]) {
        expect(goods.price).toBeGreaterThanOrEqual(band.minPrice);
        if (band.maxPrice !== null) expect(goods.price).toBeLessThanOrEqual(band.maxPrice);
      }
    }
    const cleared = await editorBody(goodsId, () => ({}));
    expect((await save(goodsId, cleared.body)).status).toBe(200);
    const after = (await get('/v1/home/goods?maxPrice=90&pageSize=50', 'pt-BR')).body.meta.total;
    expect(after).toBe(0);
  });

  it('refuse own prices in the shop currency, in one no market sells in, or out of order, and change nothing', async () => {
    const goodsId = await goodsWithTwoSkus(3);
    const before = (await callApi(t.app, 'GET', `/v1/admin/goods/${goodsId}`, { cookie: adminCookie })).body
      .data;
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { USD: { price: 100, originalPrice: null } },
        'skus.0.prices.USD',
        'A moeda da própria loja usa o preço do SKU.',
      ],
      [
        { EUR: { price: 100, originalPrice: null } },
        'skus.0.prices.EUR',
        'Nenhum mercado vende nesta moeda.',
      ],
      [
        { BRL: { price: 500, originalPrice: 400 } },
        'skus.0.prices.BRL.originalPrice',
        'O preço original deve ser maior que o preço.',
      ],
      [{ BRL: { price: -1, originalPrice: null } }, 'skus.0.prices.BRL.price', ''],
      [{ BRL: { price: 1.5, originalPrice: null } }, 'skus.0.prices.BRL.price', ''],
      [{ brl: { price: 100, originalPrice: null } }, 'skus.0.prices.brl', ''],
      [{ BRL: { price: 100 } }, 'skus.0.prices.BRL.originalPrice', ''],
      [{ BRL: { price: 100, originalPrice: null, extra: 1 } }, 'skus.0.prices.BRL.extra', ''],
    ];
    for (const [prices, field, message] of cases) {
      const { body } = await editorBody(goodsId, (i) => (i === 0 ? (prices as never) : undefined));
      const res = await save(goodsId, body, 'pt-BR');
      expect(res.status, JSON.stringify(prices)).toBe(422);
      expect(res.body.code).toBe(1);
      expect(Object.keys(res.body.msg), JSON.stringify(res.body.msg)).toContain(field);
      if (message) expect(res.body.msg[field]).toBe(message);
    }
    const after = (await callApi(t.app, 'GET', `/v1/admin/goods/${goodsId}`, { cookie: adminCookie })).body
      .data;
    expect(after).toEqual(before);
  });
});
