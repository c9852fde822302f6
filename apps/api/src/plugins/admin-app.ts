import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { adminContentSecurityPolicy } from './security-headers.ts';

/** Written by the admin build where the per-response nonce goes (apps/admin/vite.config.ts). */
export const ADMIN_CSP_NONCE_PLACEHOLDER = '__ADMIN_CSP_NONCE__';

/**
 * Serves the built back office under `/admin`: hashed assets (`/admin/assets/…`) cached for a year, every other
 * `/admin` path answered with index.html (history mode; the app shows its own 404 page for unknown paths),
 * never cached. Each index.html response gets a fresh CSP nonce for antd's run-time styles (see
 * `adminContentSecurityPolicy`). Without a build (API-only tests, a shop run without `npm run build`) nothing
 * is registered and `/admin` falls to the shop's 404 page.
 */
export async function registerAdminApp(app: FastifyInstance, distDir: string | undefined): Promise<void> {
  const indexFile = distDir ? join(distDir, 'index.html') : '';
  if (!distDir || !existsSync(indexFile)) {
    app.log.warn({ distDir }, 'back-office build not found; /admin is not served');
    return;
  }
  const template = readFileSync(indexFile, 'utf8');
  if (!template.includes(ADMIN_CSP_NONCE_PLACEHOLDER)) {
    throw new Error(`${indexFile} has no CSP nonce placeholder: rebuild the back office`);
  }

  await app.register(fastifyStatic, {
    root: join(distDir, 'assets'),
    prefix: '/admin/assets/',
    decorateReply: false,
    index: false,
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply) {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });

  const sendIndex = (reply: FastifyReply) => {
    const nonce = randomBytes(18).toString('base64');
    return reply
      .code(200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', adminContentSecurityPolicy(nonce))
      .send(template.replaceAll(ADMIN_CSP_NONCE_PLACEHOLDER, nonce));
  };

  app.get('/admin', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  app.get('/admin/*', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
}
