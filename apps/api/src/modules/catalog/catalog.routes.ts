import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categorySchema,
  envelopeSchema,
  goodsDetailSchema,
  goodsListEnvelopeSchema,
  goodsQuerySchema,
  idParamsSchema,
  listingSort,
} from '@shop/contract';
import { ok } from '../../plugins/envelope.ts';
import { goodsTag, LIST_TAG, listedTag, SALES_ORDER_TAG } from './catalog-changes.ts';
import type { PreparedReplyCache } from '../../plugins/prepared-replies.ts';
import type { CatalogService, ShopLocale } from './catalog.service.ts';

const CATALOG_CACHE_CONTROL = 'public, no-cache';

/** Runs a keyword search and tells the operator's metrics how long it took. */
export type SearchTimer = <T>(search: () => Promise<T>) => Promise<T>;

export function catalogRoutes(
  app: FastifyInstance,
  catalog: CatalogService,
  cache: PreparedReplyCache,
  shopLocale: (request: FastifyRequest) => ShopLocale,
  timeSearch: SearchTimer = (search) => search(),
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Replies are kept until a change drops them (catalog-changes.ts): a list by the goods it shows (`listedTag`), a
  // detail page by its goods (`goodsTag`).

  routes.get(
    '/v1/home/goods',
    {
      onRequest: cache.serveCached,
      schema: {
        tags: ['catalog'],
        summary: 'Goods on shelf: search, filter, sort, paginate, with facets and "did you mean"',
        querystring: goodsQuerySchema,
        response: { 200: goodsListEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const list = () => catalog.listGoods(request.query, shopLocale(request));
      const { body, goodsIds } = await (request.query.keyword ? timeSearch(list) : list());
      const tags = [LIST_TAG, ...goodsIds.map(listedTag)];
      if (listingSort(request.query) === 'sales') tags.push(SALES_ORDER_TAG);
      // A keyword search is kept once asked twice: most are asked once, letter by letter as a shopper types.
      return cache.send(request, reply, body, CATALOG_CACHE_CONTROL, {
        tags,
        keepOnRepeat: request.query.keyword !== undefined,
      });
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
      const detail = await catalog.getGoods(request.params.id, shopLocale(request));
      return cache.send(request, reply, ok(detail), CATALOG_CACHE_CONTROL, { tags: [goodsTag(detail.id)] });
    },
  );

  routes.get(
    '/v1/home/categories',
    {
      onRequest: cache.serveCached,
      schema: {
        tags: ['catalog'],
        summary: 'Categories with goods on shelf (in them or their children), parents and children',
        querystring: z.strictObject({}),
        response: { 200: envelopeSchema(z.array(categorySchema)) },
      },
    },
    async (request, reply) => {
      const list = await catalog.listBrowsableCategories(shopLocale(request));
      return cache.send(request, reply, ok(list), CATALOG_CACHE_CONTROL);
    },
  );
}
