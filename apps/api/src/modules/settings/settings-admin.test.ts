import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminShopSettingsSchema, envelopeSchema, type ShopSettingsInputBody } from '@shop/contract';
import { schema } from '@shop/db';
import { signWebhook } from '../payments/payments.service.ts';
import { callApi, createTestApp, signedInStaff, type Json, type TestApp } from '../../testing.ts';

let t: TestApp;
let adminCookie = '';
let staffCookie = '';

const call = (method: string, url: string, payload?: object, cookie = adminCookie) =>
  callApi(t.app, method, url, { cookie, payload });
const systems = async (locale?: string) =>
  (await callApi(t.app, 'GET', '/v1/home/systems', { locale })).body.data as Json;
const storedDocument = async () =>
  (await t.database.db.select().from(schema.shopSettings).where(eq(schema.shopSettings.id, 1)))[0]!
    .data as Json;

async function current(): Promise<ShopSettingsInputBody> {
  const { updatedAt: _updatedAt, ...settings } = envelopeSchema(adminShopSettingsSchema).parse(
    (await call('GET', '/v1/admin/settings')).body,
  ).data;
  return settings;
}

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = (
    await signedInStaff(t, { email: 'boss@shop.test', password: 'Boss-admin-2026', role: 'admin' })
  ).cookie;
  staffCookie = (
    await signedInStaff(t, { email: 'sal@shop.test', password: 'Sal-staff-2026', role: 'staff' })
  ).cookie;
});
afterAll(() => t.close());

describe('GET /v1/admin/settings', () => {
  it('shows admins every translation and never a secret', async () => {
    const res = await call('GET', '/v1/admin/settings');
    expect(res.status).toBe(200);
    expect(res.body.data.shopName).toMatchObject({
      'en-US': expect.any(String),
      'zh-CN': expect.any(String),
    });
    expect(res.res.body).not.toMatch(/secret/i);
    expect(res.res.body).not.toContain((await storedDocument()).webhookSecret);
  });

  it('is for admins only', async () => {
    expect((await call('GET', '/v1/admin/settings', undefined, staffCookie)).status).toBe(403);
    expect((await call('PUT', '/v1/admin/settings', await current(), staffCookie)).status).toBe(403);
  });
});

describe('PUT /v1/admin/settings', () => {
  it('changes the settings; the storefront shows them at once and the audit log has before and after', async () => {
    const before = await current();
    expect((await systems('zh-CN')).shopName).toBe(before.shopName['zh-CN']);
    const stored = await storedDocument();
    const next: ShopSettingsInputBody = {
      ...before,
      shopName: { ...before.shopName, 'zh-CN': '灯笼小铺', 'en-US': 'Lantern Shop' },
      banners: [
        { image: before.banners[0]!.image, title: { 'en-US': 'Festival sale' }, link: '/detail?id=1' },
        { image: before.banners[1]!.image, title: { 'en-US': 'Partner' }, link: 'https://partner.example/x' },
      ],
      shippingFee: 500,
      freeShippingOver: 5000,
      paymentWindowMinutes: 45,
      currency: 'eur',
    };
    const res = await call('PUT', '/v1/admin/settings', next);
    expect(res.status, res.res.body).toBe(200);
    expect(res.body.data).toMatchObject({ currency: 'EUR', shippingFee: 500, paymentWindowMinutes: 45 });

    const shown = await systems('zh-CN');
    expect(shown).toMatchObject({
      shopName: '灯笼小铺',
      currency: 'EUR',
      shippingFee: 500,
      freeShippingOver: 5000,
      paymentWindowMinutes: 45,
    });
    expect(shown.banners.map((b: Json) => [b.title, b.link])).toEqual([
      ['Festival sale', '/detail?id=1'],
      ['Partner', 'https://partner.example/x'],
    ]);
    // Shoppers no market sells to (here a zh-CN reader: this shop has only its US market) see the shop's currency;
    // the US market keeps its own dollars.
    const goods = (
      await t.app.inject({ url: '/v1/home/goods?pageSize=1', headers: { 'accept-language': 'zh-CN' } })
    ).json().data as Json[];
    expect(goods[0]!.currency).toBe('EUR');

    // Keys staff never edit stay in the document.
    const after = await storedDocument();
    expect(after.webhookSecret).toBe(stored.webhookSecret);
    for (const key of Object.keys(stored)) expect(after).toHaveProperty(key);

    const [entry] = await t.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'settings.update'));
    expect(entry!.before).toMatchObject({ shippingFee: before.shippingFee, currency: before.currency });
    expect(entry!.after).toMatchObject({ shippingFee: 500, currency: 'EUR' });
    expect(JSON.stringify(entry)).not.toContain(stored.webhookSecret);

    expect((await call('PUT', '/v1/admin/settings', before)).status).toBe(200);
  });

  it('switches the default locale for requests that name none', async () => {
    const before = await current();
    expect((await call('PUT', '/v1/admin/settings', { ...before, defaultLocale: 'pt-BR' })).status).toBe(200);
    const res = await t.app.inject({ url: '/v1/home/systems' });
    expect(res.json().data).toMatchObject({ defaultLocale: 'pt-BR', shopName: before.shopName['pt-BR'] });
    expect((await call('PUT', '/v1/admin/settings', before)).status).toBe(200);
  });

  it.each<[string, (s: ShopSettingsInputBody) => void, Record<string, string>]>([
    [
      'an unknown currency',
      (s) => (s.currency = 'XYZ'),
      { currency: 'Please enter a three-letter ISO 4217 currency code.' },
    ],
    [
      'a script link in a banner',
      (s) => (s.banners[0]!.link = 'javascript:alert(1)'),
      { 'banners.0.link': 'Use a path in the shop (starting with /) or an http(s) address.' },
    ],
    [
      'a link to another host without a scheme',
      (s) => (s.banners[0]!.link = '//evil.example'),
      { 'banners.0.link': 'Use a path in the shop (starting with /) or an http(s) address.' },
    ],
    [
      'a banner image from elsewhere',
      (s) => (s.banners[0]!.image = 'https://evil.example/a.png'),
      { 'banners.0.image': 'Please upload an image.' },
    ],
    ['a negative shipping fee', (s) => (s.shippingFee = -1), { shippingFee: 'This value is out of range.' }],
    [
      'a payment window of a minute',
      (s) => (s.paymentWindowMinutes = 1),
      { paymentWindowMinutes: 'This value is out of range.' },
    ],
    [
      'an unsupported default locale',
      (s) => ((s as Json).defaultLocale = 'fr-FR'),
      { defaultLocale: 'Invalid value.' },
    ],
    [
      'a malformed contact email',
      (s) => (s.contact.email = 'not-an-email'),
      { 'contact.email': 'The email address is in the wrong format!' },
    ],
    [
      'no shop name in the default locale',
      (s) => (s.shopName = { 'zh-CN': '只有中文' }),
      { 'shopName.en-US': "Please fill this in for the shop's default language." },
    ],
    ['a webhook secret', (s) => ((s as Json).webhookSecret = 'mine'), { webhookSecret: 'Unknown field.' }],
  ])('refuses %s with code 1 and changes nothing', async (_label, spoil, fields) => {
    const before = await storedDocument();
    const shown = await systems();
    const body = await current();
    spoil(body);
    const res = await call('PUT', '/v1/admin/settings', body);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 1, data: null, msg: fields });
    expect(await storedDocument()).toEqual(before);
    expect(await systems()).toEqual(shown);
  });
});

describe('POST /v1/admin/settings/webhook-secret', () => {
  const event = () =>
    JSON.stringify({
      id: `evt_${randomUUID()}`,
      type: 'charge.failed',
      chargeId: randomUUID(),
      orderId: randomUUID(),
      amount: 100,
      currency: 'USD',
      created: Math.floor(Date.now() / 1000),
    });
  const deliver = (body: string, secret: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/webhooks/payments',
      headers: {
        'content-type': 'application/json',
        'accept-language': 'en-US',
        'shop-signature': signWebhook(secret, body),
      },
      payload: body,
    });
  /** The event names no charge the shop knows, so past the signature it is refused as not matching. */
  const signatureRefused = async (body: string, secret: string) => {
    const res = await deliver(body, secret);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 2 });
    return res.json().msg === 'The webhook signature is not valid.';
  };

  it('puts a new secret in force at once and audits the rotation without the value', async () => {
    const old = (await storedDocument()).webhookSecret as string;
    expect(await signatureRefused(event(), old)).toBe(false);

    const res = await call('POST', '/v1/admin/settings/webhook-secret');
    expect(res.status).toBe(200);
    const secret = res.body.data.secret as string;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(secret).not.toBe(old);
    expect((await storedDocument()).webhookSecret).toBe(secret);

    expect(await signatureRefused(event(), old)).toBe(true);
    expect(await signatureRefused(event(), secret)).toBe(false);

    const entries = await t.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'settings.rotateWebhookSecret'));
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries[0])).not.toContain(secret);
    expect(JSON.stringify(entries[0])).not.toContain(old);
    expect((await call('GET', '/v1/admin/settings')).res.body).not.toContain(secret);
  });

  it('is for admins only', async () => {
    const before = (await storedDocument()).webhookSecret;
    expect((await call('POST', '/v1/admin/settings/webhook-secret', undefined, staffCookie)).status).toBe(
      403,
    );
    expect((await storedDocument()).webhookSecret).toBe(before);
  });
});
