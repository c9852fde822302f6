import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** What an instance keeps in memory from the shared database, and must drop when another instance changes it. */
export type ChangeName = 'catalog' | 'coupons' | 'markets' | 'settings' | 'shipping' | 'synonyms' | 'taxes';

/**
 * Runs for a change another instance made. `detail` is what that instance sent with it (e.g. which goods), or
 * undefined when this instance may have missed changes (its subscription came back) and must assume anything
 * changed.
 */
type RemoteHandler = (detail: unknown) => void | Promise<void>;

/** Redis channel every instance publishes its changes to and listens on. */
export const CHANGES_CHANNEL = 'shop:changes';

interface Wire {
  origin: string;
  name: ChangeName;
  detail?: unknown;
}

/**
 * "This changed" between the shop's instances. Each instance keeps prepared catalog replies, the search index
 * and the settings document in memory; when one of them commits a change, the others must drop what they
 * derived from the old data. With Redis, `send` publishes the change and every other instance runs its
 * handlers for it; without Redis there is one instance and nothing to tell.
 *
 * Pub/sub delivers only to instances connected at that moment: after its subscription comes back from a lost
 * connection, an instance runs every handler, since anything may have changed meanwhile.
 */
export class ChangeSignals {
  private readonly handlers = new Map<ChangeName, RemoteHandler[]>();
  private readonly instance = randomBytes(6).toString('base64url');
  private subscriber: Redis | null = null;

  constructor(private readonly options: { redis: Redis | null; log: FastifyBaseLogger }) {}

  /** Runs `handler` whenever another instance has changed `name`. */
  onRemote(name: ChangeName, handler: RemoteHandler): void {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), handler]);
  }

  /** Tells the other instances that `name` changed; call it after the change has committed. Never throws. */
  send(name: ChangeName, detail?: unknown): void {
    const { redis, log } = this.options;
    if (!redis) return;
    const wire: Wire = { origin: this.instance, name, ...(detail !== undefined && { detail }) };
    redis
      .publish(CHANGES_CHANNEL, JSON.stringify(wire))
      .catch((error: unknown) => log.warn({ err: error, change: name }, 'change not sent to Redis'));
  }

  async start(): Promise<void> {
    const { redis, log } = this.options;
    if (!redis || this.subscriber) return;
    const subscriber = redis.duplicate({ lazyConnect: true });
    this.subscriber = subscriber;
    let subscribedOnce = false;
    subscriber.on('message', (_channel: string, message: string) => {
      let wire: Wire;
      try {
        wire = JSON.parse(message) as Wire;
      } catch (error) {
        log.warn({ err: error }, 'unreadable change from Redis');
        return;
      }
      if (wire.origin !== this.instance) this.run(wire.name, wire.detail);
    });
    // ioredis subscribes again by itself after a reconnection, then reports `ready`.
    subscriber.on('ready', () => {
      if (!subscribedOnce) return;
      for (const name of this.handlers.keys()) this.run(name, undefined);
    });
    subscriber.on('error', (error: Error) => log.warn({ err: error }, 'change signals subscriber'));
    await subscriber.connect();
    await subscriber.subscribe(CHANGES_CHANNEL);
    subscribedOnce = true;
  }

  async close(): Promise<void> {
    const subscriber = this.subscriber;
    this.subscriber = null;
    if (subscriber) await subscriber.quit().catch(() => subscriber.disconnect());
  }

  private run(name: ChangeName, detail: unknown): void {
    for (const handler of this.handlers.get(name) ?? []) {
      Promise.resolve()
        .then(() => handler(detail))
        .catch((error: unknown) =>
          this.options.log.error({ err: error, change: name }, 'change not applied'),
        );
    }
  }
}
