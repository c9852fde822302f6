import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { MonitorEvent, MonitorEventType } from '@shop/contract';

/** An event before the bus gives it its id. */
export type ShopEventInput = Omit<MonitorEvent, 'id'>;

export type OrderEventType = Extract<MonitorEventType, `order.${string}`>;

/**
 * An order that changed, as the code that changed it knows it. `actor` is who did it (`shopper`, `system`,
 * `payment` or a staff id); left out, it is read from the order's latest status event.
 */
export interface OrderChange {
  type: OrderEventType;
  orderId: string;
  actor?: string;
}

export type ShopEventListener = (event: MonitorEvent) => void;

/** Redis channel every instance publishes to and listens on. */
export const SHOP_EVENTS_CHANNEL = 'shop:events';
/** Events kept for streams that reconnect (`Last-Event-ID`). */
const RING_SIZE = 200;
/**
 * How long after a monitor was last open here (a stream, or a page reading its snapshot) order changes are
 * still described: a page that reconnects, or that has just read its snapshot, must find what it missed.
 */
const WATCH_WINDOW_MS = 5 * 60_000;

interface Wire {
  origin: string;
  event: MonitorEvent;
}

/**
 * The shop's event bus: order placement, payment, cancellation and expiry, shipping and refunds are published
 * here after their transaction commits, and the back office's monitor streams listen. Each instance keeps the
 * latest events in a small ring so that a stream reconnecting with `Last-Event-ID` gets what it missed. With
 * Redis every event also goes out on a pub/sub channel, so each instance's monitor sees every order, whichever
 * instance took it.
 *
 * Publishing never throws and never delays the caller: the order stands whether or not anyone is watching.
 */
export class ShopEvents {
  private readonly ring: MonitorEvent[] = [];
  private readonly listeners = new Set<ShopEventListener>();
  private readonly instance = randomBytes(6).toString('base64url');
  private seq = 0;
  private subscriber: Redis | null = null;
  /** Until when (epoch ms) a monitor counts as watching after its stream closed or its snapshot was read. */
  private watchedUntil = 0;

  constructor(
    private readonly options: {
      log: FastifyBaseLogger;
      /** Builds the event of an order change (reads the order as it is now); null when the order is gone. */
      describeOrder: (change: OrderChange) => Promise<ShopEventInput | null>;
      redis?: Redis | null;
    },
  ) {}

  /** Starts listening to the other instances (with Redis). */
  async start(): Promise<void> {
    const { redis } = this.options;
    if (!redis || this.subscriber) return;
    const subscriber = redis.duplicate({ lazyConnect: true });
    this.subscriber = subscriber;
    subscriber.on('message', (_channel: string, message: string) => {
      try {
        const wire = JSON.parse(message) as Wire;
        if (wire.origin !== this.instance) this.deliver(wire.event);
      } catch (error) {
        this.options.log.warn({ err: error }, 'unreadable shop event from Redis');
      }
    });
    subscriber.on('error', (error: Error) => this.options.log.warn({ err: error }, 'shop events subscriber'));
    await subscriber.connect();
    await subscriber.subscribe(SHOP_EVENTS_CHANNEL);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    const subscriber = this.subscriber;
    this.subscriber = null;
    if (subscriber) await subscriber.quit().catch(() => subscriber.disconnect());
  }

  /**
   * Announces an order change; the one call order code makes, after its transaction has committed:
   * `void events.publishOrder({ type: 'order.shipped', orderId, actor: member.id })`.
   */
  async publishOrder(change: OrderChange): Promise<void> {
    // Describing an order reads it again (several queries on the order's path). With nobody watching here lately
    // and no other instance to tell (no Redis), nothing would read the event: a monitor opened later starts
    // from its snapshot, which the database answers.
    if (!this.options.redis && this.listeners.size === 0 && Date.now() > this.watchedUntil) return;
    try {
      const input = await this.options.describeOrder(change);
      if (input) this.publish(input);
    } catch (error) {
      this.options.log.error({ err: error, ...change }, 'order event not published');
    }
  }

  /**
   * Gives `input` its id and hands it to this instance's listeners and, unless `scope` is `here`, to the other
   * instances. Events every instance finds on its own (the audit log is in the shared database) use `here`.
   */
  publish(input: ShopEventInput, scope: 'everywhere' | 'here' = 'everywhere'): MonitorEvent {
    const event: MonitorEvent = { id: this.nextId(), ...input };
    this.deliver(event);
    const { redis } = this.options;
    if (redis && scope === 'everywhere') {
      const wire: Wire = { origin: this.instance, event };
      redis
        .publish(SHOP_EVENTS_CHANNEL, JSON.stringify(wire))
        .catch((error: unknown) => this.options.log.warn({ err: error }, 'shop event not sent to Redis'));
    }
    return event;
  }

  subscribe(listener: ShopEventListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
      this.watchedUntil = Date.now() + WATCH_WINDOW_MS;
    };
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  /**
   * The id of the newest event this instance has seen, for a monitor page's stream to start from. The page is
   * watching from now on: its stream, about to open, must find what happens meanwhile.
   */
  snapshotId(): string | null {
    this.watchedUntil = Date.now() + WATCH_WINDOW_MS;
    return this.ring.at(-1)?.id ?? null;
  }

  /**
   * Events after `lastId`. An id this instance never saw (another instance's, or pushed out of the ring) is
   * placed by its time: ids start with the milliseconds they were made at.
   */
  since(lastId: string): MonitorEvent[] {
    const index = this.ring.findIndex((e) => e.id === lastId);
    if (index >= 0) return this.ring.slice(index + 1);
    const ms = millisOf(lastId);
    return ms === null ? [] : this.ring.filter((e) => (millisOf(e.id) ?? 0) > ms);
  }

  private deliver(event: MonitorEvent) {
    this.ring.push(event);
    if (this.ring.length > RING_SIZE) this.ring.splice(0, this.ring.length - RING_SIZE);
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.options.log.error({ err: error }, 'shop event listener failed');
      }
    }
  }

  private nextId(): string {
    this.seq = (this.seq + 1) % 1_000_000;
    return `${Date.now()}-${this.instance}-${this.seq}`;
  }
}

function millisOf(id: string): number | null {
  const match = /^(\d{13})-/.exec(id);
  return match ? Number(match[1]) : null;
}
