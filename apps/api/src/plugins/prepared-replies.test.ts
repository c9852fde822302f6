import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreparedReplyCache } from './prepared-replies.ts';

/** A route whose data is read slowly: each request waits until the test lets it finish. */
let app: FastifyInstance;
const cache = new PreparedReplyCache(false);
let price = 100;
let release: (() => void) | undefined;
let held = false;

beforeAll(async () => {
  app = Fastify();
  app.get('/price', { onRequest: cache.serveCached }, async (request, reply) => {
    const read = price;
    await new Promise<void>((resolve) => {
      release = resolve;
      held = true;
    });
    return cache.send(request, reply, { price: read }, 'public, no-cache');
  });
  await app.ready();
});
afterAll(() => app.close());

const get = () => app.inject({ url: '/price' });

/** Sends a request and waits until it has read the price and is held before replying. */
async function startRead() {
  held = false;
  const reply = get();
  await expect.poll(() => held).toBe(true);
  // In an object: an async function returning the promise itself would wait for the reply.
  return { reply };
}

describe('prepared replies', () => {
  it('keeps a reply, and drops it when the data changes', async () => {
    const first = await startRead();
    release!();
    expect((await first.reply).json()).toEqual({ price: 100 });
    expect((await get()).json()).toEqual({ price: 100 });

    price = 90;
    cache.clear();
    const fresh = await startRead();
    release!();
    expect((await fresh.reply).json()).toEqual({ price: 90 });
  });

  it('does not keep a reply read before a change that cleared the cache meanwhile', async () => {
    price = 80;
    cache.clear();
    const stale = await startRead(); // has read 80
    price = 70;
    cache.clear();
    release!();
    expect((await stale.reply).json()).toEqual({ price: 80 });

    // Not answered from the stale reply: read again, and kept this time.
    const next = await startRead();
    release!();
    expect((await next.reply).json()).toEqual({ price: 70 });
    expect((await get()).json()).toEqual({ price: 70 });
  });
});
