import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCouponSchema, envelopeSchema, pagedEnvelopeSchema, type CouponInputBody } from '@shop/contract';
import { schema } from '@shop/db';
import { DEMO_FACTS } from '@shop/db/seed';
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

const call = (method: string, url: string, payload?: object, locale?: string) =>
  callApi(t.app, method, url, { cookie: staffCookie, payload, locale });
const publicCoupons = async (locale?: string) =>
  (await callApi(t.app, 'GET', '/v1/home/coupons', { locale })).body.data as Json[];

const hour = 60 * 60 * 1000;
const campaign = (overrides: Partial<CouponInputBody> = {}): CouponInputBody => ({
  title: { 'en-US': 'Lantern festival: $5 off', 'zh-CN': '元宵节立减 5 美元' },
  kind: 'amount',
  value: 500,
  minSpend: 3000,
  startsAt: new Date(Date.now() - hour).toISOString(),
  endsAt: new Date(Date.now() + 24 * hour).toISOString(),
  total: 100,
  perUserLimit: 1,
  ...overrides,
});
const couponCount = async () => (await t.database.db.select({ n: count() }).from(schema.coupons))[0]!.n;

async function create(body = campaign()) {
  const res = await call('POST', '/v1/admin/coupons', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return envelopeSchema(adminCouponSchema).parse(res.body).data;
}

beforeAll(async () => {
  t = await createTestApp();
  const member = await signedInStaff(t, {
    email: 'cou@shop.test',
    password: 'Cou-staff-2026',
    role: 'staff',
  });
  staffId = member.id;
  staffCookie = member.cookie;
});
afterAll(() => t.close());

describe('GET /v1/admin/coupons', () => {
  it('lists every campaign with its progress and status, newest first', async () => {
    const res = await call('GET', '/v1/admin/coupons?pageSize=100');
    const page = pagedEnvelopeSchema(adminCouponSchema).parse(res.body);
    expect(page.meta.total).toBe(await couponCount());
    const byId = new Map(page.data.map((c) => [c.id, c]));
    expect(byId.get(DEMO_FACTS.coupons.expiredId)?.status).toBe('ended');
    expect(byId.get(DEMO_FACTS.coupons.notStartedId)?.status).toBe('upcoming');
    expect(byId.get(DEMO_FACTS.coupons.almostGoneId)).toMatchObject({ status: 'active', remaining: 5 });
    for (const c of page.data) expect(c.claimed + c.remaining).toBe(c.total);
    const created = page.data.map((c) => c.createdAt);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('filters by status', async () => {
    const ended = pagedEnvelopeSchema(adminCouponSchema).parse(
      (await call('GET', '/v1/admin/coupons?status=ended')).body,
    );
    expect(ended.data.length).toBeGreaterThan(0);
    expect(ended.data.every((c) => c.status === 'ended')).toBe(true);
    const res = await call('GET', '/v1/admin/coupons?status=gone');
    expect(res.body).toMatchObject({ code: 1, msg: { status: 'Invalid value.' } });
  });
});

describe('POST /v1/admin/coupons', () => {
  it('creates a campaign that shoppers see at once, and audits it', async () => {
    expect((await publicCoupons('zh-CN')).some((c) => c.title === '元宵节立减 5 美元')).toBe(false);
    const created = await create();
    expect(created).toMatchObject({
      title: 'Lantern festival: $5 off',
      titles: { 'en-US': 'Lantern festival: $5 off', 'zh-CN': '元宵节立减 5 美元' },
      status: 'active',
      claimed: 0,
      remaining: 100,
      used: 0,
      currency: 'USD',
    });
    expect((await publicCoupons('zh-CN')).find((c) => c.id === created.id)).toMatchObject({
      title: '元宵节立减 5 美元',
      remaining: 100,
    });
    const [entry] = await t.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, created.id));
    expect(entry).toMatchObject({
      actorId: staffId,
      action: 'coupon.create',
      after: { total: 100, value: 500 },
    });
  });

  it.each<[string, Partial<CouponInputBody>, Record<string, string>]>([
    [
      'a percentage over 100',
      { kind: 'percent', value: 150 },
      { value: 'A percentage discount must be between 1 and 100.' },
    ],
    ['a zero discount', { value: 0 }, { value: 'The discount must be greater than 0.' }],
    [
      'an end before the start',
      {
        startsAt: new Date(Date.now() + 2 * hour).toISOString(),
        endsAt: new Date(Date.now() + hour).toISOString(),
      },
      { endsAt: 'The end must be after the start.' },
    ],
    [
      'a campaign already over',
      {
        startsAt: new Date(Date.now() - 2 * hour).toISOString(),
        endsAt: new Date(Date.now() - hour).toISOString(),
      },
      { endsAt: 'The end must be in the future.' },
    ],
    ['a date that is not one', { startsAt: 'tomorrow' }, { startsAt: 'Please enter a valid date and time.' }],
    ['no total', { total: 0 }, { total: 'This value is out of range.' }],
    [
      'a limit per shopper over the total',
      { total: 2, perUserLimit: 3 },
      { perUserLimit: 'The limit per shopper cannot exceed the total.' },
    ],
    ['a negative minimum spend', { minSpend: -1 }, { minSpend: 'This value is out of range.' }],
    [
      'no title in the default locale',
      { title: { 'zh-CN': '只有中文' } },
      { 'title.en-US': "Please fill this in for the shop's default language." },
    ],
  ])('refuses %s with code 1 and creates nothing', async (_label, overrides, fields) => {
    const before = await couponCount();
    const res = await call('POST', '/v1/admin/coupons', campaign(overrides));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 1, data: null, msg: fields });
    expect(await couponCount()).toBe(before);
  });

  it('explains a refusal in the request language', async () => {
    const res = await call('POST', '/v1/admin/coupons', campaign({ kind: 'percent', value: 101 }), 'pt-BR');
    expect(res.body.msg).toEqual({ value: 'Um desconto percentual deve estar entre 1 e 100.' });
  });
});

describe('ending a campaign early', () => {
  it('stops claims at once, leaves it listed as ended, and audits it', async () => {
    const created = await create();
    expect((await publicCoupons()).some((c) => c.id === created.id)).toBe(true);
    const res = await call('POST', `/v1/admin/coupons/${created.id}/end`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: created.id, status: 'ended' });
    expect((await publicCoupons()).some((c) => c.id === created.id)).toBe(false);

    const shopper = await createShopper(t.database, {
      email: 'late@example.com',
      password: 'Late-shop-2026',
    });
    const cookie = await loginCookie(t.app, shopper.email, shopper.password);
    const claim = await t.app.inject({
      method: 'POST',
      url: `/v1/home/coupons/${created.id}/claim`,
      headers: { cookie },
    });
    expect(claim.statusCode).toBe(404);

    const again = await call('POST', `/v1/admin/coupons/${created.id}/end`);
    expect(again).toMatchObject({ status: 409, body: { code: 2, msg: 'This coupon has already ended.' } });
    const actions = await t.database.db
      .select({ action: schema.auditLog.action })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, created.id));
    expect(actions.map((a) => a.action).sort()).toEqual(['coupon.create', 'coupon.end']);
  });

  it('ends a campaign that had not started yet', async () => {
    const res = await call('POST', `/v1/admin/coupons/${DEMO_FACTS.coupons.notStartedId}/end`);
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.data.startsAt)).toBeLessThan(Date.parse(res.body.data.endsAt));
    expect(res.body.data.status).toBe('ended');
  });

  it('answers 404 for a coupon that does not exist', async () => {
    expect((await call('POST', `/v1/admin/coupons/${randomUUID()}/end`)).status).toBe(404);
  });
});

describe('changing the total', () => {
  it('raises and lowers the total, never below what was claimed', async () => {
    const created = await create(campaign({ total: 3 }));
    const shopper = await createShopper(t.database, { email: 'ivy@example.com', password: 'Ivy-shops-2026' });
    const cookie = await loginCookie(t.app, shopper.email, shopper.password);
    const claim = await t.app.inject({
      method: 'POST',
      url: `/v1/home/coupons/${created.id}/claim`,
      headers: { cookie },
    });
    expect(claim.statusCode).toBe(200);

    const raised = await call('PUT', `/v1/admin/coupons/${created.id}/total`, { total: 50 });
    expect(raised.body.data).toMatchObject({ total: 50, claimed: 1, remaining: 49 });
    expect((await publicCoupons()).find((c) => c.id === created.id)?.remaining).toBe(49);

    const below = await call('PUT', `/v1/admin/coupons/${created.id}/total`, { total: 0 });
    expect(below.body).toMatchObject({ code: 1, msg: { total: 'This value is out of range.' } });
    const underClaimed = await call('PUT', `/v1/admin/coupons/${created.id}/total`, { total: 1 });
    expect(underClaimed.body.data.total).toBe(1);

    const [row] = await t.database.db.select().from(schema.coupons).where(eq(schema.coupons.id, created.id));
    expect(row).toMatchObject({ total: 1, claimed: 1 });
    const audit = await t.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'coupon.changeTotal'));
    expect(audit.map((a) => [a.before, a.after])).toEqual([
      [
        { total: 3, claimed: 1 },
        { total: 50, claimed: 1 },
      ],
      [
        { total: 50, claimed: 1 },
        { total: 1, claimed: 1 },
      ],
    ]);
  });

  it('refuses a total below the copies already claimed', async () => {
    const [nearlyGone] = await t.database.db
      .select()
      .from(schema.coupons)
      .where(eq(schema.coupons.id, DEMO_FACTS.coupons.almostGoneId));
    const res = await call('PUT', `/v1/admin/coupons/${nearlyGone!.id}/total`, {
      total: nearlyGone!.claimed - 1,
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      code: 1,
      data: null,
      msg: { total: 'The total cannot be lower than the number already claimed.' },
    });
    const [after] = await t.database.db
      .select()
      .from(schema.coupons)
      .where(eq(schema.coupons.id, nearlyGone!.id));
    expect(after!.total).toBe(nearlyGone!.total);
  });
});
