import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminGoodsDetail, GoodsInputBody } from '@shop/contract';
import { schema } from '@shop/db';
import { buildApp } from '../../app.ts';
import {
  callApi,
  createShopper,
  createTestApp,
  keptMail,
  loginCookie,
  nextKeptMail,
  signedInStaff,
  type TestApp,
} from '../../testing.ts';

let t: TestApp;
let staffCookie = '';
let categoryId = '';
let imageUrl = '';
beforeAll(async () => {
  t = await createTestApp();
  staffCookie = (
    await signedInStaff(t, { email: 'stock@shop.test', password: 'Stock-keeper-2026', role: 'staff' })
  ).cookie;
  const [any] = await t.database.db.select().from(schema.goods).limit(1);
  categoryId = any!.categoryId;
  imageUrl = any!.image;
});
afterAll(() => t.close());

const staff = (method: string, url: string, payload?: object) =>
  callApi(t.app, method, url, { cookie: staffCookie, payload });

let seq = 0;
/** A kettle in two colours: black in stock, white sold out. */
async function kettle(): Promise<AdminGoodsDetail> {
  seq += 1;
  const body: GoodsInputBody = {
    categoryId,
    translations: {
      'en-US': { name: `Stovetop kettle ${seq}`, description: 'Whistles.' },
      'pt-BR': { name: `Chaleira de fogão ${seq}`, description: 'Apita.' },
      'zh-CN': { name: `烧水壶${seq}号`, description: '会响。' },
    },
    images: [imageUrl],
    options: [
      {
        id: 'colour',
        name: { 'en-US': 'Colour', 'pt-BR': 'Cor', 'zh-CN': '颜色' },
        values: [
          { id: 'black', name: { 'en-US': 'Black', 'pt-BR': 'Preta', 'zh-CN': '黑色' } },
          { id: 'white', name: { 'en-US': 'White', 'pt-BR': 'Branca', 'zh-CN': '白色' } },
        ],
      },
    ],
    skus: [
      { options: ['black'], price: 4500, originalPrice: null, stock: 4 },
      { options: ['white'], price: 4500, originalPrice: null, stock: 0 },
    ],
    onShelf: true,
  };
  const res = await staff('POST', '/v1/admin/goods', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as AdminGoodsDetail;
}

const whiteOf = (goods: AdminGoodsDetail) => goods.skus.find((s) => s.options[0] === 'white')!.id;

/** Staff set the white kettle's stock in the back office's editor. */
async function restock(goods: AdminGoodsDetail, stock: number) {
  const detail = (await staff('GET', `/v1/admin/goods/${goods.id}`)).body.data as AdminGoodsDetail;
  const res = await staff('PUT', `/v1/admin/goods/${goods.id}`, {
    categoryId: detail.categoryId,
    translations: detail.translations,
    images: detail.images,
    options: detail.options,
    skus: detail.skus.map((s) => ({
      id: s.id,
      options: s.options,
      price: s.price,
      originalPrice: s.originalPrice,
      stock: s.options[0] === 'white' ? stock : s.stock,
      expectedStock: s.stock,
    })),
    onShelf: detail.onShelf,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const subscribe = (skuId: string, options: { email?: string; cookie?: string; locale?: string }) =>
  callApi(t.app, 'POST', '/v1/home/stock-alerts', {
    cookie: options.cookie,
    locale: options.locale,
    payload: { skuId, ...(options.email ? { email: options.email } : {}) },
  });

/** Waits until the sender has nothing left to mail for these SKUs. */
async function settled(skuIds: string[]) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const waiting = await t.database.db
      .select()
      .from(schema.stockAlerts)
      .where(and(isNull(schema.stockAlerts.sentAt), isNull(schema.stockAlerts.cancelledAt)));
    if (!waiting.some((w) => skuIds.includes(w.skuId))) return;
    if (Date.now() > deadline) throw new Error('alerts still waiting after 5 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('back-in-stock alerts', () => {
  it('mails each subscriber exactly once, in their language, when staff restock, even with two restocks at once', async () => {
    const shopper = await createShopper(t.database, {
      email: 'eva@example.com',
      password: 'Eva-secret-2026',
    });
    const cookie = await loginCookie(t.app, shopper.email, shopper.password);
    const first = await kettle();
    const second = await kettle();

    const own = await subscribe(whiteOf(first), { cookie });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.data.email).toBe('eva@example.com');
    expect((await subscribe(whiteOf(first), { email: 'Lia@Example.com', locale: 'pt-BR' })).status).toBe(200);
    // Asking again is the same subscription.
    expect((await subscribe(whiteOf(first), { email: 'lia@example.com', locale: 'pt-BR' })).status).toBe(200);
    expect((await subscribe(whiteOf(second), { email: 'lia@example.com', locale: 'pt-BR' })).status).toBe(
      200,
    );
    const rows = await t.database.db.select().from(schema.stockAlerts);
    expect(rows.filter((r) => r.email === 'lia@example.com')).toHaveLength(2);

    // An option in stock needs no alert.
    const black = first.skus.find((s) => s.options[0] === 'black')!.id;
    expect((await subscribe(black, { email: 'lia@example.com' })).status).toBe(409);
    // Nothing is sent before the stock comes back.
    expect(await keptMail(t, 'lia@example.com')).toHaveLength(0);

    await Promise.all([restock(first, 3), restock(second, 2)]);
    await settled([whiteOf(first), whiteOf(second)]);
    const lia = await keptMail(t, 'lia@example.com');
    expect(lia).toHaveLength(2);
    for (const mail of lia) {
      expect(mail.subject).toContain('voltou ao estoque');
      expect(mail.text).toContain('http://shop.test/detail?id=');
    }
    expect(lia.map((m) => m.subject).sort()).toEqual([
      `Chaleira de fogão ${seq - 1} (Branca) voltou ao estoque na Mercado Lumen`,
      `Chaleira de fogão ${seq} (Branca) voltou ao estoque na Mercado Lumen`,
    ]);
    const eva = await nextKeptMail(t, 'eva@example.com');
    expect(eva.subject).toContain('is back in stock');
    expect(eva.text).toContain(`http://shop.test/detail?id=${first.id}`);

    // A second restock (and a sale and restock after it) sends nothing more to the same subscription.
    await restock(first, 9);
    await settled([whiteOf(first)]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await keptMail(t, 'lia@example.com')).toHaveLength(2);
    expect(await keptMail(t, 'eva@example.com')).toHaveLength(1);
  });

  it('lets the address stop its other alerts from the mail, without signing in', async () => {
    const a = await kettle();
    const b = await kettle();
    await subscribe(whiteOf(a), { email: 'noah@example.com', locale: 'zh-CN' });
    await subscribe(whiteOf(b), { email: 'noah@example.com', locale: 'zh-CN' });
    await restock(a, 1);
    const mail = await nextKeptMail(t, 'noah@example.com');
    expect(mail.subject).toContain('到货');
    const token = /stock-alerts\/unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const out = await callApi(t.app, 'POST', '/v1/home/stock-alerts/unsubscribe', { payload: { token } });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    await restock(b, 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await keptMail(t, 'noah@example.com')).toHaveLength(1);
    const wrong = await callApi(t.app, 'POST', '/v1/home/stock-alerts/unsubscribe', {
      payload: { token: 'x'.repeat(43) },
    });
    expect(wrong.status).toBe(404);
  });

  it('sends after a restart what was due when the shop stopped, and a mail that failed, exactly once', async () => {
    const goods = await kettle();
    await subscribe(whiteOf(goods), { email: 'omar@example.com' });
    await subscribe(whiteOf(goods), { email: 'pia@example.com' });
    // The stock committed, then the shop stopped before its sender woke (no change went through the app);
    // Pia's alert was even claimed by a sender that died mid-mail.
    await t.database.db
      .update(schema.skus)
      .set({ stock: 5 })
      .where(eq(schema.skus.id, whiteOf(goods)));
    await t.database.db
      .update(schema.stockAlerts)
      .set({ claimedUntil: new Date(Date.now() - 1000) })
      .where(eq(schema.stockAlerts.email, 'pia@example.com'));
    const restarted = await buildApp(
      { logLevel: 'silent', storefrontDist: '/nonexistent', publicUrl: 'http://shop.test' },
      t.database,
    );
    try {
      await restarted.ready();
      await settled([whiteOf(goods)]);
    } finally {
      await restarted.close();
    }
    expect(await keptMail(t, 'omar@example.com')).toHaveLength(1);
    expect(await keptMail(t, 'pia@example.com')).toHaveLength(1);
  });

  it('limits guest subscriptions per address, so the form cannot flood someone', async () => {
    const goods = await Promise.all([1, 2, 3, 4, 5, 6].map(() => kettle()));
    const answers = [];
    for (const g of goods)
      answers.push((await subscribe(whiteOf(g), { email: 'victim@example.com' })).status);
    expect(answers.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[5]).toBe(429);
  });

  it('refuses hostile input without a server error', async () => {
    const bad: object[] = [
      {},
      { skuId: 'nope' },
      { skuId: '00000000-0000-4000-8000-000000000000' },
      { skuId: '00000000-0000-4000-8000-000000000000', email: 'not an email' },
      { skuId: '00000000-0000-4000-8000-000000000000', email: 'a@b.co', extra: 1 },
      { skuId: ["' or 1=1 --"], email: { $ne: null } },
    ];
    for (const payload of bad) {
      const res = await callApi(t.app, 'POST', '/v1/home/stock-alerts', { payload });
      expect(res.status, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(payload)).toBeLessThan(500);
    }
    const missing = await callApi(t.app, 'POST', '/v1/home/stock-alerts', {
      payload: { skuId: '00000000-0000-4000-8000-000000000000', email: 'a@example.com' },
    });
    expect(missing.status).toBe(404);
    for (const token of ['', 'short', '<script>', 'a'.repeat(500)]) {
      const res = await callApi(t.app, 'POST', '/v1/home/stock-alerts/unsubscribe', { payload: { token } });
      expect(res.status).toBe(422);
    }
  });
});
