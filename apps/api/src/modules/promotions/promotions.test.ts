import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@shop/db';
import { DEMO_FACTS } from '@shop/db/seed';
import { createShopper, createTestApp, loginCookie, type TestApp } from '../../testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const claim = (id: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/home/coupons/${id}/claim`,
    headers: { 'accept-language': 'en-US', ...(cookie ? { cookie } : {}) },
  });

async function openCouponId(cookie?: string): Promise<string> {
  const list = (await t.app.inject({ url: '/v1/home/coupons', headers: cookie ? { cookie } : {} })).json();
  return list.data.find(
    (c: { id: string; remaining: number; perUserLimit: number }) =>
      c.id !== DEMO_FACTS.coupons.almostGoneId && c.remaining > 5 && c.perUserLimit === 1,
  ).id;
}

describe('claiming a coupon', () => {
  it('asks a guest to log in', async () => {
    const res = await claim(await openCouponId());
    expect(res.statusCode).toBe(401);
  });

  it('gives a shopper one copy and refuses the second with a message', async () => {
    const shopper = await createShopper(t.database, {
      email: 'gil@example.com',
      password: 'Gil-secret-2026',
    });
    const cookie = await loginCookie(t.app, shopper.email, shopper.password);
    const id = await openCouponId(cookie);
    const before = (await t.app.inject('/v1/home/coupons'))
      .json()
      .data.find((c: { id: string }) => c.id === id);

    const first = await claim(id, cookie);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      id,
      claimed: true,
      usable: true,
      remaining: before.remaining - 1,
    });
    const second = await claim(id, cookie);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ code: 2, data: null, msg: 'You have already claimed this coupon.' });

    const mine = (await t.app.inject({ url: '/v1/home/coupons', headers: { cookie } })).json().data;
    expect(mine.find((c: { id: string }) => c.id === id)).toMatchObject({ claimed: true, usable: true });
    const guestView = (await t.app.inject('/v1/home/coupons')).json().data;
    expect(guestView.find((c: { id: string }) => c.id === id).remaining).toBe(before.remaining - 1);
    expect(guestView.find((c: { id: string }) => c.id === id).claimed).toBeUndefined();
  });

  it('refuses coupons that are not on offer', async () => {
    const shopper = await createShopper(t.database, {
      email: 'hal@example.com',
      password: 'Hal-secret-2026',
    });
    const cookie = await loginCookie(t.app, shopper.email, shopper.password);
    for (const id of [DEMO_FACTS.coupons.expiredId, DEMO_FACTS.coupons.notStartedId]) {
      const res = await claim(id, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe('This coupon is not on offer.');
    }
  });

  it('never hands out more than are left when 50 shoppers claim the last 5 at once', async () => {
    const id = DEMO_FACTS.coupons.almostGoneId;
    const cookies = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const s = await createShopper(t.database, {
          email: `rush${i}@example.com`,
          password: `Rush-secret-${i}x`,
        });
        return loginCookie(t.app, s.email, s.password);
      }),
    );
    const results = await Promise.all(cookies.map((cookie) => claim(id, cookie)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(45);
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(r.json().msg).toBe('Sorry, this coupon has been fully claimed.');
    }
    const [coupon] = await t.database.db.select().from(schema.coupons).where(eq(schema.coupons.id, id));
    expect(coupon!.claimed).toBe(coupon!.total);
    const [claims] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.couponClaims)
      .where(eq(schema.couponClaims.couponId, id));
    expect(claims!.n).toBe(5);
  });
});
