import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminTaxRateSchema,
  envelopeSchema,
  idParamsSchema,
  taxRateInputSchema,
  taxReportQuerySchema,
  taxReportSchema,
  type Locale,
} from '@shop/contract';
import { ok } from '../../plugins/envelope.ts';
import type { ShopLocale } from '../catalog/catalog.service.ts';
import type { AuditLog } from '../staff/audit-log.ts';
import type { StaffAccessControl } from '../staff/staff-access.ts';
import type { TaxesService } from './taxes.service.ts';

/**
 * Tax rates by destination and class: any member of staff reads them, admins change them. The tax report (taxes
 * collected per destination over a period) is for any member of staff, in the shop's currency (`shopLocale`'s).
 */
export function taxesAdminRoutes(
  app: FastifyInstance,
  taxes: TaxesService,
  access: StaffAccessControl,
  audit: AuditLog,
  taxesChanged: () => void,
  shopLocale: (locale: Locale) => ShopLocale,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: taxes'];
  const reply = { 200: envelopeSchema(z.array(adminTaxRateSchema)) };

  routes.get(
    '/v1/admin/tax-rates',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Tax rates by country, region and tax class',
        querystring: z.strictObject({}),
        response: reply,
      },
    },
    async () => ok(taxes.list()),
  );

  routes.post(
    '/v1/admin/tax-rates',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Add a tax rate', body: taxRateInputSchema, response: reply },
    },
    async (request) => {
      await taxes.save(request.body, audit, access.memberOf(request).id);
      taxesChanged();
      return ok(taxes.list());
    },
  );

  routes.put(
    '/v1/admin/tax-rates/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Change a tax rate',
        params: idParamsSchema,
        body: taxRateInputSchema,
        response: reply,
      },
    },
    async (request) => {
      await taxes.save(request.body, audit, access.memberOf(request).id, request.params.id);
      taxesChanged();
      return ok(taxes.list());
    },
  );

  routes.delete(
    '/v1/admin/tax-rates/:id',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Delete a tax rate', params: idParamsSchema, response: reply },
    },
    async (request) => {
      await taxes.remove(request.params.id, audit, access.memberOf(request).id);
      taxesChanged();
      return ok(taxes.list());
    },
  );

  routes.get(
    '/v1/admin/reports/taxes',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary:
          'Taxes collected on the paid orders placed over UTC days `from`…`to` (at most 366), by destination country and region, tax and currency, with totals in the shop currency',
        querystring: taxReportQuerySchema,
        response: { 200: envelopeSchema(taxReportSchema) },
      },
    },
    async (request) => ok(await taxes.report(request.query, shopLocale(request.locale).currency)),
  );
}
