import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chargeBodySchema,
  chargeSchema,
  chargesQuerySchema,
  envelopeSchema,
  reconciliationSchema,
} from '@shop/contract';
import type { Db } from '@shop/db';
import { ok } from '../../plugins/envelope.ts';
import type { Sessions } from '../../plugins/session.ts';
import { idempotencyKeyOf, orderReaderOf } from '../orders/orders.routes.ts';
import type { StaffAccessControl } from '../staff/staff-access.ts';
import { EventMismatchError, SIGNATURE_HEADER, type PaymentsService } from './payments.service.ts';
import { reconcile } from './reconciliation.ts';

export function paymentsRoutes(
  app: FastifyInstance,
  payments: PaymentsService,
  sessions: Sessions,
  access: StaffAccessControl,
  db: Db,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];

  routes.post(
    '/v1/home/charges',
    {
      schema: {
        tags,
        summary:
          "Create a charge for an unpaid order; send an Idempotency-Key (a guest: with the order's X-Order-Token)",
        body: chargeBodySchema,
        response: { 201: envelopeSchema(chargeSchema) },
      },
    },
    async (request, reply) => {
      const reader = await orderReaderOf(sessions, request);
      const charge = await payments.createCharge(reader, request.body, idempotencyKeyOf(request));
      return reply.code(201).send(ok(charge));
    },
  );

  routes.get(
    '/v1/home/charges',
    {
      schema: {
        tags,
        summary: "An order's charges (queryCharges)",
        querystring: chargesQuerySchema,
        response: { 200: envelopeSchema(z.array(chargeSchema)) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await payments.listCharges(await orderReaderOf(sessions, request), request.query.orderId));
    },
  );

  // The signature covers the exact bytes received, so this route keeps its body as text.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.post(
      '/v1/webhooks/payments',
      { schema: { tags, summary: 'Signed payment events from the provider (HMAC-SHA256, timestamped)' } },
      async (request) => {
        const signature = request.headers[SIGNATURE_HEADER];
        try {
          const outcome = await payments.applyWebhook(
            String(request.body),
            typeof signature === 'string' ? signature : undefined,
          );
          return ok({ outcome });
        } catch (error) {
          // A signed event that does not match its charge is refused and kept in the log for an operator.
          if (error instanceof EventMismatchError)
            request.log.warn({ event: error.detail }, 'payment event refused');
          throw error;
        }
      },
    );
  });

  routes.get(
    '/v1/admin/payments/reconciliation',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin: orders'],
        summary: 'Captured − refunded money against what every order says it holds; mismatches listed',
        response: { 200: envelopeSchema(reconciliationSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await reconcile(db));
    },
  );
}
