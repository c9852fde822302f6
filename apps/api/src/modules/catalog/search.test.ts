import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodsListEnvelopeSchema, MAX_MONEY, type GoodsInputBody, type ListedGoods } from '@shop/contract';
import { schema } from '@shop/db';
import { buildApp } from '../../app.ts';
import { LIST_FIGURES_GRACE_MS } from './catalog-changes.ts';
import { SANDBOX_CARDS } from '../payments/sandbox-gateway.routes.ts';
import {
  addAddress,
  callApi,
  createShopper,
  createTestApp,
  deliverSandboxWebhooks,
  loginCookie,
  signedInStaff,
  type Json,
  type TestApp,
} from '../../testing.ts';

/**
 * The storefront's search as shoppers use it, over the demo catalog, on two instances of the shop sharing one
 * database and one real Redis (what one instance's staff change, the other's shoppers see at once).
 */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let t: TestApp;
let second: FastifyInstance;
let adminCookie = '';

beforeAll(async () => {
  t = await createTestApp({ redisUrl });
  second = await buildApp({ logLevel: 'silent', storefrontDist: '/nonexistent', redisUrl }, t.database);
  adminCookie = (
    await signedInStaff(t, { email: 'search-admin@shop.test', password: 'Search-admin-2026', role: 'admin' })
  ).cookie;
});
afterAll(async () => {
  await second.close();
  await t.close();
});

async function search(query: string, locale = 'en-US', app: FastifyInstance = t.app) {
  const { status, body, res } = await callApi(app, 'GET', `/v1/home/goods?${query}`, { locale });
  expect(status, res.body).toBe(200);
  return goodsListEnvelopeSchema.parse(body);
}
const names = (page: { data: ListedGoods[] }) => page.data.map((g) => g.name);
const keyword = (word: string) => `keyword=${encodeURIComponent(word)}`;
/** The marked stretches of each name, as text. */
const marked = (page: { data: ListedGoods[] }) =>
  page.data.map((g) => (g.highlights ?? []).map(([start, end]) => g.name.slice(start, end)));

describe('typos, prefixes and words', () => {
  it('forgives two swapped letters, counted as one edit, and marks the word found', async () => {
    const page = await search(keyword('keybaord'));
    expect(names(page)).toEqual(
      expect.arrayContaining(['75% Wireless Mechanical Keyboard', 'Low-Profile Bluetooth Keyboard']),
    );
    expect(marked(page)[0]).toEqual(['Keyboard']);
    // A four-letter word has one edit to spend: "lmap" is "lamp" with two letters swapped.
    expect(names(await search(keyword('lmap')))).toContain('LED Desk Lamp with Wireless Charger');
    expect(names(await search(keyword('sneakres')))).toContain('Classic Canvas Sneakers');
  });

  it('forgives a changed letter, but not more edits than the word has letters for', async () => {
    expect(names(await search(keyword('hoddie')))).toContain('Fleece Pullover Hoodie');
    // Three letters get no typo: "mgu" finds nothing.
    expect((await search(keyword('mgu'))).meta.total).toBe(0);
    // Two edits in a six-letter word are too many.
    expect((await search(keyword('hxddie'))).meta.total).toBe(0);
  });

  it('matches every word of a keyword, each with its own typo', async () => {
    const page = await search(keyword('wireles keybaord'));
    expect(names(page)).toEqual(['75% Wireless Mechanical Keyboard']);
    expect(marked(page)).toEqual([['Wireless', 'Keyboard']]);
    // Both words must match: no goods is a wireless sneaker.
    expect((await search(keyword('wireless sneakers'))).meta.total).toBe(0);
  });

  it('finds the last word as a prefix, as the shopper types it', async () => {
    const page = await search(keyword('headph'));
    expect(names(page)).toContain('Noise-Cancelling Wireless Headphones');
    expect(marked(page)[0]).toEqual(['Headphones']);
    // Only the last word: "headph speaker" wants a word "headph".
    expect((await search(keyword('headph wireless'))).meta.total).toBe(0);
  });

  it('ranks by relevance when searching, an exact word before a typo', async () => {
    const page = await search(keyword('mug'));
    expect(page.data[0]!.name).toBe('Stoneware Coffee Mug');
    expect(page.meta.total).toBeGreaterThan(0);
  });

  it('finds simplified Chinese in traditional names and the reverse, and marks the characters', async () => {
    const simplified = await search(keyword('键盘'), 'zh-TW');
    expect(names(simplified)).toEqual(expect.arrayContaining(['超薄藍牙鍵盤']));
    expect(marked(simplified)[names(simplified).indexOf('超薄藍牙鍵盤')]).toEqual(['鍵盤']);
    const traditional = await search(keyword('鍵盤'), 'zh-CN');
    expect(names(traditional)).toEqual(expect.arrayContaining(['75% 无线机械键盘']));
  });

  it('finds Chinese typed with a character that sounds the same, and suggests the right one', async () => {
    // 建盘 (jiàn pán) is how a pinyin keyboard misspells 键盘.
    const page = await search(keyword('建盘'), 'zh-CN');
    expect(names(page)).toContain('75% 无线机械键盘');
    expect(marked(page)[names(page).indexOf('75% 无线机械键盘')]).toEqual(['键盘']);
    expect(page.meta.suggestion).toBe('键盘');
  });

  it('suggests what the shopper meant when a misspelt keyword finds nothing', async () => {
    const page = await search(keyword('mgu'));
    expect(page.meta.total).toBe(0);
    expect(page.meta.suggestion).toBe('mug');
    const meant = await search(keyword(page.meta.suggestion!));
    expect(names(meant)).toContain('Stoneware Coffee Mug');
    // Words spelt right are kept as typed.
    expect((await search(keyword('Stoneware mgu'))).meta.suggestion).toBe('Stoneware mug');
    // A keyword found as typed gets no suggestion.
    expect((await search(keyword('mug'))).meta.suggestion).toBeUndefined();
  });
});

describe('facets', () => {
  it('count what each filter then returns', async () => {
    const all = await search(`${keyword('wireless')}&pageSize=50`);
    const { facets } = all.meta;
    expect(all.meta.total).toBeGreaterThan(2);
    for (const category of facets.categories) {
      const narrowed = await search(`${keyword('wireless')}&categoryId=${category.id}`);
      expect(narrowed.meta.total, category.id).toBe(category.count);
    }
    for (const band of facets.priceBands) {
      const range = `&minPrice=${band.minPrice}${band.maxPrice === null ? '' : `&maxPrice=${band.maxPrice}`}`;
      expect((await search(`${keyword('wireless')}${range}`)).meta.total).toBe(band.count);
    }
    const colour = facets.options.find((o) => o.key === 'color');
    expect(colour?.name).toBe('Color');
    for (const value of colour!.values) {
      const narrowed = await search(`${keyword('wireless')}&options=color:${value.key}`);
      expect(narrowed.meta.total, value.key).toBe(value.count);
    }
    expect((await search(`${keyword('wireless')}&inStock=true`)).meta.total).toBe(facets.inStock);
  });

  it('name options and values in the shopper language, keyed alike in every language', async () => {
    const { facets } = (await search('pageSize=1', 'pt-BR')).meta;
    const colour = facets.options.find((o) => o.key === 'color')!;
    expect(colour.name).toBe('Cor');
    expect(colour.values.find((v) => v.key === 'black')?.name).toBe('Preto');
  });

  it('keep counting a facet with its own choice left out, so other values stay on offer', async () => {
    const black = await search('options=color:black');
    const colour = black.meta.facets.options.find((o) => o.key === 'color')!;
    expect(colour.values.find((v) => v.key === 'black')!.count).toBe(black.meta.total);
    expect(colour.values.length).toBeGreaterThan(1);
    // Values of one option are alternatives: black or white finds both.
    const white = colour.values.find((v) => v.key === 'white')!.count;
    const either = await search('options=color:black,color:white');
    expect(either.meta.total).toBeGreaterThanOrEqual(Math.max(white, black.meta.total));
    expect(either.meta.total).toBeLessThanOrEqual(white + black.meta.total);
  });

  it('refuse a malformed option filter with code 1, in the shopper language', async () => {
    const { status, body } = await callApi(t.app, 'GET', '/v1/home/goods?options=color', { locale: 'pt-BR' });
    expect(status).toBe(422);
    expect(body.code).toBe(1);
    expect(Object.keys(body.msg as Json)).toEqual(['options']);
    const inStock = await callApi(t.app, 'GET', '/v1/home/goods?inStock=yes');
    expect(inStock.status).toBe(422);
  });
});

describe('staff changes, on every instance', () => {
  it('applies a synonym added by staff at once, on another instance too, without a restart', async () => {
    expect((await search(keyword('plimsolls'), 'en-US', second)).meta.total).toBe(0);
    const groups = { 'en-US': [['sneakers', 'plimsolls']], 'pt-BR': [], 'zh-CN': [], 'zh-TW': [] };
    const saved = await callApi(t.app, 'PUT', '/v1/admin/search/synonyms', {
      cookie: adminCookie,
      payload: { groups },
    });
    expect(saved.status, saved.res.body).toBe(200);
    expect(saved.body.data.groups).toEqual(groups);
    await expect
      .poll(async () => names(await search(keyword('plimsolls'), 'en-US', second)), { timeout: 5000 })
      .toContain('Classic Canvas Sneakers');
    expect(names(await search(keyword('plimsolls')))).toContain('Classic Canvas Sneakers');
    // Synonyms are per language: a Brazilian shopper's "plimsolls" is not an English word.
    expect((await search(keyword('plimsolls'), 'pt-BR')).meta.total).toBe(0);
    const read = await callApi(t.app, 'GET', '/v1/admin/search/synonyms', { cookie: adminCookie });
    expect(read.body.data.groups).toEqual(groups);
  });

  it('refuses synonyms that are not words, and shoppers may not change them', async () => {
    const bad = await callApi(t.app, 'PUT', '/v1/admin/search/synonyms', {
      cookie: adminCookie,
      payload: { groups: { 'en-US': [['two words', 'x']], 'pt-BR': [], 'zh-CN': [], 'zh-TW': [] } },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.msg as Json)).toEqual(['groups.en-US.0.0']);
    const anonymous = await callApi(t.app, 'PUT', '/v1/admin/search/synonyms', {
      payload: { groups: { 'en-US': [], 'pt-BR': [], 'zh-CN': [], 'zh-TW': [] } },
    });
    expect(anonymous.status).toBe(401);
  });

  it('finds a new goods by a word without its accent, on both instances, as soon as staff saved it', async () => {
    const [template] = await t.database.db
      .select({ image: schema.goods.image, categoryId: schema.goods.categoryId })
      .from(schema.goods)
      .limit(1);
    const body: GoodsInputBody = {
      categoryId: template!.categoryId,
      translations: {
        'en-US': { name: 'Café Crème Grinder', description: 'Grinds for espresso.' },
        'zh-TW': { name: '手搖磨豆機', description: '' },
      },
      images: [template!.image],
      options: [],
      skus: [{ options: [], price: 4500, originalPrice: null, stock: 3 }],
      onShelf: true,
    };
    const created = await callApi(t.app, 'POST', '/v1/admin/goods', { cookie: adminCookie, payload: body });
    expect(created.status, created.res.body).toBe(201);
    for (const app of [t.app, second]) {
      await expect
        .poll(async () => names(await search(keyword('cafe creme'), 'en-US', app)), { timeout: 5000 })
        .toEqual(['Café Crème Grinder']);
    }
    expect(marked(await search(keyword('cafe')))).toContainEqual(['Café']);
    // Its only Chinese name is traditional; a simplified query finds it, shown in it to a Taiwanese shopper and,
    // as the other script of Chinese comes before English (`localeFallbacks`), to a mainland one too.
    expect(names(await search(keyword('磨豆机'), 'zh-TW'))).toEqual(['手搖磨豆機']);
    expect(names(await search(keyword('磨豆机'), 'zh-CN'))).toEqual(['手搖磨豆機']);
  });
});

describe('stock changes from orders', () => {
  it('show on detail pages at once and in listings within the grace, and leave the other cached lists alone', async () => {
    const shopper = await createShopper(t.database, {
      email: 'flash@example.com',
      password: 'Flash-sale-2026',
    });
    const cookie = await loginCookie(t.app, shopper.email, shopper.password);
    const addressId = await addAddress(t.app, cookie);
    const [sku] = await t.database.db
      .select({ id: schema.skus.id, goodsId: schema.skus.goodsId })
      .from(schema.skus)
      .innerJoin(schema.goods, eq(schema.goods.id, schema.skus.goodsId))
      .where(and(eq(schema.goods.onShelf, true), sql`${schema.skus.stock} > 5`))
      .limit(1);
    const listing = `/v1/home/goods?pageSize=100`;
    const stockIn = async (app: FastifyInstance) => {
      const page = await callApi(app, 'GET', listing);
      const detail = await callApi(app, 'GET', `/v1/home/goods/${sku!.goodsId}`);
      return [(page.body.data as Json[]).find((g) => g.id === sku!.goodsId)!.stock, detail.body.data.stock];
    };
    const [before] = await stockIn(t.app);
    await stockIn(second);
    // A list without that goods, served from prepared bytes: its ETag must survive the order.
    const other = await callApi(t.app, 'GET', `/v1/home/goods?pageSize=1&sort=price_desc`);
    expect((other.body.data as Json[]).map((g) => g.id)).not.toContain(sku!.goodsId);

    const placed = await callApi(t.app, 'POST', '/v1/home/orders', {
      cookie,
      payload: { addressId, items: [{ skuId: sku!.id, quantity: 2 }] },
    });
    expect(placed.status, placed.res.body).toBe(201);
    // The detail page shows the units left: never late. A list shows them only as "in stock", so its figure may
    // lag by the grace (a flash sale then rebuilds a list about once a second instead of on most reads).
    expect((await stockIn(t.app))[1]).toBe(before! - 2);
    await expect
      .poll(() => stockIn(t.app), { timeout: LIST_FIGURES_GRACE_MS + 1000, interval: 100 })
      .toEqual([before! - 2, before! - 2]);
    await expect.poll(() => stockIn(second), { timeout: 5000 }).toEqual([before! - 2, before! - 2]);
    const again = await t.app.inject({
      url: `/v1/home/goods?pageSize=1&sort=price_desc`,
      headers: { 'accept-language': 'en-US', 'if-none-match': String(other.res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    const cancelled = await callApi(t.app, 'POST', `/v1/home/orders/${placed.body.data.id}/cancel`, {
      cookie,
      payload: {},
    });
    expect(cancelled.status, cancelled.res.body).toBe(200);
    expect((await stockIn(t.app))[1]).toBe(before);
    await expect
      .poll(() => stockIn(t.app), { timeout: LIST_FIGURES_GRACE_MS + 1000, interval: 100 })
      .toEqual([before, before]);
  });
});

describe('sales from payments', () => {
  it('move the goods sold to their place among the best sellers, as the database orders them', async () => {
    const shopper = await createShopper(t.database, {
      email: 'fan@example.com',
      password: 'Best-seller-2026',
    });
    const cookie = await loginCookie(t.app, shopper.email, shopper.password);
    const addressId = await addAddress(t.app, cookie);
    const bestSellers = async (filter = '') =>
      (
        (await callApi(t.app, 'GET', `/v1/home/goods?sort=sales&pageSize=100${filter}`)).body.data as Json[]
      ).map((g) => g.id as string);
    const inDatabase = async () =>
      (
        await t.database.db
          .select({ id: schema.goods.id })
          .from(schema.goods)
          .where(eq(schema.goods.onShelf, true))
          .orderBy(desc(schema.goods.sales), desc(schema.goods.createdAt), desc(schema.goods.id))
      ).map((g) => g.id);
    const before = await bestSellers();
    expect(before).toEqual(await inDatabase());
    // The least sold goods with stock enough to become a best seller.
    const [sku] = await t.database.db
      .select({ id: schema.skus.id, goodsId: schema.skus.goodsId })
      .from(schema.skus)
      .innerJoin(schema.goods, eq(schema.goods.id, schema.skus.goodsId))
      .where(and(eq(schema.goods.onShelf, true), sql`${schema.skus.stock} >= 40`))
      .orderBy(asc(schema.goods.sales))
      .limit(1);
    // The same list under a filter every goods passes (and read in another order first): listings kept per
    // filter must move too.
    const filtered = `&maxPrice=${MAX_MONEY}`;
    await callApi(t.app, 'GET', `/v1/home/goods?sort=newest${filtered}`);
    const filteredBefore = await bestSellers(filtered);
    expect(filteredBefore).toEqual(before);
    const placed = await callApi(t.app, 'POST', '/v1/home/orders', {
      cookie,
      payload: { addressId, items: [{ skuId: sku!.id, quantity: 40 }] },
    });
    expect(placed.status, placed.res.body).toBe(201);
    const charge = await callApi(t.app, 'POST', '/v1/home/charges', {
      cookie,
      payload: { orderId: placed.body.data.id, channel: 'sandbox' },
      headers: { 'idempotency-key': `best-seller-${placed.body.data.id}` },
    });
    expect(charge.status, charge.res.body).toBe(201);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/v1/sandbox/checkout/${charge.body.data.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      payload: `card=${SANDBOX_CARDS.succeeds}`,
    });
    expect(paid.statusCode, paid.body).toBe(303);
    await deliverSandboxWebhooks(t);
    // Within the grace lists have for stock and sales figures.
    await expect
      .poll(async () => (await bestSellers()).indexOf(sku!.goodsId), {
        timeout: LIST_FIGURES_GRACE_MS + 1000,
        interval: 100,
      })
      .toBeLessThan(before.indexOf(sku!.goodsId));
    const after = await bestSellers();
    expect(after).toEqual(await inDatabase());
    expect(await bestSellers(filtered)).toEqual(after);
  });
});
