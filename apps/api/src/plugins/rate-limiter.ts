import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { AppError, Code, type MessageKey } from '@shop/contract';

/**
 * Fixed-window counters for abuse limits. In one process they live in memory; with Redis every instance
 * counts together. Unlike a per-route request limit this can count only what should be limited, such as
 * wrong passwords, so shoppers who log in successfully never meet it.
 */
export interface CounterStore {
  /** Adds one to `key` and returns the count in the current window and the ms until it resets. */
  increment(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  read(key: string): Promise<{ count: number; resetInMs: number }>;
}

export class MemoryCounterStore implements CounterStore {
  private readonly windows = new LRUCache<string, { count: number; resetAt: number }>({
    max: 100_000,
    ttlAutopurge: false,
  });

  async increment(key: string, windowMs: number) {
    const now = Date.now();
    let entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, entry, { ttl: windowMs });
    }
    entry.count += 1;
    return { count: entry.count, resetInMs: entry.resetAt - now };
  }

  async read(key: string) {
    const entry = this.windows.get(key);
    const now = Date.now();
    return entry && entry.resetAt > now
      ? { count: entry.count, resetInMs: entry.resetAt - now }
      : { count: 0, resetInMs: 0 };
  }
}

export class RedisCounterStore implements CounterStore {
  constructor(private readonly redis: Redis) {}

  async increment(key: string, windowMs: number) {
    const redisKey = `limit:${key}`;
    const result = await this.redis
      .multi()
      .incr(redisKey)
      .pexpire(redisKey, windowMs, 'NX')
      .pttl(redisKey)
      .exec();
    const count = Number(result?.[0]?.[1] ?? 0);
    const ttl = Number(result?.[2]?.[1] ?? windowMs);
    return { count, resetInMs: ttl > 0 ? ttl : windowMs };
  }

  async read(key: string) {
    const redisKey = `limit:${key}`;
    const [count, ttl] = await Promise.all([this.redis.get(redisKey), this.redis.pttl(redisKey)]);
    return { count: Number(count ?? 0), resetInMs: ttl > 0 ? ttl : 0 };
  }
}

export interface Limit {
  /** How many are allowed per window. */
  max: number;
  windowMs: number;
}

/** Refusal with code 429 and the seconds until the window resets, which becomes `Retry-After`. */
export class TooManyRequestsError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message: MessageKey = 'error.tooManyRequests',
  ) {
    super(Code.tooManyRequests, message);
  }
}

export class RateLimiter {
  constructor(private readonly store: CounterStore) {}

  /** Counts one more and refuses once the window holds more than `limit.max`. */
  async consume(key: string, limit: Limit, message?: MessageKey): Promise<void> {
    const { count, resetInMs } = await this.store.increment(key, limit.windowMs);
    if (count > limit.max) throw new TooManyRequestsError(Math.ceil(resetInMs / 1000), message);
  }

  /** Refuses without counting when the window is already full (for counting failures only). */
  async assertBelow(key: string, limit: Limit, message?: MessageKey): Promise<void> {
    const { count, resetInMs } = await this.store.read(key);
    if (count >= limit.max) throw new TooManyRequestsError(Math.ceil(resetInMs / 1000), message);
  }

  async record(key: string, limit: Limit): Promise<void> {
    await this.store.increment(key, limit.windowMs);
  }
}
