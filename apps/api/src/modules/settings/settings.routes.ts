import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, systemsSchema } from '@shop/contract';
import { ok } from '../../plugins/envelope.ts';
import type { PreparedReplyCache } from '../../plugins/prepared-replies.ts';
import { freeShippingFrom, priceIn } from '../markets/priced.ts';
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
      const systems = settings.toSystems(request.locale);
      // Shipping terms in the shopper's market, as their cart and checkout show them.
      const inMarket = {
        ...systems,
        currency: request.market.currency,
        shopCurrency: systems.currency,
        shippingFee: priceIn(request.market, systems.shippingFee),
        freeShippingOver: freeShippingFrom(request.market, systems.freeShippingOver),
      };
      return cache.send(request, reply, ok(inMarket), 'public, no-cache');
    },
  );
}
