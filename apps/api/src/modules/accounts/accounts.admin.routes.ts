import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminShopperDetailSchema,
  adminShopperRowSchema,
  adminShoppersQuerySchema,
  envelopeSchema,
  idParamsSchema,
  pagedEnvelopeSchema,
  type Locale,
} from '@shop/contract';
import { ok, paged } from '../../plugins/envelope.ts';
import type { ShopLocale } from '../catalog/catalog.service.ts';
import type { StaffAccessControl } from '../staff/staff-access.ts';
import type { AccountsAdminService } from './accounts-admin.service.ts';

const tags = ['admin: shoppers'];

/** The back office's shoppers: table, detail, disable and enable. Any member of staff may use them. */
export function accountsAdminRoutes(
  app: FastifyInstance,
  shoppers: AccountsAdminService,
  access: StaffAccessControl,
  shopLocale: (locale: Locale) => ShopLocale,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const detailReply = { 200: envelopeSchema(adminShopperDetailSchema) };

  routes.get(
    '/v1/admin/shoppers',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary:
          'Shoppers by keyword (email, phone, nickname), status and registration date, with their orders',
        querystring: adminShoppersQuerySchema,
        response: { 200: pagedEnvelopeSchema(adminShopperRowSchema) },
      },
    },
    async (request) => {
      const { items, meta } = await shoppers.list(request.query, shopLocale(request.locale));
      return paged(items, meta);
    },
  );

  routes.get(
    '/v1/admin/shoppers/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'One shopper: profile, newest orders, addresses, claimed coupons, live sessions',
        params: idParamsSchema,
        response: detailReply,
      },
    },
    async (request) => ok(await shoppers.detail(request.params.id, shopLocale(request.locale))),
  );

  for (const [verb, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    routes.post(
      `/v1/admin/shoppers/:id/${verb}`,
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: disabled
            ? 'Disable a shopper: their sessions end at once and their logins are refused'
            : 'Enable a disabled shopper again',
          params: idParamsSchema,
          response: detailReply,
        },
      },
      async (request) =>
        ok(
          await shoppers.setDisabled(
            request.params.id,
            disabled,
            access.memberOf(request).id,
            shopLocale(request.locale),
          ),
        ),
    );
  }
}
