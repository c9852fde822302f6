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

  it('names the provinces of China and Taiwan in Chinese, in the script and order of the locale', async () => {
    const tree = async (locale: string) =>
      envelopeSchema(z.array(regionSchema)).parse((await get('/v1/home/regions', locale)).json()).data;
    const [simplified, traditional, english] = await Promise.all([
      tree('zh-CN'),
      tree('zh-TW'),
      tree('en-US'),
    ]);
    const provinces = (regions: typeof english, country: string) =>
      regions.find((r) => r.code === country)?.children ?? [];
    const named = (regions: typeof english, code: string) =>
      regions.find((r) => r.code === code.slice(0, 2))?.children?.find((r) => r.code === code)?.name;
    expect(named(simplified, 'CN-GD')).toBe('广东省');
    expect(named(traditional, 'CN-GD')).toBe('廣東省');
    expect(named(traditional, 'TW-TPE')).toBe('臺北市');
    expect(named(simplified, 'TW-TPE')).toBe('台北市');
    expect(named(english, 'CN-GD')).toBe('Guangdong');
    // Every province has its Chinese name (none left in Latin letters), sorted as Chinese readers sort.
    for (const regions of [simplified, traditional]) {
      for (const country of ['CN', 'TW']) {
        const names = provinces(regions, country).map((r) => r.name);
        expect(names.length).toBeGreaterThan(15);
        expect(names.filter((name) => /[A-Za-z]/.test(name))).toEqual([]);
      }
    }
    const order = new Intl.Collator('zh-CN');
    const chinaNames = provinces(simplified, 'CN').map((r) => r.name);
    expect(chinaNames).toEqual([...chinaNames].sort(order.compare));
    expect(chinaNames[0]).toBe('安徽省');
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
