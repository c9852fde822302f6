import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import {
  callApi,
  createShopper,
  createTestApp,
  loginCookie,
  signedInStaff,
  type Json,
  type TestApp,
} from '../testing.ts';

/** The scale-out path: two instances of the shop over one database and one real Redis. */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let first: TestApp;
let second: FastifyInstance;
let adminCookie = '';

beforeAll(async () => {
  first = await createTestApp({ redisUrl });
  second = await buildApp({ logLevel: 'silent', storefrontDist: '/nonexistent', redisUrl }, first.database);
  adminCookie = (
    await signedInStaff(first, { email: 'boss@shop.test', password: 'Boss-admin-2026', role: 'admin' })
  ).cookie;
});
afterAll(async () => {
  await second.close();
  await first.close();
});

const read = async (app: FastifyInstance, url: string, cookie = '') => {
  const { status, body, res } = await callApi(app, 'GET', url, { cookie });
  expect(status, res.body).toBe(200);
  return body.data as Json;
};
const change = async (method: 'POST' | 'PUT', url: string, payload: object, cookie = adminCookie) => {
  const { status, body, res } = await callApi(first.app, method, url, { cookie, payload });
  expect(status, res.body).toBeLessThan(300);
  return body.data as Json;
};

describe('a change made through one instance', () => {
  it('reaches the catalog replies and searches the other instance had prepared', async () => {
    const [category] = (await read(first.app, '/v1/admin/categories', adminCookie)) as unknown as Json[];
    expect(
      (await read(second, '/v1/home/categories')).find((c: Json) => c.id === category!.id).name,
    ).not.toBe('Zephyrine');

    await change('PUT', `/v1/admin/categories/${category!.id}`, {
      name: { 'en-US': 'Zephyrine', 'zh-CN': '灯笼' },
      parentId: category!.parentId,
      icon: '',
      sort: category!.sort,
    });
    await expect
      .poll(
        async () => (await read(second, '/v1/home/categories')).find((c: Json) => c.id === category!.id).name,
      )
      .toBe('Zephyrine');

    const wireless = '/v1/home/goods?keyword=wireless&pageSize=100';
    const [goods] = (await read(second, wireless)) as unknown as Json[];
    await change('POST', '/v1/admin/goods/shelf', { ids: [goods!.id], onShelf: false });
    await expect
      .poll(async () => ((await read(second, wireless)) as unknown as Json[]).map((g) => g.id))
      .not.toContain(goods!.id);
  });

  it('puts new settings in force on the other instance (shipping fee, currency, payment window)', async () => {
    const settings = await read(first.app, '/v1/admin/settings', adminCookie);
    const { updatedAt: _updated, ...input } = settings;
    const shippingFee = settings.shippingFee + 100;
    expect((await read(second, '/v1/home/systems')).shippingFee).not.toBe(shippingFee);

    await change('PUT', '/v1/admin/settings', { ...input, shippingFee });
    await expect.poll(async () => (await read(second, '/v1/home/systems')).shippingFee).toBe(shippingFee);
  });

  it("shows the other instance's shoppers a coupon's copies as they are claimed", async () => {
    const coupons = (await read(second, '/v1/home/coupons')) as unknown as Json[];
    const coupon = coupons.find((c) => c.remaining > 1)!;
    const shopper = await createShopper(first.database, {
      email: 'elsewhere@shop.test',
      password: 'Else-2026-shop',
    });
    const cookie = await loginCookie(first.app, shopper.email, shopper.password);
    await change('POST', `/v1/home/coupons/${coupon.id}/claim`, {}, cookie);
    await expect
      .poll(
        async () =>
          ((await read(second, '/v1/home/coupons')) as unknown as Json[]).find((c) => c.id === coupon.id)
            ?.remaining,
      )
      .toBe(coupon.remaining - 1);
  });
});
