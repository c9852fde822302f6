import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categorySchema,
  envelopeSchema,
  goodsDetailSchema,
  goodsQuerySchema,
  goodsSummarySchema,
  idParamsSchema,
  pagedEnvelopeSchema,
} from '@shop/contract';
import { ok, paged } from '../../plugins/envelope.ts';
import type { PreparedReplyCache } from '../../plugins/prepared-replies.ts';
import type { CatalogService, ShopLocale } from './catalog.service.ts';

const CATALOG_CACHE_CONTROL = 'public, no-cache';

export function catalogRoutes(
  app: FastifyInstance,
  catalog: CatalogService,
  cache: PreparedReplyCache,
  shopLocale: (locale: ShopLocale['locale']) => ShopLocale,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Whoever changes the catalog clears its replies: the one "catalog changed" signal. What the service derived
  // from the catalog (totals, the search index) goes at the same moment.
  cache.onClear(() => catalog.catalogChanged());

  routes.get(
    '/v1/home/goods',
    {
      onRequest: cache.serveCached,
      schema: {
        tags: ['catalog'],
        summary: 'Goods on shelf: search, filter, sort, paginate',
        querystring: goodsQuerySchema,
        response: { 200: pagedEnvelopeSchema(goodsSummarySchema) },
      },
    },
    async (request, reply) => {
      const { items, meta } = await catalog.listGoods(request.query, shopLocale(request.locale));
      return cache.send(request, reply, paged(items, meta), CATALOG_CACHE_CONTROL);
    },
  );

  routes.get(
    '/v1/home/goods/:id',
    {
      onRequest: cache.serveCached,
      schema: {
        tags: ['catalog'],
        summary: 'One goods with its options and SKUs',
        params: idParamsSchema,
        querystring: z.strictObject({}),
        response: { 200: envelopeSchema(goodsDetailSchema) },
      },
    },
    async (request, reply) => {
      const detail = await catalog.getGoods(request.params.id, shopLocale(request.locale));
      return cache.send(request, reply, ok(detail), CATALOG_CACHE_CONTROL);
    },
  );

  routes.get(
    '/v1/home/categories',
    {
      onRequest: cache.serveCached,
      schema: {
        tags: ['catalog'],
        summary: 'All categories, parents and children',
        querystring: z.strictObject({}),
        response: { 200: envelopeSchema(z.array(categorySchema)) },
      },
    },
    async (request, reply) => {
      const list = await catalog.listCategories(shopLocale(request.locale));
      return cache.send(request, reply, ok(list), CATALOG_CACHE_CONTROL);
    },
  );
}
