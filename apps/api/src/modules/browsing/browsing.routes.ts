import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  browsedGoodsEnvelopeSchema,
  idParamsSchema,
  recentlyViewedBodySchema,
  recentlyViewedQuerySchema,
} from '@shop/contract';
import { ok } from '../../plugins/envelope.ts';
import type { PreparedReplyCache } from '../../plugins/prepared-replies.ts';
import type { Sessions } from '../../plugins/session.ts';
import { LIST_TAG, listedTag, SALES_ORDER_TAG } from '../catalog/catalog-changes.ts';
import type { ShopLocale } from '../catalog/catalog.service.ts';
import type { BrowsingService } from './browsing.service.ts';

export function browsingRoutes(
  app: FastifyInstance,
  browsing: BrowsingService,
  sessions: Sessions,
  /** The catalog's prepared replies: "Related" is kept there until the goods it shows change. */
  replies: PreparedReplyCache,
  shopLocale: (request: FastifyRequest) => ShopLocale,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['browsing'];

  routes.get(
    '/v1/home/goods/:id/related',
    {
      onRequest: replies.serveCached,
      schema: {
        tags,
        summary:
          'Goods like this one, in stock: same category first, then shared option values and name words',
        params: idParamsSchema,
        querystring: z.strictObject({}),
        response: { 200: browsedGoodsEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const items = await browsing.related(request.params.id, shopLocale(request));
      return replies.send(request, reply, ok(items), 'public, no-cache', {
        tags: [LIST_TAG, SALES_ORDER_TAG, listedTag(request.params.id), ...items.map((g) => listedTag(g.id))],
      });
    },
  );

  routes.get(
    '/v1/home/recently-viewed',
    {
      schema: {
        tags,
        summary:
          "Recently viewed goods, newest first: a signed-in shopper's saved list; for a guest, the goods named by `ids` (the browser's list)",
        querystring: recentlyViewedQuerySchema,
        response: { 200: browsedGoodsEnvelopeSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const at = shopLocale(request);
      const session = await sessions.current(request);
      return ok(
        session
          ? await browsing.recentlyViewed(session.userId, at)
          : await browsing.describe(request.query.ids ?? [], at),
      );
    },
  );

  routes.put(
    '/v1/home/recently-viewed',
    {
      schema: {
        tags,
        summary:
          "Adds goods just viewed (newest first) to the signed-in shopper's list: one on a detail page, the browser's list at login",
        body: recentlyViewedBodySchema,
        response: { 200: browsedGoodsEnvelopeSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const userId = await sessions.requireUserId(request);
      return ok(await browsing.recordViewed(userId, request.body.goodsIds, shopLocale(request)));
    },
  );
}
