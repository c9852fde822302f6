import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppError,
  Code,
  envelopeSchema,
  stockAlertBodySchema,
  stockAlertSchema,
  stockAlertUnsubscribeBodySchema,
} from '@shop/contract';
import { ok } from '../../plugins/envelope.ts';
import type { Sessions } from '../../plugins/session.ts';
import type { StockAlertsService } from './stock-alerts.service.ts';

export function stockAlertsRoutes(
  app: FastifyInstance,
  alerts: StockAlertsService,
  sessions: Sessions,
  accountEmail: (userId: string) => Promise<string>,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['stock alerts'];

  routes.post(
    '/v1/home/stock-alerts',
    {
      schema: {
        tags,
        summary:
          'Tell me when this sold-out SKU is back: signed-in shoppers get it at their account address, guests give one (limited per address); asking again changes nothing',
        body: stockAlertBodySchema,
        response: { 200: envelopeSchema(stockAlertSchema) },
      },
    },
    async (request) => {
      const session = await sessions.current(request);
      const email = session ? await accountEmail(session.userId) : request.body.email;
      if (!email) {
        throw new AppError(Code.validation, 'validation.invalid', { email: 'validation.email.required' });
      }
      return ok(
        await alerts.subscribe(
          { skuId: request.body.skuId, email, locale: request.locale, userId: session?.userId ?? null },
          request.ip,
        ),
      );
    },
  );

  routes.post(
    '/v1/home/stock-alerts/unsubscribe',
    {
      schema: {
        tags,
        summary:
          "Stop the waiting alerts of the address an alert mail's link was sent to (no sign-in needed)",
        body: stockAlertUnsubscribeBodySchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await alerts.unsubscribe(request.body.token);
      return ok(null);
    },
  );
}
