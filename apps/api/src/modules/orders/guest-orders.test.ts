import { randomUUID } from 'node:crypto';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@shop/db';
import {
  createShopper,
  createTestApp,
  deliverSandboxWebhooks,
  keptMail,
  loginCookie,
  nextKeptMail,
  saoPauloAddress,
  signedInStaff,
  type Json,
  type KeptMail,
  type TestApp,
} from '../../testing.ts';

/** Issue 13, guest checkout: buying with an email and an address, the order reachable from its mail's link. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { isDefault: _, ...guestAddress } = saoPauloAddress('Bia Lima');

let seq = 0;
/** Each test from its own client address, so the per-address limit on guest checkouts is its own. */
const nextAddress = () => `198.51.100.${(seq += 1)}`;
const newEmail = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.com`;

interface Call {
  payload?: object;
  headers?: Record<string, string>;
  locale?: string;
  from?: string;
  cookie?: string;
}

async function call(method: 'GET' | 'POST', url: string, options: Call = {}) {
  const res = await t.app.inject({
    method,
    url,
    headers: {
      'accept-language': options.locale ?? 'en-US',
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    ...(options.payload ? { payload: options.payload } : {}),
    remoteAddress: options.from ?? '198.51.100.250',
  });
  return { status: res.statusCode, body: res.json() as Json, res };
}

/** An on-shelf SKU with plenty of stock; `fresh` picks one other tests of this file do not buy. */
async function skuInStock(fresh = false) {
  const [row] = await t.database.db
    .select({ id: schema.skus.id, stock: schema.skus.stock, goodsId: schema.skus.goodsId })
    .from(schema.skus)
    .innerJoin(schema.goods, eq(schema.goods.id, schema.skus.goodsId))
    .where(sql`${schema.skus.stock} >= 20 and ${schema.goods.onShelf}`)
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

const guestOrder = (email: string, skuId: string, quantity = 1) => ({
  email,
  address: guestAddress,
  items: [{ skuId, quantity }],
});

async function placeAsGuest(email: string, options: Call & { key?: string; quantity?: number } = {}) {
  const sku = await skuInStock();
  const placed = await call('POST', '/v1/home/guest-orders', {
    ...options,
    payload: guestOrder(email, sku.id, options.quantity),
    headers: { 'idempotency-key': options.key ?? randomUUID(), ...options.headers },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body.data as Json;
}

const withToken = (token: string) => ({ 'x-order-token': token });
const linkToken = (mail: KeptMail) => /\/my\/order\?id=[\w-]+&token=([\w-]+)/.exec(mail.text)?.[1];

async function rowCounts() {
  const count = async (table: typeof schema.orders | typeof schema.users | typeof schema.orderLines) =>
    (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
  const [stock] = await t.database.db.select({ n: sql<number>`sum(stock)::int` }).from(schema.skus);
  return {
    orders: await count(schema.orders),
    lines: await count(schema.orderLines),
    users: await count(schema.users),
    stock: stock!.n,
  };
}

describe('placing an order as a guest', () => {
  it('reserves the stock once, and a retry with the same key answers with the same order and token', async () => {
    const sku = await skuInStock(true);
    const before = await stockOf(sku.id);
    const email = newEmail('retry');
    const key = randomUUID();
    const from = nextAddress();
    const send = () =>
      call('POST', '/v1/home/guest-orders', {
        from,
        payload: guestOrder(email, sku.id, 2),
        headers: { 'idempotency-key': key },
      });
    const first = await send();
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toMatchObject({
      status: 'pending_payment',
      email,
      address: { name: 'Bia Lima', regionNames: ['Brazil', 'São Paulo', 'São Paulo'], postcode: '01305-000' },
      lines: [{ skuId: sku.id, quantity: 2 }],
    });
    expect(first.body.data.accessToken).toMatch(/^[\w-]{43}$/);
    const again = await send();
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(again.body.data.accessToken).toBe(first.body.data.accessToken);
    expect(await stockOf(sku.id)).toBe(before - 2);
    const [row] = await t.database.db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.id, first.body.data.id));
    // Only the token's hash is kept.
    expect(row!.accessTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(first.body.data.accessToken);
  });

  it("buys the guest cart's selected lines and takes them out of the cart", async () => {
    const sku = await skuInStock();
    const from = nextAddress();
    const added = await call('POST', '/v1/home/cart/items', {
      from,
      payload: { skuId: sku.id, quantity: 1 },
    });
    const cookie = added.res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const preview = await call('POST', '/v1/home/guest-orders/preview', { from, cookie, payload: {} });
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({ lines: [{ skuId: sku.id, quantity: 1 }], coupons: [] });
    const placed = await call('POST', '/v1/home/guest-orders', {
      from,
      cookie,
      payload: { email: newEmail('cart'), address: guestAddress },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.data.total).toBe(preview.body.data.total);
    const cart = await call('GET', '/v1/home/cart', { from, cookie });
    expect(cart.body.data.items).toEqual([]);
  });

  it('opens the order with its token only: a wrong token, another guest or no token at all get nothing', async () => {
    const order = await placeAsGuest(newEmail('token'), { from: nextAddress() });
    const other = await placeAsGuest(newEmail('other'), { from: nextAddress() });
    const url = `/v1/home/orders/${order.id}`;
    const mine = await call('GET', url, { headers: withToken(order.accessToken) });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ id: order.id, email: order.email });

    const notFound = await call('GET', '/v1/home/orders/00000000-0000-4000-8000-000000000000', {
      headers: withToken(order.accessToken),
    });
    expect(notFound.status).toBe(404);
    const altered = order.accessToken.slice(0, -1) + (order.accessToken.endsWith('A') ? 'B' : 'A');
    for (const token of [other.accessToken, altered, 'x']) {
      const res = await call('GET', url, { headers: withToken(token) });
      expect(res.status, token).toBe(404);
      // The same answer as for an order that does not exist at all.
      expect(res.body).toEqual(notFound.body);
    }
    // Neither session nor token: please log in, the same whatever the id.
    const anonymous = await call('GET', url);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.data ?? null).toBeNull();
    // A shopper's session does not open a guest's order.
    const s = await createShopper(t.database, { email: newEmail('nosy'), password: 'Nosy-secret-2026' });
    const cookie = await loginCookie(t.app, s.email, s.password);
    expect((await call('GET', url, { cookie })).status).toBe(404);
    // Nor does a token open an order placed signed in: those have none.
    expect((await call('GET', '/v1/home/orders', { cookie })).body.data).toEqual([]);
    // No list of orders by token.
    expect((await call('GET', '/v1/home/orders', { headers: withToken(order.accessToken) })).status).toBe(
      401,
    );
  });

  it('cancels an unpaid order with its token, and gives the stock back', async () => {
    const sku = await skuInStock(true);
    const before = await stockOf(sku.id);
    const placed = await call('POST', '/v1/home/guest-orders', {
      from: nextAddress(),
      payload: guestOrder(newEmail('cancel'), sku.id),
      headers: { 'idempotency-key': randomUUID() },
    });
    const order = placed.body.data;
    expect(await stockOf(sku.id)).toBe(before - 1);
    const url = `/v1/home/orders/${order.id}/cancel`;
    expect((await call('POST', url, { headers: withToken('A'.repeat(43)) })).status).toBe(404);
    expect(await stockOf(sku.id)).toBe(before - 1);
    const cancelled = await call('POST', url, { headers: withToken(order.accessToken) });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe('cancelled');
    expect(await stockOf(sku.id)).toBe(before);
  });
});

describe("a guest order's mails and payment", () => {
  it('mails the guest in the language of the checkout, with the link that opens the order and an invitation', async () => {
    const email = newEmail('mail');
    const order = await placeAsGuest(email, { from: nextAddress(), locale: 'pt-BR' });
    const mail = await nextKeptMail(t, email);
    expect(mail.subject).toContain(`pedido ${order.number} recebido`);
    expect(mail.text).toContain(`http://shop.test/my/order?id=${order.id}&token=${order.accessToken}`);
    expect(mail.html).toContain(`/my/order?id=${order.id}&amp;token=${order.accessToken}`);
    expect(mail.text).toContain(`Crie uma conta com ${email}`);
    expect(mail.text).toContain(`http://shop.test/register?email=${encodeURIComponent(email)}`);
    // The token is in the mail only: no log line holds it.
    expect(JSON.stringify(t.logs())).not.toContain(order.accessToken);
  });

  it('is paid through the sandbox with its token, comes back to the guest page, and mails the paid notice', async () => {
    const email = newEmail('pay');
    const order = await placeAsGuest(email, { from: nextAddress() });
    const token = withToken(order.accessToken);
    // Without the token (or with another's) nobody can start paying it.
    const refused = await call('POST', '/v1/home/charges', {
      payload: { orderId: order.id, channel: 'sandbox' },
      headers: { 'idempotency-key': randomUUID(), ...withToken('B'.repeat(43)) },
    });
    expect(refused.status).toBe(404);
    const charge = await call('POST', '/v1/home/charges', {
      payload: { orderId: order.id, channel: 'sandbox' },
      headers: { 'idempotency-key': randomUUID(), ...token },
    });
    expect(charge.status, JSON.stringify(charge.body)).toBe(201);
    const page = await t.app.inject({
      url: `${charge.body.data.payUrl}?lang=en-US&token=${order.accessToken}`,
    });
    expect(page.body).toContain(`/my/order?id=${order.id}&amp;token=${order.accessToken}`);
    const paid = await t.app.inject({
      method: 'POST',
      url: `${charge.body.data.payUrl}?lang=en-US&token=${order.accessToken}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      payload: 'card=4242424242424242',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `/tips?orderId=${order.id}&chargeId=${charge.body.data.id}&token=${order.accessToken}`,
    );
    await deliverSandboxWebhooks(t);
    const after = await call('GET', `/v1/home/orders/${order.id}`, { headers: token });
    expect(after.body.data.status).toBe('paid');
    expect(after.body.data.charges).toMatchObject([{ status: 'succeeded' }]);
    const charges = await call('GET', `/v1/home/charges?orderId=${order.id}`, { headers: token });
    expect(charges.body.data).toHaveLength(1);
    const paidMail = await nextKeptMail(t, email, 1);
    expect(paidMail.subject).toContain('paid');
    expect(linkToken(paidMail)).toBe(order.accessToken);
  });
});

describe('who a guest order belongs to', () => {
  async function codeFor(phone: string, from: string) {
    const sent = await call('POST', '/v1/home/verification-codes', { payload: { phone }, from });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [text] = await keptMail(t, phone);
    return /\b(\d{6})\b/.exec(text!.text)![1]!;
  }

  it('becomes the account registered with its address: after activation, login lists the order', async () => {
    const email = newEmail('later');
    const from = nextAddress();
    const order = await placeAsGuest(email, { from });
    // The guest row has no password: signing in with it fails exactly like a wrong password.
    const wrong = await call('POST', '/v1/home/users/login', {
      from,
      payload: { account: email, password: 'Anything-at-all-1' },
    });
    const unknown = await call('POST', '/v1/home/users/login', {
      from,
      payload: { account: newEmail('nobody'), password: 'Anything-at-all-1' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);

    const phone = '+5511912340001';
    const password = 'Guest-turned-shopper-7';
    const registered = await call('POST', '/v1/home/users/register', {
      from,
      locale: 'zh-CN',
      payload: {
        email: email.toUpperCase(),
        password,
        confirm: password,
        phone,
        code: await codeFor(phone, from),
      },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const activation = (await keptMail(t, email)).find((mail) =>
      mail.text.includes('/registersucess?token='),
    );
    expect(activation?.subject).toContain('激活');
    const activated = await call('POST', '/v1/home/users/activate', {
      payload: { token: /registersucess\?token=([\w-]+)/.exec(activation!.text)![1] },
    });
    expect(activated.status).toBe(200);
    const cookie = await loginCookie(t.app, email, password);
    const list = await call('GET', '/v1/home/orders', { cookie });
    expect(list.body.data.map((o: Json) => o.id)).toEqual([order.id]);
    // Signed in, the order reads as the shopper's own (no guest address in it).
    const mine = await call('GET', `/v1/home/orders/${order.id}`, { cookie });
    expect(mine.body.data.email).toBeUndefined();
    const users = await t.database.db.select().from(schema.users).where(eq(schema.users.email, email));
    expect(users).toHaveLength(1);
  });

  it('goes to the account that already has the address, with the same reply as any guest gets', async () => {
    const owner = await createShopper(t.database, {
      email: newEmail('owner'),
      password: 'Owner-secret-2026',
    });
    const order = await placeAsGuest(owner.email, { from: nextAddress() });
    const stranger = await placeAsGuest(newEmail('stranger'), { from: nextAddress() });
    expect(Object.keys(order).sort()).toEqual(Object.keys(stranger).sort());
    expect(order.email).toBe(owner.email);
    const cookie = await loginCookie(t.app, owner.email, owner.password);
    const list = await call('GET', '/v1/home/orders', { cookie });
    expect(list.body.data.map((o: Json) => o.id)).toEqual([order.id]);
    const mail = await nextKeptMail(t, owner.email);
    // An account is not invited to become one.
    expect(mail.text).not.toContain('/register?email=');
    expect(linkToken(mail)).toBe(order.accessToken);
    const [row] = await t.database.db.select().from(schema.users).where(eq(schema.users.id, owner.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('lets a password reset mailed to a guest address set a password and activate it', async () => {
    const email = newEmail('reset');
    const order = await placeAsGuest(email, { from: nextAddress() });
    expect((await call('POST', '/v1/home/users/password/forget', { payload: { email } })).status).toBe(200);
    const mail = await nextKeptMail(t, email, 1);
    const token = /passwordchange\?token=([\w-]+)/.exec(mail.text)![1];
    const password = 'Reset-by-guest-2026';
    const reset = await call('POST', '/v1/home/users/password/reset', {
      payload: { token, password, confirm: password },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const cookie = await loginCookie(t.app, email, password);
    expect((await call('GET', '/v1/home/orders', { cookie })).body.data.map((o: Json) => o.id)).toEqual([
      order.id,
    ]);
  });
});

describe('bad input and abuse', () => {
  const badBodies: [string, (skuId: string) => unknown, string][] = [
    ['a NUL byte in the email', (skuId) => guestOrder('nul\u0000@example.com', skuId), 'email'],
    [
      'a lone surrogate in the street',
      (skuId) => ({
        ...guestOrder(newEmail('s'), skuId),
        address: { ...guestAddress, detail: 'Rua \ud800' },
      }),
      'address.detail',
    ],
    [
      'an oversized note',
      (skuId) => ({ ...guestOrder(newEmail('n'), skuId), note: 'x'.repeat(501) }),
      'note',
    ],
    ['no email', (skuId) => ({ address: guestAddress, items: [{ skuId, quantity: 1 }] }), 'email'],
    ['no address', (skuId) => ({ email: newEmail('a'), items: [{ skuId, quantity: 1 }] }), 'address'],
    [
      'no phone',
      (skuId) => ({ ...guestOrder(newEmail('p'), skuId), address: { ...guestAddress, phone: undefined } }),
      'address.phone',
    ],
    [
      'a wrong CEP',
      (skuId) => ({ ...guestOrder(newEmail('c'), skuId), address: { ...guestAddress, postcode: '123' } }),
      'address.postcode',
    ],
    ['a coupon', (skuId) => ({ ...guestOrder(newEmail('k'), skuId), couponId: randomUUID() }), 'couponId'],
    ['a bad email', (skuId) => guestOrder('not-an-email', skuId), 'email'],
  ];

  it.each(badBodies)('%s → code 1 in the shopper language, nothing written', async (_name, body, field) => {
    const sku = await skuInStock();
    const before = await rowCounts();
    const res = await call('POST', '/v1/home/guest-orders', {
      from: nextAddress(),
      locale: 'pt-BR',
      payload: body(sku.id) as object,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.code).toBe(1);
    expect(Object.keys(res.body.msg)[0]).toBe(field);
    expect(JSON.stringify(res.body.msg)).not.toMatch(/required|invalid|too long/i);
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a region path that does not walk down the tree, and an address short of its last level', async () => {
    const sku = await skuInStock();
    const before = await rowCounts();
    for (const regionCodes of [
      ['BR', 'US-CA'],
      ['BR', 'BR-SP'],
    ]) {
      const res = await call('POST', '/v1/home/guest-orders', {
        from: nextAddress(),
        payload: { ...guestOrder(newEmail('r'), sku.id), address: { ...guestAddress, regionCodes } },
      });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.msg)).toEqual(['regionCodes']);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a malformed Idempotency-Key in the shopper language, and out-of-stock without a trace', async () => {
    const sku = await skuInStock();
    const before = await rowCounts();
    const badKey = await call('POST', '/v1/home/guest-orders', {
      from: nextAddress(),
      locale: 'zh-TW',
      payload: guestOrder(newEmail('key'), sku.id),
      headers: { 'idempotency-key': 'x' },
    });
    expect(badKey.status).toBe(400);
    expect(badKey.body).toMatchObject({ code: 1, msg: { 'Idempotency-Key': expect.any(String) } });
    expect(badKey.body.msg['Idempotency-Key']).not.toBe('Invalid value.');
    const tooMany = await call('POST', '/v1/home/guest-orders', {
      from: nextAddress(),
      payload: guestOrder(newEmail('stock'), sku.id, 999),
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.code).toBe(2);
    // Not even a guest row for the address: the order's transaction made it and rolled it back.
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a guest checkout past 10 an hour from one client address, in its language', async () => {
    const from = nextAddress();
    for (let i = 0; i < 10; i++) await placeAsGuest(newEmail(`limit${i}`), { from });
    const before = await rowCounts();
    const refused = await call('POST', '/v1/home/guest-orders', {
      from,
      locale: 'zh-CN',
      payload: guestOrder(newEmail('limit'), (await skuInStock()).id),
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(refused.status).toBe(429);
    expect(refused.res.headers['retry-after']).toBeDefined();
    expect(refused.body).toMatchObject({
      code: 429,
      msg: '请求过于频繁，请稍后再试。',
    });
    expect(await rowCounts()).toEqual(before);
    // Another client address is not affected.
    await placeAsGuest(newEmail('elsewhere'), { from: nextAddress() });
  });
});

describe('the contract', () => {
  it('lists the guest checkout and the order token in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/v1/openapi.json')).json() as Json;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/v1/home/guest-orders', '/v1/home/guest-orders/preview']),
    );
    const placing = doc.paths['/v1/home/guest-orders'].post;
    expect(JSON.stringify(placing.requestBody)).toContain('"email"');
    expect(JSON.stringify(placing.responses)).toContain('"accessToken"');
    expect(doc.paths['/v1/home/orders/{id}'].get.summary).toContain('X-Order-Token');
  });
});

describe('the back office', () => {
  it("marks a guest checkout's shopper as a guest, and an account as none, in the orders table and detail", async () => {
    const staff = await signedInStaff(t, {
      email: 'guest-desk@shop.test',
      password: 'Guest-desk-2026',
      role: 'staff',
    });
    const guest = await placeAsGuest(newEmail('desk'), { from: nextAddress() });
    const owner = await createShopper(t.database, {
      email: newEmail('deskowner'),
      password: 'Owner-secret-2026',
    });
    const account = await placeAsGuest(owner.email, { from: nextAddress() });
    const shopperOf = async (id: string) =>
      (await call('GET', `/v1/admin/orders/${id}`, { cookie: staff.cookie })).body.data.shopper as Json;
    expect(await shopperOf(guest.id)).toMatchObject({ email: guest.email, guest: true });
    expect(await shopperOf(account.id)).toMatchObject({ email: owner.email, guest: false });
    const list = await call('GET', `/v1/admin/orders?keyword=${encodeURIComponent(guest.email)}`, {
      cookie: staff.cookie,
    });
    expect(list.body.data).toMatchObject([{ id: guest.id, shopper: { email: guest.email, guest: true } }]);
  });
});
