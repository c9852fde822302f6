import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWriteGate } from './write-gate.ts';

/** Checkout writes held until the test lets them finish; a catalog read that never waits. */
let app: FastifyInstance;
let waiting: () => number;
const started: string[] = [];
const holds = new Map<string, () => void>();

beforeAll(async () => {
  // fetch keeps its connections open: closing must end them.
  app = Fastify({ forceCloseConnections: true });
  waiting = registerWriteGate(app, 2);
  app.post<{ Params: { name: string } }>('/v1/home/orders/:name', async (request) => {
    started.push(request.params.name);
    await new Promise<void>((resolve) => holds.set(request.params.name, resolve));
    if (request.params.name.startsWith('failing')) throw new Error('the order failed');
    return { placed: request.params.name };
  });
  app.get('/v1/home/goods', async () => ({ goods: [] }));
  app.post('/v1/home/users/login', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

const url = (path: string) => `http://127.0.0.1:${(app.server.address() as { port: number }).port}${path}`;
const order = (name: string) => fetch(url(`/v1/home/orders/${name}`), { method: 'POST' });
const finish = (name: string) => holds.get(name)!();

describe('checkout writes', () => {
  it('run a few at once; the rest wait in order while reads and other writes are answered', async () => {
    const first = order('first');
    const second = order('second');
    const third = order('third');
    await expect.poll(() => started).toEqual(['first', 'second']);
    await expect.poll(waiting).toBe(1);
    // A flash sale's orders do not hold up the catalog, nor a shopper logging in.
    expect((await fetch(url('/v1/home/goods'))).status).toBe(200);
    expect((await fetch(url('/v1/home/users/login'), { method: 'POST' })).status).toBe(200);
    expect(started).toEqual(['first', 'second']);

    finish('second');
    expect((await second).status).toBe(200);
    await expect.poll(() => started).toEqual(['first', 'second', 'third']);
    finish('first');
    finish('third');
    expect(await Promise.all([first, third].map(async (r) => (await r).json()))).toEqual([
      { placed: 'first' },
      { placed: 'third' },
    ]);
    expect(waiting()).toBe(0);
  });

  it('give their turn back when they fail or their shopper goes away', async () => {
    started.length = 0;
    const failing = order('failing');
    const abandoned = new AbortController();
    const gone = fetch(url('/v1/home/orders/abandoned'), { method: 'POST', signal: abandoned.signal }).catch(
      () => 'aborted',
    );
    await expect.poll(() => started).toEqual(['failing', 'abandoned']);
    finish('failing');
    expect((await failing).status).toBe(500);
    abandoned.abort();
    expect(await gone).toBe('aborted');
    finish('abandoned');

    // Both turns are free again: two new writes start at once.
    const next = [order('next-1'), order('next-2')];
    await expect.poll(() => started).toEqual(['failing', 'abandoned', 'next-1', 'next-2']);
    finish('next-1');
    finish('next-2');
    expect((await Promise.all(next)).map((r) => r.status)).toEqual([200, 200]);
  });
});
