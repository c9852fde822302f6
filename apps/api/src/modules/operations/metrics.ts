import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '@shop/db';
import type { PreparedReplyCache } from '../../plugins/prepared-replies.ts';
import type { OrderChangeNotice, OrderNotifier } from '../orders/orders.service.ts';

/** Latencies from a cached read (half a millisecond) to a request that is failing the shopper (5 s). */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** The route label of requests no route matched: their paths are the client's to choose, the labels are not. */
const UNMATCHED = 'unmatched';

/** What the payments' order notices count as in `shop_payments_total{result}`. */
const PAYMENT_RESULTS: Partial<Record<OrderChangeNotice, string>> = {
  paid: 'captured',
  refunded: 'refunded',
  partiallyRefunded: 'refunded',
  // A capture the order could not keep (paid twice, or after it was cancelled), given back automatically.
  paymentReturned: 'auto_refunded',
};

/** One route, method and status: its request count and its latency histogram's child. */
interface RequestSeries {
  labels: { method: string; route: string; status: string };
  count: number;
  duration: { observe(seconds: number): void };
}

/** What `/metrics` reads of the catalog's shelf thread (`ShelfThread`). */
export interface ShelfFigures {
  callsWaiting(): number;
  busySeconds(): number;
  restarts(): number;
  heap(): Promise<{ usedBytes: number; totalBytes: number }>;
}

let processRegistry: Registry | undefined;

/**
 * The process's own figures (CPU, memory, garbage collection, event-loop lag), registered once per process: they
 * describe the process, not one app in it, and each registration starts an event-loop monitor and a GC observer
 * that nothing stops. Tests build many apps in one process; they share these.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * The shop's figures for an operator's Prometheus (`GET /metrics`), one registry per app. What runs on every
 * request (`recordResponse`, cache lookups) touches plain numbers and one cached histogram child, never a label
 * lookup: the cached catalog answers in tens of microseconds and must stay near a bare server's speed. Counters
 * are handed to prom-client when scraped.
 */
export class ShopMetrics {
  private readonly registry = new Registry();
  /** Made with the first app, so that the event-loop monitor has watched since then when first scraped. */
  private readonly processRegistry = processMetrics();
  /** route → method → status → series; a route's template is a string Fastify keeps, so lookups hash nothing new. */
  private readonly requests = new Map<string, Map<string, Map<number, RequestSeries>>>();
  private readonly requestDuration: Histogram<'method' | 'route' | 'status'>;
  private readonly cacheLookups = new Map<string, { hits: number; misses: number }>();
  private readonly searchDuration: Histogram;
  private ordersPlaced = 0;
  /** Every result from the start, at 0: a rate over a counter that appears only with its first count misses it. */
  private readonly payments = new Map(Object.values(PAYMENT_RESULTS).map((result) => [result, 0]));
  private readonly stopWatchingDatabase: () => void;

  constructor(database: Database) {
    const registers = [this.registry];
    const requestCount: Counter<'method' | 'route' | 'status'> = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route template (or "unmatched") and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
      collect: () => {
        requestCount.reset();
        for (const byMethod of this.requests.values())
          for (const byStatus of byMethod.values())
            for (const series of byStatus.values()) requestCount.inc(series.labels, series.count);
      },
    });
    this.requestDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to sending its reply, by method, route template and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    const lookups: Counter<'cache' | 'result'> = new Counter({
      name: 'shop_reply_cache_lookups_total',
      help: 'Lookups in the prepared-reply caches: a hit is answered from memory without touching the database.',
      labelNames: ['cache', 'result'],
      registers,
      collect: () => {
        lookups.reset();
        for (const [cache, counts] of this.cacheLookups) {
          lookups.inc({ cache, result: 'hit' }, counts.hits);
          lookups.inc({ cache, result: 'miss' }, counts.misses);
        }
      },
    });
    this.searchDuration = new Histogram({
      name: 'shop_search_duration_seconds',
      help: "Time to find a listing's goods for a keyword (searches not answered from the reply cache).",
      buckets: LATENCY_BUCKETS,
      registers,
    });
    const placed: Counter = new Counter({
      name: 'shop_orders_placed_total',
      help: 'Orders placed (committed).',
      registers,
      collect: () => {
        placed.reset();
        placed.inc(this.ordersPlaced);
      },
    });
    const payments: Counter<'result'> = new Counter({
      name: 'shop_payments_total',
      help: 'Payments by result, counted once committed: captured, refunded (by staff, whole or part), auto_refunded (a capture the order could not keep).',
      labelNames: ['result'],
      registers,
      collect: () => {
        payments.reset();
        for (const [result, count] of this.payments) payments.inc({ result }, count);
      },
    });
    this.stopWatchingDatabase = this.registerDatabase(database);
  }

  /** The `onResponse` hook: counts and times every reply, cached ones included, under its route's template. */
  readonly recordResponse = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const route = request.routeOptions.url ?? UNMATCHED;
    const status = reply.statusCode;
    let byMethod = this.requests.get(route);
    if (!byMethod) this.requests.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(request.method);
    if (!byStatus) byMethod.set(request.method, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (!series) {
      const labels = { method: request.method, route, status: String(status) };
      series = { labels, count: 0, duration: this.requestDuration.labels(labels) };
      byStatus.set(status, series);
    }
    series.count++;
    series.duration.observe(reply.elapsedTime / 1000);
    done();
  };

  /** Counts `cache`'s hits and misses as `shop_reply_cache_lookups_total{cache=name}`. */
  countLookups(cache: PreparedReplyCache, name: string): void {
    const counts = { hits: 0, misses: 0 };
    this.cacheLookups.set(name, counts);
    cache.onLookup((hit) => {
      if (hit) counts.hits++;
      else counts.misses++;
    });
  }

  /** Reports how many checkout writes wait for their turn (plugins/write-gate.ts) as a gauge. */
  countWaitingWrites(waiting: () => number): void {
    new Gauge({
      name: 'shop_checkout_writes_waiting',
      help: 'Checkout writes (cart, orders, charges) waiting for their turn: the shop runs a few at once.',
      registers: [this.registry],
      collect() {
        this.set(waiting());
      },
    });
  }

  /**
   * The catalog's shelf thread (shelf-thread.ts), read when scraped: how many calls wait for it, how long it has
   * worked (its rate is how busy it is: at 1 it is what keyword searches queue behind), its heap, its restarts.
   */
  watchShelf(shelf: ShelfFigures): void {
    const registers = [this.registry];
    new Gauge({
      name: 'shop_shelf_calls_waiting',
      help: "Calls (listings, searches, refreshes) sent to the catalog's shelf thread and not answered yet.",
      registers,
      collect() {
        this.set(shelf.callsWaiting());
      },
    });
    const active: Counter = new Counter({
      name: 'shop_shelf_busy_seconds_total',
      help: "Time the catalog's shelf thread spent working; its rate is the share of the time it was busy.",
      registers,
      collect: () => {
        active.reset();
        active.inc(shelf.busySeconds());
      },
    });
    const restarts: Counter = new Counter({
      name: 'shop_shelf_restarts_total',
      help: "Times the catalog's shelf thread stopped (a fault, out of memory) and a new one took over.",
      registers,
      collect: () => {
        restarts.reset();
        restarts.inc(shelf.restarts());
      },
    });
    const heap: Gauge<'kind'> = new Gauge({
      name: 'shop_shelf_heap_bytes',
      help: "The catalog's shelf thread's JavaScript heap: used, and total (what it holds from the system).",
      labelNames: ['kind'],
      registers,
      collect: async () => {
        const figures = await shelf.heap().catch(() => undefined);
        heap.reset();
        if (!figures) return;
        heap.set({ kind: 'used' }, figures.usedBytes);
        heap.set({ kind: 'total' }, figures.totalBytes);
      },
    });
  }

  /** Runs a keyword search, timing it as `shop_search_duration_seconds`; a failed search is not timed. */
  readonly timeSearch = async <T>(search: () => Promise<T>): Promise<T> => {
    const startedAt = performance.now();
    const found = await search();
    this.searchDuration.observe((performance.now() - startedAt) / 1000);
    return found;
  };

  /**
   * Wraps the orders' notifier (what announces each committed change of an order) to count orders placed and
   * payments captured or refunded: every such fact passes there once, after its transaction, on the instance
   * that made it.
   */
  countOrders(notify: OrderNotifier): OrderNotifier {
    return (notice, order, extra) => {
      if (notice === 'placed') this.ordersPlaced++;
      const result = PAYMENT_RESULTS[notice];
      if (result) this.payments.set(result, (this.payments.get(result) ?? 0) + 1);
      return notify(notice, order, extra);
    };
  }

  /** The exposition text: this app's figures and the process's. */
  async scrape(): Promise<string> {
    const [own, process] = await Promise.all([this.registry.metrics(), this.processRegistry.metrics()]);
    return own + process;
  }

  readonly contentType = Registry.PROMETHEUS_CONTENT_TYPE;

  /** Stops listening to the database (the app is closing). */
  close(): void {
    this.stopWatchingDatabase();
  }

  /** The database's connections, read when scraped; with the embedded engine, how long queries queue. */
  private registerDatabase(database: Database): () => void {
    const registers = [this.registry];
    if (database.kind === 'postgres') {
      const pool = () => {
        const load = database.load();
        return load.kind === 'postgres' ? load : { clients: 0, idleClients: 0, waiting: 0 };
      };
      new Gauge({
        name: 'shop_db_pool_clients',
        help: 'Connections the pool holds open to PostgreSQL.',
        registers,
        collect() {
          this.set(pool().clients);
        },
      });
      new Gauge({
        name: 'shop_db_pool_idle_clients',
        help: 'Open connections that are idle.',
        registers,
        collect() {
          this.set(pool().idleClients);
        },
      });
      new Gauge({
        name: 'shop_db_pool_waiting',
        help: 'Queries waiting for a connection (the pool is full).',
        registers,
        collect() {
          this.set(pool().waiting);
        },
      });
      return () => {};
    }
    // The embedded database has one connection: its queue is the figure that grows under load.
    new Gauge({
      name: 'shop_db_queue_waiting',
      help: "Queries and transactions waiting for the embedded database's one connection.",
      registers,
      collect() {
        this.set(database.load().waiting);
      },
    });
    const wait = new Histogram({
      name: 'shop_db_queue_wait_seconds',
      help: "Time each query or transaction waited for the embedded database's one connection.",
      buckets: [0.0001, ...LATENCY_BUCKETS],
      registers,
    });
    return database.onQueueWait((seconds) => wait.observe(seconds));
  }
}
