import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodsListEnvelopeSchema } from '@shop/contract';
import { schema } from '@shop/db';
import { buildApp } from '../../app.ts';
import { callApi, createTestApp, type TestApp } from '../../testing.ts';

/**
 * A shelf longer than the part of an order the index reads at first (ten pages of 24): every page of every sort,
 * down to the last, is where the database's order puts it. The demo goods are copied 600 times with prices,
 * sales and dates that tie often, and a second instance reads them all as a restarted shop would.
 */
let t: TestApp;
let shop: FastifyInstance;

interface Row {
  id: string;
  price: number;
  sales: number;
  createdAt: string;
}
let rows: Row[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.execute(sql`
    with copies as (
      select g.*, n, gen_random_uuid() as new_id
      from goods g cross join generate_series(1, 600 / (select count(*) from goods)::int + 1) n
    ), inserted as (
      insert into goods (id, category_id, image, images, options, price, original_price, stock, sales, on_shelf, created_at)
      select new_id, category_id, image, images, options, 100 + (n * 37 + price) % 50 * 100, null, 5, (n * 7) % 4,
        true, timestamptz '2026-01-01' + ((n * 13) % 9) * interval '1 day'
      from copies
      returning id
    )
    insert into goods_translations (goods_id, locale, name, description)
    select c.new_id, tr.locale, tr.name || ' ' || c.n, tr.description
    from copies c join goods_translations tr on tr.goods_id = c.id
  `);
  const { goods } = schema;
  const all = await t.database.db
    .select({ id: goods.id, price: goods.price, sales: goods.sales, createdAt: goods.createdAt })
    .from(goods)
    .where(eq(goods.onShelf, true));
  rows = all.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  shop = await buildApp({ logLevel: 'silent', storefrontDist: '/nonexistent' }, t.database);
});
afterAll(async () => {
  await shop.close();
  await t.close();
});

const byId = (a: Row, b: Row) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const newer = (a: Row, b: Row) =>
  (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0) || byId(b, a);
const expected: Record<string, (a: Row, b: Row) => number> = {
  newest: newer,
  sales: (a, b) => b.sales - a.sales || newer(a, b),
  price_asc: (a, b) => a.price - b.price || byId(a, b),
  price_desc: (a, b) => b.price - a.price || byId(b, a),
};

async function everyPage(query: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const { status, body } = await callApi(shop, 'GET', `/v1/home/goods?${query}&pageSize=100&page=${page}`);
    expect(status).toBe(200);
    const list = goodsListEnvelopeSchema.parse(body);
    ids.push(...list.data.map((g) => g.id));
    if (list.data.length < 100) return ids;
  }
}

describe('a shelf of hundreds of goods', () => {
  it.each(Object.keys(expected))('lists every page sorted by %s in the database order', async (sort) => {
    expect(rows.length).toBeGreaterThan(600);
    const want = [...rows].sort(expected[sort]).map((row) => row.id);
    expect(await everyPage(`sort=${sort}`)).toEqual(want);
    // Under a price cap (a selection of its own), the last pages first: the order is read further as asked.
    const capped = [...rows]
      .filter((row) => row.price <= 4000)
      .sort(expected[sort])
      .map((row) => row.id);
    const { body } = await callApi(
      shop,
      'GET',
      `/v1/home/goods?sort=${sort}&maxPrice=4000&pageSize=100&page=3`,
    );
    expect(goodsListEnvelopeSchema.parse(body).data.map((g) => g.id)).toEqual(capped.slice(200, 300));
    expect(await everyPage(`sort=${sort}&maxPrice=4000`)).toEqual(capped);
  });
});
