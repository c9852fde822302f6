import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminSearchQuerySchema, adminSearchResultSchema, envelopeSchema, type Locale } from '@shop/contract';
import { ok } from '../../plugins/envelope.ts';
import type { ShopLocale } from '../catalog/catalog.service.ts';
import type { SearchAdminService } from './search-admin.service.ts';

export function searchAdminRoutes(
  app: FastifyInstance,
  search: SearchAdminService,
  shopLocale: (locale: Locale) => ShopLocale,
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v1/admin/search',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin: search'],
        summary: 'Goods, orders and shoppers matching a keyword: the first few of each and their totals',
        querystring: adminSearchQuerySchema,
        response: { 200: envelopeSchema(adminSearchResultSchema) },
      },
    },
    async (request) =>
      ok(await search.search(request.query.q, request.query.limit, shopLocale(request.locale))),
  );
}
