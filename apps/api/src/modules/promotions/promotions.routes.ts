import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { couponSchema, envelopeSchema, idParamsSchema } from '@shop/contract';
import { ok } from '../../plugins/envelope.ts';
import type { PreparedReplyCache } from '../../plugins/prepared-replies.ts';
import { SESSION_COOKIE, type Sessions } from '../../plugins/session.ts';
import type { ShopLocale } from '../catalog/catalog.service.ts';
import type { PromotionsService } from './promotions.service.ts';

/**
 * Coupons on offer. Guests share one prepared reply per locale; a logged-in shopper's list says what they
 * claimed, so it is built for them and never stored.
 */
export function promotionsRoutes(
  app: FastifyInstance,
  promotions: PromotionsService,
  sessions: Sessions,
  couponReplies: PreparedReplyCache,
  shopLocale: (request: FastifyRequest) => ShopLocale,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const mayHaveSession = (request: FastifyRequest) => request.headers.cookie?.includes(`${SESSION_COOKIE}=`);

  routes.get(
    '/v1/home/coupons',
    {
      onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
        if (!mayHaveSession(request)) return couponReplies.tryServe(request, reply);
      },
      schema: {
        tags: ['promotions'],
        summary: 'Coupons on offer now; with `claimed` and `usable` when logged in',
        querystring: z.strictObject({}),
        response: { 200: envelopeSchema(z.array(couponSchema)) },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const at = shopLocale(request);
      const session = mayHaveSession(request) ? await sessions.current(request) : null;
      if (session) {
        reply.header('cache-control', 'private, no-store');
        return ok(await promotions.listOnOfferFor(session.userId, at, now));
      }
      const { coupons, changesAt } = await promotions.listOnOffer(at, now);
      const ttlMs = changesAt ? Math.max(1, changesAt.getTime() - now.getTime()) : undefined;
      return couponReplies.send(request, reply, ok(coupons), 'public, no-cache', { ttlMs });
    },
  );

  routes.post(
    '/v1/home/coupons/:id/claim',
    {
      schema: {
        tags: ['promotions'],
        summary: 'Claim a copy of a coupon (once per shopper unless the coupon allows more)',
        params: idParamsSchema,
        response: { 200: envelopeSchema(couponSchema) },
      },
    },
    async (request) => {
      const userId = await sessions.requireUserId(request);
      const coupon = await promotions.claim(request.params.id, userId, shopLocale(request));
      couponReplies.clear();
      return ok(coupon);
    },
  );
}
