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
