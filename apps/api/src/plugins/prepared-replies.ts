import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ChangeName, ChangeSignals } from './change-signals.ts';
import { SeenKeys } from './seen-keys.ts';

export interface PreparedReply {
  body: Buffer;
  /** Whether compressing the body pays (large enough, not an already compressed image). */
  compressible: boolean;
  /**
   * Compressed copies, made the first time a client asks for them and kept: a reply fetched once (a one-off
   * search page) costs no compression, a popular one is compressed once.
   */
  gzip?: Buffer;
  brotli?: Buffer;
  etag: string;
  cacheControl: string;
  contentType: string;
  /** The request headers the bytes depend on. */
  vary: string;
  /**
   * Set when data these bytes show changed in a way their readers need not see at once (`staleTagged`): they
   * are sent until this time (`performance.now()`), then read again.
   */
  staleUntil?: number;
}

const COMPRESS_FROM_BYTES = 1024;
/** JSON, SVG and text shrink; JPEG, PNG, WebP and AVIF are compressed already and would only cost CPU. */
const COMPRESSIBLE = /^(application\/json|image\/svg\+xml|text\/)/;

/** Serialises a reply once: the bytes, their compressed copies and their ETag. */
function prepareReply(
  payload: unknown,
  cacheControl: string,
  contentType = 'application/json; charset=utf-8',
  perLocale = true,
): PreparedReply {
  const body = Buffer.isBuffer(payload) ? payload : Buffer.from(JSON.stringify(payload));
  return {
    body,
    compressible: body.length >= COMPRESS_FROM_BYTES && COMPRESSIBLE.test(contentType),
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    cacheControl,
    contentType,
    vary: perLocale ? 'accept-language, cookie, accept-encoding' : 'accept-encoding',
  };
}

/**
 * Sends prepared bytes: 304 when the client's ETag matches, otherwise the best encoding the client accepts.
 * No serialisation or database work happens here, which is what makes cached catalog reads cheap.
 */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, prepared: PreparedReply) {
  reply.header('etag', prepared.etag);
  reply.header('cache-control', prepared.cacheControl);
  reply.header('vary', prepared.vary);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === prepared.etag)) {
    return reply.code(304).send();
  }
  reply.header('content-type', prepared.contentType);
  const accepted = prepared.compressible ? (request.headers['accept-encoding'] ?? '') : '';
  if (accepted.includes('br')) {
    prepared.brotli ??= brotliCompressSync(prepared.body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 5 },
    });
    return reply.header('content-encoding', 'br').send(prepared.brotli);
  }
  if (accepted.includes('gzip')) {
    prepared.gzip ??= gzipSync(prepared.body, { level: 6 });
    return reply.header('content-encoding', 'gzip').send(prepared.gzip);
  }
  return reply.send(prepared.body);
}

/**
 * Replies kept as bytes, keyed by locale, market and URL (by URL alone for replies that are the same in every language,
 * such as images). The owner of the data clears the cache whenever that data changes; entries that depend on
 * the clock (a coupon's validity window) carry their own expiry.
 */
export class PreparedReplyCache {
  /** `seenSlots`: the size of the table of keys asked for lately (`SeenKeys`), a power of two. */
  constructor(
    private readonly perLocale = true,
    seenSlots?: number,
  ) {
    this.seen = new SeenKeys(seenSlots);
  }

  private readonly entries = new LRUCache<string, PreparedReply>({
    maxSize: 64 * 1024 * 1024,
    // Counted at insertion, before any compressed copy exists: compressed copies are smaller than the body, so
    // an entry takes at most about twice its counted size.
    sizeCalculation: (entry) => entry.body.length + 200,
    dispose: (_entry, key) => this.untag(key),
  });
  /** Tag → keys of the replies carrying it, and key → its tags: to drop only the replies a change touches. */
  private readonly tagged = new Map<string, { tag: string; keys: Set<string> }>();
  private readonly tagsOf = new Map<string, string[]>();
  /** Counts clears, so that a reply knows whether one came while it was being read. */
  private generation = 0;
  /** Counts tagged drops; `droppedAt` holds, per tag, the count at its last drop. */
  private drops = 0;
  private readonly droppedAt = new Map<string, number>();
  /** Per tag, the count at its last `staleTagged` and until when replies read before it may be sent. */
  private readonly staledAt = new Map<string, { drops: number; until: number }>();
  /** For each request the cache could not answer, the clear and drop counts when it started reading the data. */
  private readonly missedIn = new WeakMap<FastifyRequest, { generation: number; drops: number }>();
  private readonly clearListeners: (() => void)[] = [];
  /** Tells the other instances of a clear here (`shareClears`). */
  private sendClear: (() => void) | undefined;
  /** The keys of replies sent with `keepOnRepeat` lately (`SeenKeys`). */
  private readonly seen: SeenKeys;

  keyOf(request: FastifyRequest): string {
    // The shopper's market (its currency) changes prices as much as the language changes names.
    return this.perLocale ? `${request.locale} ${request.market?.code ?? ''} ${request.url}` : request.url;
  }

  /** Serialises a reply for this cache: its `Vary` says whether the language matters. */
  prepare(payload: unknown, cacheControl: string, contentType?: string): PreparedReply {
    return prepareReply(payload, cacheControl, contentType, this.perLocale);
  }

  get(key: string): PreparedReply | undefined {
    return this.entries.get(key);
  }

  set(key: string, prepared: PreparedReply, ttlMs?: number, tags?: string[]): PreparedReply {
    this.entries.set(key, prepared, ttlMs ? { ttl: ttlMs } : undefined);
    if (tags?.length) {
      // The first string of each tag is the one kept: a list's tags are made anew for every reply (a tag per
      // goods shown), and thousands of kept lists held as many copies of the same few.
      const kept = new Array<string>(tags.length);
      for (let i = 0; i < tags.length; i++) {
        let tagged = this.tagged.get(tags[i]!);
        if (!tagged) this.tagged.set(tags[i]!, (tagged = { tag: tags[i]!, keys: new Set() }));
        tagged.keys.add(key);
        kept[i] = tagged.tag;
      }
      this.tagsOf.set(key, kept);
    }
    return prepared;
  }

  private untag(key: string): void {
    const tags = this.tagsOf.get(key);
    if (!tags) return;
    this.tagsOf.delete(key);
    for (const tag of tags) {
      const tagged = this.tagged.get(tag);
      tagged?.keys.delete(key);
      if (tagged?.keys.size === 0) this.tagged.delete(tag);
    }
  }

  /**
   * Drops, on this instance, the replies carrying any of these tags (e.g. the goods whose stock changed); the
   * rest stay. Like a clear, a reply read before the drop is then sent but not kept.
   */
  dropTagged(tags: Iterable<string>): void {
    this.drops++;
    for (const tag of tags) {
      this.droppedAt.set(tag, this.drops);
      for (const key of [...(this.tagged.get(tag)?.keys ?? [])]) this.entries.delete(key);
    }
  }

  /**
   * Lets the replies carrying these tags be sent for `graceMs` more, then read again; replies being read now are
   * kept with the same limit. For changes their readers need not see at once (a list's stock figure while its
   * goods stay in stock): a flash sale's orders, each a stock change, then rebuild a list at most once per
   * `graceMs` instead of on most reads.
   */
  staleTagged(tags: Iterable<string>, graceMs: number): void {
    this.drops++;
    const until = performance.now() + graceMs;
    for (const tag of tags) {
      // A reply read from before this on is read again by `until`: its data is at most the read's own time
      // older than this change.
      this.staledAt.set(tag, { drops: this.drops, until });
      for (const key of this.tagged.get(tag)?.keys ?? []) {
        const entry = this.entries.peek(key);
        if (entry) entry.staleUntil = Math.min(until, entry.staleUntil ?? until);
      }
    }
  }

  /** The earliest time a reply read from `startedIn` on must be read again, for tags staled meanwhile. */
  private staleUntilFor(startedIn: { drops: number }, tags: string[] | undefined): number | undefined {
    let until: number | undefined;
    for (const tag of tags ?? []) {
      const staled = this.staledAt.get(tag);
      if (staled && staled.drops > startedIn.drops) until = Math.min(until ?? staled.until, staled.until);
    }
    return until;
  }

  /**
   * Whether a reply whose data was read from `startedIn` on may be kept: no clear came meanwhile, and no drop of
   * one of its tags. Drops of other tags do not count: in a flash sale the hot goods' stock changes many times a
   * second, and replies read meanwhile that do not show them (or, tagged, do) would otherwise never be kept.
   */
  private stillCurrent(
    startedIn: { generation: number; drops: number },
    tags: string[] | undefined,
  ): boolean {
    if (startedIn.generation !== this.generation) return false;
    if (startedIn.drops === this.drops) return true;
    // An untagged reply is only ever dropped by a clear; a tagged one by a drop of one of its tags.
    return (tags ?? []).every((tag) => (this.droppedAt.get(tag) ?? -1) <= startedIn.drops);
  }

  /**
   * Prepares `payload`, keeps it for the next identical request and sends it. A payload read before a clear that
   * came while it was being read (the request missed the cache before the clear) is sent but not kept: it may
   * hold the data the clear was about. With `keepOnRepeat` (for URLs without end, such as keyword searches) a
   * reply is kept only when its key was asked for lately already (`SeenKeys`).
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    cacheControl: string,
    { ttlMs, tags, keepOnRepeat }: { ttlMs?: number; tags?: string[]; keepOnRepeat?: boolean } = {},
  ) {
    const prepared = this.prepare(payload, cacheControl);
    const startedIn = this.missedIn.get(request);
    const key = this.keyOf(request);
    if (keepOnRepeat && !this.seen.seenBefore(key)) return sendPrepared(request, reply, prepared);
    if (startedIn === undefined || this.stillCurrent(startedIn, tags)) {
      const staleUntil = startedIn && this.staleUntilFor(startedIn, tags);
      if (staleUntil !== undefined) prepared.staleUntil = staleUntil;
      this.set(key, prepared, ttlMs, tags);
    }
    return sendPrepared(request, reply, prepared);
  }

  /** Runs `listener` at every clear: for what is derived from the same data, such as the catalog's totals. */
  onClear(listener: () => void): void {
    this.clearListeners.push(listener);
  }

  /**
   * Makes every clear count on every instance of the shop: a clear here is sent to the others as `name`, and
   * theirs clear this cache.
   */
  shareClears(signals: ChangeSignals, name: ChangeName): void {
    signals.onRemote(name, () => this.clearHere());
    this.sendClear = () => signals.send(name);
  }

  clear(): void {
    this.clearHere();
    this.sendClear?.();
  }

  /** Drops this instance's replies only: for a change another instance made, and has announced. */
  clearHere(): void {
    this.generation++;
    this.entries.clear();
    this.tagged.clear();
    this.tagsOf.clear();
    // Replies read before this clear are refused by the generation; the drops before it no longer matter.
    this.droppedAt.clear();
    this.staledAt.clear();
    for (const listener of this.clearListeners) listener();
  }

  /** Told of every lookup `tryServe` makes, for the operator's metrics: whether the reply was kept. */
  private lookupListener: ((hit: boolean) => void) | undefined;

  /** Runs `listener` at every lookup of `tryServe` (one listener: the metrics' hit and miss counts). */
  onLookup(listener: (hit: boolean) => void): void {
    this.lookupListener = listener;
  }

  /** Answers from the cache when it holds this request's reply; otherwise leaves the request alone. */
  tryServe(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
    const key = this.keyOf(request);
    let hit = this.entries.get(key);
    if (hit?.staleUntil !== undefined && performance.now() >= hit.staleUntil) {
      this.entries.delete(key);
      hit = undefined;
    }
    this.lookupListener?.(hit !== undefined);
    if (hit) return sendPrepared(request, reply, hit);
    this.missedIn.set(request, { generation: this.generation, drops: this.drops });
    return undefined;
  }

  /** An `onRequest` hook that answers from the cache before the query is even parsed. */
  readonly serveCached: onRequestAsyncHookHandler = async (request, reply) => this.tryServe(request, reply);
}
