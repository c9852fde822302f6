import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminTaxRateSchema, envelopeSchema, idParamsSchema, taxRateInputSchema } from '@shop/contract';
import { ok } from '../../plugins/envelope.ts';
import type { AuditLog } from '../staff/audit-log.ts';
import type { StaffAccessControl } from '../staff/staff-access.ts';
import type { TaxesService } from './taxes.service.ts';

/** Tax rates by destination and class: any member of staff reads them, admins change them. */
export function taxesAdminRoutes(
  app: FastifyInstance,
  taxes: TaxesService,
  access: StaffAccessControl,
  audit: AuditLog,
  taxesChanged: () => void,
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
}
