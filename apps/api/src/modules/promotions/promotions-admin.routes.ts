import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminCouponQuerySchema,
  adminCouponSchema,
  couponInputSchema,
  couponTotalBodySchema,
  envelopeSchema,
  idParamsSchema,
  pagedEnvelopeSchema,
  type Locale,
} from '@shop/contract';
import { ok, paged } from '../../plugins/envelope.ts';
import type { ShopLocale } from '../catalog/catalog.service.ts';
import type { StaffAccessControl } from '../staff/staff-access.ts';
import type { PromotionsAdminService } from './promotions-admin.service.ts';

const tags = ['admin: coupons'];

/** Staff routes for coupon campaigns; `couponsChanged` drops the cached public coupon lists after each change. */
export function promotionsAdminRoutes(
  app: FastifyInstance,
  service: PromotionsAdminService,
  access: StaffAccessControl,
  couponsChanged: () => void,
  shopLocale: (locale: Locale) => ShopLocale,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const staff = { access: 'staff' } as const;

  routes.get(
    '/v1/admin/coupons',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Coupon campaigns, newest first, with claimed, remaining, used and status',
        querystring: adminCouponQuerySchema,
        response: { 200: pagedEnvelopeSchema(adminCouponSchema) },
      },
    },
    async (request) => {
      const { items, meta } = await service.list(request.query, shopLocale(request.locale));
      return paged(items, meta);
    },
  );

  routes.post(
    '/v1/admin/coupons',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Create a coupon campaign',
        body: couponInputSchema,
        response: { 201: envelopeSchema(adminCouponSchema) },
      },
    },
    async (request, reply) => {
      const created = await service.create(
        request.body,
        access.memberOf(request).id,
        shopLocale(request.locale),
      );
      couponsChanged();
      return reply.code(201).send(ok(created));
    },
  );

  routes.post(
    '/v1/admin/coupons/:id/end',
    {
      config: staff,
      schema: {
        tags,
        summary: 'End a campaign now: no more claims, claimed copies no longer usable',
        params: idParamsSchema,
        response: { 200: envelopeSchema(adminCouponSchema) },
      },
    },
    async (request) => {
      const ended = await service.endEarly(
        request.params.id,
        access.memberOf(request).id,
        shopLocale(request.locale),
      );
      couponsChanged();
      return ok(ended);
    },
  );

  routes.put(
    '/v1/admin/coupons/:id/total',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Change how many copies may be claimed (never below those already claimed)',
        params: idParamsSchema,
        body: couponTotalBodySchema,
        response: { 200: envelopeSchema(adminCouponSchema) },
      },
    },
    async (request) => {
      const changed = await service.changeTotal(
        request.params.id,
        request.body.total,
        access.memberOf(request).id,
        shopLocale(request.locale),
      );
      couponsChanged();
      return ok(changed);
    },
  );
}
