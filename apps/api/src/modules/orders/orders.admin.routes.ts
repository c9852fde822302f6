import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminOrderDetailSchema,
  adminOrderRowSchema,
  adminOrdersExportQuerySchema,
  adminOrdersQuerySchema,
  envelopeSchema,
  idParamsSchema,
  pagedEnvelopeSchema,
  createRefundBodySchema,
  adminRefundSchema,
  shipOrderBodySchema,
  type Locale,
} from '@shop/contract';
import { ok, paged } from '../../plugins/envelope.ts';
import type { ShopLocale } from '../catalog/catalog.service.ts';
import type { StaffAccessControl } from '../staff/staff-access.ts';
import type { OrdersAdminService } from './orders-admin.service.ts';
import { ordersCsv } from './orders-csv.ts';

const tags = ['admin: orders'];

/** The back office's orders: table, CSV export, detail, ship and refund. Any member of staff may use them. */
export function ordersAdminRoutes(
  app: FastifyInstance,
  orders: OrdersAdminService,
  access: StaffAccessControl,
  shopLocale: (locale: Locale) => ShopLocale,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const detailReply = { 200: envelopeSchema(adminOrderDetailSchema) };

  routes.get(
    '/v1/admin/orders',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary:
          'Orders by status, keyword (order number or its start, shopper email/phone, recipient), dates and totals',
        querystring: adminOrdersQuerySchema,
        response: { 200: pagedEnvelopeSchema(adminOrderRowSchema) },
      },
    },
    async (request) => {
      const { items, meta } = await orders.list(request.query);
      return paged(items, meta);
    },
  );

  routes.get(
    '/v1/admin/orders/export',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary:
          'Every order the filters match as CSV (UTF-8 with BOM, headings in the request’s language, times in UTC)',
        querystring: adminOrdersExportQuerySchema,
      },
    },
    async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
        .send(ordersCsv(orders.exportRecords(request.query), request.locale));
    },
  );

  routes.get(
    '/v1/admin/orders/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'One order: lines, totals, coupon, address, shopper, charges, refund, shipment, history',
        params: idParamsSchema,
        response: detailReply,
      },
    },
    async (request) => ok(await orders.detail(request.params.id, shopLocale(request.locale))),
  );

  routes.post(
    '/v1/admin/orders/:id/ship',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Ship a paid order with its carrier and tracking number; the shopper is told by mail',
        params: idParamsSchema,
        body: shipOrderBodySchema,
        response: detailReply,
      },
    },
    async (request) =>
      ok(
        await orders.ship(
          request.params.id,
          request.body,
          access.memberOf(request).id,
          shopLocale(request.locale),
        ),
      ),
  );

  routes.post(
    '/v1/admin/orders/:id/refunds',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary:
          'Refund any amount up to what is left, optionally per line (units back to stock or not), with a reason; pending until the provider confirms',
        params: idParamsSchema,
        body: createRefundBodySchema,
        response: { 201: envelopeSchema(adminRefundSchema) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(ok(await orders.refund(request.params.id, request.body, access.memberOf(request).id))),
  );
}
