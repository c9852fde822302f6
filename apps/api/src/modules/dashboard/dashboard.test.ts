import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@shop/db';
import { callApi, createTestApp, signedInStaff, type Json, type TestApp } from '../../testing.ts';
import { periodKey, periodsOf } from './dashboard.service.ts';
import {
  backdate,
  buyer,
  payOrder,
  placeOrder,
  refundInDatabase,
  skusOfDifferentGoods,
  type Buyer,
} from './order-fixtures.ts';
import { utcDay } from './visits.ts';

let t: TestApp;
let cookie = '';
let staffId = '';
const day = (offset: number) => utcDay(new Date(Date.now() + offset * 86_400_000));

const get = (url: string, locale?: string) => callApi(t.app, 'GET', url, { cookie, locale });

/** The orders the figures are checked against, placed and paid through the API in `beforeAll`. */
const placed: Record<string, { id: string; number: string; total: number }> = {};
let skuA: { id: string; goodsId: string; price: number };
let skuB: { id: string; goodsId: string; price: number };
let ana: Buyer;

beforeAll(async () => {
  t = await createTestApp();
  const staff = await signedInStaff(t, {
    email: 'dash@shop.test',
    password: 'Dash-staff-2026',
    role: 'staff',
  });
  staffId = staff.id;
  cookie = staff.cookie;
  [skuA, skuB] = (await skusOfDifferentGoods(t.database, 2)) as [typeof skuA, typeof skuB];
  ana = await buyer(t.app, t.database, 'ana');
  const bo = await buyer(t.app, t.database, 'bo');
  // Counted: two paid orders today.
  placed.twoA = await placeOrder(t.app, ana, [{ skuId: skuA.id, quantity: 2 }]);
  await payOrder(t.app, t.database, ana, placed.twoA.id);
  placed.oneB = await placeOrder(t.app, bo, [{ skuId: skuB.id, quantity: 1 }]);
  await payOrder(t.app, t.database, bo, placed.oneB.id);
  // Not counted: refunded, and never paid.
  placed.refunded = await placeOrder(t.app, bo, [{ skuId: skuA.id, quantity: 1 }]);
  await payOrder(t.app, t.database, bo, placed.refunded.id);
  await refundInDatabase(t.database, placed.refunded.id, staffId, placed.refunded.total);
  placed.unpaid = await placeOrder(t.app, ana, [{ skuId: skuB.id, quantity: 3 }]);
  // Counted three days ago.
  placed.earlier = await placeOrder(t.app, ana, [{ skuId: skuB.id, quantity: 4 }]);
  await payOrder(t.app, t.database, ana, placed.earlier.id);
  await backdate(t.database, placed.earlier.id, 3);
});
afterAll(() => t.close());

describe('analysis', () => {
  it('sums paid orders less refunds, with orders, average value and both rankings', async () => {
    const { status, body } = await get(`/v1/admin/dashboard/analysis?from=${day(-1)}&to=${day(0)}`);
    expect(status, JSON.stringify(body)).toBe(200);
    const a = body.data;
    const sales = placed.twoA!.total + placed.oneB!.total;
    expect(a.currency).toMatch(/^[A-Z]{3}$/);
    expect(a.totals).toMatchObject({
      sales,
      orders: 2,
      averageOrderValue: Math.round(sales / 2),
      refunds: placed.refunded!.total,
    });
    expect(a.series.map((p: Json) => p.period)).toEqual([day(-1), day(0)]);
    expect(a.series.reduce((n: number, p: Json) => n + p.orders, 0)).toBe(2);
    expect(a.topGoodsByUnits[0]).toMatchObject({ goodsId: skuA.goodsId, units: 2, revenue: skuA.price * 2 });
    expect(a.topGoodsByUnits[1]).toMatchObject({ goodsId: skuB.goodsId, units: 1, revenue: skuB.price });
    expect(a.topGoodsByUnits[0].name).not.toBe('');
    const byRevenue = [...a.topGoodsByUnits].sort((x: Json, y: Json) => y.revenue - x.revenue);
    expect(a.topGoodsByRevenue.map((g: Json) => g.goodsId)).toEqual(byRevenue.map((g: Json) => g.goodsId));
    const categories = a.salesByCategory as Json[];
    expect(categories.reduce((n, c) => n + c.revenue, 0)).toBe(skuA.price * 2 + skuB.price);
    expect(categories.every((c) => c.categoryId && c.name)).toBe(true);
  });

  it('rolls sales up to top-level categories', async () => {
    const topLevel = (await t.database.db.select().from(schema.categories)).filter((c) => !c.parentId);
    const { body } = await get(`/v1/admin/dashboard/analysis?from=${day(-1)}&to=${day(0)}`);
    for (const c of body.data.salesByCategory) expect(topLevel.map((x) => x.id)).toContain(c.categoryId);
  });

  it('puts each order in its UTC day, week or month, empty periods included', async () => {
    const days = await get(`/v1/admin/dashboard/analysis?from=${day(-4)}&to=${day(0)}&granularity=day`);
    const series = days.body.data.series as Json[];
    expect(series.map((p) => p.period)).toEqual([day(-4), day(-3), day(-2), day(-1), day(0)]);
    expect(series[1]).toMatchObject({ orders: 1, sales: placed.earlier!.total });
    expect(series[0]).toMatchObject({ orders: 0, sales: 0 });
    expect(days.body.data.totals.orders).toBe(3);

    const months = await get(`/v1/admin/dashboard/analysis?from=${day(-4)}&to=${day(0)}&granularity=month`);
    expect(months.body.data.totals.orders).toBe(3);
    expect(months.body.data.series.reduce((n: number, p: Json) => n + p.sales, 0)).toBe(
      days.body.data.totals.sales,
    );
  });

  it('cuts weeks on Mondays and months on the first, clipped to the range', () => {
    expect(periodKey('2026-03-12', '2026-03-01', 'week')).toBe('2026-03-09');
    expect(periodKey('2026-03-02', '2026-03-04', 'week')).toBe('2026-03-04');
    expect(periodsOf('2026-01-30', '2026-03-02', 'month')).toEqual([
      '2026-01-30',
      '2026-02-01',
      '2026-03-01',
    ]);
    expect(periodsOf('2024-02-28', '2024-03-01', 'day')).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
  });

  it('refuses a reversed, over-long or malformed range with code 1 and field messages', async () => {
    const reversed = await get(`/v1/admin/dashboard/analysis?from=${day(0)}&to=${day(-1)}`);
    expect(reversed.status).toBe(422);
    expect(reversed.body).toMatchObject({
      code: 1,
      msg: { to: 'The start date must not be after the end date.' },
    });
    const long = await get('/v1/admin/dashboard/analysis?from=2023-01-01&to=2025-12-31');
    expect(long.body).toMatchObject({ code: 1, msg: { to: 'The date range can span at most two years.' } });
    const twoYears = await get(
      '/v1/admin/dashboard/analysis?from=2024-01-01&to=2025-12-31&granularity=month',
    );
    expect(twoYears.status).toBe(200);
    expect(twoYears.body.data.series).toHaveLength(24);
    const malformed = await get(
      '/v1/admin/dashboard/analysis?from=2026-02-30&to=tomorrow&granularity=hour',
      'pt-BR',
    );
    expect(malformed.body.code).toBe(1);
    expect(Object.keys(malformed.body.msg).sort()).toEqual(['from', 'granularity', 'to']);
    expect(malformed.body.msg.from).toBe('Informe uma data no formato AAAA-MM-DD.');
    const missing = await get('/v1/admin/dashboard/analysis');
    expect(missing.body).toMatchObject({ code: 1, msg: { from: 'This field is required.' } });
  });
});

describe('visitors', () => {
  const visit = (path: string, ip: string, ua: string) =>
    t.app.inject({ url: path, remoteAddress: ip, headers: { 'user-agent': ua } });
  const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
  const safari =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Safari/604.1';

  it('counts each visitor once a day, skips bots and API calls, and stores no address', async () => {
    await visit('/', '198.51.100.7', firefox);
    await visit('/cart', '198.51.100.7', firefox);
    await visit('/detail?id=x', '198.51.100.7', firefox);
    await visit('/', '198.51.100.7', safari);
    await visit('/', '198.51.100.9', 'Googlebot/2.1 (+http://www.google.com/bot.html)');
    await visit('/', '198.51.100.9', '');
    await visit('/v1/home/goods', '198.51.100.10', firefox.replace('128', '129'));
    await visit('/no-such-page', '198.51.100.11', firefox.replace('128', '127'));

    // Written by the recorder's timer within a few seconds, not by the requests.
    let rows: (typeof schema.dailyVisits.$inferSelect)[] = [];
    for (let i = 0; i < 50 && rows.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 200));
      rows = await t.database.db
        .select()
        .from(schema.dailyVisits)
        .where(eq(schema.dailyVisits.day, day(0)));
    }
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toMatch(/198\.51|Firefox|Safari/);
    expect(rows[0]!.visitor).toMatch(/^[\w-]{43}$/);

    // Seen again: still two.
    await visit('/home', '198.51.100.7', safari);
    await new Promise((r) => setTimeout(r, 3_500));
    const { body } = await get(`/v1/admin/dashboard/analysis?from=${day(-1)}&to=${day(0)}`);
    expect(body.data.totals.visitors).toBe(2);
    expect(body.data.series.at(-1).visitors).toBe(2);
    expect(body.data.totals.conversion).toBe(1);
  });

  it('keeps the visitor key on the server only', async () => {
    const [settings] = await t.database.db.select().from(schema.shopSettings);
    const secret = (settings!.data as { visitorSecret?: string }).visitorSecret!;
    expect(secret.length).toBeGreaterThanOrEqual(40);
    const systems = await t.app.inject({ url: '/v1/home/systems' });
    expect(systems.body).not.toContain(secret);
    expect(systems.body).not.toContain('visitorSecret');
  });
});

describe('workplace', () => {
  it('lists paid orders to ship oldest first, low stock, coupons ending soon, activity and goals', async () => {
    const before = (await get('/v1/admin/dashboard/workplace')).body.data;
    const [sku] = (await skusOfDifferentGoods(t.database, 3)).slice(2);
    await t.database.db.update(schema.skus).set({ stock: 1 }).where(eq(schema.skus.id, sku!.id));
    const now = Date.now();
    await t.database.db.insert(schema.coupons).values({
      title: { 'en-US': 'Ends soon', 'zh-CN': '即将结束' },
      kind: 'amount',
      value: 100,
      startsAt: new Date(now - 86_400_000),
      endsAt: new Date(now + 2 * 86_400_000),
      total: 10,
    });

    const { status, body } = await get('/v1/admin/dashboard/workplace');
    expect(status, JSON.stringify(body)).toBe(200);
    const w = body.data;
    expect(w.toShip.count).toBe(3);
    expect(w.toShip.oldest.map((o: Json) => o.id)).toEqual([
      placed.earlier!.id,
      placed.twoA!.id,
      placed.oneB!.id,
    ]);
    expect(w.toShip.oldest[1]).toMatchObject({
      number: placed.twoA!.number,
      items: 2,
      customer: expect.stringMatching(/^ana \d+$/),
      status: 'paid',
    });
    expect(w.lowStock.count).toBe(before.lowStock.count + 1);
    const stocks = (w.lowStock.skus as Json[]).map((s) => s.stock);
    expect(stocks).toEqual([...stocks].sort((x, y) => x - y));
    expect(stocks.every((n) => n <= w.lowStock.threshold)).toBe(true);
    expect((w.lowStock.skus as Json[]).every((s) => s.name && s.goodsId)).toBe(true);
    expect(w.expiringCoupons.coupons.map((c: Json) => c.title)).toContain('Ends soon');
    // Newest first: the unpaid order was the last one placed today.
    expect(w.activity[0]).toMatchObject({
      action: 'order.placed',
      entityId: placed.unpaid!.id,
      label: placed.unpaid!.number,
      actor: { kind: 'shopper', name: expect.stringMatching(/^ana \d+$/) },
    });
    expect(w.activity).toContainEqual(
      expect.objectContaining({
        action: 'order.refunded',
        entityId: placed.refunded!.id,
        label: placed.refunded!.number,
        actor: { kind: 'staff', id: staffId, name: 'dash@shop.test' },
      }),
    );
    expect(w.activity).toContainEqual(
      expect.objectContaining({ action: 'order.paid', actor: expect.objectContaining({ kind: 'payment' }) }),
    );
    expect(w.goals).toEqual([]);
  });
});

describe('monitor snapshot', () => {
  it("gives today's running totals and the latest orders", async () => {
    const { status, body } = await get('/v1/admin/monitor');
    expect(status).toBe(200);
    expect(body.data.day).toBe(day(0));
    expect(body.data.today).toMatchObject({
      placed: 4,
      paid: 2,
      sales: placed.twoA!.total + placed.oneB!.total,
      visitors: 2,
    });
    expect(body.data.orders[0].id).toBe(placed.unpaid!.id);
    expect(body.data.orders.map((o: Json) => o.id)).not.toContain(undefined);
  });
});
