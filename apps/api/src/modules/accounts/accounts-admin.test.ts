import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@shop/db';
import { DEMO_FACTS } from '@shop/db/seed';
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

let t: TestApp;
let staffCookie = '';
let adminCookie = '';
let staffId = '';

beforeAll(async () => {
  t = await createTestApp();
  const { staff, admin } = await signedInStaffAndAdmin(t);
  staffId = staff.id;
  staffCookie = staff.cookie;
  adminCookie = admin.cookie;
});
afterAll(() => t.close());

const call = (method: string, url: string, cookie: string, payload?: object) =>
  callApi(t.app, method, url, { cookie, payload, headers: { 'user-agent': 'test-agent/1.0' } });
const staff = (method: string, url: string, payload?: object) => call(method, url, staffCookie, payload);

const login = (account: string, password: string) =>
  callApi(t.app, 'POST', '/v1/home/users/login', {
    payload: { account, password },
    headers: { 'user-agent': 'Firefox/140.0' },
  });

let seq = 0;
async function shopper(nickname = '') {
  seq += 1;
  const tag = randomUUID().slice(0, 8);
  const s = await createShopper(t.database, {
    email: `pat${seq}-${tag}@example.com`,
    password: 'Pat-shops-2026',
    phone: `+55119${String(20_000_000 + seq * 104_729).slice(0, 8)}`,
  });
  if (nickname) await t.database.db.update(schema.users).set({ nickname }).where(eq(schema.users.id, s.id));
  return { ...s, tag };
}

/** A shopper with an address and one order placed (not paid). */
async function shopperWithOrder() {
  const s = await shopper();
  const cookie = await loginCookie(t.app, s.email, s.password);
  const addressId = await addAddress(t.app, cookie);
  const [sku] = await t.database.db
    .select({ id: schema.skus.id })
    .from(schema.skus)
    .where(sql`${schema.skus.stock} >= 5`)
    .limit(1);
  const order = await call('POST', '/v1/home/orders', cookie, {
    addressId,
    items: [{ skuId: sku!.id, quantity: 1 }],
  });
  expect(order.status).toBe(201);
  return { ...s, cookie, order: order.body.data as Json };
}

describe('the shoppers table', () => {
  it('lists shoppers only, newest first, with status and their orders', async () => {
    const buyer = await shopperWithOrder();
    // Counted as spent once paid: set here directly, payment has its own tests.
    await t.database.db
      .update(schema.orders)
      .set({ status: 'paid' })
      .where(eq(schema.orders.id, buyer.order.id));
    const res = await staff('GET', '/v1/admin/shoppers?pageSize=5');
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({
      id: buyer.id,
      email: buyer.email,
      status: 'active',
      orderCount: 1,
      totalSpent: buyer.order.total,
      currency: buyer.order.currency,
    });
    const all = await staff('GET', '/v1/admin/shoppers?pageSize=100');
    expect(all.body.data.map((s: Json) => s.email)).not.toContain('sam@shop.test');
  });

  it('finds shoppers by email, phone or nickname and filters by status and registration date', async () => {
    const nick = await shopper('Quokka Fan');
    const idle = await shopper();
    await t.database.db.update(schema.users).set({ activatedAt: null }).where(eq(schema.users.id, idle.id));
    const emails = async (query: string) =>
      ((await staff('GET', `/v1/admin/shoppers?pageSize=100&${query}`)).body.data as Json[]).map(
        (s) => s.email,
      );
    expect(await emails(`keyword=${nick.tag}`)).toEqual([nick.email]);
    expect(await emails('keyword=quokka')).toEqual([nick.email]);
    const [row] = await t.database.db.select().from(schema.users).where(eq(schema.users.id, nick.id));
    expect(await emails(`keyword=${encodeURIComponent(row!.phone!)}`)).toEqual([nick.email]);
    expect(await emails('status=not_activated')).toContain(idle.email);
    expect(await emails('status=active')).not.toContain(idle.email);
    const today = new Date().toISOString().slice(0, 10);
    expect(await emails(`from=${today}&to=${today}&keyword=quokka`)).toEqual([nick.email]);
    expect(await emails('to=2020-01-01')).toEqual([]);
  });

  it('answers bad filters with field messages and code 1', async () => {
    const res = await staff('GET', '/v1/admin/shoppers?status=sleepy&pageSize=1000&from=yesterday');
    expect(res.status).toBe(422);
    expect(res.body.code).toBe(1);
    expect(Object.keys(res.body.msg).sort()).toEqual(['from', 'pageSize', 'status']);
  });
});

describe('a shopper in the back office', () => {
  it('shows profile, orders, addresses, claimed coupons and live sessions', async () => {
    const buyer = await shopperWithOrder();
    const coupons = (await call('GET', '/v1/home/coupons', buyer.cookie)).body.data as Json[];
    const welcome = coupons.find((c) => c.minSpend === 0 && c.remaining > 0)!;
    await call('POST', `/v1/home/coupons/${welcome.id}/claim`, buyer.cookie);
    const res = await staff('GET', `/v1/admin/shoppers/${buyer.id}`);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({
      id: buyer.id,
      email: buyer.email,
      status: 'active',
      locale: 'en-US',
      disabledAt: null,
      orderCount: 1,
      totalSpent: 0,
    });
    expect(d.orders).toMatchObject([
      { id: buyer.order.id, number: buyer.order.number, status: 'pending_payment' },
    ]);
    expect(d.addresses).toMatchObject([{ name: 'Ana Souza', isDefault: true }]);
    expect(d.coupons).toMatchObject([
      { couponId: welcome.id, title: welcome.title, usedAt: null, orderId: null, orderNumber: null },
    ]);
    expect(d.sessions).toHaveLength(1);
    expect(Object.keys(d.sessions[0]).sort()).toEqual([
      'createdAt',
      'expiresAt',
      'ip',
      'lastSeenAt',
      'userAgent',
    ]);

    // Spent on an order: the coupon names that order by its number.
    const withCoupon = await call('POST', '/v1/home/orders', buyer.cookie, {
      addressId: d.addresses[0].id,
      items: [{ skuId: buyer.order.lines[0].skuId, quantity: 1 }],
      couponId: welcome.id,
    });
    expect(withCoupon.status, JSON.stringify(withCoupon.body)).toBe(201);
    const after = (await staff('GET', `/v1/admin/shoppers/${buyer.id}`)).body.data;
    expect(after.coupons).toMatchObject([
      { couponId: welcome.id, orderId: withCoupon.body.data.id, orderNumber: withCoupon.body.data.number },
    ]);
  });

  it('answers an unknown id with 404 and a member of staff with a refusal', async () => {
    expect((await staff('GET', `/v1/admin/shoppers/${randomUUID()}`)).status).toBe(404);
    const member = await staff('GET', `/v1/admin/shoppers/${staffId}`);
    expect(member.status).toBe(409);
    expect(member.body.msg).toBe('Staff accounts are managed on the staff pages, not here.');
  });
});

describe('disabling a shopper', () => {
  it('ends their sessions at once, refuses their login, and is audited; enabling lets them back', async () => {
    const s = await shopper();
    const cookie = await loginCookie(t.app, s.email, s.password);
    await loginCookie(t.app, s.email, s.password);
    expect((await call('GET', '/v1/home/users/me', cookie)).status).toBe(200);
    expect((await staff('GET', `/v1/admin/shoppers/${s.id}`)).body.data.sessions).toHaveLength(2);

    const res = await staff('POST', `/v1/admin/shoppers/${s.id}/disable`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'disabled', sessions: [] });
    expect(res.body.data.disabledAt).not.toBeNull();
    expect((await call('GET', '/v1/home/users/me', cookie)).status).toBe(401);
    const refused = await login(s.email, s.password);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 2,
      msg: 'This account has been disabled. Please contact the shop.',
    });

    expect((await staff('POST', `/v1/admin/shoppers/${s.id}/disable`)).status).toBe(200);
    const audit = await call('GET', `/v1/admin/audit?entity=user&entityId=${s.id}`, adminCookie);
    expect(audit.body.data).toHaveLength(1);
    expect(audit.body.data[0]).toMatchObject({
      action: 'shopper.disable',
      actor: { id: staffId },
      before: { status: 'active', disabledAt: null },
      after: { status: 'disabled' },
    });
    expect(
      (await staff('GET', '/v1/admin/shoppers?status=disabled&pageSize=100')).body.data.map(
        (r: Json) => r.id,
      ),
    ).toContain(s.id);

    const enabled = await staff('POST', `/v1/admin/shoppers/${s.id}/enable`);
    expect(enabled.body.data).toMatchObject({ status: 'active', disabledAt: null });
    expect((await login(s.email, s.password)).status).toBe(200);
    const after = await call('GET', `/v1/admin/audit?entity=user&entityId=${s.id}`, adminCookie);
    expect(after.body.data.map((e: Json) => e.action)).toEqual(['shopper.enable', 'shopper.disable']);
  });

  it('cannot touch a staff account or an unknown id', async () => {
    const res = await staff('POST', `/v1/admin/shoppers/${staffId}/disable`);
    expect(res.status).toBe(409);
    const [member] = await t.database.db.select().from(schema.users).where(eq(schema.users.id, staffId));
    expect(member!.disabledAt).toBeNull();
    expect((await staff('GET', '/v1/admin/me')).status).toBe(200);
    expect((await staff('POST', `/v1/admin/shoppers/${randomUUID()}/disable`)).status).toBe(404);
    expect((await staff('POST', '/v1/admin/shoppers/nobody/enable')).status).toBe(422);
  });
});

describe('the global search', () => {
  it('finds goods, orders and shoppers with their totals', async () => {
    const buyer = await shopperWithOrder();
    const keyword = DEMO_FACTS.search.keyword['en-US'];
    const goods = await staff('GET', `/v1/admin/search?q=${encodeURIComponent(keyword)}&limit=2`);
    expect(goods.status).toBe(200);
    expect(goods.body.data.goods.total).toBeGreaterThanOrEqual(
      DEMO_FACTS.search.onShelfGoodsIdsByName['en-US'].length,
    );
    expect(goods.body.data.goods.items.length).toBe(Math.min(2, goods.body.data.goods.total));
    expect(goods.body.data.goods.items[0].name.toLowerCase()).toContain(keyword.toLowerCase());

    const byEmail = await staff('GET', `/v1/admin/search?q=${buyer.tag}`);
    expect(byEmail.body.data.shoppers).toMatchObject({ total: 1, items: [{ id: buyer.id }] });
    expect(byEmail.body.data.orders).toMatchObject({ total: 1, items: [{ id: buyer.order.id }] });

    const byNumber = await staff('GET', `/v1/admin/search?q=${buyer.order.number}`);
    expect(byNumber.body.data.orders.items.map((o: Json) => [o.id, o.number])).toContainEqual([
      buyer.order.id,
      buyer.order.number,
    ]);
    const byHash = await staff('GET', `/v1/admin/search?q=${encodeURIComponent(`#${buyer.order.number}`)}`);
    expect(byHash.body.data.orders).toMatchObject({ total: 1, items: [{ id: buyer.order.id }] });

    const nothing = await staff('GET', '/v1/admin/search?q=zzqqxxnothing');
    expect(nothing.body.data).toEqual({
      goods: { items: [], total: 0 },
      orders: { items: [], total: 0 },
      shoppers: { items: [], total: 0 },
    });
  });

  it('needs a keyword', async () => {
    const res = await staff('GET', '/v1/admin/search?q=%20');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 1, msg: { q: 'This field is required.' } });
    expect((await staff('GET', '/v1/admin/search?q=a&limit=50')).status).toBe(422);
  });
});
