import { AppError, Code } from '@shop/contract';
import { describe, expect, it, vi } from 'vitest';
import { createAdminClient } from './admin-client.ts';
import { createApiClient } from './client.ts';
import { serializeQuery } from './request.ts';
import type { ApiClientOptions } from './request.ts';

interface Sent {
  url: string;
  init: RequestInit;
}

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setup(reply: () => Response | Promise<Response>, extra: Partial<ApiClientOptions> = {}) {
  const sent: Sent[] = [];
  const onError = vi.fn<(message: string, error: AppError) => void>();
  const client = createApiClient({
    getLocale: () => 'pt-BR',
    onError,
    translateFailure: (reason) => `generic:${reason}`,
    fetch: async (input, init) => {
      sent.push({ url: String(input), init: init ?? {} });
      return reply();
    },
    ...extra,
  });
  return { client, sent, onError };
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the call to reject');
}

describe('api client requests', () => {
  it('sends the locale, same-origin credentials and a serialised query without undefined values', async () => {
    const { client, sent } = setup(() =>
      jsonResponse({ code: 200, data: [], msg: '', meta: { page: 2, pageSize: 20, total: 0 } }),
    );
    const page = await client.goods.list({ pageSize: 20, page: 2, keyword: undefined, sort: 'sales' });
    expect(page).toEqual({ data: [], meta: { page: 2, pageSize: 20, total: 0 } });
    expect(sent[0]?.url).toBe('/v1/home/goods?pageSize=20&page=2&sort=sales');
    expect(sent[0]?.init.credentials).toBe('same-origin');
    expect(sent[0]?.init.method).toBe('GET');
    expect((sent[0]?.init.headers as Record<string, string>)['Accept-Language']).toBe('pt-BR');
    expect(sent[0]?.init.body).toBeUndefined();
  });

  it('sends POST bodies as JSON and escapes ids in paths', async () => {
    const { client, sent } = setup(() => jsonResponse({ code: 200, data: { id: 'u1' }, msg: '' }));
    await client.users.edit('a/b', { nickname: 'Ana' });
    expect(sent[0]?.url).toBe('/v1/home/users/a%2Fb/edit');
    expect(sent[0]?.init.method).toBe('POST');
    expect((sent[0]?.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(sent[0]?.init.body).toBe('{"nickname":"Ana"}');
  });

  it('sends the idempotency key of an order', async () => {
    const { client, sent } = setup(() => jsonResponse({ code: 200, data: {}, msg: '' }, 201));
    await client.orders.place({ addressId: 'x' }, 'key-1');
    expect((sent[0]?.init.headers as Record<string, string>)['Idempotency-Key']).toBe('key-1');
  });

  it('sends the idempotency key of a charge, and paths of the order actions', async () => {
    const { client, sent } = setup(() => jsonResponse({ code: 200, data: {}, msg: '' }, 201));
    await client.charges.create({ orderId: 'o/1', channel: 'sandbox' }, 'key-2');
    await client.orders.cancel('o/1');
    await client.orders.confirm('o/1');
    await client.cart.updateItem('s/1', { selected: false });
    expect((sent[0]?.init.headers as Record<string, string>)['Idempotency-Key']).toBe('key-2');
    expect(sent[0]?.init.body).toBe('{"orderId":"o/1","channel":"sandbox"}');
    expect(sent.slice(1).map((s) => `${s.init.method} ${s.url}`)).toEqual([
      'POST /v1/home/orders/o%2F1/cancel',
      'POST /v1/home/orders/o%2F1/confirm',
      'PUT /v1/home/cart/items/s%2F1',
    ]);
  });

  it('uploads an avatar as multipart form data, leaving the boundary to fetch', async () => {
    const { client, sent } = setup(() => jsonResponse({ code: 200, data: { id: 'u1' }, msg: '' }));
    const file = new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' });
    await client.users.uploadAvatar('u1', file);
    expect(sent[0]?.url).toBe('/v1/home/users/u1/avatar');
    expect(sent[0]?.init.method).toBe('POST');
    expect((sent[0]?.init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    const body = sent[0]?.init.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('file')).toBeInstanceOf(Blob);
  });

  it('omits Accept-Language when no locale is known yet', async () => {
    const { client, sent } = setup(() => jsonResponse({ code: 200, data: {}, msg: '' }), {
      getLocale: () => undefined,
      baseUrl: 'http://shop.test/v1/',
    });
    await client.systems.get();
    expect(sent[0]?.url).toBe('http://shop.test/v1/home/systems');
    expect((sent[0]?.init.headers as Record<string, string>)['Accept-Language']).toBeUndefined();
  });

  it('returns data of a code 200 reply', async () => {
    const { client, onError } = setup(() => jsonResponse({ code: 200, data: { shopName: 'Umi' }, msg: '' }));
    await expect(client.systems.get()).resolves.toEqual({ shopName: 'Umi' });
    expect(onError).not.toHaveBeenCalled();
  });
});

describe('api client envelope rules (spec §8)', () => {
  it('code 1: reports the first non-empty field message and rejects with the fields', async () => {
    const msg = { email: '', phone: 'Malformed phone number!', code: 'Please enter the verification code!' };
    const { client, onError } = setup(() => jsonResponse({ code: 1, data: null, msg }, 422));
    const error = await rejection(
      client.users.register({ email: '', password: 'x', confirm: 'x', phone: '1', code: '' }),
    );
    expect(error.code).toBe(Code.validation);
    expect(error.message).toBe('Malformed phone number!');
    expect(error.fields).toEqual(msg);
    expect(error.httpStatus).toBe(422);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith('Malformed phone number!', error);
  });

  it.each([
    [Code.refused, 409],
    [Code.internal, 500],
  ])('code %i: reports the msg text and rejects', async (code, status) => {
    const { client, onError } = setup(() => jsonResponse({ code, data: null, msg: 'Out of stock' }, status));
    const error = await rejection(client.cart.addItem({ skuId: 's', quantity: 1 }));
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe(code);
    expect(error.message).toBe('Out of stock');
    expect(error.httpStatus).toBe(status);
    expect(onError).toHaveBeenCalledWith('Out of stock', error);
  });

  it.each([Code.unauthorized, Code.forbidden, Code.notFound, Code.tooManyRequests])(
    'code %i: rejects without a toast',
    async (code) => {
      const { client, onError } = setup(() => jsonResponse({ code, data: null, msg: 'text' }, code));
      const error = await rejection(client.users.me());
      expect(error.code).toBe(code);
      expect(error.message).toBe('text');
      expect(onError).not.toHaveBeenCalled();
    },
  );

  it("code 2 with data: keeps the envelope's data on the AppError (e.g. a second step is needed)", async () => {
    const { client } = setup(() =>
      jsonResponse({ code: 2, data: { otpRequired: true }, msg: 'Enter the code' }, 401),
    );
    const error = await rejection(client.users.login({ account: 'a@b.c', password: 'x' }));
    expect(error).toMatchObject({ code: 2, message: 'Enter the code', data: { otpRequired: true } });
  });

  it('sends a DELETE body as JSON when there is one', async () => {
    const sent: Sent[] = [];
    const admin = createAdminClient({
      translateFailure: (reason) => `generic:${reason}`,
      fetch: async (input, init) => {
        sent.push({ url: String(input), init: init ?? {} });
        return jsonResponse({ code: 200, data: null, msg: '' });
      },
    });
    await admin.twoStep.turnOff({ otp: '123456' });
    await admin.http.delete('/admin/account/sessions/abc');
    expect(sent[0]?.init.method).toBe('DELETE');
    expect(sent[0]?.init.body).toBe('{"otp":"123456"}');
    expect((sent[0]?.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(sent[1]?.init.body).toBeUndefined();
  });

  it('uploads a file as the body itself, its own type the Content-Type (a price sheet)', async () => {
    const sent: Sent[] = [];
    const admin = createAdminClient({
      translateFailure: (reason) => `generic:${reason}`,
      fetch: async (input, init) => {
        sent.push({ url: String(input), init: init ?? {} });
        return jsonResponse({ code: 200, data: { updated: 1, unchanged: 0 }, msg: '' });
      },
    });
    const sheet = new Blob(['sku_id,price_USD\n'], { type: 'text/csv' });
    expect(await admin.http.upload('/admin/goods/prices.csv', sheet)).toEqual({ updated: 1, unchanged: 0 });
    expect(sent[0]?.init.method).toBe('POST');
    expect(sent[0]?.init.body).toBe(sheet);
    expect((sent[0]?.init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('leaves the codes a caller handles itself to that caller, still rejecting', async () => {
    const { client, onError } = setup(() =>
      jsonResponse({ code: 1, data: null, msg: { id: 'Invalid identifier.' } }, 422),
    );
    const error = await rejection(client.goods.get('nope', { handles: [Code.validation, Code.notFound] }));
    expect(error.code).toBe(Code.validation);
    expect(onError).not.toHaveBeenCalled();
  });

  it('a network failure becomes a code 500 AppError with the translated generic text', async () => {
    const { client, onError } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await rejection(client.categories.list());
    expect(error.code).toBe(Code.internal);
    expect(error.message).toBe('generic:network');
    expect(error.httpStatus).toBe(0);
    expect(onError).toHaveBeenCalledWith('generic:network', error);
  });

  it('a reply that is not JSON becomes a code 500 AppError', async () => {
    const { client, onError } = setup(
      () =>
        new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
    );
    const error = await rejection(client.coupons.list());
    expect(error.code).toBe(Code.internal);
    expect(error.message).toBe('generic:badResponse');
    expect(error.httpStatus).toBe(502);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('JSON that is not an envelope becomes a code 500 AppError', async () => {
    const { client } = setup(() => jsonResponse({ hello: 'world' }));
    const error = await rejection(client.regions.list());
    expect(error.code).toBe(Code.internal);
  });

  it('a cancelled request rejects with the abort reason and no toast', async () => {
    const controller = new AbortController();
    const { client, onError } = setup(() => {
      controller.abort();
      return Promise.reject(new DOMException('aborted', 'AbortError'));
    });
    await expect(client.goods.get('g1', { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(onError).not.toHaveBeenCalled();
  });
});

describe('serializeQuery', () => {
  it('skips undefined and null, repeats array keys and encodes values', () => {
    expect(serializeQuery({ a: 1, b: undefined, c: null, d: ['x', 'y z'], e: false })).toBe(
      '?a=1&d=x&d=y+z&e=false',
    );
    expect(serializeQuery({})).toBe('');
    expect(serializeQuery(undefined)).toBe('');
  });
});
