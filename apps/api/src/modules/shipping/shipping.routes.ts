import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminShippingZoneSchema,
  envelopeSchema,
  idParamsSchema,
  shippingZoneInputSchema,
} from '@shop/contract';
import { ok } from '../../plugins/envelope.ts';
import type { AuditLog } from '../staff/audit-log.ts';
import type { StaffAccessControl } from '../staff/staff-access.ts';
import type { ShippingService } from './shipping.service.ts';

/** Shipping zones and their methods: any member of staff reads them, admins change them. */
export function shippingAdminRoutes(
  app: FastifyInstance,
  shipping: ShippingService,
  access: StaffAccessControl,
  audit: AuditLog,
  shippingChanged: () => void,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: shipping'];
  const reply = { 200: envelopeSchema(z.array(adminShippingZoneSchema)) };

  routes.get(
    '/v1/admin/shipping-zones',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Shipping zones with their places and methods (amounts in the shop currency)',
        querystring: z.strictObject({}),
        response: reply,
      },
    },
    async () => ok(shipping.list()),
  );

  routes.post(
    '/v1/admin/shipping-zones',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Add a shipping zone', body: shippingZoneInputSchema, response: reply },
    },
    async (request) => {
      await shipping.save(request.body, audit, access.memberOf(request).id);
      shippingChanged();
      return ok(shipping.list());
    },
  );

  routes.put(
    '/v1/admin/shipping-zones/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Change a shipping zone: its places and methods (a method keeps its id when sent back)',
        params: idParamsSchema,
        body: shippingZoneInputSchema,
        response: reply,
      },
    },
    async (request) => {
      await shipping.save(request.body, audit, access.memberOf(request).id, request.params.id);
      shippingChanged();
      return ok(shipping.list());
    },
  );

  routes.delete(
    '/v1/admin/shipping-zones/:id',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Delete a shipping zone', params: idParamsSchema, response: reply },
    },
    async (request) => {
      await shipping.remove(request.params.id, audit, access.memberOf(request).id);
      shippingChanged();
      return ok(shipping.list());
    },
  );
}
