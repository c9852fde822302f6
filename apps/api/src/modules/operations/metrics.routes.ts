import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, Code } from '@shop/contract';
import type { Database } from '@shop/db';
import type { PreparedReplyCache } from '../../plugins/prepared-replies.ts';
import { ShopMetrics } from './metrics.ts';

/** The socket addresses of a client on this machine (IPv4, IPv6, and IPv4 seen through an IPv6 socket). */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * A client that connected from this machine itself, with no proxy in between. A reverse proxy on the same machine
 * connects from loopback too, on behalf of anyone; it says so by the headers it adds. The socket's address is
 * read, never `request.ip`, so this holds whatever `TRUST_PROXY` says.
 */
function isDirectLocalClient(request: FastifyRequest): boolean {
  const { headers } = request;
  return (
    LOOPBACK.has(request.socket.remoteAddress ?? '') &&
    headers['x-forwarded-for'] === undefined &&
    headers.forwarded === undefined &&
    headers['x-real-ip'] === undefined
  );
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether `authorization` is `Bearer <token>`. Both sides are hashed first, so the comparison takes as long
 * whatever was sent: neither the token's length nor its first characters can be found by timing.
 */
function bearerMatches(authorization: string | undefined, tokenHash: Buffer): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? '');
  return match !== null && timingSafeEqual(sha256(match[1]!), tokenHash);
}

/**
 * `GET /metrics`: the shop's figures in Prometheus's text format, for the operator. Readable by a direct client on
 * this machine, or from anywhere with `Authorization: Bearer <METRICS_TOKEN>`; a wrong token is refused from
 * anywhere. Others get a 403 envelope, and nothing about the shop.
 */
export function metricsRoutes(app: FastifyInstance, metrics: ShopMetrics, token: string | undefined) {
  const tokenHash = token ? sha256(token) : null;
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['operations'],
        summary: "The shop's metrics in Prometheus text format",
        description:
          'Requests by route and status, reply-cache hits and misses, search latency, orders and payments, ' +
          'event-loop lag and the database connections. Readable from the machine itself without a token, or ' +
          'from anywhere with `Authorization: Bearer <METRICS_TOKEN>`; others get code 403.',
        produces: ['text/plain'],
        response: { 200: z.string().describe('Prometheus text exposition format 0.0.4') },
      },
    },
    async (request, reply) => {
      const authorization = request.headers.authorization;
      const allowed =
        authorization === undefined
          ? isDirectLocalClient(request)
          : tokenHash !== null && bearerMatches(authorization, tokenHash);
      if (!allowed) throw new AppError(Code.forbidden, 'error.forbidden');
      const text = await metrics.scrape();
      return reply.type(metrics.contentType).header('cache-control', 'no-store').send(text);
    },
  );
}

/**
 * The operator's metrics for one app: counts and times every reply (an `onResponse` hook, which also sees replies
 * sent from the reply caches in `onRequest`), counts the named caches' hits and misses, and serves `/metrics`.
 * Register after the API documentation, so that `/metrics` is in it.
 */
export function registerMetrics(
  app: FastifyInstance,
  options: { database: Database; token: string | undefined; caches: Record<string, PreparedReplyCache> },
): ShopMetrics {
  const metrics = new ShopMetrics(options.database);
  app.addHook('onResponse', metrics.recordResponse);
  app.addHook('onClose', async () => metrics.close());
  for (const [name, cache] of Object.entries(options.caches)) metrics.countLookups(cache, name);
  metricsRoutes(app, metrics, options.token);
  return metrics;
}
