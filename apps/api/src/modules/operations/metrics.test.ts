import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '@shop/db/testing';
import {
  callApi,
  createTestApp,
  deliverSandboxWebhooks,
  signedInStaffAndAdmin,
  type Json,
  type TestApp,
} from '../../testing.ts';
import { buyer, payOrder, placeOrder, skusOfDifferentGoods } from '../dashboard/order-fixtures.ts';

/**
 * `/metrics` as an operator's Prometheus reads it: what the shop did shows up under the right names and labels,
 * and nobody but the machine itself, or a holder of the token, reads it.
 */
const TOKEN = 'metrics-token-for-tests-0123456789abcdef';
const REMOTE = '203.0.113.9';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN });
});
afterAll(() => t.close());

/** Scrapes `/metrics`; by default as Prometheus on the shop's own machine does (loopback, no proxy headers). */
function scrape(options: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  return t.app.inject({ url: '/metrics', ...options });
}

/** The exposition text of a scrape that must succeed. */
async function scrapeText(): Promise<string> {
  const res = await scrape();
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

/** Parses the exposition text into samples: `name{a="b"} 1` → { name, labels: { a: 'b' }, value: 1 }. */
function samples(text: string) {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]),
      );
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The value of the one sample named `name` that has `labels` (among others); 0 when there is none yet. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number {
  const found = samples(text).filter(
    (s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value ?? 0;
}

type Reads = Record<string, readonly [string, Record<string, string>?]>;

/** How much each of `reads` grew while `act` ran. */
async function growth(reads: Reads, act: () => Promise<unknown>) {
  const read = (text: string) =>
    Object.fromEntries(
      Object.entries(reads).map(([key, [name, labels]]) => [key, valueOf(text, name, labels)]),
    );
  const before = read(await scrapeText());
  await act();
  const after = read(await scrapeText());
  return Object.fromEntries(Object.keys(reads).map((key) => [key, after[key]! - before[key]!]));
}

const goodsDetail = { method: 'GET', route: '/v1/home/goods/:id' };

describe(`/metrics on ${testEngine()}`, () => {
  it('counts and times requests under their route template and status, replies from the cache included', async () => {
    const list = await callApi(t.app, 'GET', '/v1/home/goods?pageSize=3');
    const id = (list.body.data as Json[])[0]!.id as string;
    const missing = randomUUID();
    const grown = await growth(
      {
        ok: ['http_requests_total', { ...goodsDetail, status: '200' }],
        notFound: ['http_requests_total', { ...goodsDetail, status: '404' }],
        timed: ['http_request_duration_seconds_count', { ...goodsDetail, status: '200' }],
        within5s: ['http_request_duration_seconds_bucket', { ...goodsDetail, status: '200', le: '5' }],
        unmatched: ['http_requests_total', { method: 'GET', route: 'unmatched', status: '404' }],
        hits: ['shop_reply_cache_lookups_total', { cache: 'catalog', result: 'hit' }],
        misses: ['shop_reply_cache_lookups_total', { cache: 'catalog', result: 'miss' }],
      },
      async () => {
        // In another language than the list above: the first read misses the cache, the second is a hit.
        for (let i = 0; i < 2; i++) {
          expect((await callApi(t.app, 'GET', `/v1/home/goods/${id}`, { locale: 'pt-BR' })).status).toBe(200);
        }
        expect((await callApi(t.app, 'GET', `/v1/home/goods/${missing}`)).status).toBe(404);
        expect((await callApi(t.app, 'GET', `/v1/no-such-thing/${missing}`)).status).toBe(404);
      },
    );
    expect(grown).toEqual({ ok: 2, notFound: 1, timed: 2, within5s: 2, unmatched: 1, hits: 1, misses: 2 });
    // Paths a client chose never become labels: that would let anyone grow the scrape without end.
    const text = await scrapeText();
    expect(text).not.toContain(missing);
    expect(text).not.toContain('no-such-thing');
  });

  it('times keyword searches that are not answered from the cache', async () => {
    const url = `/v1/home/goods?keyword=lamp&pageSize=${5 + Math.floor(Math.random() * 10)}`;
    const grown = await growth(
      {
        searches: ['shop_search_duration_seconds_count'],
        searchSeconds: ['shop_search_duration_seconds_sum'],
      },
      async () => {
        // A keyword's reply is kept once asked twice: the first two asks search, the next two are answered kept.
        for (let i = 0; i < 4; i++) expect((await callApi(t.app, 'GET', url)).status).toBe(200);
        // Without a keyword, a listing is not a search.
        expect((await callApi(t.app, 'GET', '/v1/home/goods?pageSize=7')).status).toBe(200);
      },
    );
    expect(grown.searches).toBe(2);
    expect(grown.searchSeconds).toBeGreaterThan(0);
  });

  it("shows the catalog's shelf thread: how long it worked, its heap, no call left waiting", async () => {
    const grown = await growth({ busy: ['shop_shelf_busy_seconds_total'] }, async () => {
      for (let i = 0; i < 20; i++)
        expect(
          (await callApi(t.app, 'GET', `/v1/home/goods?keyword=${randomUUID().slice(0, 6)}`)).status,
        ).toBe(200);
    });
    expect(grown.busy).toBeGreaterThan(0);
    const text = await scrapeText();
    const used = valueOf(text, 'shop_shelf_heap_bytes', { kind: 'used' });
    expect(used).toBeGreaterThan(1_000_000);
    expect(valueOf(text, 'shop_shelf_heap_bytes', { kind: 'total' })).toBeGreaterThanOrEqual(used);
    expect(text).toMatch(/^shop_shelf_calls_waiting 0$/m);
    expect(text).toMatch(/^shop_shelf_restarts_total 0$/m);
  });

  it('counts an order placed through the checkout, its payment captured and a refund', async () => {
    const { staff } = await signedInStaffAndAdmin(t);
    const shopper = await buyer(t.app, t.database, 'metrics');
    const [sku] = await skusOfDifferentGoods(t.database, 1);
    let orderId = '';
    const grown = await growth(
      {
        placed: ['shop_orders_placed_total'],
        captured: ['shop_payments_total', { result: 'captured' }],
        refunded: ['shop_payments_total', { result: 'refunded' }],
      },
      async () => {
        orderId = (await placeOrder(t.app, shopper, [{ skuId: sku!.id, quantity: 1 }])).id;
        await payOrder(t.app, t.database, shopper, orderId);
      },
    );
    expect(grown).toEqual({ placed: 1, captured: 1, refunded: 0 });

    const refunds: Reads = { refunded: ['shop_payments_total', { result: 'refunded' }] };
    // A refund counts when the provider confirms it, not when staff ask for it.
    const asked = await growth(refunds, async () => {
      const refund = await callApi(t.app, 'POST', `/v1/admin/orders/${orderId}/refunds`, {
        cookie: staff.cookie,
        payload: { amount: 1, reason: 'a scratch on the box' },
      });
      expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    });
    expect(asked.refunded).toBe(0);
    const confirmed = await growth(refunds, async () => {
      expect(await deliverSandboxWebhooks(t)).toBe(1);
    });
    expect(confirmed.refunded).toBe(1);
  });

  it("shows the event loop's lag and the database's connections", async () => {
    await Promise.all(
      Array.from({ length: 5 }, (_, i) => callApi(t.app, 'GET', `/v1/home/goods?pageSize=${30 + i}`)),
    );
    const text = await scrapeText();
    for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_eventloop_lag_p99_seconds']) {
      expect(samples(text).some((s) => s.name === name)).toBe(true);
    }
    if (testEngine() === 'postgres') {
      expect(valueOf(text, 'shop_db_pool_clients')).toBeGreaterThanOrEqual(1);
      expect(valueOf(text, 'shop_db_pool_idle_clients')).toBeGreaterThanOrEqual(1);
      expect(valueOf(text, 'shop_db_pool_waiting')).toBe(0);
      expect(text).not.toContain('shop_db_queue_wait_seconds');
    } else {
      // Five listings read at once: each query waited its turn for the one connection.
      expect(valueOf(text, 'shop_db_queue_wait_seconds_count')).toBeGreaterThan(5);
      expect(valueOf(text, 'shop_db_queue_wait_seconds_sum')).toBeGreaterThan(0);
      expect(valueOf(text, 'shop_db_queue_waiting')).toBe(0);
      expect(text).not.toContain('shop_db_pool_clients');
    }
  });

  it('answers in the Prometheus text format, uncached, with the security headers', async () => {
    const res = await scrape();
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(res.body).toContain('# TYPE shop_orders_placed_total counter');
  });

  it('is in the API document, under operations, as text', async () => {
    const document = (await t.app.inject({ url: '/v1/openapi.json' })).json() as Json;
    const operation = document.paths['/metrics'].get as Json;
    expect(operation.tags).toEqual(['operations']);
    expect(Object.keys(operation.responses['200'].content)).toEqual(['text/plain']);
  });
});

describe('who may read /metrics', () => {
  /** A refusal must say nothing about the shop: no metric's name, no figure. */
  function expectRefused(res: Awaited<ReturnType<typeof scrape>>, message: string) {
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 403, msg: message, data: null });
    expect(res.body).not.toMatch(/http_requests|shop_|nodejs_|# HELP/);
  }
  const forbidden = "Sorry, you don't have access to this page.";

  it('the shop’s own machine, without a token, over IPv4 and IPv6', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await scrape({ remoteAddress })).statusCode, remoteAddress).toBe(200);
    }
  });

  it('not another address without the token, told in its language', async () => {
    expectRefused(
      await scrape({ remoteAddress: REMOTE, headers: { 'accept-language': 'en-US' } }),
      forbidden,
    );
    expectRefused(
      await scrape({ remoteAddress: REMOTE, headers: { 'accept-language': 'pt-BR' } }),
      'Desculpe, você não tem acesso a esta página.',
    );
    expectRefused(
      await scrape({ remoteAddress: '10.0.0.7', headers: { 'x-forwarded-for': '127.0.0.1' } }),
      forbidden,
    );
  });

  it('not a client behind a proxy on the same machine, whatever header the proxy adds', async () => {
    for (const headers of [
      { 'x-forwarded-for': '198.51.100.4' } as Record<string, string>,
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=198.51.100.4' },
      { 'x-real-ip': '198.51.100.4' },
    ]) {
      expectRefused(await scrape({ headers: { ...headers, 'accept-language': 'en-US' } }), forbidden);
    }
  });

  it('any address with the token; a wrong or malformed token from nowhere', async () => {
    const withToken = await scrape({ remoteAddress: REMOTE, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain('http_requests_total');
    const proxied = await scrape({
      headers: { authorization: `bearer ${TOKEN}`, 'x-forwarded-for': '198.51.100.4' },
    });
    expect(proxied.statusCode).toBe(200);
    for (const authorization of [
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      'Bearer ',
      TOKEN,
      `Basic ${TOKEN}`,
    ]) {
      const headers = { authorization, 'accept-language': 'en-US' };
      expectRefused(await scrape({ remoteAddress: REMOTE, headers }), forbidden);
      // A wrong token is refused from the machine itself too: whoever sent it expects it to be checked.
      expectRefused(await scrape({ headers }), forbidden);
    }
  });

  it('no token at all when METRICS_TOKEN is not set, even behind a trusted proxy', async () => {
    const other = await createTestApp({ trustProxy: 1 });
    try {
      for (const authorization of ['Bearer ', 'Bearer undefined', 'Bearer null', `Bearer ${TOKEN}`]) {
        const res = await other.app.inject({
          url: '/metrics',
          remoteAddress: REMOTE,
          headers: { authorization, 'accept-language': 'en-US' },
        });
        expectRefused(res, forbidden);
      }
      // The proxy is trusted, so `request.ip` is the address it names; the socket's is what counts here.
      const spoofed = await other.app.inject({
        url: '/metrics',
        remoteAddress: REMOTE,
        headers: { 'x-forwarded-for': '127.0.0.1', 'accept-language': 'en-US' },
      });
      expectRefused(spoofed, forbidden);
      expect((await other.app.inject({ url: '/metrics' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});
