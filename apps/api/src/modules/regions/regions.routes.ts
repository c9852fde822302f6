import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, regionSchema, regionsQuerySchema } from '@shop/contract';
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
        summary:
          'Region tree: country → state/province; with `parent`, the cities or districts below that region',
        querystring: regionsQuerySchema,
        response: { 200: envelopeSchema(z.array(regionSchema)) },
      },
    },
    async (request, reply) => {
      const { parent } = request.query;
      const body = parent
        ? await regions.children(parent, request.locale)
        : await regions.tree(request.locale);
      return cache.send(request, reply, ok(body), 'public, max-age=86400');
    },
  );
}
