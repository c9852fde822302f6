import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, systemsSchema } from '@shop/contract';
import { ok } from '../../plugins/envelope.ts';
import type { PreparedReplyCache } from '../../plugins/prepared-replies.ts';
import type { SettingsService } from './settings.service.ts';

export function settingsRoutes(app: FastifyInstance, settings: SettingsService, cache: PreparedReplyCache) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v1/home/systems',
    {
      onRequest: cache.serveCached,
      schema: {
        tags: ['shop'],
        summary: 'Public shop settings',
        querystring: z.strictObject({}),
        response: { 200: envelopeSchema(systemsSchema) },
      },
    },
    async (request, reply) => {
      return cache.send(request, reply, ok(settings.toSystems(request.locale)), 'public, no-cache');
    },
  );
}
