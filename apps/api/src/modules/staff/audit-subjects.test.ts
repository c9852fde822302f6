import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@shop/db';
import { callApi, createShopper, createTestApp, signedInStaffAndAdmin, type TestApp } from '../../testing.ts';
import { AuditLog } from './audit-log.ts';

let t: TestApp;
let adminCookie = '';
let staffCookie = '';
let staffId = '';
let adminId = '';

beforeAll(async () => {
  t = await createTestApp();
  const { staff, admin } = await signedInStaffAndAdmin(t);
  staffId = staff.id;
  adminId = admin.id;
  staffCookie = staff.cookie;
  adminCookie = admin.cookie;
  await t.database.db.update(schema.users).set({ nickname: 'Ana' }).where(eq(schema.users.id, adminId));
});
afterAll(() => t.close());

interface Entry {
  action: string;
  entityId: string;
  actor: { nickname: string };
  subject: { kind: string; label: string | null };
}

const audit = async (query: string, locale = 'en-US') => {
  const res = await callApi(t.app, 'GET', `/v1/admin/audit?${query}`, { cookie: adminCookie, locale });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Entry[];
};

describe('the audit log names what each change acted on, in the reader’s language', () => {
  it('names a coupon an admin just created by its title, in the language asked for', async () => {
    const created = await callApi(t.app, 'POST', '/v1/admin/coupons', {
      cookie: adminCookie,
      payload: {
        title: { 'en-US': 'SUMMER10', 'zh-CN': '夏季十元' },
        kind: 'amount',
        value: 1000,
        minSpend: 0,
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: new Date(Date.now() + 86_400_000).toISOString(),
        total: 10,
        perUserLimit: 1,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as string;
    const [entry] = await audit(`entity=coupon&entityId=${id}`);
    expect(entry).toMatchObject({
      action: 'coupon.create',
      actor: { nickname: 'Ana' },
      subject: { kind: 'coupon', label: 'SUMMER10' },
    });
    const [zh] = await audit(`entity=coupon&entityId=${id}`, 'zh-CN');
    expect(zh?.subject).toEqual({ kind: 'coupon', label: '夏季十元' });
  });

  it('names products, categories, staff and shoppers by their current names, and keeps a deleted thing’s name', async () => {
    const [product] = await t.database.db
      .select({ id: schema.goods.id })
      .from(schema.goods)
      .orderBy(asc(schema.goods.id))
      .limit(1);
    const names = await t.database.db
      .select()
      .from(schema.goodsTranslations)
      .where(eq(schema.goodsTranslations.goodsId, product!.id));
    const english = names.find((row) => row.locale === 'en-US')!.name;
    const [category] = await t.database.db.select().from(schema.categories).limit(1);
    const shopper = await createShopper(t.database, { email: 'bo@example.com', password: 'Bo-shops-2026' });
    const log = new AuditLog(t.database.db);
    const record = (action: string, entity: string, entityId: string, before?: unknown) =>
      log.record(t.database.db, { actorId: adminId, action, entity, entityId, before });
    await record('goods.update', 'goods', product!.id);
    await record('category.update', 'category', category!.id);
    await record('staff.update', 'user', staffId);
    await record('shopper.disable', 'user', shopper.id);
    await record('goods.delete', 'goods', '00000000-0000-4000-8000-000000000001', {
      translations: { 'en-US': { name: 'Red Mug' }, 'pt-BR': { name: 'Caneca vermelha' } },
    });
    await record('robot.dance', 'robot', 'r2d2');

    const entries = await audit('pageSize=6');
    expect(entries.map((entry) => [entry.action, entry.subject])).toEqual([
      ['robot.dance', { kind: 'other', label: null }],
      ['goods.delete', { kind: 'product', label: 'Red Mug' }],
      ['shopper.disable', { kind: 'shopper', label: 'bo@example.com' }],
      ['staff.update', { kind: 'staff', label: 'sam@shop.test' }],
      ['category.update', { kind: 'category', label: category!.name['en-US'] }],
      ['goods.update', { kind: 'product', label: english }],
    ]);
    const pt = await audit('pageSize=6', 'pt-BR');
    expect(pt[1]?.subject.label).toBe('Caneca vermelha');
    expect(pt[5]?.subject.label).toBe(names.find((row) => row.locale === 'pt-BR')?.name ?? english);
  });

  it('names markets by their names and tax rates by their names and places, deleted ones from the log', async () => {
    const call = async (method: string, url: string, payload?: object) => {
      const res = await callApi(t.app, method, url, { cookie: adminCookie, ...(payload ? { payload } : {}) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as { id: string; country: string; region: string }[];
    };
    const japan = {
      code: 'JP',
      names: { 'en-US': 'Japan', 'zh-CN': '日本' },
      currency: 'JPY',
      countries: ['JP'],
      taxInclusive: true,
      defaultLocale: 'en-US',
      exchangeRate: '150',
      rounding: 'none',
    };
    await call('POST', '/v1/admin/markets', japan);
    await call('PUT', '/v1/admin/markets/JP', { ...japan, names: { 'en-US': 'Nippon', 'zh-CN': '日本国' } });
    const consumption = { 'en-US': 'Consumption tax', 'zh-CN': '消费税' };
    const rates = await call('POST', '/v1/admin/tax-rates', {
      country: 'JP',
      region: '',
      taxClass: 'standard',
      names: consumption,
      rate: '10',
    });
    const tokyo = await call('POST', '/v1/admin/tax-rates', {
      country: 'JP',
      region: 'JP-13',
      taxClass: 'standard',
      names: { 'en-US': 'Tokyo tax' },
      rate: '11',
    });
    const whole = rates.find((rate) => rate.region === '')!;
    const inTokyo = tokyo.find((rate) => rate.region === 'JP-13')!;
    await call('DELETE', `/v1/admin/tax-rates/${inTokyo.id}`);

    const subjects = async (entity: string, locale = 'en-US') =>
      (await audit(`entity=${entity}`, locale)).map((entry) => [entry.action, entry.subject]);
    // A renamed market reads by its name now.
    expect(await subjects('market')).toEqual([
      ['market.update', { kind: 'market', label: 'Nippon' }],
      ['market.create', { kind: 'market', label: 'Nippon' }],
    ]);
    expect(await subjects('tax_rate')).toEqual([
      ['tax_rate.delete', { kind: 'taxRate', label: 'Tokyo tax · JP-13' }],
      ['tax_rate.create', { kind: 'taxRate', label: 'Tokyo tax · JP-13' }],
      ['tax_rate.create', { kind: 'taxRate', label: 'Consumption tax · JP' }],
    ]);
    expect((await subjects('tax_rate', 'zh-CN'))[2]).toEqual([
      'tax_rate.create',
      { kind: 'taxRate', label: '消费税 · JP' },
    ]);

    // Once the market is gone, its log names it from the record it kept.
    await call('DELETE', `/v1/admin/tax-rates/${whole.id}`);
    await call('DELETE', '/v1/admin/markets/JP');
    expect(await subjects('market', 'zh-CN')).toEqual([
      ['market.delete', { kind: 'market', label: '日本国' }],
      ['market.update', { kind: 'market', label: '日本国' }],
      ['market.create', { kind: 'market', label: '日本' }],
    ]);
  });

  it('names shipping zones by their names now, and a deleted one by the name it had', async () => {
    const zone = {
      names: { 'en-US': 'Iberia', 'pt-BR': 'Península Ibérica', 'zh-CN': '伊比利亚' },
      places: [{ country: 'PT' }, { country: 'ES' }],
      methods: [
        {
          names: { 'en-US': 'Post' },
          pricing: 'flat',
          fee: 900,
          freeOverThreshold: true,
          minDays: 4,
          maxDays: 8,
        },
      ],
    };
    const call = async (method: string, url: string, payload?: object) => {
      const res = await callApi(t.app, method, url, { cookie: adminCookie, ...(payload ? { payload } : {}) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as { id: string; names: Record<string, string> }[];
    };
    const id = (await call('POST', '/v1/admin/shipping-zones', zone)).find(
      (z) => z.names['en-US'] === 'Iberia',
    )!.id;
    await call('PUT', `/v1/admin/shipping-zones/${id}`, {
      ...zone,
      names: { ...zone.names, 'en-US': 'Iberian Peninsula' },
    });
    const subjects = async (locale: string) =>
      (await audit('entity=shipping_zone', locale)).map((entry) => [entry.action, entry.subject]);
    expect(await subjects('en-US')).toEqual([
      ['shipping_zone.update', { kind: 'shippingZone', label: 'Iberian Peninsula' }],
      ['shipping_zone.create', { kind: 'shippingZone', label: 'Iberian Peninsula' }],
    ]);
    await call('DELETE', `/v1/admin/shipping-zones/${id}`);
    expect(await subjects('pt-BR')).toEqual([
      ['shipping_zone.delete', { kind: 'shippingZone', label: 'Península Ibérica' }],
      ['shipping_zone.update', { kind: 'shippingZone', label: 'Península Ibérica' }],
      ['shipping_zone.create', { kind: 'shippingZone', label: 'Península Ibérica' }],
    ]);
  });

  it('names the changes of a member’s own activity the same way', async () => {
    await callApi(t.app, 'PUT', '/v1/admin/account', { cookie: staffCookie, payload: { nickname: 'Sam' } });
    const res = await callApi(t.app, 'GET', '/v1/admin/account/activity?pageSize=1', { cookie: staffCookie });
    expect(res.body.data[0]).toMatchObject({
      action: 'account.update',
      subject: { kind: 'staff', label: 'Sam' },
    });
  });
});
