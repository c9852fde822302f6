import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { LRUCache } from 'lru-cache';

export interface PreparedReply {
  body: Buffer;
  /** Compressed copies, made once when the reply is prepared; absent when compression does not pay. */
  gzip: Buffer | undefined;
  brotli: Buffer | undefined;
  etag: string;
  cacheControl: string;
  contentType: string;
}

const COMPRESS_FROM_BYTES = 1024;

/** Serialises a reply once: the bytes, their compressed copies and their ETag. */
export function prepareReply(
  payload: unknown,
  cacheControl: string,
  contentType = 'application/json; charset=utf-8',
): PreparedReply {
  const body = Buffer.isBuffer(payload) ? payload : Buffer.from(JSON.stringify(payload));
  const compress = body.length >= COMPRESS_FROM_BYTES && !contentType.startsWith('image/png');
  return {
    body,
    gzip: compress ? gzipSync(body, { level: 6 }) : undefined,
    brotli: compress ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) : undefined,
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    cacheControl,
    contentType,
  };
}

/**
 * Sends prepared bytes: 304 when the client's ETag matches, otherwise the best encoding the client accepts.
 * No serialisation or database work happens here, which is what makes cached catalog reads cheap.
 */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, prepared: PreparedReply) {
  reply.header('etag', prepared.etag);
  reply.header('cache-control', prepared.cacheControl);
  reply.header('vary', 'accept-language, accept-encoding');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === prepared.etag)) {
    return reply.code(304).send();
  }
  reply.header('content-type', prepared.contentType);
  const accepted = prepared.gzip ? (request.headers['accept-encoding'] ?? '') : '';
  if (prepared.brotli && accepted.includes('br')) {
    return reply.header('content-encoding', 'br').send(prepared.brotli);
  }
  if (prepared.gzip && accepted.includes('gzip')) {
    return reply.header('content-encoding', 'gzip').send(prepared.gzip);
  }
  return reply.send(prepared.body);
}

/**
 * Replies kept as bytes, keyed by locale and URL. The owner of the data clears the cache whenever that data
 * changes; entries that depend on the clock (a coupon's validity window) carry their own expiry.
 */
export class PreparedReplyCache {
  private readonly entries = new LRUCache<string, PreparedReply>({
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (entry) =>
      entry.body.length + (entry.gzip?.length ?? 0) + (entry.brotli?.length ?? 0) + 200,
  });

  keyOf(request: FastifyRequest): string {
    return `${request.locale} ${request.url}`;
  }

  get(key: string): PreparedReply | undefined {
    return this.entries.get(key);
  }

  set(key: string, prepared: PreparedReply, ttlMs?: number): PreparedReply {
    this.entries.set(key, prepared, ttlMs ? { ttl: ttlMs } : undefined);
    return prepared;
  }

  /** Prepares `payload`, keeps it for the next identical request and sends it. */
  send(request: FastifyRequest, reply: FastifyReply, payload: unknown, cacheControl: string, ttlMs?: number) {
    const prepared = this.set(this.keyOf(request), prepareReply(payload, cacheControl), ttlMs);
    return sendPrepared(request, reply, prepared);
  }

  private readonly clearListeners: (() => void)[] = [];

  /** Runs `listener` at every clear: for what is derived from the same data, such as the catalog's totals. */
  onClear(listener: () => void): void {
    this.clearListeners.push(listener);
  }

  clear(): void {
    this.entries.clear();
    for (const listener of this.clearListeners) listener();
  }

  /** Answers from the cache when it holds this request's reply; otherwise leaves the request alone. */
  tryServe(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
    const hit = this.entries.get(this.keyOf(request));
    return hit ? sendPrepared(request, reply, hit) : undefined;
  }

  /** An `onRequest` hook that answers from the cache before the query is even parsed. */
  readonly serveCached: onRequestAsyncHookHandler = async (request, reply) => this.tryServe(request, reply);
}
