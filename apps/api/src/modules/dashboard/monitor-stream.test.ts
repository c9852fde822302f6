import fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { MonitorEvent } from '@shop/contract';
import { MonitorStreams } from './monitor-stream.ts';
import { ShopEvents, type ShopEventInput } from './shop-events.ts';
import { openEventStream } from './sse-reader.ts';

/** The stream mechanics on a bare server with short timers; the monitor's API tests cover the shop's routes. */
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const activity = (id: string): ShopEventInput => ({
  type: 'staff.activity',
  at: new Date().toISOString(),
  order: null,
  activity: {
    id,
    at: new Date().toISOString(),
    action: 'goods.update',
    entity: 'goods',
    entityId: id,
    label: null,
    actor: { kind: 'staff', id: null, name: 'Ada' },
  },
});

async function serve(options: ConstructorParameters<typeof MonitorStreams>[3]) {
  app = fastify();
  const events = new ShopEvents({ log: app.log, describeOrder: async () => null });
  const streams = new MonitorStreams(events, async () => [], app.log, options);
  app.get('/stream', (request, reply) => {
    const header = request.headers['last-event-id'];
    streams.open(request, reply, 'member', typeof header === 'string' ? header : undefined);
    return reply;
  });
  app.addHook('preClose', async () => streams.closeAll());
  const url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/stream`;
  return { events, streams, url };
}

describe('monitor streams', () => {
  it('send a heartbeat comment while quiet, and end when they age out so the browser reconnects', async () => {
    const { streams, url } = await serve({ heartbeatMs: 50, maxAgeMs: 600 });
    const stream = await openEventStream(url, {});
    const beat = await stream.next((m) => m.comments.includes('heartbeat'), 2_000);
    expect(beat.data).toBeUndefined();
    expect(await stream.ended(3_000)).toBe(true);
    await expect.poll(() => streams.openCount).toBe(0);
  });

  it('carry each event with its id, and replay after a Last-Event-ID, by time for an id from elsewhere', async () => {
    const { events, url } = await serve({});
    const first = events.publish(activity('a'));
    const second = events.publish(activity('b'));
    const resumed = await openEventStream(url, { 'last-event-id': first.id });
    const replayed = await resumed.nextEvent(() => true, 1_000);
    expect(replayed).toMatchObject({ id: second.id, activity: { id: 'b' } });
    const live = resumed.nextEvent((e: MonitorEvent) => e.activity.id === 'c', 2_000);
    const third = events.publish(activity('c'));
    expect((await live).id).toBe(third.id);
    resumed.close();

    expect(events.since(`${Date.parse(first.at) - 60_000}-elsewhere-1`).map((e) => e.activity.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(events.since('not-an-id')).toEqual([]);
  });
});

describe('order changes on the bus', () => {
  const bus = (described: string[]) =>
    new ShopEvents({
      log: fastify().log,
      describeOrder: async (change) => {
        described.push(change.orderId);
        return { ...activity(change.orderId), type: change.type };
      },
    });

  it('are described only while a monitor watches here: a stream open, or closed lately', async () => {
    const described: string[] = [];
    const events = bus(described);
    // Nobody has opened the monitor: a flash sale's orders cost no queries to describe them.
    await events.publishOrder({ type: 'order.placed', orderId: 'unwatched' });
    expect(described).toEqual([]);

    const seen: string[] = [];
    const unsubscribe = events.subscribe((event) => seen.push(event.activity.id));
    await events.publishOrder({ type: 'order.placed', orderId: 'watched' });
    unsubscribe();
    // A stream that dropped reconnects with its Last-Event-ID and must find what happened meanwhile.
    await events.publishOrder({ type: 'order.paid', orderId: 'while-reconnecting' });
    expect(seen).toEqual(['watched']);
    expect(described).toEqual(['watched', 'while-reconnecting']);
    expect(events.since(events.since('0000000000000-x-0')[0]!.id).map((e) => e.activity.id)).toEqual([
      'while-reconnecting',
    ]);
  });

  it('are described once a monitor page has read its snapshot, before its stream opens', async () => {
    const described: string[] = [];
    const events = bus(described);
    expect(events.snapshotId()).toBeNull();
    await events.publishOrder({ type: 'order.placed', orderId: 'between-snapshot-and-stream' });
    expect(described).toEqual(['between-snapshot-and-stream']);
  });
});
