import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  categorySchema,
  envelopeSchema,
  goodsDetailSchema,
  goodsListEnvelopeSchema,
  type GoodsSummary,
} from '@shop/contract';
import { schema } from '@shop/db';
import { DEMO_FACTS } from '@shop/db/seed';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../testing.ts';

let t: TestApp;
let onShelf: number;
beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.goods)
    .where(eq(schema.goods.onShelf, true));
  onShelf = row!.n;
});
afterAll(() => t.close());

const listSchema = goodsListEnvelopeSchema;
async function list(query: string, locale = 'en-US') {
  const res = await t.app.inject({ url: `/v1/home/goods${query}`, headers: { 'accept-language': locale } });
  return { res, body: res.json() };
}

describe('GET /v1/home/goods', () => {
  it('lists the first page of on-shelf goods with the total', async () => {
    const { res, body } = await list('');
    expect(res.statusCode).toBe(200);
    const parsed = listSchema.parse(body);
    expect(parsed.code).toBe(200);
    expect(parsed.data).toHaveLength(20);
    expect(parsed.meta).toMatchObject({ page: 1, pageSize: 20, total: onShelf });
  });

  it('pages through every goods exactly once', async () => {
    const seen = new Set<string>();
    const pages = Math.ceil(onShelf / 25);
    for (let page = 1; page <= pages; page++) {
      const { body } = await list(`?pageSize=25&page=${page}`);
      for (const g of body.data as GoodsSummary[]) seen.add(g.id);
    }
    expect(seen.size).toBe(onShelf);
    const beyond = await list(`?pageSize=25&page=${pages + 1}`);
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.meta.total).toBe(onShelf);
  });

  it.each([
    ['?page=0', 'page'],
    ['?pageSize=1000', 'pageSize'],
    ['?pageSize=0', 'pageSize'],
    ['?page=abc', 'page'],
    ['?page=1.5', 'page'],
    ['?minPrice=-5', 'minPrice'],
    ['?sort=cheapest', 'sort'],
    ['?categoryId=not-an-id', 'categoryId'],
    ['?page[]=1', 'page'],
    ['?colour=red', 'colour'],
  ])('refuses %s with code 1 naming %s', async (query, field) => {
    const { res, body } = await list(query);
    expect(res.statusCode).toBe(422);
    expect(body.code).toBe(1);
    expect(Object.keys(body.msg)).toEqual([field]);
  });

  it('explains refusals in the shopper language', async () => {
    const { body } = await list('?page=abc', 'zh-CN');
    expect(body.msg).toEqual({ page: '请输入整数。' });
  });

  it.each([
    ['price_asc', (a: GoodsSummary, b: GoodsSummary) => a.price <= b.price],
    ['price_desc', (a: GoodsSummary, b: GoodsSummary) => a.price >= b.price],
    ['sales', (a: GoodsSummary, b: GoodsSummary) => a.sales >= b.sales],
    ['newest', (a: GoodsSummary, b: GoodsSummary) => a.createdAt >= b.createdAt],
  ])('sorts by %s', async (sort, inOrder) => {
    const { body } = await list(`?sort=${sort}&pageSize=100`);
    const items = body.data as GoodsSummary[];
    expect(items.length).toBe(Math.min(100, onShelf));
    items.slice(1).forEach((item, i) => expect(inOrder(items[i]!, item)).toBe(true));
  });

  it('filters by a parent category including its children', async () => {
    const [parent] = await t.database.db
      .select()
      .from(schema.categories)
      .where(isNull(schema.categories.parentId))
      .limit(1);
    const children = await t.database.db
      .select({ id: schema.categories.id })
      .from(schema.categories)
      .where(eq(schema.categories.parentId, parent!.id));
    const family = new Set([parent!.id, ...children.map((c) => c.id)]);
    const [expected] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.goods)
      .where(
        and(
          eq(schema.goods.onShelf, true),
          sql`${schema.goods.categoryId} in (${sql.join(
            [...family].map((id) => sql`${id}`),
            sql`, `,
          )})`,
        ),
      );
    const { body } = await list(`?categoryId=${parent!.id}&pageSize=100`);
    expect(body.meta.total).toBe(expected!.n);
    expect(body.meta.total).toBeGreaterThan(0);
    for (const g of body.data as GoodsSummary[]) expect(family.has(g.categoryId)).toBe(true);
  });

  it('filters by a price range', async () => {
    const { body } = await list('?minPrice=2000&maxPrice=5000&pageSize=100');
    expect(body.meta.total).toBeGreaterThan(0);
    for (const g of body.data as GoodsSummary[]) {
      expect(g.price).toBeGreaterThanOrEqual(2000);
      expect(g.price).toBeLessThanOrEqual(5000);
    }
  });

  it('finds goods by a word of their name, in English and in Chinese', async () => {
    const [sample] = await t.database.db
      .select({ id: schema.goodsTranslations.goodsId, name: schema.goodsTranslations.name })
      .from(schema.goodsTranslations)
      .innerJoin(schema.goods, eq(schema.goods.id, schema.goodsTranslations.goodsId))
      .where(and(eq(schema.goodsTranslations.locale, 'zh-CN'), eq(schema.goods.onShelf, true)))
      .limit(1);
    const zhWord = [...sample!.name].slice(0, 2).join('');
    const zh = await list(`?keyword=${encodeURIComponent(zhWord)}&pageSize=100`, 'zh-CN');
    expect((zh.body.data as GoodsSummary[]).map((g) => g.id)).toContain(sample!.id);

    const [english] = await t.database.db
      .select({ name: schema.goodsTranslations.name })
      .from(schema.goodsTranslations)
      .where(
        and(eq(schema.goodsTranslations.goodsId, sample!.id), eq(schema.goodsTranslations.locale, 'en-US')),
      );
    const enWord = english!.name.split(' ').sort((a, b) => b.length - a.length)[0]!;
    const en = await list(`?keyword=${encodeURIComponent(enWord.toUpperCase())}&pageSize=100`);
    expect((en.body.data as GoodsSummary[]).map((g) => g.id)).toContain(sample!.id);
    expect((en.body.data as GoodsSummary[]).find((g) => g.id === sample!.id)?.name).toBe(english!.name);
  });

  it('treats % and _ in a keyword as plain characters', async () => {
    const { body } = await list('?keyword=%25%25_');
    expect(body.meta.total).toBe(0);
  });

  it('answers a repeated request from prepared bytes with the same ETag, and 304 when unchanged', async () => {
    const first = await list('?pageSize=7');
    const etag = first.res.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.res.headers['cache-control']).toContain('no-cache');
    const second = await list('?pageSize=7');
    expect(second.res.headers.etag).toBe(etag);
    expect(second.res.body).toBe(first.res.body);
    const conditional = await t.app.inject({
      url: '/v1/home/goods?pageSize=7',
      headers: { 'accept-language': 'en-US', 'if-none-match': etag },
    });
    expect(conditional.statusCode).toBe(304);
    expect(conditional.body).toBe('');
  });

  it('keeps each locale apart in the cache', async () => {
    const en = await list('?pageSize=3', 'en-US');
    const zh = await list('?pageSize=3', 'zh-CN');
    expect(en.res.headers.etag).not.toBe(zh.res.headers.etag);
    expect(zh.body.data[0].name).toMatch(/\p{Script=Han}/u);
  });

  it('sends compressed bytes to clients that accept them', async () => {
    const res = await t.app.inject({
      url: '/v1/home/goods?pageSize=20',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
  });
});

/** Every on-shelf goods with what a search looks at, read straight from the tables. */
async function shelfWithTexts() {
  const rows = await t.database.db
    .select({
      id: schema.goods.id,
      categoryId: schema.goods.categoryId,
      price: schema.goods.price,
      name: schema.goodsTranslations.name,
      description: schema.goodsTranslations.description,
    })
    .from(schema.goods)
    .innerJoin(schema.goodsTranslations, eq(schema.goodsTranslations.goodsId, schema.goods.id))
    .where(eq(schema.goods.onShelf, true));
  const byId = new Map<string, { id: string; categoryId: string; price: number; text: string }>();
  for (const row of rows) {
    const text = `${row.name}\n${row.description}`.toLowerCase();
    const known = byId.get(row.id);
    byId.set(row.id, { ...row, text: known ? `${known.text}\n${text}` : text });
  }
  return [...byId.values()];
}

async function searchIds(query: string, locale = 'en-US') {
  const { res, body } = await list(query, locale);
  expect(res.statusCode).toBe(200);
  return { ids: (body.data as GoodsSummary[]).map((g) => g.id), body };
}

describe('GET /v1/home/goods?keyword=…', () => {
  const { search } = DEMO_FACTS;

  it('finds every goods named with the keyword, in English and in Chinese', async () => {
    const en = await searchIds(`?keyword=${search.keyword['en-US']}&pageSize=100`);
    expect(en.ids).toEqual(expect.arrayContaining(search.onShelfGoodsIdsByName['en-US']));
    expect(en.body.data.find((g: GoodsSummary) => g.id === search.goodsId).name).toBe(search.name['en-US']);

    const zh = await searchIds(
      `?keyword=${encodeURIComponent(search.keyword['zh-CN'])}&pageSize=100`,
      'zh-CN',
    );
    expect(zh.ids.sort()).toEqual([...search.onShelfGoodsIdsByName['zh-CN']].sort());
    for (const g of zh.body.data as GoodsSummary[]) expect(g.name).toContain(search.keyword['zh-CN']);
  });

  it('finds two Chinese characters in the middle of a name, which has no spaces', async () => {
    const middle = [...search.name['zh-CN']].slice(2, 4).join('');
    const { ids } = await searchIds(`?keyword=${encodeURIComponent(middle)}`, 'zh-CN');
    expect(ids).toContain(search.goodsId);
  });

  it('finds a keyword in any locale, whatever the shopper reads', async () => {
    const { ids, body } = await searchIds(`?keyword=${encodeURIComponent(search.keyword['zh-CN'])}`, 'pt-BR');
    expect(ids).toContain(search.goodsId);
    expect(body.data[0].name).not.toMatch(/\p{Script=Han}/u);
  });

  it('ignores case, and finds words of descriptions too', async () => {
    const shelf = await shelfWithTexts();
    const expected = shelf.filter((g) => g.text.includes('stainless')).map((g) => g.id);
    expect(expected.length).toBeGreaterThan(0);
    const { ids } = await searchIds('?keyword=STAINLESS&pageSize=100');
    expect(ids.sort()).toEqual(expected.sort());
  });

  it('finds goods that hold every word of the keyword, in any order', async () => {
    const shelf = await shelfWithTexts();
    const expected = shelf
      .filter((g) => g.text.includes('headphones') && g.text.includes('wireless'))
      .map((g) => g.id);
    const { ids } = await searchIds('?keyword=headphones%20%20Wireless&pageSize=100');
    expect(ids.sort()).toEqual(expected.sort());
    expect(ids).toContain(search.goodsId);
  });

  it('still finds the goods when a word is misspelt', async () => {
    const { ids, body } = await searchIds('?keyword=hedphones');
    expect(ids).toContain(search.goodsId);
    expect(body.meta.total).toBe(ids.length);
  });

  it('answers nonsense with an empty page', async () => {
    const { ids, body } = await searchIds('?keyword=qqxzjv%20wireless');
    expect(ids).toEqual([]);
    expect(body.meta.total).toBe(0);
  });

  it('combines a keyword with a parent category, a price range and a sort', async () => {
    const [electronics] = await t.database.db
      .select({ id: schema.categories.id })
      .from(schema.categories)
      .where(
        and(isNull(schema.categories.parentId), sql`${schema.categories.name}->>'en-US' = 'Electronics'`),
      );
    const family = new Set(
      (
        await t.database.db
          .select({ id: schema.categories.id })
          .from(schema.categories)
          .where(eq(schema.categories.parentId, electronics!.id))
      ).map((c) => c.id),
    );
    const shelf = await shelfWithTexts();
    const expected = shelf
      .filter((g) => g.text.includes('wireless') && family.has(g.categoryId))
      .filter((g) => g.price >= 2000 && g.price <= 9000)
      .sort((a, b) => b.price - a.price || (a.id < b.id ? 1 : -1));
    expect(expected.length).toBeGreaterThan(1);
    expect(shelf.filter((g) => g.text.includes('wireless')).length).toBeGreaterThan(expected.length);

    const query = `?keyword=wireless&categoryId=${electronics!.id}&minPrice=2000&maxPrice=9000&sort=price_desc`;
    const { ids, body } = await searchIds(query);
    expect(ids).toEqual(expected.map((g) => g.id));
    expect(body.meta).toMatchObject({ page: 1, pageSize: 20, total: expected.length });
  });

  it('pages through matches with the same total on every page, past the last one too', async () => {
    const shelf = await shelfWithTexts();
    const total = shelf.filter((g) => g.text.includes('wireless')).length;
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(total / 2); page++) {
      const { ids, body } = await searchIds(`?keyword=wireless&pageSize=2&page=${page}`);
      expect(body.meta).toMatchObject({ page, pageSize: 2, total });
      seen.push(...ids);
    }
    expect(new Set(seen).size).toBe(total);
    const beyond = await searchIds(`?keyword=wireless&pageSize=2&page=${Math.ceil(total / 2) + 1}`);
    expect(beyond.ids).toEqual([]);
    expect(beyond.body.meta.total).toBe(total);
    const { body } = await searchIds('?keyword=wireless&pageSize=100');
    expect(body.meta).toMatchObject({ page: 1, pageSize: 100, total });
  });

  it('refuses a keyword longer than 100 characters with code 1', async () => {
    const { res, body } = await list(`?keyword=${'a'.repeat(101)}`);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(body.msg)).toEqual(['keyword']);
  });
});

describe('GET /v1/home/goods/{id}', () => {
  it('returns one goods with options and SKUs in the shopper locale', async () => {
    const { body: listed } = await list('?pageSize=1', 'pt-BR');
    const id = listed.data[0].id as string;
    const res = await t.app.inject({ url: `/v1/home/goods/${id}`, headers: { 'accept-language': 'pt-BR' } });
    expect(res.statusCode).toBe(200);
    const detail = envelopeSchema(goodsDetailSchema).parse(res.json()).data;
    expect(detail.name).toBe(listed.data[0].name);
    expect(detail.skus.length).toBeGreaterThanOrEqual(2);
    expect(detail.price).toBe(Math.min(...detail.skus.map((s) => s.price)));
    for (const sku of detail.skus) expect(sku.options).toHaveLength(detail.options.length);
  });

  it('answers an unknown id with 404', async () => {
    const res = await t.app.inject({
      url: '/v1/home/goods/00000000-0000-4000-8000-000000000000',
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: 404,
      data: null,
      msg: 'This item does not exist or is no longer on sale.',
    });
  });

  it('answers a malformed id with code 1', async () => {
    const res = await t.app.inject('/v1/home/goods/1%27%20or%201=1');
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe(1);
  });

  it('hides goods that are off shelf', async () => {
    const [off] = await t.database.db
      .select({ id: schema.goods.id })
      .from(schema.goods)
      .where(eq(schema.goods.onShelf, false))
      .limit(1);
    const res = await t.app.inject(`/v1/home/goods/${off!.id}`);
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /v1/home/categories', () => {
  it('lists parents and children with translated names', async () => {
    const res = await t.app.inject({ url: '/v1/home/categories', headers: { 'accept-language': 'zh-TW' } });
    const categories = envelopeSchema(z.array(categorySchema)).parse(res.json()).data;
    const parents = categories.filter((c) => c.parentId === null);
    expect(parents.length).toBeGreaterThanOrEqual(8);
    expect(categories.length).toBeGreaterThan(parents.length);
    for (const c of categories) expect(c.name).toMatch(/\p{Script=Han}/u);
  });
});
