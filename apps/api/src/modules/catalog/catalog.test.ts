import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  categorySchema,
  envelopeSchema,
  goodsDetailSchema,
  goodsSummarySchema,
  pagedEnvelopeSchema,
  type GoodsSummary,
} from '@shop/contract';
import { schema } from '@shop/db';
import { DEMO_FACTS } from '@shop/db/seed';
import { z } from 'zod';
import { addAddress, createShopper, createTestApp, loginCookie, type TestApp } from '../../testing.ts';
import { CatalogService } from './catalog.service.ts';

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

const listSchema = pagedEnvelopeSchema(goodsSummarySchema);
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
    expect(parsed.meta).toEqual({ page: 1, pageSize: 20, total: onShelf });
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
    expect(body.meta).toEqual({ page: 1, pageSize: 20, total: expected.length });
  });

  it('pages through matches with the same total on every page, past the last one too', async () => {
    const shelf = await shelfWithTexts();
    const total = shelf.filter((g) => g.text.includes('wireless')).length;
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(total / 2); page++) {
      const { ids, body } = await searchIds(`?keyword=wireless&pageSize=2&page=${page}`);
      expect(body.meta).toEqual({ page, pageSize: 2, total });
      seen.push(...ids);
    }
    expect(new Set(seen).size).toBe(total);
    const beyond = await searchIds(`?keyword=wireless&pageSize=2&page=${Math.ceil(total / 2) + 1}`);
    expect(beyond.ids).toEqual([]);
    expect(beyond.body.meta.total).toBe(total);
    const { body } = await searchIds('?keyword=wireless&pageSize=100');
    expect(body.meta).toEqual({ page: 1, pageSize: 100, total });
  });

  it('refuses a keyword longer than 100 characters with code 1', async () => {
    const { res, body } = await list(`?keyword=${'a'.repeat(101)}`);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(body.msg)).toEqual(['keyword']);
  });
});

describe('CatalogService totals', () => {
  it('remembers the total of a listing until told the catalog changed', async () => {
    const catalog = new CatalogService(t.database.db);
    const at = { locale: 'en-US', shopDefault: 'en-US', currency: 'USD' } as const;
    const query = { sort: 'newest', page: 2, pageSize: 5 } as const;
    const before = (await catalog.listGoods(query, at)).meta.total;
    const [first] = (await catalog.listGoods({ ...query, page: 1 }, at)).items;
    await t.database.db.update(schema.goods).set({ onShelf: false }).where(eq(schema.goods.id, first!.id));
    try {
      expect((await catalog.listGoods(query, at)).meta.total).toBe(before);
      catalog.catalogChanged();
      expect((await catalog.listGoods(query, at)).meta.total).toBe(before - 1);
    } finally {
      await t.database.db.update(schema.goods).set({ onShelf: true }).where(eq(schema.goods.id, first!.id));
    }
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

describe('the in-memory search index', () => {
  const { search } = DEMO_FACTS;
  const at = { locale: 'en-US', shopDefault: 'zh-CN', currency: 'USD' } as const;
  const sorts = ['newest', 'sales', 'price_asc', 'price_desc'] as const;
  /** Goods whose prices, sales and listing times tie, down to the microsecond, so that only ids can order them. */
  const twins: string[] = [];
  let child: { id: string; parentId: string | null };

  beforeAll(async () => {
    const [first] = await t.database.db
      .select({ id: schema.categories.id, parentId: schema.categories.parentId })
      .from(schema.categories)
      .where(sql`${schema.categories.parentId} is not null`)
      .limit(1);
    child = first!;
    for (let i = 0; i < 12; i++) {
      const [row] = await t.database.db
        .insert(schema.goods)
        .values({
          categoryId: child.id,
          image: '/media/twin.svg',
          images: ['/media/twin.svg'],
          options: [],
          price: [1999, 1999, 2999][i % 3]!,
          originalPrice: i % 2 ? 3999 : null,
          stock: 10 + i,
          sales: [5, 5, 0, 7][i % 4]!,
          onShelf: i !== 11,
          createdAt: sql`${`2026-01-01 00:00:00.00000${i % 2}+00`}::timestamptz`,
        })
        .returning({ id: schema.goods.id });
      twins.push(row!.id);
      await t.database.db.insert(schema.goodsTranslations).values([
        { goodsId: row!.id, locale: 'en-US', name: `Tiebreaker lamp ${i}`, description: 'A twin.' },
        { goodsId: row!.id, locale: 'zh-CN', name: `平局台灯 ${i}`, description: '双胞胎。' },
      ]);
    }
  });
  afterAll(async () => {
    await t.database.db.delete(schema.goods).where(inArray(schema.goods.id, twins));
  });

  it('answers every keyword, category, price range, sort and page exactly as the SQL search', async () => {
    const bySql = new CatalogService(t.database.db);
    const inMemory = new CatalogService(t.database.db, { inMemorySearch: true });
    const parents = await t.database.db
      .select({ id: schema.categories.id })
      .from(schema.categories)
      .where(isNull(schema.categories.parentId));
    const middle = [...search.name['zh-CN']].slice(2, 4).join('');
    const keywords = [
      search.keyword['en-US'],
      search.keyword['zh-CN'],
      middle,
      '杯',
      'wireless',
      'STAINLESS',
      'headphones   Wireless',
      'caneca',
      'hedphones',
      'keybord',
      'tiebreaker',
      '平局',
      'tv',
      'qqxzjv wireless',
      // Words searched alone above or here, then together: their sets are intersected without a query.
      'lamp',
      'mouse',
      '7',
      '台灯',
      'lamp wireless',
      'mouse wireless',
      'tv wireless',
      'lamp 7',
      '平局 台灯',
      'hedphones wireless',
      'lamp 7 wireless',
      '%%_',
    ];
    const filters = [
      {},
      { categoryId: child.parentId! },
      { categoryId: child.id },
      { categoryId: parents[1]!.id },
      { categoryId: '00000000-0000-4000-8000-000000000000' },
      { minPrice: 2000 },
      { maxPrice: 1999 },
      { categoryId: child.parentId!, minPrice: 1999, maxPrice: 2999 },
    ];
    const mismatches: string[] = [];
    for (const keyword of keywords) {
      for (const sort of sorts) {
        for (const filter of filters) {
          // Every match in one page (the demo catalog has fewer than 100 goods); any page is a slice of it.
          const query = { keyword, sort, page: 1, pageSize: 100, ...filter };
          const all = await bySql.listGoods(query, at);
          expect(all.items).toHaveLength(all.meta.total);
          const { total } = all.meta;
          const pages = [
            { page: 1, pageSize: 100 },
            { page: 1, pageSize: 1 },
            { page: 2, pageSize: 5 },
            { page: Math.max(1, Math.ceil(total / 3)), pageSize: 3 },
            { page: Math.ceil(total / 3) + 1, pageSize: 3 },
          ];
          for (const { page, pageSize } of pages) {
            const expected = {
              items: all.items.slice((page - 1) * pageSize, page * pageSize),
              meta: { page, pageSize, total },
            };
            const actual = await inMemory.listGoods({ ...query, page, pageSize }, at);
            if (JSON.stringify(actual) !== JSON.stringify(expected)) {
              mismatches.push(JSON.stringify({ ...query, page, pageSize }));
            }
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    // The slices above are what the SQL search answers for those pages too.
    for (const sort of sorts) {
      for (const page of [1, 2, 30]) {
        const query = { keyword: 'wireless', sort, page, pageSize: 2 };
        expect(await inMemory.listGoods(query, at)).toEqual(await bySql.listGoods(query, at));
      }
    }
  }, 120_000);

  it('orders goods that tie on price, sales and listing time by id, as the SQL search does', async () => {
    const inMemory = new CatalogService(t.database.db, { inMemorySearch: true });
    const onShelfTwins = twins.slice(0, 11);
    for (const sort of sorts) {
      const { items, meta } = await inMemory.listGoods(
        { keyword: 'tiebreaker', sort, page: 1, pageSize: 20 },
        at,
      );
      expect(meta.total).toBe(onShelfTwins.length);
      expect(items.map((g) => g.id).sort()).toEqual([...onShelfTwins].sort());
    }
    const { items } = await inMemory.listGoods(
      { keyword: '平局', sort: 'price_asc', page: 1, pageSize: 20 },
      at,
    );
    const cheapest = items.filter((g) => g.price === 1999).map((g) => g.id);
    expect(cheapest).toEqual([...cheapest].sort());
    expect(items[0]!.name).toMatch(/^Tiebreaker lamp/);
  });

  it('shows new goods, goods off shelf, new prices and new sales in the first search after the catalog changed', async () => {
    const bySql = new CatalogService(t.database.db);
    const inMemory = new CatalogService(t.database.db, { inMemorySearch: true });
    const query = (sort: (typeof sorts)[number]) => ({ keyword: 'tiebreaker', sort, page: 1, pageSize: 20 });
    const sameAsSql = async () => {
      for (const sort of sorts)
        expect(await inMemory.listGoods(query(sort), at)).toEqual(await bySql.listGoods(query(sort), at));
    };
    const ids = async (sort: (typeof sorts)[number]) =>
      (await inMemory.listGoods(query(sort), at)).items.map((g) => g.id);
    await sameAsSql();
    const before = await inMemory.listGoods(query('newest'), at);

    const [added] = await t.database.db
      .insert(schema.goods)
      .values({ categoryId: child.id, image: '/media/twin.svg', images: [], options: [], price: 1, sales: 1 })
      .returning({ id: schema.goods.id });
    twins.push(added!.id);
    await t.database.db
      .insert(schema.goodsTranslations)
      .values({ goodsId: added!.id, locale: 'en-US', name: 'Tiebreaker kettle', description: '' });
    // Until told, the index answers from what it read: the change's signal is what makes it read again.
    expect((await inMemory.listGoods(query('newest'), at)).meta.total).toBe(before.meta.total);
    inMemory.catalogChanged();
    expect((await ids('newest'))[0]).toBe(added!.id);
    expect((await ids('price_asc'))[0]).toBe(added!.id);
    await sameAsSql();

    await t.database.db.update(schema.goods).set({ onShelf: false }).where(eq(schema.goods.id, added!.id));
    inMemory.catalogChanged();
    expect(await ids('newest')).not.toContain(added!.id);
    await sameAsSql();

    const [dearest] = await ids('price_desc');
    await t.database.db.update(schema.goods).set({ price: 1 }).where(eq(schema.goods.id, dearest!));
    inMemory.catalogChanged();
    const cheapest = (await inMemory.listGoods(query('price_asc'), at)).items[0]!;
    expect(cheapest).toMatchObject({ id: dearest, price: 1 });
    await sameAsSql();

    const [leastSold] = (await ids('sales')).slice(-1);
    await t.database.db.update(schema.goods).set({ sales: 10_000 }).where(eq(schema.goods.id, leastSold!));
    inMemory.catalogChanged();
    expect((await inMemory.listGoods(query('sales'), at)).items[0]).toMatchObject({
      id: leastSold,
      sales: 10_000,
    });
    await sameAsSql();
  });

  it('is told of every order through the app, so a search shows the stock an order took and gave back', async () => {
    const shopper = await createShopper(t.database, {
      email: 'searcher@example.com',
      password: 'Searcher-secret-2026',
    });
    const cookie = await loginCookie(t.app, shopper.email, shopper.password);
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { cookie, 'accept-language': 'en-US' }, payload });
    const addressId = await addAddress(t.app, cookie);
    const [sku] = await t.database.db
      .select({ id: schema.skus.id })
      .from(schema.skus)
      .where(and(eq(schema.skus.goodsId, search.goodsId), sql`${schema.skus.stock} > 0`))
      .limit(1);
    const url = `?keyword=${encodeURIComponent(search.keyword['en-US'])}&sort=price_asc&pageSize=100`;
    const stockNow = async () =>
      ((await list(url)).body.data as GoodsSummary[]).find((g) => g.id === search.goodsId)!.stock;
    const before = await stockNow();

    const placed = await post('/v1/home/orders', {
      addressId,
      items: [{ skuId: sku!.id, quantity: 1 }],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await stockNow()).toBe(before - 1);

    const cancelled = await post(`/v1/home/orders/${placed.json().data.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stockNow()).toBe(before);
  });
});
