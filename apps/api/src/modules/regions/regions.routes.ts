import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, regionSchema } from '@shop/contract';
import { ok } from '../../plugins/envelope.ts';
import type { PreparedReplyCache } from '../../plugins/prepared-replies.ts';
import type { RegionsService } from './regions.service.ts';

export function regionsRoutes(app: FastifyInstance, regions: RegionsService, cache: PreparedReplyCache) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v1/home/regions',
    {
      onRequest: cache.serveCached,
      schema: {
        tags: ['shop'],
        summary: 'Region tree: country → state/province (→ city where known)',
        querystring: z.strictObject({}),
        response: { 200: envelopeSchema(z.array(regionSchema)) },
      },
    },
    async (request, reply) => {
      return cache.send(request, reply, ok(await regions.tree(request.locale)), 'public, max-age=86400');
    },
  );
}
