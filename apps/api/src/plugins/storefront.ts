import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STOREFRONT_PATHS } from '@shop/contract';

const HASHED_ASSET = /^\/assets\//;

/**
 * Serves the built storefront: hashed assets cached for a year, the app's routes answered with index.html
 * (history mode), any other path with index.html and status 404 so the app shows its 404 page.
 * Without a build (API-only tests) unknown paths get a plain 404 page. `onPageView` hears of each page the
 * app's routes serve (the dashboard counts visitors from it); it must not block.
 */
export async function registerStorefront(
  app: FastifyInstance,
  distDir: string,
  onPageView: (request: FastifyRequest) => void = () => {},
) {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'storefront build not found; serving the API only');
    return { sendNotFoundPage: sendPlainNotFound };
  }
  const indexHtml = readFileSync(indexFile);

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: false,
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const relative = filePath.slice(distDir.length);
      reply.header(
        'cache-control',
        HASHED_ASSET.test(relative) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  const sendIndex = (reply: FastifyReply, status: number) =>
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml);

  for (const path of STOREFRONT_PATHS) {
    app.get(path, { schema: { hide: true } }, (request, reply) => {
      onPageView(request);
      return sendIndex(reply, 200);
    });
  }
  return { sendNotFoundPage: (_request: FastifyRequest, reply: FastifyReply) => sendIndex(reply, 404) };
}

function sendPlainNotFound(_request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(404)
    .header('content-type', 'text/html; charset=utf-8')
    .send(
      '<!doctype html><title>404</title><h1>404</h1><p>The page you visited does not exist.</p><a href="/">Back to home</a>',
    );
}
