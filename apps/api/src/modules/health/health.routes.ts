import type { FastifyInstance } from 'fastify';

/** `/healthz`: the process is up. `/readyz`: it can serve, because its database answers. */
export function healthRoutes(app: FastifyInstance, ping: () => Promise<void>) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await ping();
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'not ready');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
