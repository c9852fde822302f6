import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertPrice, MAX_MONEY, type PriceConversion } from '@shop/contract';
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
 * The price sheet: staff download every SKU's prices per currency as CSV (the goods list's filters), edit them in
 * a spreadsheet and upload the file again. The upload applies whole or not at all; what it sets is what shoppers in
 * each market see and pay.
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

const BRL: PriceConversion = { rateMillionths: 5_400_000, baseDecimals: 2, decimals: 2, rounding: 'ninety' };
const HEADER = [
  'sku_id',
  'goods_id',
  'name',
  'options',
  'price_USD',
  'original_price_USD',
  'price_BRL',
  'original_price_BRL',
  'price_CNY',
  'original_price_CNY',
  'price_TWD',
  'original_price_TWD',
];

/** The sheet as staff download it: the raw reply and its rows (header first). */
async function download(query = '', locale = 'en-US', cookie = staffCookie) {
  const res = await callApi(t.app, 'GET', `/v1/admin/goods/prices.csv${query}`, { cookie, locale });
  const rows = res.status === 200 ? (parse(res.res.body, { bom: true }) as string[][]) : [];
  return { status: res.status, text: res.res.body, rows, res: res.res, body: res.body };
}

/** The file uploaded as the back office sends it. */
async function upload(
  file: string | Buffer,
  { locale = 'en-US', cookie = staffCookie, contentType = 'text/csv' } = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/admin/goods/prices.csv',
    headers: {
      'content-type': contentType,
      'accept-language': locale,
      ...(cookie ? { cookie } : {}),
    },
    payload: file,
  });
  return { status: res.statusCode, body: res.json() as Json };
}

const toCsv = (rows: string[][]) =>
  rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\n');

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

/** One goods' sheet: its header and rows, as downloaded with the goods' id as the keyword. */
async function sheetOf(goodsId: string, locale = 'en-US') {
  const { rows } = await download(`?keyword=${goodsId}`, locale);
  const [header, ...body] = rows;
  return { header: header!, rows: body };
}

const adminDetail = async (goodsId: string) =>
  (await callApi(t.app, 'GET', `/v1/admin/goods/${goodsId}`, { cookie: staffCookie })).body.data as Json;

const cell = (header: string[], row: string[], column: string) => row[header.indexOf(column)]!;
function setCell(header: string[], row: string[], column: string, value: string) {
  row[header.indexOf(column)] = value;
}

async function priceSheetEntries() {
  return t.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'goods.prices'));
}

describe('the price sheet download', () => {
  it('has one row per SKU under fixed headers, names in the reader’s language, amounts in major units', async () => {
    const goodsId = await goodsWithTwoSkus(0);
    const detail = await adminDetail(goodsId);
    const res = await download(`?keyword=${goodsId}`, 'pt-BR');
    expect(res.status).toBe(200);
    expect(res.res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.res.headers['content-disposition']).toMatch(
      /^attachment; filename="prices-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(res.res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = res.rows;
    // The same machine headers in every language.
    expect(header).toEqual(HEADER);
    expect((await download(`?keyword=${goodsId}`, 'zh-CN')).rows[0]).toEqual(HEADER);

    const skus = detail.skus as Json[];
    expect(rows.map((r) => r[0])).toEqual(skus.map((s) => s.id));
    const name = (detail.translations['pt-BR'] ?? detail.translations['en-US']).name as string;
    const options = detail.options as Json[];
    for (const [i, sku] of skus.entries()) {
      const row = rows[i]!;
      expect(cell(header!, row, 'goods_id')).toBe(goodsId);
      expect(cell(header!, row, 'name')).toBe(name);
      const valueNames = (sku.options as string[]).map((valueId, o) => {
        const value = (options[o]!.values as Json[]).find((v) => v.id === valueId)!;
        return (value.name['pt-BR'] ?? value.name['en-US']) as string;
      });
      expect(cell(header!, row, 'options')).toBe(valueNames.join(' / '));
      expect(cell(header!, row, 'price_USD')).toBe((sku.price / 100).toFixed(2));
      expect(cell(header!, row, 'original_price_USD')).toBe(
        sku.originalPrice === null ? '' : (sku.originalPrice / 100).toFixed(2),
      );
      // No own prices yet: the other currencies' cells are empty (their markets convert at the rate).
      for (const column of HEADER.slice(6)) expect(cell(header!, row, column)).toBe('');
    }
  });

  it('takes the goods list’s filters: every SKU of the goods that match, none of the others', async () => {
    const all = await download();
    const [total] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(schema.skus);
    expect(all.rows.length - 1).toBe(total!.n);
    const offShelf = await download('?onShelf=false');
    const [off] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.skus)
      .innerJoin(schema.goods, eq(schema.goods.id, schema.skus.goodsId))
      .where(sql`not ${schema.goods.onShelf}`);
    expect(offShelf.rows.length - 1).toBe(off!.n);
    expect((await download('?minPrice=abc')).status).toBe(422);
  });
});

describe('uploading the price sheet', () => {
  it('sets an own price in reais that a shopper in Brazil sees on the goods page and pays in the cart', async () => {
    const goodsId = await goodsWithTwoSkus(1);
    const { header, rows } = await sheetOf(goodsId);
    setCell(header, rows[0]!, 'price_BRL', '19.90');
    setCell(header, rows[0]!, 'original_price_BRL', '29.90');
    const entriesBefore = (await priceSheetEntries()).length;
    const res = await upload(toCsv([header, ...rows]));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ code: 200, data: { updated: 1, unchanged: rows.length - 1 } });

    const skuId = rows[0]![0]!;
    const inReais = (await callApi(t.app, 'GET', `/v1/home/goods/${goodsId}`, { locale: 'pt-BR' })).body
      .data as Json;
    expect(inReais.currency).toBe('BRL');
    expect((inReais.skus as Json[]).find((s) => s.id === skuId)).toMatchObject({
      price: 1_990,
      originalPrice: 2_990,
    });

    const buyer = await createShopper(t.database, {
      email: `sheet-${randomUUID().slice(0, 8)}@example.com`,
      password: 'Buyer-secret-2026',
    });
    const cookie = await loginCookie(t.app, buyer.email, buyer.password);
    const addressId = await addAddress(t.app, cookie);
    const added = await callApi(t.app, 'POST', '/v1/home/cart/items', {
      cookie,
      locale: 'pt-BR',
      payload: { skuId, quantity: 2 },
    });
    expect(added.status, JSON.stringify(added.body)).toBeLessThan(300);
    const cart = (await callApi(t.app, 'GET', '/v1/home/cart', { cookie, locale: 'pt-BR' })).body.data;
    expect(cart).toMatchObject({ currency: 'BRL', subtotal: 3_980 });
    const preview = await callApi(t.app, 'POST', '/v1/home/orders/preview', {
      cookie,
      payload: { addressId, items: [{ skuId, quantity: 2 }] },
    });
    expect(preview.body.data).toMatchObject({ currency: 'BRL', subtotal: 3_980 });
    expect(preview.body.data.lines[0].price).toBe(1_990);

    // The editor shows it, the next download has it, and one audit entry says which SKUs changed.
    expect((await adminDetail(goodsId)).skus[0].prices).toEqual({
      BRL: { price: 1_990, originalPrice: 2_990 },
    });
    const again = await sheetOf(goodsId);
    expect(cell(again.header, again.rows[0]!, 'price_BRL')).toBe('19.90');
    expect(cell(again.header, again.rows[0]!, 'original_price_BRL')).toBe('29.90');
    const entries = await priceSheetEntries();
    expect(entries.length).toBe(entriesBefore + 1);
    const log = await callApi(t.app, 'GET', '/v1/admin/audit?entity=price_sheet&pageSize=1', {
      cookie: adminCookie,
    });
    expect(log.body.data[0]).toMatchObject({
      action: 'goods.prices',
      actor: { email: 'sam@shop.test' },
      before: { skus: { [skuId]: { prices: {} } } },
      after: {
        count: 1,
        skuIds: [skuId],
        skus: { [skuId]: { prices: { BRL: { price: 1_990, originalPrice: 2_990 } } } },
      },
    });

    // An empty price takes the own price away: the market converts the base price at its rate again.
    setCell(again.header, again.rows[0]!, 'price_BRL', '');
    setCell(again.header, again.rows[0]!, 'original_price_BRL', '');
    const cleared = await upload(toCsv([again.header, ...again.rows]));
    expect(cleared.body.data).toEqual({ updated: 1, unchanged: again.rows.length - 1 });
    expect((await adminDetail(goodsId)).skus[0].prices).toEqual({});
    const base = (await adminDetail(goodsId)).skus[0] as Json;
    const page = (await callApi(t.app, 'GET', `/v1/home/goods/${goodsId}`, { locale: 'pt-BR' })).body
      .data as Json;
    expect((page.skus as Json[]).find((s) => s.id === skuId)!.price).toBe(convertPrice(base.price, BRL));
  });

  it('changes a SKU’s price in the shop’s currency, and the goods’ from-price follows its cheapest SKU', async () => {
    const goodsId = await goodsWithTwoSkus(2);
    const { header, rows } = await sheetOf(goodsId);
    const last = rows.at(-1)!;
    setCell(header, last, 'price_USD', '0.50');
    setCell(header, last, 'original_price_USD', '0.90');
    const res = await upload(toCsv([header, ...rows]));
    expect(res.body.data).toEqual({ updated: 1, unchanged: rows.length - 1 });

    const detail = await adminDetail(goodsId);
    expect(detail).toMatchObject({ price: 50, originalPrice: 90 });
    expect((detail.skus as Json[]).find((s) => s.id === last[0])).toMatchObject({
      price: 50,
      originalPrice: 90,
    });
    const shown = (await callApi(t.app, 'GET', `/v1/home/goods/${goodsId}`)).body.data as Json;
    expect(shown).toMatchObject({ price: 50, originalPrice: 90 });
    const listed = (await callApi(t.app, 'GET', '/v1/home/goods?sort=price_asc&pageSize=1')).body
      .data as Json[];
    expect(listed[0]).toMatchObject({ id: goodsId, price: 50 });
  });

  it('writes nothing for a sheet that changes nothing, downloaded in any language', async () => {
    const goodsId = await goodsWithTwoSkus(3);
    const before = await adminDetail(goodsId);
    const entries = (await priceSheetEntries()).length;
    const { text } = await download(`?keyword=${goodsId}`, 'zh-TW');
    const res = await upload(text, { locale: 'zh-TW' });
    expect(res.body.data).toEqual({ updated: 0, unchanged: (before.skus as Json[]).length });
    expect(await adminDetail(goodsId)).toEqual(before);
    expect((await priceSheetEntries()).length).toBe(entries);
  });

  it('reads a sheet saved with semicolons and decimal commas, and only the columns it has', async () => {
    const goodsId = await goodsWithTwoSkus(4);
    const detail = await adminDetail(goodsId);
    const skuId = (detail.skus as Json[])[0]!.id as string;
    const file = `sku_id;price_CNY;original_price_CNY\r\n${skuId};88,5;\r\n;;\r\n`;
    const res = await upload(file);
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ data: { updated: 1, unchanged: 0 } });
    const after = await adminDetail(goodsId);
    expect(after.skus[0]).toMatchObject({
      price: detail.skus[0].price,
      originalPrice: detail.skus[0].originalPrice,
      prices: { CNY: { price: 8_850, originalPrice: null } },
    });
  });
});

describe('a refused price sheet', () => {
  it('names the row and column of each problem in the reader’s language, and changes nothing', async () => {
    const goodsId = await goodsWithTwoSkus(5);
    const { header, rows } = await sheetOf(goodsId);
    const [first, second] = rows as [string[], string[]];
    const before = await download();
    const entries = (await priceSheetEntries()).length;
    const edited = (column: string, value: string, row: string[] = first) => {
      const copy = row.map((c) => c);
      setCell(header, copy, column, value);
      return copy;
    };
    const withColumn = (name: string, value: string) =>
      toCsv([
        [...header, name],
        [...first, value],
      ]);
    const bigRow = toCsv([header, first]).split('\n')[1]!;
    const cases: [string, string | Buffer, string, string?][] = [
      ['an unknown column', withColumn('colour', 'red'), 'columns.colour', 'Coluna desconhecida.'],
      [
        'no sku_id column',
        toCsv([header.slice(1), first.slice(1)]),
        'columns.sku_id',
        'A planilha precisa da coluna sku_id.',
      ],
      [
        'an unknown SKU',
        toCsv([header, edited('sku_id', randomUUID())]),
        'rows.2.sku_id',
        'Não há SKU com este código.',
      ],
      ['a SKU id that is not one', toCsv([header, edited('sku_id', 'abc')]), 'rows.2.sku_id'],
      [
        'a SKU twice',
        toCsv([header, first, second, first]),
        'rows.4.sku_id',
        'Este SKU também está em uma linha anterior do arquivo.',
      ],
      ['a word for an amount', toCsv([header, edited('price_BRL', 'dez')]), 'rows.2.price_BRL'],
      ['an amount with a unit', toCsv([header, edited('price_BRL', 'R$ 10')]), 'rows.2.price_BRL'],
      [
        'too many decimals',
        toCsv([header, edited('price_BRL', '19.999')]),
        'rows.2.price_BRL',
        'Casas decimais demais para esta moeda.',
      ],
      ['a negative amount', toCsv([header, edited('price_USD', '-1.00')]), 'rows.2.price_USD'],
      [
        'an amount above the most the shop takes',
        toCsv([header, edited('price_USD', ((MAX_MONEY + 1) / 100).toFixed(2))]),
        'rows.2.price_USD',
      ],
      ['no price in the shop’s currency', toCsv([header, edited('price_USD', '')]), 'rows.2.price_USD'],
      [
        'a list price not above the price',
        toCsv([header, edited('original_price_USD', cell(header, first, 'price_USD'))]),
        'rows.2.original_price_USD',
        'O preço original deve ser maior que o preço.',
      ],
      [
        'a currency no market sells in',
        toCsv([
          [...header, 'price_EUR', 'original_price_EUR'],
          [...first, '10.00', ''],
        ]),
        'columns.price_EUR',
        'Nenhum mercado vende nesta moeda.',
      ],
      [
        'a price column without its list price column',
        toCsv([header.slice(0, -1), first.slice(0, -1)]),
        'columns.price_TWD',
      ],
      ['a column twice', withColumn('price_usd', '1.00'), 'columns.price_usd'],
      [
        'a list price without a price',
        toCsv([header, edited('original_price_BRL', '29.90')]),
        'rows.2.original_price_BRL',
        'Um preço original precisa de um preço na mesma moeda.',
      ],
      ['a row short of cells', toCsv([header, first.slice(0, 5)]), 'rows.2'],
      ['broken CSV', `${toCsv([header, first])}\n"${first[0]},1.00\n`, 'rows.3'],
      ['an empty file', '', 'body', 'O arquivo não tem linhas de preços.'],
      ['a header alone', `${header.join(',')}\n`, 'body'],
      ['NUL bytes', toCsv([header, edited('name', 'a\u0000b')]), 'body'],
      [
        'a lone surrogate (as bytes)',
        Buffer.concat([Buffer.from(toCsv([header, first])), Buffer.from([0xed, 0xa0, 0x80])]),
        'body',
        'O arquivo não está em UTF-8. Salve-o como “CSV UTF-8” e envie de novo.',
      ],
      ['Latin-1 text', Buffer.from(`${header.join(',')}\n${bigRow}\u00e9\n`, 'latin1'), 'body'],
      [
        'too many rows',
        [header.join(','), ...Array.from({ length: 20_001 }, () => bigRow)].join('\n'),
        'body',
        'Uma planilha pode ter no máximo 20.000 linhas. Divida-a em arquivos menores.',
      ],
    ];
    for (const [what, file, field, message] of cases) {
      const res = await upload(file, { locale: 'pt-BR' });
      expect(res.status, what).toBe(422);
      expect(res.body.code, what).toBe(1);
      expect(Object.keys(res.body.msg), `${what}: ${JSON.stringify(res.body.msg)}`).toContain(field);
      if (message) expect(res.body.msg[field], what).toContain(message);
    }

    // Too large to read at all, and not CSV.
    const huge = await upload(Buffer.alloc(5 * 1024 * 1024 + 1, 'a'), { locale: 'pt-BR' });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ code: 1, msg: { body: 'A requisição é grande demais.' } });
    for (const body of [JSON.stringify({ rows: [] }), JSON.stringify(toCsv([header, first]))]) {
      const json = await upload(body, { contentType: 'application/json' });
      expect(json.status).toBe(422);
      expect(json.body).toMatchObject({ code: 1, msg: { body: expect.stringContaining('text/csv') } });
    }

    // Several problems at once, each named, and still nothing written.
    const many = await upload(
      toCsv([header, edited('price_BRL', 'x'), edited('price_CNY', '1.234', second)]),
      { locale: 'zh-CN' },
    );
    expect(many.body.msg).toEqual({
      'rows.2.price_BRL': '请填写如 69.90 的金额：数字，小数部分前用小数点。',
      'rows.3.price_CNY': '小数位数超过该币种允许的位数。',
    });

    const after = await download();
    expect(after.text).toBe(before.text);
    expect((await priceSheetEntries()).length).toBe(entries);
  });
});

describe('who may use the price sheet', () => {
  it('is anyone who may edit goods: staff yes, shoppers and visitors no', async () => {
    const goodsId = await goodsWithTwoSkus(0);
    const { text } = await download(`?keyword=${goodsId}`);
    expect((await download('', 'en-US', '')).status).toBe(401);
    expect((await upload(text, { cookie: '' })).status).toBe(401);
    const shopper = await createShopper(t.database, {
      email: `sheet-shopper-${randomUUID().slice(0, 8)}@example.com`,
      password: 'Shopper-secret-2026',
    });
    const shopperCookie = await loginCookie(t.app, shopper.email, shopper.password);
    expect((await download('', 'en-US', shopperCookie)).status).toBe(403);
    const refused = await upload(text, { cookie: shopperCookie });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(403);
    // The goods editor's own access: a member of staff (not only an admin) may edit goods, so may upload.
    const editor = await t.app.inject({
      method: 'PUT',
      url: `/v1/admin/goods/${goodsId}`,
      headers: { cookie: shopperCookie },
      payload: {},
    });
    expect(editor.statusCode).toBe(403);
    expect((await upload(text)).status).toBe(200);
  });

  it('is in the OpenAPI document with its CSV body and its reply', async () => {
    const document = (await t.app.inject({ url: '/v1/openapi.json' })).json() as Json;
    const path = document.paths['/v1/admin/goods/prices.csv'] as Json;
    expect(Object.keys(path.post.requestBody.content)).toEqual(['text/csv']);
    expect(path.post.responses['200']).toBeDefined();
    expect(path.get.parameters.map((p: Json) => p.name)).toContain('keyword');
  });
});
