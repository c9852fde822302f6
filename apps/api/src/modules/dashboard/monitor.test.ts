import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONITOR_RETRY_MS, type MonitorEvent } from '@shop/contract';
import { createStaff, createTestApp, staffLoginCookie, type TestApp } from '../../testing.ts';
import { buyer, payOrder, placeOrder, skusOfDifferentGoods, type Buyer } from './order-fixtures.ts';
import { getOnce, openEventStream, type EventStreamReader } from './sse-reader.ts';

let t: TestApp;
let baseUrl = '';
let cookie = '';
let shopper: Buyer;
let skuId = '';
const streams: EventStreamReader[] = [];

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const staff = await createStaff(t.database, {
    email: 'mon@shop.test',
    password: 'Mon-staff-2026',
    role: 'staff',
  });
  cookie = await staffLoginCookie(t.app, staff.email, staff.password);
  shopper = await buyer(t.app, t.database, 'watched');
  skuId = (await skusOfDifferentGoods(t.database, 1))[0]!.id;
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

const open = async (headers: Record<string, string> = {}, query = '') => {
  const stream = await openEventStream(`${baseUrl}/v1/admin/monitor/events${query}`, { cookie, ...headers });
  streams.push(stream);
  return stream;
};
const aboutOrder = (id: string, type: MonitorEvent['type']) => (e: MonitorEvent) =>
  e.order?.id === id && e.type === type;

describe('the live monitor stream', () => {
  it('answers with server-sent events only, to staff only', async () => {
    const plain = await t.app.inject({ url: '/v1/admin/monitor/events', headers: { cookie } });
    expect(plain.statusCode).toBe(406);
    expect(plain.json()).toMatchObject({
      code: 1,
      msg: { accept: expect.stringContaining('text/event-stream') },
    });
    const guest = await getOnce(`${baseUrl}/v1/admin/monitor/events`, { accept: 'text/event-stream' });
    expect(guest.status).toBe(401);
  });

  let placedEventId = '';
  let orderId = '';

  it('sends the retry hint, then each order as it is placed and paid', async () => {
    const stream = await open();
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    const hello = await stream.next(() => true);
    expect(hello.retry).toBe(MONITOR_RETRY_MS);

    const order = await placeOrder(t.app, shopper, [{ skuId, quantity: 2 }]);
    orderId = order.id;
    const placed = await stream.nextEvent(aboutOrder(order.id, 'order.placed'));
    expect(placed.order).toMatchObject({ status: 'pending_payment', total: order.total, items: 2 });
    expect(placed.activity).toMatchObject({ action: 'order.placed', actor: { kind: 'shopper' } });
    placedEventId = placed.id;

    await payOrder(t.app, t.database, shopper, order.id);
    const paid = await stream.nextEvent(aboutOrder(order.id, 'order.paid'));
    expect(paid.order).toMatchObject({
      id: order.id,
      number: order.number,
      status: 'paid',
      total: order.total,
      currency: order.currency,
      customer: expect.stringMatching(/^watched \d+$/),
    });
    expect(paid.activity).toMatchObject({
      action: 'order.paid',
      entityId: order.id,
      label: order.number,
      actor: { kind: 'payment' },
    });
    expect(paid.id > placedEventId || paid.id !== placedEventId).toBe(true);
    stream.close();
  });

  it('gives a reconnecting stream what it missed after its Last-Event-ID', async () => {
    const again = await open({ 'last-event-id': placedEventId });
    const missed = await again.nextEvent(() => true, 2_000);
    expect(missed).toMatchObject({ type: 'order.paid', order: { id: orderId } });
    again.close();

    const snapshot = (await t.app.inject({ url: '/v1/admin/monitor', headers: { cookie } })).json().data;
    expect(snapshot.lastEventId).toBe(missed.id);
    expect(snapshot.orders[0]).toMatchObject({ id: orderId, status: 'paid' });
    expect(snapshot.today).toMatchObject({ placed: 1, paid: 1 });
    // The page's first connection passes the snapshot's id in the query: nothing before it is sent again.
    const fromSnapshot = await open({}, `?lastEventId=${encodeURIComponent(snapshot.lastEventId)}`);
    await expect(fromSnapshot.nextEvent(() => true, 500)).rejects.toThrow(/nothing matching/);
    fromSnapshot.close();
  });

  it('shows the order shipped by staff, then received by the shopper', async () => {
    const stream = await open();
    const ship = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/orders/${orderId}/ship`,
      headers: { cookie },
      payload: { carrier: 'DHL', trackingNumber: 'JD014600006281234567' },
    });
    expect(ship.statusCode, ship.body).toBe(200);
    const shipped = await stream.nextEvent(aboutOrder(orderId, 'order.shipped'));
    expect(shipped.activity).toMatchObject({ action: 'order.shipped', actor: { kind: 'staff' } });

    const confirm = await t.app.inject({
      method: 'POST',
      url: `/v1/home/orders/${orderId}/confirm`,
      headers: { cookie: shopper.cookie },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const completed = await stream.nextEvent(aboutOrder(orderId, 'order.completed'));
    expect(completed.order).toMatchObject({ status: 'completed' });
    expect(completed.activity).toMatchObject({ action: 'order.completed', actor: { kind: 'shopper' } });
    stream.close();
  });

  it('shows staff changes from the audit log as activity', async () => {
    const stream = await open();
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/goals',
      headers: { cookie },
      payload: {
        title: 'Watch this',
        startsOn: '2026-01-01',
        endsOn: '2026-12-31',
        description: 'Seen live',
        metric: 'orders',
        target: 10,
        visibility: 'public',
      },
    });
    expect(created.statusCode).toBe(201);
    const activity = await stream.nextEvent((e) => e.type === 'staff.activity', 12_000);
    expect(activity).toMatchObject({
      order: null,
      activity: {
        action: 'goal.create',
        entity: 'goal',
        entityId: created.json().data.id,
        actor: { kind: 'staff', name: 'mon@shop.test' },
      },
    });
    stream.close();
  });

  it('limits how many streams one member keeps open', async () => {
    // Let the server notice the streams the earlier tests closed.
    await new Promise((r) => setTimeout(r, 200));
    const held = await Promise.all(Array.from({ length: 5 }, () => open()));
    expect(held.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
    const sixth = await getOnce(`${baseUrl}/v1/admin/monitor/events`, {
      cookie,
      accept: 'text/event-stream',
    });
    expect(sixth.status).toBe(429);
    expect(JSON.parse(sixth.body)).toMatchObject({ code: 429 });
    for (const stream of held) stream.close();
    await new Promise((r) => setTimeout(r, 200));
    const afterwards = await open();
    expect(afterwards.status).toBe(200);
    afterwards.close();
  });
});
