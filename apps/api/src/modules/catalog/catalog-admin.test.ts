import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCategorySchema,
  adminGoodsDetailSchema,
  adminGoodsRowSchema,
  envelopeSchema,
  goodsDetailSchema,
  pagedEnvelopeSchema,
  type AdminCategory,
  type AdminGoodsDetail,
  type GoodsInputBody,
} from '@shop/contract';
import { schema } from '@shop/db';
import { testEngine } from '@shop/db/testing';
import { z } from 'zod';
import {
  callApi,
  createShopper,
  createTestApp,
  loginCookie,
  signedInStaff,
  type Json,
  type TestApp,
} from '../../testing.ts';

let t: TestApp;
let staffCookie = '';
let staffId = '';
let shopperCookie = '';
let categoryId = '';
let childCategoryId = '';
let imageUrl = '';

/** A request from the member of staff signed in for these tests. */
const call = (method: string, url: string, payload?: object, locale?: string) =>
  callApi(t.app, method, url, { cookie: staffCookie, payload, locale });

/** A storefront request as a guest in `locale`. */
const shop = (url: string, locale?: string) => callApi(t.app, 'GET', url, { locale });

function multipart(bytes: Buffer, filename: string, contentType: string) {
  const boundary = `----catalog${randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const redPixels = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();

/** RFC 4180: quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
    } else if (c !== '\r') cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

let seq = 0;
/** A goods with a "Colour" option (red, blue), one SKU per colour, named in English and Chinese. */
function lamp(overrides: Partial<GoodsInputBody> = {}): GoodsInputBody {
  seq += 1;
  return {
    categoryId,
    translations: {
      'en-US': { name: `Paper lantern lamp ${seq}`, description: 'Warm light.\n\nFolds flat.' },
      'zh-CN': { name: `纸灯笼台灯${seq}号`, description: '暖光。' },
    },
    images: [imageUrl],
    options: [
      {
        id: 'colour',
        name: { 'en-US': 'Colour', 'zh-CN': '颜色' },
        values: [
          { id: 'red', name: { 'en-US': 'Red', 'zh-CN': '红色' } },
          { id: 'blue', name: { 'en-US': 'Blue', 'zh-CN': '蓝色' } },
        ],
      },
    ],
    skus: [
      { options: ['red'], price: 2500, originalPrice: 3000, stock: 7 },
      { options: ['blue'], price: 2300, originalPrice: null, stock: 5 },
    ],
    onShelf: true,
    ...overrides,
  };
}

async function createGoods(body: GoodsInputBody = lamp()): Promise<AdminGoodsDetail> {
  const res = await call('POST', '/v1/admin/goods', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return envelopeSchema(adminGoodsDetailSchema).parse(res.body).data;
}

/** What the editor sends back for goods it loaded as `detail`: every field as loaded, stock included. */
function editorBody(detail: AdminGoodsDetail): GoodsInputBody {
  return {
    categoryId: detail.categoryId,
    translations: structuredClone(detail.translations),
    images: [...detail.images],
    options: structuredClone(detail.options),
    skus: detail.skus.map((s) => ({
      id: s.id,
      options: s.options,
      price: s.price,
      originalPrice: s.originalPrice,
      stock: s.stock,
      expectedStock: s.stock,
    })),
    onShelf: detail.onShelf,
  };
}

/** Staff open the goods in the editor. */
async function loadEditor(id: string): Promise<AdminGoodsDetail> {
  const res = await call('GET', `/v1/admin/goods/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return envelopeSchema(adminGoodsDetailSchema).parse(res.body).data;
}

let shopperAddressId = '';
/** The shopper places an order through the storefront API, taking stock; answers the order's id. */
async function placeOrder(skuId: string, quantity: number): Promise<string> {
  if (!shopperAddressId) {
    const address = await t.app.inject({
      method: 'POST',
      url: '/v1/home/addresses',
      headers: { cookie: shopperCookie },
      payload: {
        name: 'Lia Chen',
        phone: '+5511987654321',
        regionCodes: ['BR', 'BR-SP', 'BR-3550308'],
        detail: 'Rua Augusta 100',
        postcode: '01305-000',
        isDefault: true,
      },
    });
    expect(address.statusCode, address.body).toBe(201);
    shopperAddressId = address.json().data.id;
  }
  const order = await t.app.inject({
    method: 'POST',
    url: '/v1/home/orders',
    headers: { cookie: shopperCookie, 'idempotency-key': randomUUID() },
    payload: { addressId: shopperAddressId, items: [{ skuId, quantity }] },
  });
  expect(order.statusCode, order.body).toBe(201);
  return order.json().data.id;
}

const auditOf = (entityId: string) =>
  t.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, entityId));

const goodsCount = async () => (await t.database.db.select({ n: count() }).from(schema.goods))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  const member = await signedInStaff(t, {
    email: 'cat@shop.test',
    password: 'Cat-staff-2026',
    role: 'staff',
  });
  staffId = member.id;
  staffCookie = member.cookie;
  const shopper = await createShopper(t.database, { email: 'lia@example.com', password: 'Lia-shops-2026' });
  shopperCookie = await loginCookie(t.app, shopper.email, shopper.password);
  const tree = envelopeSchema(z.array(adminCategorySchema)).parse(
    (await call('GET', '/v1/admin/categories')).body,
  ).data;
  const parent = tree.find((c) => c.children.length > 0)!;
  categoryId = parent.id;
  childCategoryId = parent.children[0]!.id;
  const upload = multipart(await redPixels(), 'red.png', 'image/png');
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/v1/admin/media',
    headers: { cookie: staffCookie, ...upload.headers },
    payload: upload.payload,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  imageUrl = uploaded.json().data.url;
});
afterAll(() => t.close());

describe('POST /v1/admin/media', () => {
  const upload = (bytes: Buffer, name: string, type: string) => {
    const form = multipart(bytes, name, type);
    return t.app.inject({
      method: 'POST',
      url: '/v1/admin/media',
      headers: { cookie: staffCookie, 'accept-language': 'en-US', ...form.headers },
      payload: form.payload,
    });
  };

  it('stores a picture with its WebP copies and serves it', async () => {
    const res = await upload(await redPixels(), 'red.png', 'image/png');
    expect(res.statusCode).toBe(201);
    const stored = res.json().data;
    expect(stored.url).toMatch(/^\/media\/[a-z0-9]+-64x48\.png$/);
    expect(stored.variants).toEqual([
      { id: expect.stringMatching(/-64\.webp$/), url: expect.any(String), width: 64 },
    ]);
    const served = await t.app.inject(stored.variants[0].url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('refuses a file that is not a picture, whatever it claims to be', async () => {
    const res = await upload(Buffer.from('<svg onload="alert(1)"/>'), 'x.png', 'image/png');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      code: 1,
      msg: { file: 'Please upload a JPEG, PNG, WebP or AVIF image.' },
    });
  });
});

describe('creating goods', () => {
  it('creates a goods with two SKUs that shoppers find at once by its Chinese name', async () => {
    const body = lamp();
    const chineseName = body.translations['zh-CN']!.name;
    // A cached empty search must not hide the new goods.
    expect(
      (await shop(`/v1/home/goods?keyword=${encodeURIComponent(chineseName)}`, 'zh-CN')).body.data,
    ).toEqual([]);

    const created = await createGoods(body);
    expect(created).toMatchObject({
      categoryId,
      images: [imageUrl],
      onShelf: true,
      price: 2300,
      originalPrice: null,
      stock: 12,
      sales: 0,
      ordered: false,
      translations: { 'zh-CN': { name: chineseName, description: '暖光。' } },
    });
    expect(created.skus.map((s) => s.options)).toEqual([['red'], ['blue']]);

    const found = await shop(`/v1/home/goods?keyword=${encodeURIComponent(chineseName)}`, 'zh-CN');
    expect(found.body.data.map((g: Json) => [g.id, g.name])).toEqual([[created.id, chineseName]]);
    const detail = goodsDetailSchema.parse((await shop(`/v1/home/goods/${created.id}`, 'zh-CN')).body.data);
    expect(detail.options[0]).toEqual({
      id: 'colour',
      name: '颜色',
      values: [
        { id: 'red', name: '红色' },
        { id: 'blue', name: '蓝色' },
      ],
    });
    expect(detail.skus.map((s) => [s.options, s.price, s.stock])).toEqual([
      [['red'], 2500, 7],
      [['blue'], 2300, 5],
    ]);
    // Locales without a translation fall back to the shop's default, English.
    expect((await shop(`/v1/home/goods/${created.id}`, 'pt-BR')).body.data.name).toBe(
      body.translations['en-US']!.name,
    );
  });

  it('records who created the goods and what it was', async () => {
    const created = await createGoods();
    const [entry] = await auditOf(created.id);
    expect(entry).toMatchObject({ actorId: staffId, action: 'goods.create', entity: 'goods', before: null });
    expect(entry!.after).toMatchObject({ id: created.id, skus: [{ price: 2500 }, { price: 2300 }] });
  });

  it('creates a goods without options as one SKU', async () => {
    const created = await createGoods(
      lamp({ options: [], skus: [{ options: [], price: 990, originalPrice: 1290, stock: 3 }] }),
    );
    expect(created).toMatchObject({ price: 990, originalPrice: 1290, stock: 3, options: [] });
  });

  const base = () => lamp();
  it.each<[string, (b: GoodsInputBody) => unknown, Record<string, string>]>([
    [
      'no name in the default locale',
      (b) => (b.translations = { 'zh-CN': { name: '只有中文', description: '' } }),
      { 'translations.en-US.name': "Please fill this in for the shop's default language." },
    ],
    [
      'a translation without a name',
      (b) => (b.translations['pt-BR'] = { name: '  ', description: 'Só descrição' }),
      { 'translations.pt-BR.name': 'This field is required.' },
    ],
    [
      'HTML in a description',
      (b) => (b.translations['en-US']!.description = 'Nice <script>alert(1)</script>'),
      { 'translations.en-US.description': 'Plain text only: HTML is not allowed.' },
    ],
    ['no image', (b) => (b.images = []), { images: 'Please upload at least one image.' }],
    [
      'an image from elsewhere',
      (b) => (b.images = ['https://evil.example/x.png']),
      { 'images.0': 'Please upload an image.' },
    ],
    ['no SKU', (b) => (b.skus = []), { skus: 'Please add at least one SKU.' }],
    [
      'two SKUs with the same options',
      (b) => (b.skus[1]!.options = ['red']),
      { 'skus.1.options': 'Another SKU already has this combination of options.' },
    ],
    [
      'a SKU naming a value the option lacks',
      (b) => (b.skus[1]!.options = ['green']),
      { 'skus.1.options': 'Pick one value of each option.' },
    ],
    [
      'a list price below the price',
      (b) => (b.skus[0]!.originalPrice = 2000),
      { 'skus.0.originalPrice': 'The original price must be higher than the price.' },
    ],
    ['a negative stock', (b) => (b.skus[0]!.stock = -1), { 'skus.0.stock': 'This value is out of range.' }],
    [
      'a price in fractions',
      (b) => (b.skus[0]!.price = 19.99),
      { 'skus.0.price': 'Please enter a whole number.' },
    ],
    [
      'an unknown category',
      (b) => (b.categoryId = randomUUID()),
      { categoryId: 'This category does not exist.' },
    ],
    [
      'an id for a SKU the goods does not have',
      (b) => (b.skus[0]!.id = randomUUID()),
      { 'skus.0.id': 'This SKU does not belong to this item.' },
    ],
    [
      'a value without a name in the default locale',
      (b) => (b.options[0]!.values[1]!.name = { 'zh-CN': '蓝色' }),
      { 'options.0.values.1.name.en-US': "Please fill this in for the shop's default language." },
    ],
    ['an unknown field', (b) => ((b as Json).sales = 100), { sales: 'Unknown field.' }],
  ])('refuses %s with code 1 and changes nothing', async (_label, spoil, fields) => {
    const body = base();
    spoil(body);
    const before = await goodsCount();
    const audited = await t.database.db.select({ n: count() }).from(schema.auditLog);
    const res = await call('POST', '/v1/admin/goods', body);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 1, data: null, msg: fields });
    expect(await goodsCount()).toBe(before);
    expect(await t.database.db.select({ n: count() }).from(schema.auditLog)).toEqual(audited);
  });

  it('answers field messages in the request language', async () => {
    const res = await call('POST', '/v1/admin/goods', { ...lamp(), images: [] }, 'zh-CN');
    expect(res.body.msg).toEqual({ images: '请至少上传一张图片。' });
  });
});

describe('updating goods', () => {
  it('keeps the ids of SKUs that stay, so carts pointing at them still work', async () => {
    const created = await createGoods();
    const [red, blue] = created.skus;
    const added = await t.app.inject({
      method: 'POST',
      url: '/v1/home/cart/items',
      headers: { cookie: shopperCookie },
      payload: { skuId: red!.id, quantity: 2 },
    });
    expect(added.statusCode, added.body).toBeLessThan(300);

    const body = lamp();
    body.options[0]!.values = [
      { id: 'red', name: { 'en-US': 'Crimson', 'zh-CN': '深红' } },
      { id: 'green', name: { 'en-US': 'Green', 'zh-CN': '绿色' } },
    ];
    body.skus = [
      {
        id: red!.id,
        options: ['red'],
        price: 2700,
        originalPrice: null,
        stock: 1,
        expectedStock: red!.stock,
      },
      { options: ['green'], price: 2600, originalPrice: 2900, stock: 4 },
    ];
    const res = await call('PUT', `/v1/admin/goods/${created.id}`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const updated = envelopeSchema(adminGoodsDetailSchema).parse(res.body).data;
    expect(updated.skus.map((s) => [s.id, s.options, s.price, s.stock])).toEqual([
      [red!.id, ['red'], 2700, 1],
      [expect.any(String), ['green'], 2600, 4],
    ]);
    expect(updated.skus.map((s) => s.id)).not.toContain(blue!.id);
    expect(updated).toMatchObject({ price: 2600, originalPrice: 2900, stock: 5 });

    const cart = await t.app.inject({
      url: '/v1/home/cart',
      headers: { cookie: shopperCookie, 'accept-language': 'en-US' },
    });
    expect(cart.json().data.items).toContainEqual(
      expect.objectContaining({ skuId: red!.id, quantity: 2, options: ['Crimson'], price: 2700 }),
    );
    const detail = await shop(`/v1/home/goods/${created.id}`);
    expect(detail.body.data.skus.map((s: Json) => s.id)).toEqual(updated.skus.map((s) => s.id));
    expect(detail.body.data.price).toBe(2600);

    const entries = await auditOf(created.id);
    const update = entries.find((e) => e.action === 'goods.update')!;
    expect(update.before).toMatchObject({ price: 2300, skus: [{ id: red!.id }, { id: blue!.id }] });
    expect(update.after).toMatchObject({ price: 2600 });
  });

  it('renames the goods in every locale and search follows', async () => {
    const created = await createGoods();
    const body = lamp();
    body.translations = {
      'en-US': { name: 'Moonlight reading lamp', description: '' },
      'zh-TW': { name: '月光閱讀燈', description: '' },
    };
    body.skus = created.skus.map((s) => ({
      id: s.id,
      options: s.options,
      price: s.price,
      originalPrice: s.originalPrice,
      stock: s.stock,
      expectedStock: s.stock,
    }));
    expect((await call('PUT', `/v1/admin/goods/${created.id}`, body)).status).toBe(200);
    const found = await shop(`/v1/home/goods?keyword=${encodeURIComponent('月光閱讀')}`, 'zh-TW');
    expect(found.body.data.map((g: Json) => g.id)).toEqual([created.id]);
    const detail = await call('GET', `/v1/admin/goods/${created.id}`);
    expect(Object.keys(detail.body.data.translations)).toEqual(['en-US', 'zh-TW']);
  });

  it('refuses a SKU id of another goods and changes nothing', async () => {
    const one = await createGoods();
    const other = await createGoods();
    const body = lamp();
    body.skus[0]!.id = other.skus[0]!.id;
    const res = await call('PUT', `/v1/admin/goods/${one.id}`, body);
    expect(res.body).toMatchObject({
      code: 1,
      msg: { 'skus.0.id': 'This SKU does not belong to this item.' },
    });
    expect((await call('GET', `/v1/admin/goods/${one.id}`)).body.data).toEqual({ ...one, ordered: false });
  });

  it('needs the loaded stock of each kept SKU, and only of kept SKUs', async () => {
    const created = await createGoods();
    const body = editorBody(created);
    delete body.skus[0]!.expectedStock;
    const missing = await call('PUT', `/v1/admin/goods/${created.id}`, body);
    expect(missing.status).toBe(422);
    expect(missing.body.msg).toEqual({ 'skus.0.expectedStock': 'This field is required.' });

    const added = editorBody(created);
    delete added.skus[1]!.id;
    const stray = await call('PUT', `/v1/admin/goods/${created.id}`, added);
    expect(stray.status).toBe(422);
    expect(stray.body.msg).toEqual({ 'skus.1.expectedStock': 'Invalid value.' });
    expect(await loadEditor(created.id)).toEqual(created);
  });

  it('answers 404 for goods that do not exist', async () => {
    expect((await call('PUT', `/v1/admin/goods/${randomUUID()}`, lamp())).status).toBe(404);
    expect((await call('GET', `/v1/admin/goods/${randomUUID()}`)).status).toBe(404);
  });
});

describe('stock while the editor is open', () => {
  const STOCK_CHANGED =
    'The stock of this item changed while you were editing (an order was placed or cancelled). Reload to see the current figures, then save again.';
  const stockBySku = (detail: AdminGoodsDetail) => detail.skus.map((s) => [s.options[0], s.stock]);

  it('refuses a stock figure typed over a sale made meanwhile, changing nothing; fresh figures save', async () => {
    const created = await createGoods();
    const editor = await loadEditor(created.id);
    const [red, blue] = editor.skus;
    await placeOrder(red!.id, 2);
    const afterSale = await loadEditor(created.id);
    expect(stockBySku(afterSale)).toEqual([
      ['red', 5],
      ['blue', 5],
    ]);

    // Staff restock red from the figure they loaded (7) and rename and reprice while they are at it.
    const stale = editorBody(editor);
    stale.translations['en-US']!.name = 'Stale lantern';
    stale.skus[0]!.stock = 20;
    stale.skus[1]!.price = 1999;
    const res = await call('PUT', `/v1/admin/goods/${created.id}`, stale);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 2, data: null, msg: STOCK_CHANGED });
    const zh = await call('PUT', `/v1/admin/goods/${created.id}`, stale, 'zh-CN');
    expect(zh.body.msg).toBe(
      '您编辑期间该商品的库存发生了变化（有订单下单或取消）。请重新加载查看当前库存，然后再保存。',
    );
    // Not the name, not the price, not the stock: the save is refused whole.
    expect(await loadEditor(created.id)).toEqual(afterSale);
    expect((await auditOf(created.id)).map((e) => e.action)).toEqual(['goods.create']);
    expect((await shop(`/v1/home/goods/${created.id}`)).body.data).toMatchObject({
      name: created.translations['en-US']!.name,
      stock: 10,
    });

    // Reloaded, the editor shows 5; staff type 20 again and the save goes through.
    const fresh = editorBody(await loadEditor(created.id));
    fresh.translations['en-US']!.name = 'Fresh lantern';
    fresh.skus[0]!.stock = 20;
    fresh.skus[1]!.price = 1999;
    const saved = await call('PUT', `/v1/admin/goods/${created.id}`, fresh);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const updated = envelopeSchema(adminGoodsDetailSchema).parse(saved.body).data;
    expect(stockBySku(updated)).toEqual([
      ['red', 20],
      ['blue', 5],
    ]);
    expect(updated).toMatchObject({
      stock: 25,
      price: 1999,
      translations: { 'en-US': { name: 'Fresh lantern' } },
    });
    expect(updated.skus.map((s) => s.id)).toEqual([red!.id, blue!.id]);
    expect((await shop(`/v1/home/goods/${created.id}`)).body.data).toMatchObject({
      name: 'Fresh lantern',
      stock: 25,
    });
  });

  it('saves other fields from a stale form without undoing the sale, and refuses stock over a cancellation', async () => {
    const created = await createGoods();
    const editor = await loadEditor(created.id);
    const [red] = editor.skus;
    const orderId = await placeOrder(red!.id, 1);

    // Red's stock was left as loaded (7), blue's was changed (5 → 9): red keeps the sale, blue takes the figure.
    const stale = editorBody(editor);
    stale.translations['en-US']!.name = 'Renamed while selling';
    stale.skus[0]!.price = 2400;
    stale.skus[1]!.stock = 9;
    const res = await call('PUT', `/v1/admin/goods/${created.id}`, stale);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const updated = envelopeSchema(adminGoodsDetailSchema).parse(res.body).data;
    expect(stockBySku(updated)).toEqual([
      ['red', 6],
      ['blue', 9],
    ]);
    expect(updated).toMatchObject({
      stock: 15,
      translations: { 'en-US': { name: 'Renamed while selling' } },
    });
    expect(updated.skus[0]!.price).toBe(2400);

    // The shopper cancels: the unit comes back, and a figure typed over 6 is now stale too.
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/v1/home/orders/${orderId}/cancel`,
      headers: { cookie: shopperCookie },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const afterCancel = await loadEditor(created.id);
    expect(stockBySku(afterCancel)).toEqual([
      ['red', 7],
      ['blue', 9],
    ]);
    const overCancel = editorBody(updated);
    overCancel.skus[0]!.stock = 3;
    overCancel.translations['en-US']!.name = 'Never saved';
    expect(await call('PUT', `/v1/admin/goods/${created.id}`, overCancel)).toMatchObject({
      status: 409,
      body: { code: 2, msg: STOCK_CHANGED },
    });
    expect(await loadEditor(created.id)).toEqual(afterCancel);
  });

  it(`lets exactly one of two saves from the same form win on ${testEngine()}`, async () => {
    const created = await createGoods();
    const editor = await loadEditor(created.id);
    const first = editorBody(editor);
    first.skus[0]!.stock = 30;
    first.translations['en-US']!.name = 'Saved by the first';
    const second = editorBody(editor);
    second.skus[0]!.stock = 40;
    second.translations['en-US']!.name = 'Saved by the second';

    const replies = await Promise.all([
      call('PUT', `/v1/admin/goods/${created.id}`, first),
      call('PUT', `/v1/admin/goods/${created.id}`, second),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = replies.findIndex((r) => r.status === 200);
    const now = await loadEditor(created.id);
    expect(now.skus[0]!.stock).toBe(winner === 0 ? 30 : 40);
    expect(now.translations['en-US']!.name).toBe(winner === 0 ? 'Saved by the first' : 'Saved by the second');
    expect(now.stock).toBe(now.skus[0]!.stock + 5);
    expect((await auditOf(created.id)).filter((e) => e.action === 'goods.update')).toHaveLength(1);
  });

  it(`never loses the units of a checkout racing a save on ${testEngine()}`, async () => {
    const created = await createGoods();
    const editor = await loadEditor(created.id);
    const body = editorBody(editor);
    body.skus[0]!.stock = 30;
    const [saved] = await Promise.all([
      call('PUT', `/v1/admin/goods/${created.id}`, body),
      placeOrder(editor.skus[0]!.id, 1),
    ]);
    // Saved first, the checkout took its unit from the new figure; checked out first, the save was refused.
    const red = (await loadEditor(created.id)).skus[0]!.stock;
    if (saved.status === 200) expect(red).toBe(29);
    else expect([saved.status, red]).toEqual([409, 6]);
  });
});

describe('on and off shelf', () => {
  it('takes several goods off shelf at once: shoppers no longer see them, staff still do', async () => {
    const a = await createGoods();
    const b = await createGoods();
    const name = a.translations['en-US']!.name;
    expect((await shop(`/v1/home/goods/${a.id}`)).status).toBe(200);
    expect((await shop(`/v1/home/goods?keyword=${encodeURIComponent(name)}`)).body.data).toHaveLength(1);

    const res = await call('POST', '/v1/admin/goods/shelf', {
      ids: [a.id, b.id, randomUUID()],
      onShelf: false,
    });
    expect(res.body.data.updated.sort()).toEqual([a.id, b.id].sort());
    expect((await shop(`/v1/home/goods/${a.id}`)).status).toBe(404);
    expect((await shop(`/v1/home/goods?keyword=${encodeURIComponent(name)}`)).body.data).toEqual([]);

    const staffList = await call('GET', `/v1/admin/goods?keyword=${encodeURIComponent(name)}&onShelf=false`);
    expect(staffList.body.data.map((g: Json) => [g.id, g.onShelf])).toEqual([[a.id, false]]);
    const entries = await auditOf(a.id);
    expect(entries.find((e) => e.action === 'goods.unshelve')).toMatchObject({
      before: { onShelf: true },
      after: { onShelf: false },
    });

    await call('POST', '/v1/admin/goods/shelf', { ids: [a.id], onShelf: true });
    expect((await shop(`/v1/home/goods/${a.id}`)).status).toBe(200);
  });

  it('refuses an empty list and answers 404 when no goods exists', async () => {
    expect((await call('POST', '/v1/admin/goods/shelf', { ids: [], onShelf: false })).body).toMatchObject({
      code: 1,
      msg: { ids: 'This field is required.' },
    });
    expect(
      (await call('POST', '/v1/admin/goods/shelf', { ids: [randomUUID()], onShelf: false })).status,
    ).toBe(404);
  });
});

describe('deleting goods', () => {
  it('deletes goods never ordered, with an audit entry, and shoppers lose them', async () => {
    const created = await createGoods();
    const res = await call('DELETE', `/v1/admin/goods/${created.id}`);
    expect(res.status).toBe(200);
    expect((await shop(`/v1/home/goods/${created.id}`)).status).toBe(404);
    expect((await call('GET', `/v1/admin/goods/${created.id}`)).status).toBe(404);
    const entries = await auditOf(created.id);
    expect(entries.find((e) => e.action === 'goods.delete')).toMatchObject({
      before: { id: created.id },
      after: null,
    });
  });

  it('refuses to delete ordered goods and suggests taking them off shelf', async () => {
    const created = await createGoods();
    await placeOrder(created.skus[0]!.id, 1);

    const res = await call('DELETE', `/v1/admin/goods/${created.id}`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: 2,
      data: null,
      msg: 'This item has been ordered, so it cannot be deleted. Take it off the shelf instead.',
    });
    expect((await call('GET', `/v1/admin/goods/${created.id}`)).body.data.ordered).toBe(true);
    expect((await auditOf(created.id)).map((e) => e.action)).toEqual(['goods.create']);
  });
});

describe('GET /v1/admin/goods', () => {
  const list = async (query: string) => {
    const res = await call('GET', `/v1/admin/goods${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return pagedEnvelopeSchema(adminGoodsRowSchema).parse(res.body);
  };

  it('counts every goods, off shelf included, and pages through them', async () => {
    const all = await list('?pageSize=5');
    expect(all.meta.total).toBe(await goodsCount());
    expect(all.data).toHaveLength(5);
    const off = await list('?onShelf=false&pageSize=100');
    expect(off.data.every((g) => !g.onShelf)).toBe(true);
    const on = await list('?onShelf=true&pageSize=1');
    expect(on.meta.total + off.meta.total).toBe(all.meta.total);
  });

  it('finds goods by a name in any locale, whatever the request language', async () => {
    const created = await createGoods(
      lamp({
        translations: {
          'en-US': { name: 'Zephyr desk fan', description: '' },
          'pt-BR': { name: 'Ventilador de mesa Zéfiro', description: '' },
        },
      }),
    );
    expect((await list('?keyword=zéfiro')).data.map((g) => [g.id, g.name])).toEqual([
      [created.id, 'Zephyr desk fan'],
    ]);
    expect((await list(`?keyword=${created.id}`)).data.map((g) => g.id)).toEqual([created.id]);
    expect((await list('?keyword=zephyr%20nothing-like-this')).meta.total).toBe(0);
  });

  it('filters by category including its children, low stock and price range, and sorts', async () => {
    const inChild = await createGoods(lamp({ categoryId: childCategoryId }));
    const family = await list(`?categoryId=${categoryId}&pageSize=100`);
    expect(family.data.map((g) => g.id)).toContain(inChild.id);
    const child = await list(`?categoryId=${childCategoryId}&pageSize=100`);
    expect(child.data.every((g) => g.categoryId === childCategoryId)).toBe(true);

    const low = await list('?lowStock=true&pageSize=100');
    expect(low.data.length).toBeGreaterThan(0);
    expect(low.data.every((g) => g.stock <= 10)).toBe(true);

    const ranged = await list('?minPrice=2000&maxPrice=5000&sort=price_asc&pageSize=100');
    const prices = ranged.data.map((g) => g.price);
    expect(prices.every((p) => p >= 2000 && p <= 5000)).toBe(true);
    expect(prices).toEqual([...prices].sort((x, y) => x - y));
    const byStock = (await list('?sort=stock_desc&pageSize=50')).data.map((g) => g.stock);
    expect(byStock).toEqual([...byStock].sort((x, y) => y - x));
  });

  it.each([
    ['?onShelf=maybe', 'onShelf'],
    ['?sort=name', 'sort'],
    ['?pageSize=500', 'pageSize'],
    ['?categoryId=abc', 'categoryId'],
    ['?colour=red', 'colour'],
  ])('refuses %s with code 1 naming %s', async (query, field) => {
    const res = await call('GET', `/v1/admin/goods${query}`);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.msg)).toEqual([field]);
  });
});

describe('GET /v1/admin/goods/export', () => {
  it('streams the matching goods as CSV with a BOM, every name, and formulas defused', async () => {
    const created = await createGoods(
      lamp({
        translations: {
          'en-US': { name: '=HYPERLINK("http://evil.example","Click")', description: '' },
          'zh-CN': { name: '导出测试台灯, "特别版"', description: '' },
          'pt-BR': { name: '@SUM(A1:A9)', description: '' },
          'zh-TW': { name: '-2+3', description: '' },
        },
      }),
    );
    const res = await t.app.inject({
      url: `/v1/admin/goods/export?keyword=${encodeURIComponent('导出测试台灯')}`,
      headers: { cookie: staffCookie, 'accept-language': 'zh-CN' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="goods-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows: string[][] = parseCsv(res.rawPayload.subarray(3).toString('utf8'));
    expect(rows[0]).toEqual([
      '编号',
      '名称 (en-US)',
      '名称 (pt-BR)',
      '名称 (zh-CN)',
      '名称 (zh-TW)',
      '分类',
      '售价',
      '原价',
      '币种',
      '库存',
      '销量',
      'SKU 数',
      '上架',
      '创建时间',
      '更新时间',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(0, 14)).toEqual([
      created.id,
      `'=HYPERLINK("http://evil.example","Click")`,
      `'@SUM(A1:A9)`,
      '导出测试台灯, "特别版"',
      `'-2+3`,
      expect.any(String),
      '23.00',
      '',
      'USD',
      '12',
      '0',
      '2',
      '是',
      created.createdAt,
    ]);
  });

  it('exports every match, not one page, with the list filters', async () => {
    const res = await t.app.inject({
      url: '/v1/admin/goods/export?onShelf=false',
      headers: { cookie: staffCookie },
    });
    const rows: string[][] = parseCsv(res.rawPayload.subarray(3).toString('utf8'));
    const total = (await call('GET', '/v1/admin/goods?onShelf=false')).body.meta.total;
    expect(rows.length - 1).toBe(total);
    const all = await t.app.inject({ url: '/v1/admin/goods/export', headers: { cookie: staffCookie } });
    expect(parseCsv(all.rawPayload.subarray(3).toString('utf8'))).toHaveLength((await goodsCount()) + 1);
  });

  it('refuses bad filters with code 1 before sending any CSV', async () => {
    const res = await call('GET', '/v1/admin/goods/export?page=2');
    expect(res.status).toBe(422);
    expect(res.body.msg).toEqual({ page: 'Unknown field.' });
  });
});

describe('categories', () => {
  const tree = async () =>
    envelopeSchema(z.array(adminCategorySchema)).parse((await call('GET', '/v1/admin/categories')).body).data;
  const flat = (nodes: AdminCategory[]): AdminCategory[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

  it('lists the tree with every translation and goods counts', async () => {
    const nodes = await tree();
    const all = flat(nodes);
    expect(nodes.every((n) => n.parentId === null)).toBe(true);
    expect(all.every((n) => n.children.every((c) => c.parentId === n.id))).toBe(true);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(schema.goods)
      .where(eq(schema.goods.categoryId, childCategoryId));
    expect(all.find((n) => n.id === childCategoryId)!.goodsCount).toBe(row!.n);
    expect(Object.keys(nodes[0]!.name).sort()).toEqual(['en-US', 'pt-BR', 'zh-CN', 'zh-TW']);
  });

  it('creates, renames and deletes a category; shoppers see it only while goods are on shelf in it', async () => {
    const shopped = async (locale = 'zh-CN') =>
      (await shop('/v1/home/categories', locale)).body.data as Json[];
    await shopped();
    const lighting = await call('POST', '/v1/admin/categories', {
      name: { 'en-US': 'Lighting', 'zh-CN': '照明' },
      parentId: null,
      icon: '',
      sort: 9,
    });
    expect(lighting.status, JSON.stringify(lighting.body)).toBe(201);
    const parent = lighting.body.data as AdminCategory;
    const res = await call('POST', '/v1/admin/categories', {
      name: { 'en-US': 'Lanterns', 'zh-CN': '灯笼', 'pt-BR': '', 'zh-TW': '燈籠' },
      parentId: parent.id,
      icon: '',
      sort: 5,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const created = res.body.data as AdminCategory;
    expect(created.name).toEqual({ 'en-US': 'Lanterns', 'zh-CN': '灯笼', 'zh-TW': '燈籠' });
    // Empty: staff see both, shoppers neither (it would lead to "no products").
    expect(flat(await tree()).map((c) => c.id)).toEqual(expect.arrayContaining([parent.id, created.id]));
    expect((await shopped()).filter((c) => c.id === parent.id || c.id === created.id)).toEqual([]);

    // The first goods on shelf in the child shows it, and its parent through it.
    const goods = await createGoods(lamp({ categoryId: created.id }));
    expect((await shopped()).find((c) => c.id === created.id)).toMatchObject({
      name: '灯笼',
      parentId: parent.id,
    });
    expect((await shopped()).find((c) => c.id === parent.id)).toMatchObject({ name: '照明' });

    const renamed = await call('PUT', `/v1/admin/categories/${created.id}`, {
      name: { 'en-US': 'Paper lanterns', 'zh-CN': '纸灯笼' },
      parentId: null,
      icon: imageUrl,
      sort: 1,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ parentId: null, icon: imageUrl, goodsCount: 1 });
    const again = await shopped();
    expect(again.find((c) => c.id === created.id)).toMatchObject({ name: '纸灯笼', parentId: null });
    // The parent lost its only child with goods.
    expect(again.some((c) => c.id === parent.id)).toBe(false);

    // Its last goods off shelf hides it; back on shelf shows it again, in every language.
    await call('POST', '/v1/admin/goods/shelf', { ids: [goods.id], onShelf: false });
    expect((await shopped('en-US')).some((c) => c.id === created.id)).toBe(false);
    await call('POST', '/v1/admin/goods/shelf', { ids: [goods.id], onShelf: true });
    expect((await shopped('en-US')).find((c) => c.id === created.id)).toMatchObject({
      name: 'Paper lanterns',
    });

    expect((await call('DELETE', `/v1/admin/goods/${goods.id}`)).status).toBe(200);
    expect((await shopped()).some((c) => c.id === created.id)).toBe(false);
    expect((await call('DELETE', `/v1/admin/categories/${created.id}`)).status).toBe(200);
    expect((await call('DELETE', `/v1/admin/categories/${parent.id}`)).status).toBe(200);
    expect(flat(await tree()).some((c) => c.id === created.id)).toBe(false);
    expect((await auditOf(created.id)).map((e) => e.action).sort()).toEqual([
      'category.create',
      'category.delete',
      'category.update',
    ]);
  });

  it.each<[string, () => object, Record<string, string>]>([
    [
      'no name in the default locale',
      () => ({ name: { 'zh-CN': '灯' }, parentId: null, icon: '', sort: 0 }),
      { 'name.en-US': "Please fill this in for the shop's default language." },
    ],
    [
      'no name at all',
      () => ({ name: {}, parentId: null, icon: '', sort: 0 }),
      { name: 'This field is required.' },
    ],
    [
      'a grandchild',
      () => ({ name: { 'en-US': 'Deep' }, parentId: childCategoryId, icon: '', sort: 0 }),
      { parentId: 'Choose a top-level category as the parent.' },
    ],
    [
      'an unknown parent',
      () => ({ name: { 'en-US': 'Lost' }, parentId: randomUUID(), icon: '', sort: 0 }),
      { parentId: 'This category does not exist.' },
    ],
    [
      'an icon from elsewhere',
      () => ({ name: { 'en-US': 'X' }, parentId: null, icon: 'javascript:alert(1)', sort: 0 }),
      { icon: 'Please upload an image.' },
    ],
  ])('refuses %s with code 1', async (_label, body, fields) => {
    const before = flat(await tree()).length;
    const res = await call('POST', '/v1/admin/categories', body());
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 1, msg: fields });
    expect(flat(await tree())).toHaveLength(before);
  });

  it('will not move a category that has children under another', async () => {
    const nodes = await tree();
    const [first, second] = nodes;
    const res = await call('PUT', `/v1/admin/categories/${first!.id}`, {
      name: first!.name,
      parentId: second!.id,
      icon: first!.icon,
      sort: first!.sort,
    });
    expect(res.body).toMatchObject({
      code: 1,
      msg: { parentId: 'Choose a top-level category as the parent.' },
    });
  });

  it('refuses to delete a category that has goods or children', async () => {
    const parent = await call('DELETE', `/v1/admin/categories/${categoryId}`);
    expect(parent.status).toBe(409);
    expect(parent.body).toEqual({
      code: 2,
      data: null,
      msg: 'This category still has products or subcategories, so it cannot be deleted.',
    });
    expect((await call('DELETE', `/v1/admin/categories/${childCategoryId}`)).status).toBe(409);
    expect((await call('DELETE', `/v1/admin/categories/${randomUUID()}`)).status).toBe(404);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, categoryId)));
    expect(row!.n).toBe(0);
  });
});
