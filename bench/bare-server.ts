/**
 * The yardstick: plain Fastify answering the bench's URLs with the shop's bytes from memory — no hooks, no
 * validation, no logger — so the gap to the shop is what the shop's own request handling costs.
 */
import fastify from 'fastify';
import { receiveFromParent, serveUntilParentLeaves, type BareRoute } from './ipc.ts';

const routes = await receiveFromParent<BareRoute[]>();
const app = fastify();
for (const route of routes) {
  const body = Buffer.from(route.body.buffer, route.body.byteOffset, route.body.byteLength);
  // Routes are matched on the path, as in the shop; the list's query string is accepted and ignored.
  app.get(new URL(route.url, 'http://bench').pathname, (_request, reply) =>
    reply.header('content-type', route.contentType).send(body),
  );
}
await app.listen({ port: 0, host: '127.0.0.1' });
serveUntilParentLeaves(app.server, () => app.close());
