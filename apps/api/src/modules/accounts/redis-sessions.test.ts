import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@shop/db';
import { createShopper, createTestApp, loginCookie, type TestApp } from '../../testing.ts';

/** The scale-out path: sessions and abuse counters in a real Redis, shared by every instance. */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let t: TestApp;
let second: TestApp;
let redis: Redis;

beforeAll(async () => {
  t = await createTestApp({ redisUrl });
  redis = new Redis(redisUrl);
});
afterAll(async () => {
  await t.close();
  await second?.close();
  redis.disconnect();
});

describe('sessions in Redis', () => {
  it('keeps the session in Redis, not in the database, and ends it at logout', async () => {
    const shopper = await createShopper(t.database, {
      email: `redis-${Date.now()}@example.com`,
      password: 'Redis-secret-1',
    });
    const cookie = await loginCookie(t.app, shopper.email, shopper.password);
    expect((await t.app.inject({ url: '/v1/home/users/me', headers: { cookie } })).json().data.id).toBe(
      shopper.id,
    );
    expect(await t.database.db.select().from(schema.sessions)).toEqual([]);
    const ids = await redis.smembers(`user-sessions:${shopper.id}`);
    expect(ids).toHaveLength(1);
    expect(await redis.pttl(`session:${ids[0]}`)).toBeGreaterThan(0);

    await t.app.inject({ method: 'POST', url: '/v1/home/users/logout', headers: { cookie } });
    expect(await redis.exists(`session:${ids[0]}`)).toBe(0);
    expect((await t.app.inject({ url: '/v1/home/users/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('ends the other sessions when the password changes', async () => {
    const shopper = await createShopper(t.database, {
      email: `redis2-${Date.now()}@example.com`,
      password: 'Redis-secret-2',
    });
    const a = await loginCookie(t.app, shopper.email, shopper.password);
    const b = await loginCookie(t.app, shopper.email, shopper.password);
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/home/users/${shopper.id}/password/edit`,
      headers: { cookie: a },
      payload: {
        oldPassword: shopper.password,
        password: 'Redis-new-secret-3',
        confirm: 'Redis-new-secret-3',
      },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/v1/home/users/me', headers: { cookie: a } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/v1/home/users/me', headers: { cookie: b } })).statusCode).toBe(401);
  });

  it('counts wrong logins across instances', async () => {
    second = await createTestApp({ redisUrl });
    const ip = `192.0.2.${Math.floor(Math.random() * 250)}`;
    await redis.del(`limit:wrong-login:${ip}`);
    const attempt = (app: TestApp['app']) =>
      app.inject({
        method: 'POST',
        url: '/v1/home/users/login',
        remoteAddress: ip,
        payload: { account: 'nobody@example.com', password: 'wrong-password' },
      });
    for (let i = 0; i < 10; i++) expect((await attempt(i % 2 ? t.app : second.app)).statusCode).toBe(401);
    const refused = await attempt(second.app);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
