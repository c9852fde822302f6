import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createStaff, createTestApp, staffLoginCookie, type TestApp } from '../../testing.ts';
import { buyer, payOrder, placeOrder, skusOfDifferentGoods } from './order-fixtures.ts';
import { openEventStream } from './sse-reader.ts';

/** The scale-out path: two instances of the shop over one database and one real Redis. */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let first: TestApp;
let second: FastifyInstance;
let secondUrl = '';
let secondOpen = true;

beforeAll(async () => {
  first = await createTestApp({ redisUrl });
  second = await buildApp({ logLevel: 'silent', storefrontDist: '/nonexistent', redisUrl }, first.database);
  secondUrl = await second.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  if (secondOpen) await second.close();
  await first.close();
});

describe('the monitor across instances', () => {
  it("shows on one instance's stream the orders another instance takes, and ends its streams when it closes", async () => {
    const staff = await createStaff(first.database, {
      email: 'ops@shop.test',
      password: 'Ops-staff-2026',
      role: 'staff',
    });
    const cookie = await staffLoginCookie(second, staff.email, staff.password);
    const stream = await openEventStream(`${secondUrl}/v1/admin/monitor/events`, { cookie });
    expect(stream.status).toBe(200);
    await stream.next((m) => m.retry !== undefined);

    const shopper = await buyer(first.app, first.database, 'elsewhere');
    const [sku] = await skusOfDifferentGoods(first.database, 1);
    const order = await placeOrder(first.app, shopper, [{ skuId: sku!.id, quantity: 1 }]);
    await payOrder(first.app, first.database, shopper, order.id);

    const placed = await stream.nextEvent((e) => e.order?.id === order.id && e.type === 'order.placed');
    const paid = await stream.nextEvent((e) => e.order?.id === order.id && e.type === 'order.paid');
    expect(paid.order).toMatchObject({
      status: 'paid',
      total: order.total,
      customer: expect.stringMatching(/^elsewhere/),
    });
    // Kept in the receiving instance's ring too: a stream reconnecting to it gets what it missed.
    const resumed = await openEventStream(`${secondUrl}/v1/admin/monitor/events`, {
      cookie,
      'last-event-id': placed.id,
    });
    expect((await resumed.nextEvent(() => true, 2_000)).id).toBe(paid.id);
    resumed.close();

    const closing = second.close();
    secondOpen = false;
    expect(await stream.ended(3_000)).toBe(true);
    await closing;
  });
});
