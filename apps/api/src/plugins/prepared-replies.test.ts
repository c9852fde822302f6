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
  // The same, tagged with the goods it shows (`/goods/a` carries tag `goods:a`), as catalog replies are.
  app.get<{ Params: { id: string } }>(
    '/goods/:id',
    { onRequest: cache.serveCached },
    async (request, reply) => {
      const read = price;
      await new Promise<void>((resolve) => {
        release = resolve;
        held = true;
      });
      const tags = [`goods:${request.params.id}`];
      return cache.send(request, reply, { price: read }, 'public, no-cache', { tags });
    },
  );
  await app.ready();
});
afterAll(() => app.close());

const get = (url = '/price') => app.inject({ url });

/** Sends a request and waits until it has read the price and is held before replying. */
async function startRead(url = '/price') {
  held = false;
  const reply = get(url);
  await expect.poll(() => held).toBe(true);
  // In an object: an async function returning the promise itself would wait for the reply.
  return { reply };
}

/** Whether a request is answered without reading the data: a read would be held until released. */
async function answeredFromCache(url: string): Promise<boolean> {
  held = false;
  const reply = get(url);
  await new Promise((resolve) => setTimeout(resolve, 100));
  const read = held;
  if (read) release!();
  await reply;
  return !read;
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

  it('keeps a reply read while other goods changed, and not one read while its own goods changed', async () => {
    price = 60;
    // Under a flash sale other goods' stock changes many times a second: a reply being read meanwhile is still
    // good, and must be kept, or the goods shown most would be read again on every request.
    const other = await startRead('/goods/a');
    cache.dropTagged(['goods:b']);
    release!();
    expect((await other.reply).json()).toEqual({ price: 60 });
    expect(await answeredFromCache('/goods/a')).toBe(true);

    const own = await startRead('/goods/b');
    price = 50;
    cache.dropTagged(['goods:b']);
    release!();
    expect((await own.reply).json()).toEqual({ price: 60 });
    const again = await startRead('/goods/b');
    release!();
    expect((await again.reply).json()).toEqual({ price: 50 });
  });

  it('sends a reply whose figures went stale for the grace only, then reads it again', async () => {
    // Long enough for the reads within it on a busy machine.
    const GRACE_MS = 1_000;
    price = 40;
    const first = await startRead('/goods/c');
    release!();
    expect((await first.reply).json()).toEqual({ price: 40 });

    price = 39;
    cache.staleTagged(['goods:c'], GRACE_MS);
    // Within the grace: the kept bytes, no read.
    expect(await answeredFromCache('/goods/c')).toBe(true);
    expect((await get('/goods/c')).json()).toEqual({ price: 40 });
    await new Promise((resolve) => setTimeout(resolve, GRACE_MS));
    const after = await startRead('/goods/c');
    release!();
    expect((await after.reply).json()).toEqual({ price: 39 });
    expect(await answeredFromCache('/goods/c')).toBe(true);

    // A reply read while its figures went stale is kept, for the grace only: it may hold the old figures.
    cache.dropTagged(['goods:c']);
    const during = await startRead('/goods/c');
    price = 38;
    cache.staleTagged(['goods:c'], GRACE_MS);
    release!();
    expect((await during.reply).json()).toEqual({ price: 39 });
    expect(await answeredFromCache('/goods/c')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, GRACE_MS));
    const fresh = await startRead('/goods/c');
    release!();
    expect((await fresh.reply).json()).toEqual({ price: 38 });
  });
});

describe('replies kept once asked again (keepOnRepeat)', () => {
  let searches: FastifyInstance;
  // A table of 1 024 keys: a few thousand other searches push a key out.
  const searchCache = new PreparedReplyCache(false, 1024);
  let reads = 0;

  beforeAll(async () => {
    searches = Fastify();
    // As keyword searches are sent: most URLs are asked once, as a shopper types.
    searches.get<{ Querystring: { q: string } }>(
      '/search',
      { onRequest: searchCache.serveCached },
      async (request, reply) => {
        reads++;
        return searchCache.send(request, reply, { found: request.query.q }, 'public, no-cache', {
          keepOnRepeat: true,
        });
      },
    );
    await searches.ready();
  });
  afterAll(() => searches.close());

  const readsFor = async (url: string) => {
    const before = reads;
    const reply = await searches.inject({ url });
    expect(reply.json()).toEqual({ found: new URL(url, 'http://shop').searchParams.get('q') });
    return reads - before;
  };

  it('reads a keyword asked once or twice, and answers the third ask from the cache', async () => {
    expect(await readsFor('/search?q=lamp')).toBe(1);
    expect(await readsFor('/search?q=lamp')).toBe(1);
    expect(await readsFor('/search?q=lamp')).toBe(0);
    expect(await readsFor('/search?q=lamp')).toBe(0);
  });

  it('forgets a keyword asked once after many others, and keeps one asked again soon', async () => {
    expect(await readsFor('/search?q=mug')).toBe(1);
    for (let i = 0; i < 5_000; i++) {
      await searches.inject({ url: `/search?q=word${i}` });
      if (i === 10) expect(await readsFor('/search?q=desk')).toBe(1);
      if (i === 20) expect(await readsFor('/search?q=desk')).toBe(1);
    }
    expect(await readsFor('/search?q=desk')).toBe(0);
    // Pushed out of the table of keys seen by the searches since: read, and not kept, as if never asked.
    expect(await readsFor('/search?q=mug')).toBe(1);
    expect(await readsFor('/search?q=mug')).toBe(1);
    expect(await readsFor('/search?q=mug')).toBe(0);
  });
});
