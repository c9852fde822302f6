import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@shop/db';
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
import { buildApp } from '../../app.ts';
import { SANDBOX_CARDS } from './sandbox-gateway.routes.ts';
import { signWebhook } from './webhooks.ts';

/**
 * The money path as shoppers and providers really use it: several tabs, pay links left open, the same news
 * delivered again and out of order, a failure halfway through applying it, a cancel racing a payment. After
 * each story the shop's figures must add up: captured − refunded = what the order says it holds.
 */
let t: TestApp;
let staffCookie = '';
let adminCookie = '';
let secret = '';

beforeAll(async () => {
  t = await createTestApp();
  const { staff, admin } = await signedInStaffAndAdmin(t);
  staffCookie = staff.cookie;
  adminCookie = admin.cookie;
  const [settings] = await t.database.db.select().from(schema.shopSettings);
  secret = settings!.data.webhookSecret!;
});
afterAll(() => t.close());

const call = (
  method: string,
  url: string,
  cookie: string,
  payload?: object,
  headers?: Record<string, string>,
) => callApi(t.app, method, url, { cookie, payload, ...(headers ? { headers } : {}) });

let seq = 0;
async function shopper() {
  seq += 1;
  const s = await createShopper(t.database, {
    email: `money${seq}-${randomUUID().slice(0, 8)}@example.com`,
    password: 'Buyer-secret-2026',
  });
  const cookie = await loginCookie(t.app, s.email, s.password);
  return { ...s, cookie, addressId: await addAddress(t.app, cookie) };
}

async function skuInStock() {
  const [row] = await t.database.db
    .select({ id: schema.skus.id })
    .from(schema.skus)
    .innerJoin(schema.goods, eq(schema.goods.id, schema.skus.goodsId))
    .where(sql`${schema.skus.stock} >= 50 and ${schema.goods.onShelf}`)
    .orderBy(asc(schema.skus.id))
    .limit(1)
    .offset(seq % 5);
  return row!.id;
}

async function placeOrder(buyer: Awaited<ReturnType<typeof shopper>>, quantity = 1) {
  const res = await call('POST', '/v1/home/orders', buyer.cookie, {
    addressId: buyer.addressId,
    items: [{ skuId: await skuInStock(), quantity }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as Json;
}

const newCharge = (buyer: { cookie: string }, orderId: string, key: string = randomUUID()) =>
  call('POST', '/v1/home/charges', buyer.cookie, { orderId, channel: 'sandbox' }, { 'idempotency-key': key });

/** The shopper submits the sandbox gateway's page for a pay link. */
const payOnGateway = (chargeId: string, card: string = SANDBOX_CARDS.succeeds) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/sandbox/checkout/${chargeId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    payload: `card=${card}`,
  });

/** A provider's signed event, sent straight to the shop's webhook. */
async function sendEvent(event: Record<string, unknown>) {
  const body = JSON.stringify({
    id: `evt_${randomUUID()}`,
    created: Math.floor(Date.now() / 1000),
    ...event,
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/webhooks/payments',
    headers: { 'content-type': 'application/json', 'shop-signature': signWebhook(secret, body) },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() as Json, raw: body };
}

const resend = (raw: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/webhooks/payments',
    headers: { 'content-type': 'application/json', 'shop-signature': signWebhook(secret, raw) },
    payload: raw,
  });

const orderView = async (buyer: { cookie: string }, id: string) =>
  (await call('GET', `/v1/home/orders/${id}`, buyer.cookie)).body.data as Json;

/** captured − refunded for one order, straight from the ledger. */
async function netCaptured(orderId: string) {
  const charges = await t.database.db
    .select()
    .from(schema.charges)
    .where(eq(schema.charges.orderId, orderId));
  const refunds = await t.database.db
    .select()
    .from(schema.refunds)
    .where(eq(schema.refunds.orderId, orderId));
  const captured = charges
    .filter((c) => ['succeeded', 'partially_refunded', 'refunded'].includes(c.status))
    .reduce((sum, c) => sum + c.amount, 0);
  const refunded = refunds.filter((r) => r.status === 'succeeded').reduce((sum, r) => sum + r.amount, 0);
  return { captured, refunded, net: captured - refunded, charges, refunds };
}

const reconciliation = async () =>
  (await call('GET', '/v1/admin/payments/reconciliation', staffCookie)).body.data as Json;

const mailsTo = async (email: string) =>
  (await call('GET', `/v1/admin/mailbox?to=${encodeURIComponent(email)}`, adminCookie)).body.data as Json[];

describe('one pay link per order', () => {
  it('a new pay link voids the old one; the old one moves no money', async () => {
    const buyer = await shopper();
    const order = await placeOrder(buyer);
    const first = await newCharge(buyer, order.id);
    const secondKey = randomUUID();
    const second = await newCharge(buyer, order.id, secondKey);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.data.id).not.toBe(first.body.data.id);
    const view = await orderView(buyer, order.id);
    expect(view.charges.map((c: Json) => c.status)).toEqual(['voided', 'pending']);

    // The old tab's page now refuses to take money and sends the shopper to the shop's page for that link.
    const late = await payOnGateway(first.body.data.id);
    expect(late.statusCode).toBe(303);
    expect(late.headers.location).toBe(`/tips?orderId=${order.id}&chargeId=${first.body.data.id}`);
    expect(
      await t.database.db
        .select()
        .from(schema.webhookDeliveries)
        .where(sql`body like ${`%${first.body.data.id}%`}`),
    ).toHaveLength(0);

    // Submitting the live one twice (double click, back button) captures once.
    const paid = await Promise.all([payOnGateway(second.body.data.id), payOnGateway(second.body.data.id)]);
    expect(paid.map((r) => r.statusCode)).toEqual([303, 303]);
    await deliverSandboxWebhooks(t);
    const after = await orderView(buyer, order.id);
    expect(after.status).toBe('paid');
    expect(after.charges.map((c: Json) => c.status)).toEqual(['voided', 'succeeded']);
    expect((await netCaptured(order.id)).net).toBe(order.total);

    // No pay link for a paid order; the same key still answers with its charge.
    expect((await newCharge(buyer, order.id)).status).toBe(409);
    const again = await newCharge(buyer, order.id, secondKey);
    expect(again.status).toBe(201);
    expect(again.body.data).toMatchObject({ id: second.body.data.id, status: 'succeeded' });
  });

  it('20 concurrent pay attempts over 5 pay links of one order capture the order total exactly once', async () => {
    const buyer = await shopper();
    const order = await placeOrder(buyer, 2);
    const links: string[] = [];
    for (let i = 0; i < 5; i++) links.push((await newCharge(buyer, order.id)).body.data.id);
    const attempts = Array.from({ length: 20 }, (_, i) => links[i % 5]!);
    // Every tab pays at once, and the provider also reports payments for the links it had captured before they
    // were voided here (a pay page left open, two gateways racing): all of that money moved.
    await Promise.all([
      ...attempts.map((id) => payOnGateway(id)),
      ...links.slice(0, 2).map((chargeId) =>
        sendEvent({
          type: 'charge.succeeded',
          chargeId,
          orderId: order.id,
          amount: order.total,
          currency: order.currency,
        }),
      ),
    ]);
    await deliverSandboxWebhooks(t);
    await deliverSandboxWebhooks(t);
    const money = await netCaptured(order.id);
    expect(money.net).toBe(order.total);
    const kept = money.charges.filter((c) => c.status === 'succeeded');
    expect(kept).toHaveLength(1);
    // Whichever capture arrived first paid the order; every other capture went back whole (at least one of the
    // two reported by the provider), and the links voided before anyone paid them never moved money.
    const captured = money.charges.filter((c) => c.status === 'succeeded' || c.status === 'refunded');
    expect(money.refunds.length).toBeGreaterThanOrEqual(1);
    expect(money.refunds).toHaveLength(captured.length - 1);
    expect(money.refunds.every((r) => r.kind === 'automatic' && r.status === 'succeeded')).toBe(true);
    const view = await orderView(buyer, order.id);
    expect(view.status).toBe('paid');
    expect(view.history.filter((h: Json) => h.status === 'paid')).toHaveLength(1);
    expect((await reconciliation()).mismatches).toEqual([]);
  });
});

describe('webhooks', () => {
  it('an event delivered 5 times at once and out of order pays the order once', async () => {
    const buyer = await shopper();
    const order = await placeOrder(buyer);
    const charge = (await newCharge(buyer, order.id)).body.data;
    const event = { chargeId: charge.id, orderId: order.id, amount: order.total, currency: order.currency };
    const succeeded = JSON.stringify({
      id: `evt_${randomUUID()}`,
      type: 'charge.succeeded',
      created: 1,
      ...event,
    });
    const [results] = await Promise.all([
      Promise.all(Array.from({ length: 5 }, () => resend(succeeded))),
      sendEvent({ type: 'charge.failed', ...event }),
    ]);
    expect(results.slice(0, 5).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const outcomes = results.slice(0, 5).map((r) => r.json().data.outcome);
    expect(outcomes.filter((o: string) => o === 'applied')).toHaveLength(1);
    const view = await orderView(buyer, order.id);
    expect(view.status).toBe('paid');
    expect(view.charges).toMatchObject([{ status: 'succeeded' }]);
    expect((await mailsTo(buyer.email)).filter((m) => /paid/.test(m.subject))).toHaveLength(1);
  });

  it('an event whose effect failed halfway is applied by the retry, not answered "duplicate"', async () => {
    const buyer = await shopper();
    const order = await placeOrder(buyer);
    const charge = (await newCharge(buyer, order.id)).body.data;
    // A failure inside the transaction, after the event was recorded: marking the order paid raises.
    await t.database.db.execute(
      sql.raw(`create or replace function money_test_fail() returns trigger language plpgsql as $$
        begin raise exception 'simulated crash while applying'; end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger money_test_fail before update on orders for each row
        when (new.id = '${order.id}' and new.status = 'paid') execute function money_test_fail()`),
    );
    const event = await sendEvent({
      type: 'charge.succeeded',
      chargeId: charge.id,
      orderId: order.id,
      amount: order.total,
      currency: order.currency,
    });
    expect(event.status).toBe(500);
    expect((await orderView(buyer, order.id)).status).toBe('pending_payment');
    expect((await orderView(buyer, order.id)).charges).toMatchObject([{ status: 'pending' }]);
    await t.database.db.execute(sql.raw('drop trigger money_test_fail on orders'));
    await t.database.db.execute(sql.raw('drop function money_test_fail()'));

    const retry = await resend(event.raw);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.outcome).toBe('applied');
    expect((await orderView(buyer, order.id)).status).toBe('paid');
    expect((await resend(event.raw)).json().data.outcome).toBe('duplicate');
  });

  it('refuses an event whose amount, currency or order differs from its charge, recording nothing', async () => {
    const buyer = await shopper();
    const order = await placeOrder(buyer);
    const charge = (await newCharge(buyer, order.id)).body.data;
    const good = {
      type: 'charge.succeeded',
      chargeId: charge.id,
      orderId: order.id,
      amount: order.total,
      currency: order.currency,
    };
    const other = await placeOrder(buyer);
    for (const wrong of [
      { amount: order.total - 1 },
      { amount: order.total + 100 },
      { currency: order.currency === 'USD' ? 'EUR' : 'USD' },
      { orderId: other.id },
    ]) {
      const res = await sendEvent({ ...good, ...wrong });
      expect(res.status, JSON.stringify(wrong)).toBe(400);
      expect(res.body.code).toBe(2);
    }
    for (const broken of [
      { amount: -5 },
      { amount: 'ten' },
      { chargeId: 'x' },
      { type: 'charge.refunded' },
    ]) {
      expect((await sendEvent({ ...good, ...broken })).status).toBe(400);
    }
    expect((await orderView(buyer, order.id)).status).toBe('pending_payment');
    expect(
      await t.database.db
        .select()
        .from(schema.paymentEvents)
        .where(eq(schema.paymentEvents.chargeId, charge.id)),
    ).toHaveLength(0);
    expect(t.logs().some((l) => l.msg === 'payment event refused')).toBe(true);
    expect((await sendEvent(good)).status).toBe(200);
    expect((await orderView(buyer, order.id)).status).toBe('paid');
  });
});

describe('money the order cannot keep', () => {
  it('cancel then pay: a pay page left open moves no money after the cancel', async () => {
    const buyer = await shopper();
    const order = await placeOrder(buyer);
    const charge = (await newCharge(buyer, order.id)).body.data;
    expect((await call('POST', `/v1/home/orders/${order.id}/cancel`, buyer.cookie)).status).toBe(200);
    const view = await orderView(buyer, order.id);
    expect(view.charges).toMatchObject([{ status: 'voided' }]);
    const paid = await payOnGateway(charge.id);
    expect(paid.headers.location).toBe(`/tips?orderId=${order.id}&chargeId=${charge.id}`);
    expect(await deliverSandboxWebhooks(t)).toBe(0);
    expect((await netCaptured(order.id)).captured).toBe(0);
  });

  it('a payment that arrives after the cancel is refunded automatically, and the shopper is told', async () => {
    const buyer = await shopper();
    const order = await placeOrder(buyer);
    const charge = (await newCharge(buyer, order.id)).body.data;
    // Paid at the provider; its news is still on the way when the shopper cancels in another tab.
    expect((await payOnGateway(charge.id)).statusCode).toBe(303);
    expect((await call('POST', `/v1/home/orders/${order.id}/cancel`, buyer.cookie)).status).toBe(200);
    await deliverSandboxWebhooks(t);
    await deliverSandboxWebhooks(t);
    const view = await orderView(buyer, order.id);
    expect(view.status).toBe('cancelled');
    expect(view.charges).toMatchObject([{ status: 'refunded', refundedAmount: order.total }]);
    expect(view.refunds).toMatchObject([
      { kind: 'automatic', status: 'succeeded', amount: order.total, reason: 'order_cancelled' },
    ]);
    expect(view.refundedAmount).toBe(0);
    expect((await netCaptured(order.id)).net).toBe(0);
    const mails = await mailsTo(buyer.email);
    expect(mails.some((m) => /giving back a payment/.test(m.subject))).toBe(true);
    const detail = (await call('GET', `/v1/admin/orders/${order.id}`, staffCookie)).body.data;
    expect(detail.refunds).toMatchObject([{ kind: 'automatic', staff: null }]);
    expect((await reconciliation()).mismatches).toEqual([]);
  });
});

describe('after a crash', () => {
  it('a restarted shop applies a capture its order never took, and gives back one no order keeps', async () => {
    const buyer = await shopper();
    const unpaid = await placeOrder(buyer);
    const cancelled = await placeOrder(buyer);
    const stuckCharge = (await newCharge(buyer, unpaid.id)).body.data;
    const lateCharge = (await newCharge(buyer, cancelled.id)).body.data;
    expect((await call('POST', `/v1/home/orders/${cancelled.id}/cancel`, buyer.cookie)).status).toBe(200);
    // What an older shop could leave behind: captures recorded without their effect.
    for (const id of [stuckCharge.id, lateCharge.id]) {
      await t.database.db
        .update(schema.charges)
        .set({ status: 'succeeded' })
        .where(eq(schema.charges.id, id));
    }
    expect((await reconciliation()).mismatches.map((m: Json) => m.orderId).sort()).toEqual(
      [unpaid.id, cancelled.id].sort(),
    );

    const restarted = await buildApp({ logLevel: 'silent', storefrontDist: '/nonexistent' }, t.database);
    try {
      await restarted.ready();
      // The restarted shop settles both charges in the background, in no set order; the gateway's news of the
      // refund is delivered as it comes, so wait until both orders show the outcome (or give up after 5 s).
      const settled = async () =>
        (await orderView(buyer, unpaid.id)).status === 'paid' &&
        (await orderView(buyer, cancelled.id)).refunds.some((r: Json) => r.status === 'succeeded');
      for (let i = 0; i < 50 && !(await settled()); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        await deliverSandboxWebhooks(t);
      }
    } finally {
      await restarted.close();
    }
    expect((await orderView(buyer, unpaid.id)).status).toBe('paid');
    const back = await orderView(buyer, cancelled.id);
    expect(back.status).toBe('cancelled');
    expect(back.refunds).toMatchObject([
      { kind: 'automatic', status: 'succeeded', reason: 'order_cancelled' },
    ]);
    expect((await reconciliation()).mismatches).toEqual([]);
  });
});

describe('returns', () => {
  async function shippedOrder(quantity = 2) {
    const buyer = await shopper();
    const order = await placeOrder(buyer, quantity);
    const charge = (await newCharge(buyer, order.id)).body.data;
    await payOnGateway(charge.id);
    await deliverSandboxWebhooks(t);
    const ship = await call('POST', `/v1/admin/orders/${order.id}/ship`, staffCookie, {
      carrier: 'DHL',
      trackingNumber: `JD01460${String(seq).padStart(5, '0')}`,
    });
    expect(ship.status).toBe(200);
    return { buyer, order: await orderView(buyer, order.id) };
  }

  it('a shopper returns a line; staff approve, receive it back to stock and refund it; each step is seen', async () => {
    const { buyer, order } = await shippedOrder();
    const line = order.lines[0];
    expect(order.returnableUntil).not.toBeNull();
    const stockBefore = (
      await t.database.db
        .select({ stock: schema.skus.stock })
        .from(schema.skus)
        .where(eq(schema.skus.id, line.skuId))
    )[0]!.stock;

    const tooMany = await call('POST', `/v1/home/orders/${order.id}/returns`, buyer.cookie, {
      lines: [{ lineId: line.id, quantity: 3 }],
      reason: 'damaged',
    });
    expect(tooMany.status).toBe(422);
    expect(Object.keys(tooMany.body.msg)).toEqual(['lines.0.quantity']);

    const asked = await call('POST', `/v1/home/orders/${order.id}/returns`, buyer.cookie, {
      lines: [{ lineId: line.id, quantity: 1 }],
      reason: 'damaged',
      note: 'The box was crushed',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const returnId = asked.body.data.id;
    expect(asked.body.data).toMatchObject({
      status: 'new',
      orderId: order.id,
      orderNumber: order.number,
      amount: line.price,
      lines: [{ quantity: 1, restock: null }],
    });
    // The same unit cannot be asked for twice while the first request is open.
    const twice = await call('POST', `/v1/home/orders/${order.id}/returns`, buyer.cookie, {
      lines: [{ lineId: line.id, quantity: 2 }],
      reason: 'other',
    });
    expect(twice.status).toBe(422);

    const queue = (await call('GET', '/v1/admin/returns?status=new', staffCookie)).body.data as Json[];
    expect(queue.find((r) => r.id === returnId)).toMatchObject({ orderNumber: order.number });
    expect((await orderView(buyer, order.id)).returns[0].orderNumber).toBe(order.number);
    // Steps out of order are refused.
    expect((await call('POST', `/v1/admin/returns/${returnId}/refund`, staffCookie, {})).status).toBe(409);
    expect(
      (await call('POST', `/v1/admin/returns/${returnId}/reject`, staffCookie, { message: '' })).status,
    ).toBe(422);

    const approved = await call('POST', `/v1/admin/returns/${returnId}/approve`, staffCookie, {
      message: 'Please use the original box.',
    });
    expect(approved.body.data).toMatchObject({
      status: 'approved',
      staffMessage: 'Please use the original box.',
    });
    expect((await orderView(buyer, order.id)).returns[0].status).toBe('approved');

    const received = await call('POST', `/v1/admin/returns/${returnId}/receive`, staffCookie, {
      lines: [{ lineId: line.id, restock: true }],
    });
    expect(received.body.data).toMatchObject({ status: 'received', lines: [{ restock: true }] });
    const stockAfter = (
      await t.database.db
        .select({ stock: schema.skus.stock })
        .from(schema.skus)
        .where(eq(schema.skus.id, line.skuId))
    )[0]!.stock;
    expect(stockAfter).toBe(stockBefore + 1);

    const refunded = await call('POST', `/v1/admin/returns/${returnId}/refund`, staffCookie, {});
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    await deliverSandboxWebhooks(t);
    const seen = await orderView(buyer, order.id);
    expect(seen).toMatchObject({ status: 'partially_refunded', refundedAmount: line.price });
    expect(seen.returns[0].status).toBe('refunded');
    expect(seen.returns[0].history.map((h: Json) => h.status)).toEqual([
      'new',
      'approved',
      'received',
      'refunded',
    ]);
    expect(seen.refunds).toMatchObject([{ kind: 'return', amount: line.price, status: 'succeeded' }]);
    expect(seen.lines[0].refundedQuantity).toBe(1);
    // Received units were restocked once: the refund did not put them back again.
    const stockEnd = (
      await t.database.db
        .select({ stock: schema.skus.stock })
        .from(schema.skus)
        .where(eq(schema.skus.id, line.skuId))
    )[0]!.stock;
    expect(stockEnd).toBe(stockBefore + 1);

    const subjects = (await mailsTo(buyer.email)).map((m) => m.subject as string);
    for (const pattern of [/return request/, /return .* approved/, /received your return/, /part of order/]) {
      expect(
        subjects.some((s) => pattern.test(s)),
        String(pattern),
      ).toBe(true);
    }
    const audit = (await call('GET', `/v1/admin/audit?entity=return&entityId=${returnId}`, adminCookie)).body
      .data as Json[];
    expect(audit.map((a) => a.action).sort()).toEqual(['return.approve', 'return.receive', 'return.refund']);
    expect((await reconciliation()).mismatches).toEqual([]);
  });

  it('refuses returns of unshipped orders and after the window; staff reject with a message', async () => {
    const buyer = await shopper();
    const unshipped = await placeOrder(buyer);
    const res = await call('POST', `/v1/home/orders/${unshipped.id}/returns`, buyer.cookie, {
      lines: [{ lineId: unshipped.lines[0].id, quantity: 1 }],
      reason: 'other',
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(2);

    const { buyer: late, order } = await shippedOrder(1);
    await t.database.db
      .update(schema.orders)
      .set({ shippedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(schema.orders.id, order.id));
    const tooLate = await call('POST', `/v1/home/orders/${order.id}/returns`, late.cookie, {
      lines: [{ lineId: order.lines[0].id, quantity: 1 }],
      reason: 'size_or_fit',
    });
    expect(tooLate.status).toBe(409);
    expect((await orderView(late, order.id)).returnableUntil).not.toBeNull();

    const { buyer: b2, order: o2 } = await shippedOrder(1);
    const asked = await call('POST', `/v1/home/orders/${o2.id}/returns`, b2.cookie, {
      lines: [{ lineId: o2.lines[0].id, quantity: 1 }],
      reason: 'no_longer_needed',
    });
    const rejected = await call('POST', `/v1/admin/returns/${asked.body.data.id}/reject`, staffCookie, {
      message: 'Opened software cannot be returned.',
    });
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      staffMessage: 'Opened software cannot be returned.',
    });
    expect((await orderView(b2, o2.id)).status).toBe('shipped');
    // Someone else's order is "not found".
    const stranger = await shopper();
    expect(
      (
        await call('POST', `/v1/home/orders/${o2.id}/returns`, stranger.cookie, {
          lines: [{ lineId: o2.lines[0].id, quantity: 1 }],
          reason: 'other',
        })
      ).status,
    ).toBe(404);
  });
});

describe('reconciliation', () => {
  it('finds an order whose money does not add up', async () => {
    const buyer = await shopper();
    const order = await placeOrder(buyer);
    // Marked paid with no money behind it: what a lost or forged update would leave.
    await t.database.db.update(schema.orders).set({ status: 'paid' }).where(eq(schema.orders.id, order.id));
    const report = await reconciliation();
    expect(report.mismatches).toEqual([
      expect.objectContaining({
        orderId: order.id,
        orderNumber: order.number,
        holds: order.total,
        captured: 0,
        refunded: 0,
      }),
    ]);
    await t.database.db
      .update(schema.orders)
      .set({ status: 'cancelled' })
      .where(eq(schema.orders.id, order.id));
    expect((await reconciliation()).mismatches).toEqual([]);
    expect(report.checkedOrders).toBeGreaterThan(0);
  });
});
