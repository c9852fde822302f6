/**
 * The buyers of `bench/mixed.ts`: real shoppers, each logged in once and then ordering on a keep-alive connection
 * of its own as the storefront does it — put one unit of a hot SKU in the cart (`POST /v1/home/cart/items`),
 * preview the order of the cart's ticked lines (`POST /v1/home/orders/preview`), place it
 * (`POST /v1/home/orders`, a fresh Idempotency-Key), which takes the stock and empties the cart.
 *
 * Two paces: `flash`, every buyer ordering again as soon as its order is placed (as fast as the shop takes
 * them), and `steady`, orders started at a fixed rate by whichever buyer is free. The same crowd runs inside the
 * bench process (`BuyerCrowd`) or in a process of its own (`forkBuyers`, `mixed-buyers-child.ts`), so that the
 * two can be compared for how much they disturb the load generator of the reads.
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { SHOPPER_PASSWORD, type BenchShopper, type BenchSku, type PlacedOrder } from './checkout-fixture.ts';
import { Client, forEach, latencyOf, type Latency, type Reply } from './checkout-load.ts';
import { at } from './report.ts';

export interface BuyerSetup {
  port: number;
  shoppers: BenchShopper[];
  /** The hot SKUs, bought in turn. */
  skus: BenchSku[];
}

export type OrderPace = { kind: 'flash' } | { kind: 'steady'; perSecond: number };

export interface BuyerFigures {
  /** Orders placed (201) between `measure()` and `stop()`. */
  orders: number;
  measuredSeconds: number;
  perSecond: number;
  /** Cart + preview + place, of the orders counted. */
  checkoutLatency: Latency | null;
  /** The place-order request alone. */
  placeOrderLatency: Latency | null;
  /** Orders that failed (any step not answered as expected, or no answer), over the whole phase. */
  errors: number;
  /** The first few failures, to tell what went wrong. */
  errorSamples: string[];
  /** Steady pace only: orders that started late because every buyer was still busy with an earlier one. */
  late: number;
  /**
   * The CPU time of the process the buyers run in over the measured window, as a share of one core: theirs
   * alone in a process of their own, theirs and autocannon's in the bench process.
   */
  buyersProcessCpuPercent: number;
  /** Every order answered 201 in the phase, warm-up included, for the database check. */
  placed: PlacedOrder[];
}

/** What `mixed.ts` drives, whichever process the buyers run in. */
export interface Buyers {
  start(pace: OrderPace): void;
  /** From now on, orders count. */
  measure(): void;
  /** Stops ordering, waits for orders under way, and tells what happened since `start`. */
  stop(): Promise<BuyerFigures>;
  close(): Promise<void>;
}

const ERROR_SAMPLES = 5;

interface Buyer {
  shopper: BenchShopper;
  cookie: string;
}

interface Completed {
  at: number;
  checkoutMs: number;
  placeMs: number;
}

/** The buyers in this process. */
export class BuyerCrowd implements Buyers {
  private running: Promise<void> = Promise.resolve();
  private stopping = false;
  private ordersStarted = 0;
  private measuredFrom = Number.POSITIVE_INFINITY;
  private cpuAtMeasure = process.cpuUsage();
  private completed: Completed[] = [];
  private placed: PlacedOrder[] = [];
  private errors: string[] = [];
  private late = 0;

  private constructor(
    private readonly client: Client,
    private readonly buyers: Buyer[],
    private readonly skus: BenchSku[],
  ) {}

  /** Logs every shopper in (one argon2 verify each), 4 at a time as libuv's threads allow. */
  static async logIn(setup: BuyerSetup): Promise<BuyerCrowd> {
    const client = new Client(setup.port, setup.shoppers.length);
    const buyers: Buyer[] = [];
    await forEach(setup.shoppers, 4, async (shopper, i) => {
      const reply = await client.post('/v1/home/users/login', {
        account: shopper.email,
        password: SHOPPER_PASSWORD,
      });
      if (reply.status !== 200) throw new Error(`Login of ${shopper.email} answered ${reply.status}`);
      buyers[i] = { shopper, cookie: reply.cookies.join('; ') };
    });
    return new BuyerCrowd(client, buyers, setup.skus);
  }

  start(pace: OrderPace): void {
    this.stopping = false;
    this.measuredFrom = Number.POSITIVE_INFINITY;
    this.completed = [];
    this.placed = [];
    this.errors = [];
    this.late = 0;
    this.running = pace.kind === 'flash' ? this.flash() : this.steady(pace.perSecond);
  }

  measure(): void {
    this.measuredFrom = performance.now();
    this.cpuAtMeasure = process.cpuUsage();
  }

  async stop(): Promise<BuyerFigures> {
    const measuredTo = performance.now();
    const { user, system } = process.cpuUsage(this.cpuAtMeasure);
    this.stopping = true;
    await this.running;
    const counted = this.completed.filter((order) => order.at >= this.measuredFrom && order.at <= measuredTo);
    const measuredSeconds = (measuredTo - this.measuredFrom) / 1000;
    const latency = (pick: (order: Completed) => number) =>
      counted.length > 0 ? latencyOf(counted.map(pick)) : null;
    return {
      orders: counted.length,
      measuredSeconds: Math.round(measuredSeconds * 100) / 100,
      perSecond: Math.round((counted.length / measuredSeconds) * 10) / 10,
      checkoutLatency: latency((order) => order.checkoutMs),
      placeOrderLatency: latency((order) => order.placeMs),
      errors: this.errors.length,
      errorSamples: this.errors.slice(0, ERROR_SAMPLES),
      late: this.late,
      buyersProcessCpuPercent: Math.round((user + system) / 1e4 / measuredSeconds),
      placed: this.placed,
    };
  }

  close(): Promise<void> {
    this.client.close();
    return Promise.resolve();
  }

  /** Every buyer orders again as soon as its last order is placed. */
  private async flash(): Promise<void> {
    await Promise.all(
      this.buyers.map(async (buyer) => {
        while (!this.stopping) await this.order(buyer);
      }),
    );
  }

  /**
   * An order every 1/perSecond s, by a free buyer; when none is free the order waits for one (counted late).
   * The schedule is kept from the start, so a late order does not shift the ones after it.
   */
  private async steady(perSecond: number): Promise<void> {
    const idle = [...this.buyers];
    const waiting: ((buyer: Buyer) => void)[] = [];
    const release = (buyer: Buyer) => {
      const next = waiting.shift();
      if (next) next(buyer);
      else idle.push(buyer);
    };
    const underWay = new Set<Promise<void>>();
    const started = performance.now();
    for (let k = 0; ; k++) {
      const wait = started + (k * 1000) / perSecond - performance.now();
      if (wait > 0) await sleep(wait);
      if (this.stopping) break;
      let buyer = idle.pop();
      if (!buyer) {
        this.late++;
        buyer = await new Promise<Buyer>((resolve) => waiting.push(resolve));
      }
      const order: Promise<void> = this.order(buyer).finally(() => {
        underWay.delete(order);
        release(buyer);
      });
      underWay.add(order);
    }
    await Promise.all(underWay);
  }

  /** One checkout by `buyer`; a failure is counted, never thrown, and its cart emptied for the next one. */
  private async order(buyer: Buyer): Promise<void> {
    const sku = at(this.skus, this.ordersStarted++ % this.skus.length);
    const { cookie, shopper } = buyer;
    const started = performance.now();
    let step = 'add to cart';
    try {
      const added = await this.client.post('/v1/home/cart/items', { skuId: sku.id, quantity: 1 }, { cookie });
      expectStatus(added, 200);
      step = 'preview';
      const preview = await this.client.post(
        '/v1/home/orders/preview',
        { addressId: shopper.addressId },
        { cookie },
      );
      expectStatus(preview, 200);
      step = 'place order';
      const placed = await this.client.post(
        '/v1/home/orders',
        { addressId: shopper.addressId },
        { cookie, 'idempotency-key': `bench-${randomUUID()}` },
      );
      expectStatus(placed, 201);
      const orderId = (JSON.parse(placed.body) as { data?: { id?: unknown } }).data?.id;
      if (typeof orderId !== 'string') throw new Error(`place order answered without an id: ${placed.body}`);
      this.placed.push({ orderId, userId: shopper.id, skuId: sku.id });
      const done = performance.now();
      this.completed.push({ at: done, checkoutMs: done - started, placeMs: placed.ms });
    } catch (error) {
      this.errors.push(`${step}: ${error instanceof Error ? error.message : String(error)}`);
      // So that the next order's cart holds its one line only.
      await this.client
        .send('DELETE', `/v1/home/cart/items/${sku.id}`, '', { cookie })
        .catch(() => undefined);
    }
  }
}

function expectStatus(reply: Reply, status: number): void {
  if (reply.status !== status) {
    throw new Error(`answered ${reply.status} instead of ${status}: ${reply.body.slice(0, 200)}`);
  }
}

/** Messages from `mixed.ts` to `mixed-buyers-child.ts`. */
export type ToBuyers = { type: 'start'; pace: OrderPace } | { type: 'measure' } | { type: 'stop' };

/** Messages back. */
export type FromBuyers =
  { type: 'ready' } | { type: 'stopped'; figures: BuyerFigures } | { type: 'failed'; message: string };

/** The buyers in a process of their own: logs them in there and drives them through IPC. */
export async function forkBuyers(setup: BuyerSetup): Promise<Buyers> {
  const child = fork(new URL('mixed-buyers-child.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });
  const exited = once(child, 'exit');
  const reply = async (): Promise<FromBuyers> => {
    const [message] = (await Promise.race([
      once(child, 'message'),
      exited.then(([code]) => {
        throw new Error(`bench/mixed-buyers-child.ts stopped (exit code ${code})`);
      }),
    ])) as [FromBuyers];
    if (message.type === 'failed') throw new Error(`buyers: ${message.message}`);
    return message;
  };
  child.send(setup);
  await reply();
  const send = (message: ToBuyers) => child.send(message);
  return {
    start: (pace) => send({ type: 'start', pace }),
    measure: () => send({ type: 'measure' }),
    stop: async () => {
      send({ type: 'stop' });
      const message = await reply();
      if (message.type !== 'stopped') throw new Error(`buyers answered ${message.type} to stop`);
      return message.figures;
    },
    close: async () => {
      if (child.connected) child.disconnect();
      await exited;
    },
  };
}
