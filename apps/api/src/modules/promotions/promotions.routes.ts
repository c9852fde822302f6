import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { couponSchema, envelopeSchema } from '@shop/contract';
import { ok } from '../../plugins/envelope.ts';
import type { PreparedReplyCache } from '../../plugins/prepared-replies.ts';
import type { ShopLocale } from '../catalog/catalog.service.ts';
import type { PromotionsService } from './promotions.service.ts';

export function promotionsRoutes(
  app: FastifyInstance,
  promotions: PromotionsService,
  cache: PreparedReplyCache,
  shopLocale: (locale: ShopLocale['locale']) => ShopLocale,
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v1/home/coupons',
    {
      onRequest: cache.serveCached,
      schema: {
        tags: ['promotions'],
        summary: 'Coupons on offer now',
        querystring: z.strictObject({}),
        response: { 200: envelopeSchema(z.array(couponSchema)) },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const { coupons, changesAt } = await promotions.listOnOffer(shopLocale(request.locale), now);
      const ttlMs = changesAt ? Math.max(1, changesAt.getTime() - now.getTime()) : undefined;
      return cache.send(request, reply, ok(coupons), 'public, no-cache', ttlMs);
    },
  );
}
