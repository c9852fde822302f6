import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@shop/db';
import { signWebhook } from '../payments/payments.service.ts';
import {
  addAddress,
  callApi,
  createShopper,
  createTestApp,
  deliverSandboxWebhooks,
  loginCookie,
  signedInStaffAndAdmin,
  type Json,
  type TestApp,
} from '../../testing.ts';

let t: TestApp;
let staffCookie = '';
let adminCookie = '';
let staffId = '';

beforeAll(async () => {
  t = await createTestApp();
  const { staff, admin } = await signedInStaffAndAdmin(t);
  staffId = staff.id;
  staffCookie = staff.cookie;
  adminCookie = admin.cookie;
  await t.database.db
    .update(schema.users)
    .set({ nickname: 'Sam Shipper' })
    .where(eq(schema.users.id, staffId));
});
afterAll(() => t.close());

const call = (method: string, url: string, cookie: string, payload?: object) =>
  callApi(t.app, method, url, { cookie, payload });
const staff = (method: string, url: string, payload?: object) => call(method, url, staffCookie, payload);

let seq = 0;
async function shopperWithAddress(recipient = 'Ana Souza') {
  seq += 1;
  const s = await createShopper(t.database, {
    email: `buyer${seq}-${randomUUID().slice(0, 8)}@example.com`,
    password: 'Buyer-secret-2026',
    phone: `+55119${String(10_000_000 + seq * 7919).slice(0, 8)}`,
  });
  const cookie = await loginCookie(t.app, s.email, s.password);
  return { ...s, cookie, addressId: await addAddress(t.app, cookie, recipient) };
}

/** An on-shelf SKU with at least `minStock` units, a different one on each call where the catalog allows. */
let skuTurn = 0;
async function skuInStock(minStock = 10) {
  const rows = await t.database.db
    .select({ id: schema.skus.id, price: schema.skus.price })
    .from(schema.skus)
    .innerJoin(schema.goods, eq(schema.goods.id, schema.skus.goodsId))
    .where(sql`${schema.skus.stock} >= ${minStock} and ${schema.goods.onShelf}`)
    .orderBy(asc(schema.skus.id))
    .limit(40);
  skuTurn += 1;
  return rows[skuTurn % rows.length]!;
}

const stockOf = async (skuId: string) =>
  (
    await t.database.db
      .select({ stock: schema.skus.stock })
      .from(schema.skus)
      .where(eq(schema.skus.id, skuId))
  )[0]!.stock;

/** Units counted as sold, for the SKU and for its goods. */
const salesOf = async (skuId: string) =>
  (
    await t.database.db
      .select({ sku: schema.skus.sales, goods: schema.goods.sales })
      .from(schema.skus)
      .innerJoin(schema.goods, eq(schema.goods.id, schema.skus.goodsId))
      .where(eq(schema.skus.id, skuId))
  )[0]!;

async function pay(order: Json, cookie: string) {
  const charge = await call('POST', '/v1/home/charges', cookie, { orderId: order.id, channel: 'sandbox' });
  expect(charge.status, JSON.stringify(charge.body)).toBe(201);
  const [settings] = await t.database.db.select().from(schema.shopSettings);
  const body = JSON.stringify({
    id: `evt_${randomUUID()}`,
    type: 'charge.succeeded',
    chargeId: charge.body.data.id,
    orderId: order.id,
    amount: order.total,
    currency: order.currency,
    created: Math.floor(Date.now() / 1000),
  });
  const hook = await t.app.inject({
    method: 'POST',
    url: '/v1/webhooks/payments',
    headers: {
      'content-type': 'application/json',
      'shop-signature': signWebhook(settings!.data.webhookSecret!, body),
    },
    payload: body,
  });
  expect(hook.statusCode, hook.body).toBe(200);
}

interface Placed {
  buyer: Awaited<ReturnType<typeof shopperWithAddress>>;
  order: Json;
  skuId: string;
  quantity: number;
}

async function placeOrder(
  options: {
    paid?: boolean;
    note?: string;
    recipient?: string;
    couponId?: string;
    buyer?: Placed['buyer'];
  } = {},
): Promise<Placed> {
  const buyer = options.buyer ?? (await shopperWithAddress(options.recipient));
  const sku = await skuInStock();
  const quantity = 2;
  const placed = await call('POST', '/v1/home/orders', buyer.cookie, {
    addressId: buyer.addressId,
    items: [{ skuId: sku.id, quantity }],
    ...(options.note ? { note: options.note } : {}),
    ...(options.couponId ? { couponId: options.couponId } : {}),
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  if (options.paid !== false) await pay(placed.body.data, buyer.cookie);
  return { buyer, order: placed.body.data, skuId: sku.id, quantity };
}

const shopperView = async (p: Placed) =>
  (await call('GET', `/v1/home/orders/${p.order.id}`, p.buyer.cookie)).body.data;
const mailsTo = async (email: string) =>
  (await call('GET', `/v1/admin/mailbox?to=${encodeURIComponent(email)}`, adminCookie)).body.data as Json[];
const auditOf = async (orderId: string) =>
  (await call('GET', `/v1/admin/audit?entity=order&entityId=${orderId}`, adminCookie)).body.data as Json[];
const refundRows = (orderId: string) =>
  t.database.db.select().from(schema.refunds).where(eq(schema.refunds.orderId, orderId));

describe('the orders table', () => {
  let a: Placed;
  let b: Placed;
  let c: Placed;
  beforeAll(async () => {
    a = await placeOrder({ recipient: 'Zelda Quintana' });
    b = await placeOrder({ paid: false });
    c = await placeOrder();
  });

  it('lists orders newest first with shopper, recipient, units and paging', async () => {
    const res = await staff('GET', '/v1/admin/orders?pageSize=2');
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ page: 1, pageSize: 2 });
    expect(res.body.meta.total).toBeGreaterThanOrEqual(3);
    expect(res.body.data[0]).toMatchObject({
      id: c.order.id,
      number: c.order.number,
      status: 'paid',
      total: c.order.total,
      itemCount: 2,
      recipient: 'Ana Souza',
      shopper: { id: c.buyer.id, email: c.buyer.email },
      shipment: null,
    });
    const oldest = await staff('GET', '/v1/admin/orders?sort=oldest&pageSize=100');
    const ids = oldest.body.data.map((o: Json) => o.id);
    expect(ids.indexOf(a.order.id)).toBeLessThan(ids.indexOf(c.order.id));
  });

  it('filters by status, order number (with or without #), shopper email or phone, recipient, dates and totals', async () => {
    const ids = async (query: string) =>
      ((await staff('GET', `/v1/admin/orders?pageSize=100&${query}`)).body.data as Json[]).map((o) => o.id);
    expect(await ids('status=pending_payment')).toContain(b.order.id);
    expect(await ids('status=pending_payment')).not.toContain(a.order.id);
    expect(a.order.number).toMatch(/^\d+$/);
    expect(await ids(`keyword=${a.order.number}`)).toContain(a.order.id);
    expect(await ids(`keyword=${encodeURIComponent(`#${a.order.number}`)}`)).toEqual([a.order.id]);
    expect(await ids(`keyword=${encodeURIComponent(` # ${b.order.number} `)}`)).toEqual([b.order.id]);
    expect(await ids(`keyword=${encodeURIComponent('#99999999999')}`)).toEqual([]);
    // The id's first characters were the number once: they name nothing now.
    expect(await ids(`keyword=${a.order.id.slice(0, 8).toUpperCase()}`)).toEqual([]);
    expect(await ids(`keyword=${a.order.id}`)).toEqual([a.order.id]);
    expect(await ids(`keyword=${encodeURIComponent(a.buyer.email)}`)).toEqual([a.order.id]);
    expect(await ids(`keyword=${encodeURIComponent(a.buyer.email.split('@')[0]!)}`)).toEqual([a.order.id]);
    const [shopperRow] = await t.database.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.id, a.buyer.id));
    expect(await ids(`keyword=${encodeURIComponent(shopperRow!.phone!)}`)).toEqual([a.order.id]);
    expect(await ids('keyword=zelda')).toEqual([a.order.id]);
    expect(await ids(`shopperId=${b.buyer.id}`)).toEqual([b.order.id]);
    expect(await ids(`total=${a.order.total}&keyword=zelda`)).toEqual([a.order.id]);
    expect(await ids(`total=${a.order.total + 1}&keyword=zelda`)).toEqual([]);
    expect(await ids(`minTotal=${a.order.total}&maxTotal=${a.order.total}&keyword=zelda`)).toEqual([
      a.order.id,
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids(`from=${today}&to=${today}&keyword=zelda`)).toEqual([a.order.id]);
    expect(await ids('to=2020-01-01')).toEqual([]);
    const later = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
    expect(await ids(`from=${later}`)).toEqual([]);
  });

  it('answers bad filters with field messages and code 1', async () => {
    const bad = await staff(
      'GET',
      '/v1/admin/orders?status=lost&sort=random&from=2026-13-01&page=0&colour=red',
    );
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe(1);
    expect(Object.keys(bad.body.msg).sort()).toEqual(['colour', 'from', 'page', 'sort', 'status']);
    const reversed = await staff(
      'GET',
      '/v1/admin/orders?from=2026-12-02&to=2026-12-01&minTotal=500&maxTotal=100',
    );
    expect(reversed.status).toBe(422);
    expect(reversed.body.msg).toEqual({
      to: 'The start date must not be after the end date.',
      maxTotal: 'The lowest amount must not be above the highest.',
    });
  });
});

describe('an order in the back office', () => {
  it('shows lines, totals, address, note, shopper, charges and who changed it when', async () => {
    const p = await placeOrder({ note: 'Ring twice' });
    const res = await staff('GET', `/v1/admin/orders/${p.order.id}`);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({
      id: p.order.id,
      number: p.order.number,
      status: 'paid',
      subtotal: p.order.subtotal,
      total: p.order.total,
      note: 'Ring twice',
      address: { name: 'Ana Souza', regionNames: ['Brazil', 'São Paulo', 'São Paulo'] },
      shopper: { id: p.buyer.id, email: p.buyer.email },
      coupon: null,
      refunds: [],
      refundedAmount: 0,
      shipment: null,
      actions: { ship: true, refund: true, refundable: p.order.total },
    });
    expect(d.lines).toHaveLength(1);
    expect(d.lines[0]).toMatchObject({ skuId: p.skuId, quantity: 2 });
    expect(d.charges).toMatchObject([{ status: 'succeeded', amount: p.order.total }]);
    expect(d.history.map((h: Json) => [h.status, h.actor])).toEqual([
      ['pending_payment', 'shopper'],
      ['paid', 'payment'],
    ]);
  });

  it('answers an unknown order with 404 and a malformed id with code 1', async () => {
    expect((await staff('GET', `/v1/admin/orders/${randomUUID()}`)).status).toBe(404);
    const bad = await staff('GET', '/v1/admin/orders/not-an-id');
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe(1);
  });
});

describe('shipping', () => {
  it('refuses a missing carrier or a malformed tracking number, changing nothing', async () => {
    const p = await placeOrder();
    const missing = await staff('POST', `/v1/admin/orders/${p.order.id}/ship`, {
      trackingNumber: 'SF1234567890',
    });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ code: 1, msg: { carrier: 'This field is required.' } });
    const malformed = await staff('POST', `/v1/admin/orders/${p.order.id}/ship`, {
      carrier: 'SF Express',
      trackingNumber: 'no spaces!',
    });
    expect(malformed.status).toBe(422);
    expect(malformed.body.msg).toEqual({
      trackingNumber: 'A tracking number has 4 to 40 letters, digits or hyphens.',
    });
    const extra = await staff('POST', `/v1/admin/orders/${p.order.id}/ship`, {
      carrier: 'SF Express',
      trackingNumber: 'SF1234567890',
      status: 'completed',
    });
    expect(extra.status).toBe(422);
    expect((await shopperView(p)).status).toBe('paid');
    expect(await auditOf(p.order.id)).toEqual([]);
  });

  it('ships a paid order: the shopper sees carrier and tracking number and gets a mail in their language', async () => {
    const p = await placeOrder();
    await t.database.db.update(schema.users).set({ locale: 'pt-BR' }).where(eq(schema.users.id, p.buyer.id));
    const res = await staff('POST', `/v1/admin/orders/${p.order.id}/ship`, {
      carrier: ' Correios ',
      trackingNumber: 'BR123456789BR',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'shipped',
      shipment: { carrier: 'Correios', trackingNumber: 'BR123456789BR' },
      actions: { ship: false, refund: true, refundable: p.order.total },
    });
    expect(res.body.data.history.at(-1)).toMatchObject({
      status: 'shipped',
      actor: 'staff',
      staff: { id: staffId, name: 'Sam Shipper' },
    });

    const seen = await shopperView(p);
    expect(seen).toMatchObject({
      status: 'shipped',
      shipment: { carrier: 'Correios', trackingNumber: 'BR123456789BR' },
    });
    expect(seen.history.at(-1)).toMatchObject({ status: 'shipped', actor: staffId });

    const [mail] = await mailsTo(p.buyer.email);
    expect(mail!.subject).toMatch(/pedido .* enviado/);
    expect(mail!.text).toContain('Correios');
    expect(mail!.text).toContain('BR123456789BR');

    const audit = await auditOf(p.order.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'order.ship',
      actor: { id: staffId },
      before: { status: 'paid', carrier: null },
      after: { status: 'shipped', carrier: 'Correios', trackingNumber: 'BR123456789BR' },
    });
  });

  it('refuses to ship an unpaid, cancelled or already shipped order, changing nothing', async () => {
    const body = { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' };
    const unpaid = await placeOrder({ paid: false });
    const first = await staff('POST', `/v1/admin/orders/${unpaid.order.id}/ship`, body);
    expect(first.status).toBe(409);
    expect(first.body).toEqual({
      code: 2,
      data: null,
      msg: 'Only paid orders that have not been shipped yet can be shipped.',
    });
    await call('POST', `/v1/home/orders/${unpaid.order.id}/cancel`, unpaid.buyer.cookie);
    expect((await staff('POST', `/v1/admin/orders/${unpaid.order.id}/ship`, body)).status).toBe(409);
    const after = await shopperView(unpaid);
    expect(after).toMatchObject({ status: 'cancelled', shipment: null });

    const paid = await placeOrder();
    expect((await staff('POST', `/v1/admin/orders/${paid.order.id}/ship`, body)).status).toBe(200);
    const again = await staff('POST', `/v1/admin/orders/${paid.order.id}/ship`, {
      carrier: 'DHL',
      trackingNumber: 'JD014600006281234567',
    });
    expect(again.status).toBe(409);
    expect((await shopperView(paid)).shipment).toEqual({
      carrier: 'UPS',
      trackingNumber: body.trackingNumber,
    });
    expect(await auditOf(paid.order.id)).toHaveLength(1);
    expect((await staff('POST', `/v1/admin/orders/${randomUUID()}/ship`, body)).status).toBe(404);
  });
});

/** Staff ask for a refund; the sandbox provider confirms it by its signed webhook. */
async function refund(p: Placed, body: object) {
  const res = await staff('POST', `/v1/admin/orders/${p.order.id}/refunds`, body);
  await deliverSandboxWebhooks(t);
  return res;
}

describe('refunds', () => {
  it('refund an unshipped order once: stock comes back, the coupon stays spent, the shopper is told', async () => {
    const buyer = await shopperWithAddress();
    const coupons = (await call('GET', '/v1/home/coupons', buyer.cookie)).body.data as Json[];
    const welcome = coupons.find((coupon) => coupon.minSpend === 0 && coupon.remaining > 0)!;
    expect((await call('POST', `/v1/home/coupons/${welcome.id}/claim`, buyer.cookie)).status).toBe(200);
    const p = await placeOrder({ buyer, couponId: welcome.id });
    expect(p.order.discount).toBeGreaterThan(0);
    const before = await stockOf(p.skuId);
    const sold = await salesOf(p.skuId);

    const detail = await staff('GET', `/v1/admin/orders/${p.order.id}`);
    expect(detail.body.data.coupon).toEqual({ couponId: welcome.id, title: welcome.title });
    const line = detail.body.data.lines[0];

    const res = await staff('POST', `/v1/admin/orders/${p.order.id}/refunds`, {
      amount: p.order.total,
      reason: 'Out of stock at the warehouse',
      lines: [{ lineId: line.id, quantity: p.quantity, restock: true }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      amount: p.order.total,
      currency: p.order.currency,
      reason: 'Out of stock at the warehouse',
      kind: 'staff',
      status: 'pending',
      staff: { id: staffId, name: 'Sam Shipper' },
    });
    // Until the provider confirms, the order is unchanged and nothing more can be refunded.
    expect((await shopperView(p)).status).toBe('paid');
    const meanwhile = await staff('POST', `/v1/admin/orders/${p.order.id}/refunds`, {
      amount: 1,
      reason: 'x',
    });
    expect(meanwhile.status).toBe(422);
    expect(meanwhile.body.msg).toEqual({ amount: 'This is more than what is left to refund on the order.' });

    expect(await deliverSandboxWebhooks(t)).toBe(1);
    const after = (await staff('GET', `/v1/admin/orders/${p.order.id}`)).body.data;
    expect(after).toMatchObject({
      status: 'refunded',
      refundedAmount: p.order.total,
      refunds: [{ status: 'succeeded', amount: p.order.total }],
      charges: [{ status: 'refunded', refundedAmount: p.order.total }],
      actions: { ship: false, refund: false, refundable: 0 },
    });
    expect(after.lines[0].refundedQuantity).toBe(p.quantity);
    expect(await stockOf(p.skuId)).toBe(before + p.quantity);
    expect(await salesOf(p.skuId)).toEqual({ sku: sold.sku - p.quantity, goods: sold.goods - p.quantity });
    const [claim] = await t.database.db
      .select()
      .from(schema.couponClaims)
      .where(and(eq(schema.couponClaims.userId, buyer.id), eq(schema.couponClaims.couponId, welcome.id)));
    expect(claim).toMatchObject({ orderId: p.order.id });
    expect(claim!.usedAt).not.toBeNull();

    const seen = await shopperView(p);
    expect(seen).toMatchObject({ status: 'refunded', refundedAmount: p.order.total });
    expect(seen.refunds).toMatchObject([{ amount: p.order.total, status: 'succeeded', kind: 'staff' }]);
    const [mail] = await mailsTo(buyer.email);
    expect(mail!.subject).toMatch(/order .* refunded/);
    expect(mail!.text).toContain(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: p.order.currency }).format(
        p.order.total / 100,
      ),
    );
    const audit = await auditOf(p.order.id);
    expect(audit[0]).toMatchObject({
      action: 'order.refund',
      actor: { id: staffId },
      after: { refund: { amount: p.order.total }, lines: [{ lineId: line.id, restock: true }] },
    });

    const twice = await refund(p, { amount: 1, reason: 'again' });
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe('Only paid orders with money left to give back can be refunded.');
    expect(await stockOf(p.skuId)).toBe(before + p.quantity);
    expect(await refundRows(p.order.id)).toHaveLength(1);
    expect(await auditOf(p.order.id)).toHaveLength(1);
  });

  it('refunds part of an order, per line, then the rest: partially refunded, then refunded', async () => {
    const p = await placeOrder();
    const before = await stockOf(p.skuId);
    const line = (await shopperView(p)).lines[0];
    const first = await refund(p, {
      amount: line.price,
      reason: 'One arrived damaged',
      lines: [{ lineId: line.id, quantity: 1, restock: true }],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    let seen = await shopperView(p);
    expect(seen).toMatchObject({ status: 'partially_refunded', refundedAmount: line.price });
    expect(seen.lines[0].refundedQuantity).toBe(1);
    expect(seen.charges).toMatchObject([{ status: 'partially_refunded', refundedAmount: line.price }]);
    expect(await stockOf(p.skuId)).toBe(before + 1);
    expect((await mailsTo(p.buyer.email))[0]!.subject).toMatch(/part of order .* refunded/);

    // The same unit cannot be refunded twice; more than what is left is refused; nothing changes.
    const sameUnits = await refund(p, {
      amount: 1,
      reason: 'x',
      lines: [{ lineId: line.id, quantity: 2, restock: false }],
    });
    expect(sameUnits.status).toBe(422);
    expect(Object.keys(sameUnits.body.msg)).toEqual(['lines.0.quantity']);
    const tooMuch = await refund(p, { amount: p.order.total - line.price + 1, reason: 'x' });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.code).toBe(1);

    const rest = await refund(p, { amount: p.order.total - line.price, reason: 'Goodwill' });
    expect(rest.status).toBe(201);
    seen = await shopperView(p);
    expect(seen).toMatchObject({ status: 'refunded', refundedAmount: p.order.total });
    expect(seen.charges).toMatchObject([{ status: 'refunded', refundedAmount: p.order.total }]);
    expect(seen.history.map((h: Json) => h.status)).toEqual([
      'pending_payment',
      'paid',
      'partially_refunded',
      'refunded',
    ]);
    // The second unit went back without being restocked.
    expect(await stockOf(p.skuId)).toBe(before + 1);
  });

  it('refund a shipped order without putting its units back', async () => {
    const p = await placeOrder();
    await staff('POST', `/v1/admin/orders/${p.order.id}/ship`, {
      carrier: 'DHL',
      trackingNumber: 'JD0146000062',
    });
    const before = await stockOf(p.skuId);
    const sold = await salesOf(p.skuId);
    const res = await refund(p, { amount: p.order.total, reason: 'Lost by the carrier' });
    expect(res.status).toBe(201);
    const seen = await shopperView(p);
    expect(seen.history.map((h: Json) => h.status)).toEqual([
      'pending_payment',
      'paid',
      'shipped',
      'refunded',
    ]);
    expect(await stockOf(p.skuId)).toBe(before);
    expect(await salesOf(p.skuId)).toEqual({ sku: sold.sku - p.quantity, goods: sold.goods - p.quantity });
  });

  it('refuses an unpaid order, over the remainder, negative, zero or malformed, changing nothing', async () => {
    const unpaid = await placeOrder({ paid: false });
    const res = await refund(unpaid, { amount: 100, reason: 'x' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(2);
    expect(res.body.msg).toBe('Only paid orders with money left to give back can be refunded.');

    const p = await placeOrder();
    for (const body of [
      { amount: p.order.total + 1, reason: 'x' },
      { amount: -1, reason: 'x' },
      { amount: 0, reason: 'x' },
      { amount: 1.5, reason: 'x' },
      { amount: 100, reason: '' },
      { amount: 100 },
      { amount: 100, reason: 'x', lines: [{ lineId: randomUUID(), quantity: 1, restock: false }] },
      { amount: 100, reason: 'x', lines: [{ lineId: 'nope', quantity: 1, restock: false }] },
    ]) {
      const bad = await refund(p, body);
      expect(bad.status, JSON.stringify(body)).toBe(422);
      expect(bad.body.code).toBe(1);
    }
    expect(await refundRows(p.order.id)).toHaveLength(0);
    expect((await shopperView(p)).status).toBe('paid');
    expect(await auditOf(p.order.id)).toHaveLength(0);
    expect((await refund({ ...p, order: { id: randomUUID() } }, { amount: 1, reason: 'x' })).status).toBe(
      404,
    );
  });
});

describe('racing on one order', () => {
  it('lets the shopper’s cancel lose to the payment, and ship and a refund both hold', async () => {
    for (let round = 0; round < 3; round++) {
      const p = await placeOrder();
      const stock = await stockOf(p.skuId);
      const [ship, refunded, cancel] = await Promise.all([
        staff('POST', `/v1/admin/orders/${p.order.id}/ship`, {
          carrier: 'UPS',
          trackingNumber: `1Z99${round}AA101234`,
        }),
        staff('POST', `/v1/admin/orders/${p.order.id}/refunds`, { amount: p.order.total, reason: 'race' }),
        call('POST', `/v1/home/orders/${p.order.id}/cancel`, p.buyer.cookie),
      ]);
      expect([ship.status, refunded.status, cancel.status]).toEqual([200, 201, 409]);
      await deliverSandboxWebhooks(t);
      const seen = await shopperView(p);
      expect(seen.status).toBe('refunded');
      expect(seen.shipment).not.toBeNull();
      expect(await refundRows(p.order.id)).toHaveLength(1);
      expect(await stockOf(p.skuId)).toBe(stock);
    }
  });

  it('refunds once when several members of staff click at the same moment', async () => {
    const p = await placeOrder();
    const stock = await stockOf(p.skuId);
    const line = (await shopperView(p)).lines[0];
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        staff('POST', `/v1/admin/orders/${p.order.id}/refunds`, {
          amount: p.order.total,
          reason: 'Double click',
          lines: [{ lineId: line.id, quantity: p.quantity, restock: true }],
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422, 422, 422, 422]);
    await deliverSandboxWebhooks(t);
    expect(await refundRows(p.order.id)).toHaveLength(1);
    expect(await stockOf(p.skuId)).toBe(stock + p.quantity);
    const refundedMails = (await mailsTo(p.buyer.email)).filter((m) => /refunded/.test(m.subject));
    expect(refundedMails).toHaveLength(1);
  });
});

describe('the CSV export', () => {
  it('streams the filtered orders with a BOM, localised headings and formula-safe cells', async () => {
    const risky = await placeOrder({
      note: '=HYPERLINK("http://evil.test","x")',
      recipient: '@Mallory, "M"',
    });
    await staff('POST', `/v1/admin/orders/${risky.order.id}/ship`, {
      carrier: '+Carrier',
      trackingNumber: 'AB-12345',
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/admin/orders/export?status=shipped&keyword=mallory`,
      headers: { cookie: staffCookie, 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = raw.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      'Order number,Placed at (UTC),Status,Shopper email,Shopper phone,Recipient,Recipient phone,Address,Items,Units,Subtotal,Discount,Shipping,Shipping method,Tax,Tax included in prices,Total,Currency,Carrier,Tracking number,Note',
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    const row = lines[1]!;
    expect(row.startsWith(`${risky.order.number},`)).toBe(true);
    expect(row).toContain(',Shipped,');
    expect(row).toContain(`,"'@Mallory, ""M""",`);
    expect(row).toContain(`,'+5511987654321,`);
    expect(row).toContain(`,'+Carrier,AB-12345,`);
    expect(row.endsWith(`,"'=HYPERLINK(""http://evil.test"",""x"")"`)).toBe(true);
    expect(row).toContain(
      `,Standard shipping,0.00,No,${(risky.order.total / 100).toFixed(2)},${risky.order.currency},`,
    );
  });

  it('writes headings in the staff member’s language and every order when unfiltered', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/admin/orders/export?sort=oldest',
      headers: { cookie: staffCookie, 'accept-language': 'zh-CN' },
    });
    const lines = res.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]!.startsWith('订单号,下单时间（UTC）,状态')).toBe(true);
    const [count] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(schema.orders);
    expect(lines).toHaveLength(count!.n + 1);
    const bad = await staff('GET', '/v1/admin/orders/export?page=2');
    expect(bad.status).toBe(422);
  });
});
