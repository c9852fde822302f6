import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { couponSchema, envelopeSchema, regionSchema, systemsSchema } from '@shop/contract';
import { createTestApp, type TestApp } from '../../testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, locale = 'en-US') => t.app.inject({ url, headers: { 'accept-language': locale } });

describe('GET /v1/home/systems', () => {
  it('returns the shop settings in the shopper locale', async () => {
    const en = envelopeSchema(systemsSchema).parse((await get('/v1/home/systems')).json()).data;
    const zh = envelopeSchema(systemsSchema).parse((await get('/v1/home/systems', 'zh-CN')).json()).data;
    expect(en.currency).toMatch(/^[A-Z]{3}$/);
    expect(en.banners.length).toBeGreaterThan(0);
    expect(zh.shopName).not.toBe(en.shopName);
    expect(zh.shopName).toMatch(/\p{Script=Han}/u);
  });
});

describe('GET /v1/home/coupons', () => {
  it('lists only coupons valid now, with how many are left', async () => {
    const res = await get('/v1/home/coupons');
    const coupons = envelopeSchema(z.array(couponSchema)).parse(res.json()).data;
    expect(coupons.length).toBeGreaterThan(0);
    const now = Date.now();
    for (const c of coupons) {
      expect(Date.parse(c.startsAt)).toBeLessThanOrEqual(now);
      expect(Date.parse(c.endsAt)).toBeGreaterThan(now);
      expect(c.remaining).toBeLessThanOrEqual(c.total);
    }
  });
});

describe('GET /v1/home/regions', () => {
  it('returns countries with their states, countries named in the shopper locale', async () => {
    const en = envelopeSchema(z.array(regionSchema)).parse((await get('/v1/home/regions')).json()).data;
    const pt = envelopeSchema(z.array(regionSchema)).parse(
      (await get('/v1/home/regions', 'pt-BR')).json(),
    ).data;
    expect(en.length).toBeGreaterThan(200);
    const brazil = en.find((r) => r.code === 'BR');
    expect(brazil?.name).toBe('Brazil');
    expect(brazil?.children?.length).toBe(27);
    expect(pt.find((r) => r.code === 'DE')?.name).toBe('Alemanha');
  });
});

describe('GET /media/{id}', () => {
  it('serves seeded images with year-long caching', async () => {
    const systems = (await get('/v1/home/systems')).json();
    const res = await t.app.inject(systems.data.banners[0].image as string);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing image with 404', async () => {
    expect((await t.app.inject('/media/0000000000000000.svg')).statusCode).toBe(404);
    expect((await t.app.inject('/media/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(422);
  });
});
