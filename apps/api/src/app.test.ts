import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressBodySchema } from '@shop/contract';
import { createTestApp, type TestApp } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Two probe routes exercise the shared request pipeline the way every real endpoint uses it.
  t.app.post('/v1/probe/echo', { schema: { body: addressBodySchema } }, async (request) => ({
    code: 200,
    data: request.body,
    msg: '',
  }));
  t.app.get('/v1/probe/boom', async () => {
    throw new Error('database password is hunter2');
  });
});
afterAll(() => t.close());

const validAddress = {
  name: 'Ana Souza',
  phone: '+5511987654321',
  regionCodes: ['BR'],
  detail: 'Rua Augusta 100',
  postcode: '01305-000',
  isDefault: true,
};

describe('the envelope answers bad input with a clear error', () => {
  it('accepts a valid body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/probe/echo', payload: validAddress });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(200);
  });

  it('refuses malformed JSON with 400 and code 1', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/probe/echo',
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
      payload: '{"name": "Ana",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 1,
      data: null,
      msg: { body: 'The request body is not valid JSON.' },
    });
  });

  it('names each wrong field, in the request locale', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/probe/echo',
      headers: { 'accept-language': 'zh-CN' },
      payload: { ...validAddress, phone: '12', isDefault: 'yes', detail: 42 },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.code).toBe(1);
    expect(body.msg.phone).toBe('手机号格式错误！');
    expect(body.msg.isDefault).toBe('值无效。');
    expect(body.msg.detail).toBe('值无效。');
  });

  it('refuses unknown fields', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/probe/echo',
      headers: { 'accept-language': 'en-US' },
      payload: { ...validAddress, isAdmin: true },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toEqual({ isAdmin: 'Unknown field.' });
  });

  it('refuses oversized bodies before reading them', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/probe/echo',
      headers: { 'accept-language': 'pt-BR' },
      payload: { ...validAddress, detail: 'x'.repeat(300 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 1, msg: { body: 'A requisição é grande demais.' } });
  });

  it('refuses bodies that are not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/probe/echo',
      headers: { 'content-type': 'text/plain' },
      payload: 'name=Ana',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe(1);
  });

  it('refuses query strings past the spec limits', async () => {
    const many = Array.from({ length: 1001 }, (_, i) => `k${i}=1`).join('&');
    const deep = 'a[b][c][d][e][f][g]=1';
    const wide = 'a[25]=1';
    for (const query of [many, deep, wide]) {
      const res = await t.app.inject({
        url: `/v1/home/goods?${query}`,
        headers: { 'accept-language': 'en-US' },
      });
      expect(res.statusCode, query.slice(0, 20)).toBe(400);
      expect(res.json()).toMatchObject({
        code: 1,
        msg: { query: 'The query string is too long or too deeply nested.' },
      });
    }
  });

  it('answers an unknown API route with a 404 envelope', async () => {
    const res = await t.app.inject({ url: '/v1/home/nothing-here', headers: { 'accept-language': 'zh-TW' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, data: null, msg: '該頁面或介面不存在。' });
  });

  it('hides a crash from the client and logs it with the request id', async () => {
    const res = await t.app.inject({ url: '/v1/probe/boom', headers: { 'accept-language': 'en-US' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 500,
      data: null,
      msg: 'Something went wrong on our side. Please try again.',
    });
    expect(res.body).not.toContain('hunter2');
    const logged = t.logs().find((line) => line.msg === 'request failed');
    expect(logged?.reqId).toBeTruthy();
    expect(JSON.stringify(logged)).toContain('hunter2');
  });
});

describe('the storefront build', () => {
  it('answers every storefront route with the app, in history mode', async () => {
    for (const url of ['/', '/home', '/detail?id=1', '/my/order', '/registersucess?token=x']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('answers other paths with the app and status 404, so it shows its 404 page', async () => {
    for (const url of ['/nope', '/detail/42', '/HOME', '/admin.php']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject('/assets/index-a1b2c3d4.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('operations', () => {
  it('reports health and readiness', async () => {
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
  });

  it('sends security headers on every reply', async () => {
    for (const url of ['/v1/home/systems', '/v1/nope', '/no-such-page']) {
      const res = await t.app.inject(url);
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('publishes the OpenAPI document', async () => {
    const res = await t.app.inject('/v1/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/v1/home/goods', '/v1/home/goods/{id}', '/v1/home/systems']),
    );
  });
});
