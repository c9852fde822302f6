import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECENTLY_VIEWED_LIMIT, type GoodsInputBody } from '@shop/contract';
import {
  callApi,
  createShopper,
  createTestApp,
  loginCookie,
  signedInStaff,
  type TestApp,
} from '../../testing.ts';

let t: TestApp;
let staffCookie = '';
let categoryId = '';
let cover = '';
let redPicture = '';
const ids = { cup: '', teapot: '', soldOut: '' };

const staff = (method: string, url: string, payload?: object) =>
  callApi(t.app, method, url, { cookie: staffCookie, payload });

async function upload(colour: { r: number; g: number; b: number }): Promise<string> {
  const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const boundary = `----browsing${randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/admin/media',
    headers: { cookie: staffCookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.url as string;
}

async function createGoods(body: Omit<GoodsInputBody, 'categoryId' | 'images' | 'onShelf'>): Promise<string> {
  const res = await staff('POST', '/v1/admin/goods', { categoryId, images: [cover], onShelf: true, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
}

beforeAll(async () => {
  t = await createTestApp();
  staffCookie = (
    await signedInStaff(t, { email: 'tea@shop.test', password: 'Tea-staff-2026', role: 'staff' })
  ).cookie;
  cover = await upload({ r: 240, g: 240, b: 240 });
  redPicture = await upload({ r: 200, g: 20, b: 20 });
  // A category named in English and traditional Chinese only.
  const category = await staff('POST', '/v1/admin/categories', {
    name: { 'en-US': 'Teaware', 'zh-TW': '茶具' },
    parentId: null,
    icon: '',
    sort: 50,
  });
  expect(category.status, JSON.stringify(category.body)).toBe(201);
  categoryId = category.body.data.id;
  // Saved with a Chinese name and no Chinese description; the option is named in English and zh-TW only.
  ids.cup = await createGoods({
    translations: {
      'zh-CN': { name: '白瓷茶杯', description: '' },
      'en-US': { name: 'Porcelain tea cup', description: 'Thin white porcelain.' },
    },
    options: [
      {
        id: 'colour',
        name: { 'en-US': 'Colour', 'zh-TW': '顏色' },
        values: [
          { id: 'red', name: { 'en-US': 'Red' }, image: redPicture },
          { id: 'white', name: { 'en-US': 'White', 'zh-TW': '白色' } },
        ],
      },
    ],
    skus: [
      { options: ['red'], price: 1200, originalPrice: null, stock: 4 },
      { options: ['white'], price: 1000, originalPrice: null, stock: 4 },
    ],
  });
  ids.teapot = await createGoods({
    translations: {
      'en-US': { name: 'Porcelain teapot', description: '' },
      'zh-TW': { name: '白瓷茶壺', description: '' },
    },
    options: [],
    skus: [{ options: [], price: 3000, originalPrice: null, stock: 2 }],
  });
  ids.soldOut = await createGoods({
    translations: { 'en-US': { name: 'Porcelain saucer', description: '' } },
    options: [],
    skus: [{ options: [], price: 500, originalPrice: null, stock: 0 }],
  });
}, 180_000);
afterAll(() => t.close());

describe('translations fall back field by field (reader → other Chinese script → en-US → any)', () => {
  it('a goods with only a zh-CN name shows its English description and zh-TW option names in zh-CN', async () => {
    const { status, body } = await callApi(t.app, 'GET', `/v1/home/goods/${ids.cup}`, { locale: 'zh-CN' });
    expect(status).toBe(200);
    expect(body.data.name).toBe('白瓷茶杯');
    expect(body.data.description).toBe('Thin white porcelain.');
    expect(body.data.options[0].name).toBe('顏色');
    expect(body.data.options[0].values.map((v: { name: string }) => v.name)).toEqual(['Red', '白色']);
  });

  it('listings and category names prefer the other script of Chinese to English', async () => {
    const related = await callApi(t.app, 'GET', `/v1/home/goods/${ids.cup}/related`, { locale: 'zh-CN' });
    expect(related.body.data.find((g: { id: string }) => g.id === ids.teapot)?.name).toBe('白瓷茶壺');
    const categories = await callApi(t.app, 'GET', '/v1/home/categories', { locale: 'zh-CN' });
    expect(categories.body.data.find((c: { id: string }) => c.id === categoryId)?.name).toBe('茶具');
  });

  it('the cart line is named in the fallback order too', async () => {
    const cup = await callApi(t.app, 'GET', `/v1/home/goods/${ids.cup}`);
    const red = cup.body.data.skus.find((s: { options: string[] }) => s.options[0] === 'red');
    const added = await callApi(t.app, 'POST', '/v1/home/cart/items', {
      payload: { skuId: red.id, quantity: 1 },
      locale: 'zh-TW',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    // zh-TW reader: no zh-TW name, so the zh-CN one (the other script) before English.
    expect(added.body.data.items[0]).toMatchObject({ name: '白瓷茶杯', options: ['Red'] });
  });
});

describe('pictures per option value', () => {
  it('the detail page gives a value its own picture, and the cart line shows the chosen SKU picture', async () => {
    const cup = await callApi(t.app, 'GET', `/v1/home/goods/${ids.cup}`);
    expect(cup.body.data.options[0].values[0].image).toBe(redPicture);
    expect(cup.body.data.options[0].values[1].image).toBeUndefined();
    const skuOf = (value: string) =>
      cup.body.data.skus.find((s: { options: string[] }) => s.options[0] === value).id as string;
    let cookie = '';
    for (const value of ['red', 'white']) {
      const res = await callApi(t.app, 'POST', '/v1/home/cart/items', {
        cookie,
        payload: { skuId: skuOf(value), quantity: 1 },
      });
      cookie ||= res.res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    }
    const cart = await callApi(t.app, 'GET', '/v1/home/cart', { cookie });
    const imageOf = (value: string) =>
      cart.body.data.items.find((i: { skuId: string }) => i.skuId === skuOf(value)).image;
    expect(imageOf('red')).toBe(redPicture);
    expect(imageOf('white')).toBe(cover);
  });

  it('staff see the picture when they open the goods again', async () => {
    const detail = await staff('GET', `/v1/admin/goods/${ids.cup}`);
    expect(detail.body.data.options[0].values[0].image).toBe(redPicture);
  });
});

describe('GET /v1/home/goods/:id/related', () => {
  it('lists goods of the same category in stock, without the goods itself or sold-out ones', async () => {
    const { status, body } = await callApi(t.app, 'GET', `/v1/home/goods/${ids.cup}/related`);
    expect(status).toBe(200);
    const listed = body.data.map((g: { id: string }) => g.id);
    expect(listed[0]).toBe(ids.teapot);
    expect(listed).not.toContain(ids.cup);
    expect(listed).not.toContain(ids.soldOut);
    expect(listed.length).toBeLessThanOrEqual(8);
  });

  it('answers 404 for goods not on the shelf and 422 for a malformed id', async () => {
    expect((await callApi(t.app, 'GET', `/v1/home/goods/${randomUUID()}/related`)).status).toBe(404);
    expect((await callApi(t.app, 'GET', '/v1/home/goods/nope/related')).status).toBe(422);
  });
});

describe('recently viewed', () => {
  it("keeps a signed-in shopper's goods on the server, newest first, each once", async () => {
    const shopper = await createShopper(t.database, { email: 'mei@example.com', password: 'Mei-shops-2026' });
    const cookie = await loginCookie(t.app, shopper.email, shopper.password);
    const put = (goodsIds: string[]) =>
      callApi(t.app, 'PUT', '/v1/home/recently-viewed', { cookie, payload: { goodsIds } });
    // At login the browser's list (newest first) is merged in, then each page adds its goods.
    expect((await put([ids.teapot, ids.cup])).status).toBe(200);
    const after = await put([ids.cup]);
    expect(after.body.data.map((g: { id: string }) => g.id)).toEqual([ids.cup, ids.teapot]);
    const listed = await callApi(t.app, 'GET', '/v1/home/recently-viewed', { cookie });
    expect(listed.res.headers['cache-control']).toContain('no-store');
    expect(listed.body.data.map((g: { id: string }) => g.id)).toEqual([ids.cup, ids.teapot]);

    // Another shopper sees only their own (empty) list, whatever ids they send.
    const other = await createShopper(t.database, { email: 'rui@example.com', password: 'Rui-shops-2026' });
    const otherCookie = await loginCookie(t.app, other.email, other.password);
    const theirs = await callApi(t.app, 'GET', '/v1/home/recently-viewed', { cookie: otherCookie });
    expect(theirs.body.data).toEqual([]);
  });

  it('keeps only the latest goods of a shopper', async () => {
    const shopper = await createShopper(t.database, { email: 'ana@example.com', password: 'Ana-shops-2026' });
    const cookie = await loginCookie(t.app, shopper.email, shopper.password);
    const list = await callApi(t.app, 'GET', `/v1/home/goods?pageSize=${RECENTLY_VIEWED_LIMIT + 3}`);
    const shelf = list.body.data.map((g: { id: string }) => g.id) as string[];
    for (const id of shelf) {
      await callApi(t.app, 'PUT', '/v1/home/recently-viewed', { cookie, payload: { goodsIds: [id] } });
    }
    const kept = await callApi(t.app, 'GET', '/v1/home/recently-viewed', { cookie });
    expect(kept.body.data.map((g: { id: string }) => g.id)).toEqual(
      shelf.reverse().slice(0, RECENTLY_VIEWED_LIMIT),
    );
  });

  it("describes a guest's browser list, skipping goods no longer on the shelf, and refuses to save it", async () => {
    const gone = randomUUID();
    const res = await callApi(t.app, 'GET', `/v1/home/recently-viewed?ids=${ids.teapot},${gone},${ids.cup}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((g: { id: string }) => g.id)).toEqual([ids.teapot, ids.cup]);
    const put = await callApi(t.app, 'PUT', '/v1/home/recently-viewed', { payload: { goodsIds: [ids.cup] } });
    expect(put.status).toBe(401);
  });

  it('refuses malformed or too many ids with code 1', async () => {
    const bad = await callApi(t.app, 'GET', '/v1/home/recently-viewed?ids=not-an-id');
    expect(bad.status).toBe(422);
    const many = Array.from({ length: RECENTLY_VIEWED_LIMIT + 1 }, () => randomUUID()).join(',');
    expect((await callApi(t.app, 'GET', `/v1/home/recently-viewed?ids=${many}`)).status).toBe(422);
  });
});
