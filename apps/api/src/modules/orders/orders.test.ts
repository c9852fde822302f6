import { asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@shop/db';
import { DEMO_FACTS } from '@shop/db/seed';
import { signWebhook } from '../payments/payments.service.ts';
import {
  addAddress,
  callApi,
  createShopper,
  createTestApp,
  keptMail,
  loginCookie,
  type Json,
  type TestApp,
} from '../../testing.ts';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  // Webhooks travel over real HTTP to the shop's own port.
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const call = (
  method: string,
  url: string,
  cookie: string,
  payload?: object,
  headers?: Record<string, string>,
) => callApi(t.app, method, url, { cookie, payload, headers });

let seq = 0;
async function shopperWithAddress() {
  seq += 1;
  const s = await createShopper(t.database, {
    email: `buyer${seq}-${Date.now()}@example.com`,
    password: 'Buyer-secret-2026',
  });
  const cookie = await loginCookie(t.app, s.email, s.password);
  return { ...s, cookie, addressId: await addAddress(t.app, cookie) };
}

/** An on-shelf SKU with plenty of stock and its price; `fresh` picks one no other test orders. */
async function skuInStock(minStock = 5, fresh = false) {
  const [row] = await t.database.db
    .select({
      id: schema.skus.id,
      price: schema.skus.price,
      stock: schema.skus.stock,
      goodsId: schema.skus.goodsId,
    })
    .from(schema.skus)
    .innerJoin(schema.goods, eq(schema.goods.id, schema.skus.goodsId))
    .where(sql`${schema.skus.stock} >= ${minStock} and ${schema.goods.onShelf}`)
    .orderBy(fresh ? desc(schema.skus.id) : asc(schema.skus.id))
    .limit(1);
  return row!;
}

const stockOf = async (skuId: string) =>
  (
    await t.database.db
      .select({ stock: schema.skus.stock })
      .from(schema.skus)
      .where(eq(schema.skus.id, skuId))
  )[0]!.stock;

describe('addresses', () => {
  it('keeps each shopper to their own addresses and checks the region path', async () => {
    const a = await shopperWithAddress();
    const b = await shopperWithAddress();
    const mine = await call('GET', '/v1/home/addresses', a.cookie);
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0]).toMatchObject({
      isDefault: true,
      regionNames: ['Brazil', 'São Paulo', 'São Paulo'],
    });
    expect(
      (
        await call('PUT', `/v1/home/addresses/${a.addressId}`, b.cookie, {
          ...mine.body.data[0],
          id: undefined,
          regionNames: undefined,
        })
      ).status,
    ).toBe(404);
    expect((await call('DELETE', `/v1/home/addresses/${a.addressId}`, b.cookie)).status).toBe(404);
    const wrongPath = await call('POST', '/v1/home/addresses', a.cookie, {
      name: 'X',
      phone: '+5511987654321',
      regionCodes: ['BR', 'US-CA'],
      detail: 'Somewhere 1',
      postcode: '01305-000',
      isDefault: false,
    });
    expect(wrongPath.status).toBe(422);
    expect(Object.keys(wrongPath.body.msg)).toEqual(['regionCodes']);
  });

  it('names the regions of an address in the language of the reader', async () => {
    const a = await shopperWithAddress();
    const chinese = await call('POST', '/v1/home/addresses', a.cookie, {
      name: '王芳',
      phone: '+8613812345678',
      regionCodes: ['CN', 'CN-GD', 'CN-440100', 'CN-440106'],
      detail: '天河路 1 号',
      postcode: '510000',
      isDefault: false,
    });
    expect(chinese.status).toBe(201);
    const namesIn = async (locale: string) => {
      const list = await call('GET', '/v1/home/addresses', a.cookie, undefined, {
        'accept-language': locale,
      });
      return list.body.data.find((address: Json) => address.id === chinese.body.data.id)?.regionNames;
    };
    expect(await namesIn('en-US')).toEqual(['China', 'Guangdong', 'Guangzhou Shi', 'Tianhe Qu']);
    expect(await namesIn('zh-CN')).toEqual(['中国', '广东省', '广州市', '天河区']);
    expect(await namesIn('zh-TW')).toEqual(['中國', '廣東省', '廣州市', '天河區']);
    expect(await namesIn('pt-BR')).toEqual(['China', 'Guangdong', 'Guangzhou Shi', 'Tianhe Qu']);
  });
});

describe('cart', () => {
  it('gives guests a cart and merges it into the shopper cart at login', async () => {
    const sku = await skuInStock();
    const guest = await t.app.inject({
      method: 'POST',
      url: '/v1/home/cart/items',
      payload: { skuId: sku.id, quantity: 2 },
    });
    expect(guest.statusCode).toBe(200);
    const cartCookie = guest.cookies.find((c) => c.name === 'cart')!;
    expect(cartCookie.httpOnly).toBe(true);
    expect(guest.json().data.subtotal).toBe(sku.price * 2);

    const s = await createShopper(t.database, {
      email: `merge-${Date.now()}@example.com`,
      password: 'Merge-secret-2026',
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/home/users/login',
      headers: { cookie: `cart=${cartCookie.value}` },
      payload: { account: s.email, password: s.password },
    });
    const cookie = login.cookies
      .filter((c) => c.name !== 'cart')
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    const cart = await call('GET', '/v1/home/cart', cookie);
    expect(cart.body.data.items).toMatchObject([
      { skuId: sku.id, quantity: 2, available: true, selected: true },
    ]);
    expect(cart.body.data.subtotal).toBe(sku.price * 2);
  });

  it('refuses quantities beyond stock and marks lines that cannot be bought', async () => {
    const { cookie } = await shopperWithAddress();
    const sku = await skuInStock();
    const tooMany = await call('POST', '/v1/home/cart/items', cookie, {
      skuId: sku.id,
      quantity: sku.stock + 1,
    });
    expect(tooMany.status).toBe(409);
    const soldOut = DEMO_FACTS.partlySoldOut.skuId;
    expect((await call('POST', '/v1/home/cart/items', cookie, { skuId: soldOut, quantity: 1 })).status).toBe(
      409,
    );
    await call('POST', '/v1/home/cart/items', cookie, { skuId: sku.id, quantity: 1 });
    await t.database.db.update(schema.goods).set({ onShelf: false }).where(eq(schema.goods.id, sku.goodsId));
    const cart = await call('GET', '/v1/home/cart', cookie);
    expect(cart.body.data.items[0].available).toBe(false);
    expect(cart.body.data.subtotal).toBe(0);
    await t.database.db.update(schema.goods).set({ onShelf: true }).where(eq(schema.goods.id, sku.goodsId));
  });
});

describe('placing orders', () => {
  it('computes totals on the server, reserves stock, spends the coupon and empties the bought lines', async () => {
    const buyer = await shopperWithAddress();
    const sku = await skuInStock(3);
    await call('POST', '/v1/home/cart/items', buyer.cookie, { skuId: sku.id, quantity: 3 });
    const coupons = (await call('GET', '/v1/home/coupons', buyer.cookie)).body.data as Json[];
    const subtotal = sku.price * 3;
    const fitting = coupons.find(
      (c) => c.minSpend <= subtotal && c.remaining > 0 && c.id !== DEMO_FACTS.coupons.almostGoneId,
    );
    if (fitting) await call('POST', `/v1/home/coupons/${fitting.id}/claim`, buyer.cookie);

    const preview = await call('POST', '/v1/home/orders/preview', buyer.cookie, {
      addressId: buyer.addressId,
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data.subtotal).toBe(subtotal);
    expect(preview.body.data.total).toBe(subtotal + preview.body.data.shipping);
    if (fitting) expect(preview.body.data.bestCouponId).toBe(fitting.id);

    const before = await stockOf(sku.id);
    const placed = await call(
      'POST',
      '/v1/home/orders',
      buyer.cookie,
      { addressId: buyer.addressId, ...(fitting ? { couponId: fitting.id } : {}), note: 'Leave at the door' },
      { 'idempotency-key': `order-${Date.now()}` },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.data;
    expect(order).toMatchObject({ status: 'pending_payment', subtotal, note: 'Leave at the door' });
    expect(order.total).toBe(order.subtotal - order.discount + order.shipping);
    if (fitting) expect(order.discount).toBeGreaterThan(0);
    expect(order.address).toMatchObject({
      name: 'Ana Souza',
      regionNames: ['Brazil', 'São Paulo', 'São Paulo'],
    });
    expect(await stockOf(sku.id)).toBe(before - 3);
    expect((await call('GET', '/v1/home/cart', buyer.cookie)).body.data.items).toEqual([]);
    const mail = await keptMail(t, buyer.email);
    expect(mail[0]!.subject).toMatch(/order .* received/);

    const cancelled = await call('POST', `/v1/home/orders/${order.id}/cancel`, buyer.cookie);
    expect(cancelled.body.data.status).toBe('cancelled');
    expect(cancelled.body.data.history.map((h: Json) => h.status)).toEqual(['pending_payment', 'cancelled']);
    expect(await stockOf(sku.id)).toBe(before);
    if (fitting) {
      const again = (await call('GET', '/v1/home/coupons', buyer.cookie)).body.data.find(
        (c: Json) => c.id === fitting.id,
      );
      expect(again.usable).toBe(true);
    }
    expect((await call('POST', `/v1/home/orders/${order.id}/cancel`, buyer.cookie)).status).toBe(409);
  });

  it('numbers orders for people: consecutive digits on the shopper’s list, detail and mail, never the id', async () => {
    const buyer = await shopperWithAddress();
    const sku = await skuInStock();
    const place = async () => {
      const res = await call('POST', '/v1/home/orders', buyer.cookie, {
        addressId: buyer.addressId,
        items: [{ skuId: sku.id, quantity: 1 }],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data as Json;
    };
    const first = await place();
    const second = await place();
    expect(first.number).toMatch(/^\d+$/);
    expect(Number(first.number)).toBeGreaterThanOrEqual(10001);
    expect(Number(second.number)).toBe(Number(first.number) + 1);

    const list = (await call('GET', '/v1/home/orders', buyer.cookie)).body.data as Json[];
    expect(list.map((o) => [o.id, o.number])).toEqual([
      [second.id, second.number],
      [first.id, first.number],
    ]);
    const detail = (await call('GET', `/v1/home/orders/${first.id}`, buyer.cookie)).body.data;
    expect(detail.number).toBe(first.number);

    const subjects = (await keptMail(t, buyer.email)).map((m) => m.subject);
    expect(subjects).toHaveLength(2);
    expect(subjects).toContainEqual(expect.stringContaining(`order ${first.number} received`));
    expect(subjects).toContainEqual(expect.stringContaining(`order ${second.number} received`));
    expect(subjects.join(' ')).not.toContain(first.id.slice(0, 8).toUpperCase());
  });

  it("never shows one shopper another shopper's order", async () => {
    const a = await shopperWithAddress();
    const b = await shopperWithAddress();
    const sku = await skuInStock();
    const placed = await call('POST', '/v1/home/orders', a.cookie, {
      addressId: a.addressId,
      items: [{ skuId: sku.id, quantity: 1 }],
    });
    expect((await call('GET', `/v1/home/orders/${placed.body.data.id}`, b.cookie)).status).toBe(404);
    expect((await call('POST', `/v1/home/orders/${placed.body.data.id}/cancel`, b.cookie)).status).toBe(404);
    expect(
      (
        await call('POST', '/v1/home/orders', b.cookie, {
          addressId: a.addressId,
          items: [{ skuId: sku.id, quantity: 1 }],
        })
      ).status,
    ).toBe(404);
    expect((await call('GET', '/v1/home/orders', b.cookie)).body.meta.total).toBe(0);
  });

  it('makes one order from 20 concurrent submits with the same Idempotency-Key', async () => {
    const buyer = await shopperWithAddress();
    const sku = await skuInStock();
    const before = await stockOf(sku.id);
    const key = `retry-${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(
          'POST',
          '/v1/home/orders',
          buyer.cookie,
          { addressId: buyer.addressId, items: [{ skuId: sku.id, quantity: 1 }] },
          { 'idempotency-key': key },
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    expect((await call('GET', '/v1/home/orders', buyer.cookie)).body.meta.total).toBe(1);
    expect(await stockOf(sku.id)).toBe(before - 1);
  });

  it('sells the last 10 units to exactly 10 of 100 shoppers ordering at once', async () => {
    const sku = await skuInStock(1, true);
    await t.database.db.update(schema.skus).set({ stock: 10 }).where(eq(schema.skus.id, sku.id));
    const buyers = await Promise.all(Array.from({ length: 100 }, () => shopperWithAddress()));
    const results = await Promise.all(
      buyers.map((b) =>
        call('POST', '/v1/home/orders', b.cookie, {
          addressId: b.addressId,
          items: [{ skuId: sku.id, quantity: 1 }],
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(90);
    // Orders placed at once never share a number.
    const numbers = results.filter((r) => r.status === 201).map((r) => r.body.data.number as string);
    expect(new Set(numbers).size).toBe(10);
    expect(numbers.every((n) => /^\d+$/.test(n))).toBe(true);
    expect(await stockOf(sku.id)).toBe(0);
    const [count] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.orderLines)
      .where(eq(schema.orderLines.skuId, sku.id));
    expect(count!.n).toBe(10);
  }, 120_000);
});

describe('paying', () => {
  async function unpaidOrder() {
    const buyer = await shopperWithAddress();
    const sku = await skuInStock();
    const placed = await call('POST', '/v1/home/orders', buyer.cookie, {
      addressId: buyer.addressId,
      items: [{ skuId: sku.id, quantity: 1 }],
    });
    return { buyer, order: placed.body.data as Json };
  }
  const statusOf = async (orderId: string, cookie: string) =>
    (await call('GET', `/v1/home/orders/${orderId}`, cookie)).body.data;
  async function until<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
    for (let i = 0; i < 100; i++) {
      const value = await read();
      if (done(value)) return value;
      await new Promise((r) => setTimeout(r, 100));
    }
    return read();
  }
  const pay = (payUrl: string, card: string) =>
    fetch(`${baseUrl}${payUrl}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en-US' },
      body: new URLSearchParams({ card }).toString(),
    });

  it('pays through the sandbox page and its signed webhook', async () => {
    const { buyer, order } = await unpaidOrder();
    const charge = await call(
      'POST',
      '/v1/home/charges',
      buyer.cookie,
      { orderId: order.id, channel: 'sandbox', amount: order.total },
      { 'idempotency-key': `charge-${order.id}` },
    );
    expect(charge.status, JSON.stringify(charge.body)).toBe(201);
    const page = await fetch(`${baseUrl}${charge.body.data.payUrl}`);
    expect(await page.text()).toContain('<label for="card">Card number</label>');

    const invalid = await pay(charge.body.data.payUrl, '1234 5678 9012 3456');
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain('This card number is not valid.');

    const paid = await pay(charge.body.data.payUrl, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`/tips?orderId=${order.id}&chargeId=${charge.body.data.id}`);
    const after = await until(
      () => statusOf(order.id, buyer.cookie),
      (o) => o.status === 'paid',
    );
    expect(after.status).toBe('paid');
    expect(after.charges[0].status).toBe('succeeded');
    const charges = await call('GET', `/v1/home/charges?orderId=${order.id}`, buyer.cookie);
    expect(charges.body.data).toHaveLength(1);
    expect(
      (await call('POST', '/v1/home/charges', buyer.cookie, { orderId: order.id, channel: 'sandbox' }))
        .status,
    ).toBe(409);
  });

  it('leaves the order payable after a declined card', async () => {
    const { buyer, order } = await unpaidOrder();
    const first = await call('POST', '/v1/home/charges', buyer.cookie, {
      orderId: order.id,
      channel: 'sandbox',
    });
    await pay(first.body.data.payUrl, '4000 0000 0000 0002');
    const failed = await until(
      () => statusOf(order.id, buyer.cookie),
      (o) => o.charges[0]?.status === 'failed',
    );
    expect(failed).toMatchObject({ status: 'pending_payment' });
    const second = await call('POST', '/v1/home/charges', buyer.cookie, {
      orderId: order.id,
      channel: 'sandbox',
    });
    expect(second.status).toBe(201);
    await pay(second.body.data.payUrl, '4242424242424242');
    expect(
      (
        await until(
          () => statusOf(order.id, buyer.cookie),
          (o) => o.status === 'paid',
        )
      ).status,
    ).toBe('paid');
  });

  it("refuses charges for someone else's order or a wrong amount", async () => {
    const { buyer, order } = await unpaidOrder();
    const other = await shopperWithAddress();
    expect(
      (await call('POST', '/v1/home/charges', other.cookie, { orderId: order.id, channel: 'sandbox' }))
        .status,
    ).toBe(404);
    const wrong = await call('POST', '/v1/home/charges', buyer.cookie, {
      orderId: order.id,
      channel: 'sandbox',
      amount: 1,
    });
    expect(wrong.status).toBe(409);
    expect(wrong.body.msg).toBe('The amount does not match the order total.');
  });

  it('applies a webhook delivered 5 times and out of order exactly once', async () => {
    const { buyer, order } = await unpaidOrder();
    const charge = (
      await call('POST', '/v1/home/charges', buyer.cookie, { orderId: order.id, channel: 'sandbox' })
    ).body.data;
    const [settings] = await t.database.db.select().from(schema.shopSettings);
    const secret = settings!.data.webhookSecret!;
    const event = (id: string, type: string) =>
      JSON.stringify({
        id,
        type,
        chargeId: charge.id,
        orderId: order.id,
        amount: charge.amount,
        currency: charge.currency,
        created: 0,
      });
    const send = (body: string, signature = signWebhook(secret, body)) =>
      fetch(`${baseUrl}/v1/webhooks/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'shop-signature': signature },
        body,
      });

    const succeeded = event('evt_ok_1', 'charge.succeeded');
    const late = event('evt_fail_0', 'charge.failed');
    const results = await Promise.all([
      send(succeeded),
      send(succeeded),
      send(succeeded),
      send(succeeded),
      send(succeeded),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await send(late)).status).toBe(200);
    const after = await statusOf(order.id, buyer.cookie);
    expect(after.status).toBe('paid');
    expect(after.charges[0].status).toBe('succeeded');
    expect(after.history.filter((h: Json) => h.status === 'paid')).toHaveLength(1);
    const paidMails = (await keptMail(t, buyer.email)).filter((m) => /paid/.test(m.subject));
    expect(paidMails).toHaveLength(1);

    expect((await send(event('evt_forged', 'charge.succeeded'), 't=1,v1=deadbeef')).status).toBe(400);
    const stale = event('evt_stale', 'charge.succeeded');
    expect((await send(stale, signWebhook(secret, stale, Math.floor(Date.now() / 1000) - 3600))).status).toBe(
      400,
    );
  });
});

describe('unpaid orders', () => {
  it('are cancelled after the payment window, also by a restarted server', async () => {
    const buyer = await shopperWithAddress();
    const sku = await skuInStock();
    const before = await stockOf(sku.id);
    const placed = await call('POST', '/v1/home/orders', buyer.cookie, {
      addressId: buyer.addressId,
      items: [{ skuId: sku.id, quantity: 2 }],
    });
    expect(placed.body.data.payBy).toBeTruthy();
    await t.database.db
      .update(schema.orders)
      .set({ payBy: new Date(Date.now() - 1000) })
      .where(eq(schema.orders.id, placed.body.data.id));

    // A second app over the same database stands for the server after a restart: it sweeps when it starts.
    const { buildApp } = await import('../../app.ts');
    const restarted = await buildApp({ logLevel: 'silent', storefrontDist: '/nonexistent' }, t.database);
    await restarted.ready();
    const until = Date.now() + 5000;
    let status = '';
    while (Date.now() < until) {
      const [row] = await t.database.db
        .select()
        .from(schema.orders)
        .where(eq(schema.orders.id, placed.body.data.id));
      status = row!.status;
      if (status === 'cancelled') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await restarted.close();
    expect(status).toBe('cancelled');
    expect(await stockOf(sku.id)).toBe(before);
  });
});
