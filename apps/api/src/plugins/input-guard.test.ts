import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@shop/contract';
import { callApi, createTestApp, signedInStaff, type TestApp } from '../testing.ts';
import { findUnsafeText } from './input-guard.ts';

describe('findUnsafeText', () => {
  it('finds NUL and lone surrogates in nested values and keys, and lets emoji and other text through', () => {
    expect(findUnsafeText({ a: 'fine', b: ['😀', 'Zoë', '中文', '\u202E'] })).toBeNull();
    expect(findUnsafeText({ a: { b: ['x', 'y\u0000'] } })).toBe('a.b.1');
    expect(findUnsafeText({ contact: { address: 'Rua \uD800' } })).toBe('contact.address');
    expect(findUnsafeText({ 'k\u0000': 1 })).toBe('k\u0000');
    expect(findUnsafeText('\uDFFF')).toBe('');
    expect(findUnsafeText(null)).toBeNull();
    // Deeper than the call stack would go with recursion.
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeText(deep)).not.toBeNull();
  });
});

describe('refusing hostile input in the envelope', () => {
  let t: TestApp;
  let admin: { cookie: string };
  const page = { 'sec-fetch-site': 'same-origin' };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInStaff(t, { email: 'ada@shop.test', password: 'Ada-admin-2026', role: 'admin' });
  });
  afterAll(() => t.close());

  it('refuses NUL in a query with code 1 in the request language, before a CSV export starts', async () => {
    const reply = await callApi(t.app, 'GET', '/v1/admin/orders/export?keyword=%00', {
      cookie: admin.cookie,
      locale: 'zh-TW',
    });
    expect(reply.status).toBe(422);
    expect(reply.res.headers['content-type']).toContain('application/json');
    expect(reply.body).toEqual({
      code: 1,
      data: null,
      msg: { keyword: translate('zh-TW', 'validation.text.unsafe') },
    });
  });

  it('changes nothing when a body holds NUL or a lone surrogate', async () => {
    const before = await callApi(t.app, 'GET', '/v1/admin/account', { cookie: admin.cookie });
    for (const bio of ['b\u0000', 'b\uD800']) {
      const reply = await callApi(t.app, 'PUT', '/v1/admin/account', {
        cookie: admin.cookie,
        headers: page,
        payload: { nickname: 'Changed', bio },
        locale: 'pt-BR',
      });
      expect(reply.status).toBe(422);
      expect(reply.body.msg).toEqual({ bio: translate('pt-BR', 'validation.text.unsafe') });
    }
    const after = await callApi(t.app, 'GET', '/v1/admin/account', { cookie: admin.cookie });
    expect(after.body.data).toEqual(before.body.data);
  });

  it('refuses a cart-line change that changes nothing', async () => {
    const goods = (await callApi(t.app, 'GET', '/v1/admin/goods?pageSize=1', { cookie: admin.cookie })).body;
    const detail = await callApi(t.app, 'GET', `/v1/admin/goods/${goods.data[0].id}`, {
      cookie: admin.cookie,
    });
    const skuId = detail.body.data.skus[0].id as string;
    const added = await callApi(t.app, 'POST', '/v1/home/cart/items', { payload: { skuId, quantity: 1 } });
    const cookie = added.res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const reply = await callApi(t.app, 'PUT', `/v1/home/cart/items/${skuId}`, { cookie, payload: {} });
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({
      code: 1,
      data: null,
      msg: { body: translate('en-US', 'validation.body.nothingToChange') },
    });
  });

  it('refuses malformed multipart uploads with code 1', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/media',
      headers: {
        cookie: admin.cookie,
        'accept-language': 'zh-CN',
        'content-type': 'multipart/form-data; boundary=cut',
      },
      payload: '--cut\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
    });
    expect(reply.statusCode).toBe(422);
    expect(reply.json()).toEqual({
      code: 1,
      data: null,
      msg: { file: translate('zh-CN', 'validation.upload.malformed') },
    });
  });

  it('answers an over-long path parameter and a malformed path in the envelope without echoing them', async () => {
    const long = 'x'.repeat(5000);
    const tooLong = await callApi(t.app, 'POST', `/v1/home/coupons/${long}/claim`, { locale: 'pt-BR' });
    expect(tooLong.status, tooLong.res.body).toBe(414);
    expect(tooLong.body).toEqual({
      code: 1,
      data: null,
      msg: { request: translate('pt-BR', 'validation.url.tooLong') },
    });
    const malformed = await callApi(t.app, 'GET', '/v1/home/goods/%E0%A4%A');
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe(1);
    expect(malformed.res.body).not.toContain('%E0');
    expect(tooLong.res.body).not.toContain('xxxx');
  });

  it("answers a URL past Node's header limit with a 431 envelope, not Node's bare reply", async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          `GET /v1/home/goods?keyword=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: shop.test\r\n` +
            'Accept-Language: pt-BR\r\n\r\n',
        );
      });
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head!.toLowerCase()).toContain('content-type: application/json');
    expect(JSON.parse(body!)).toEqual({
      code: 1,
      data: null,
      msg: { request: translate('pt-BR', 'validation.headers.tooLarge') },
    });
  });
});
