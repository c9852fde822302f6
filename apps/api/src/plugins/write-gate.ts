import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * How many checkout writes (cart, orders, charges) run at once on an instance; the others wait their turn, first
 * come first served, before their body is read.
 *
 * Why: the event loop gives every request under way one step per turn. In a flash sale twenty checkouts under way
 * each took a step of a fraction of a millisecond per turn (a query's result, a transaction's statement), while a
 * catalog read answered from memory needs a few tens of microseconds: reads waited behind the orders and fell to
 * about a third of their idle rate on PostgreSQL (bench/mixed.ts). With 4 writes under way, reads kept more than
 * half, and orders still went faster than before this work (figures in bench/RESULTS.md; 8 kept a third, 2 halved
 * the orders). A checkout waits a little longer in a rush, which is what a shop under a rush does.
 *
 * On PGlite the queries run one at a time in the database's own thread (db pglite-thread.ts), and 8 writers keep
 * its queue busy: 4, 8 and 2 measured alternately after the move to that thread gave reads within the machine's
 * noise of each other and the most orders at 8 (bench/RESULTS.md, session 17).
 */
export const CHECKOUT_WRITES_AT_ONCE = { postgres: 4, pglite: 8 } as const;

/** The writes that wait their turn: everything that takes stock, places, pays or fills a cart. */
const GATED_PATHS = ['/v1/home/cart', '/v1/home/orders', '/v1/home/guest-orders', '/v1/home/charges'];

const isGated = (request: FastifyRequest) =>
  request.method !== 'GET' &&
  request.method !== 'HEAD' &&
  GATED_PATHS.some((path) => request.url.startsWith(path));

/** A counting semaphore whose waiters are served in order. */
class Turns {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  /** Resolves when the caller may run; `give` must follow, once. */
  take(): Promise<void> | undefined {
    if (this.running < this.limit) {
      this.running++;
      return undefined;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }

  get queued(): number {
    return this.waiting.length;
  }
}

/** Lets at most `limit` checkout writes run at once; returns how many wait now, for the operator's metrics. */
export function registerWriteGate(app: FastifyInstance, limit: number): () => number {
  const turns = new Turns(limit);
  app.addHook('onRequest', async (request, reply) => {
    if (!isGated(request)) return;
    await turns.take();
    // The response's `close` comes once, whether it was sent, failed or its client went away; a client that went
    // away while waiting has had it already, and gives its turn back at once.
    if (reply.raw.closed) turns.give();
    else reply.raw.once('close', () => turns.give());
  });
  return () => turns.queued;
}
