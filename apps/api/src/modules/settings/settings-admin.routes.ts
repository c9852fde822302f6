import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminShopSettingsSchema,
  envelopeSchema,
  shopSettingsInputSchema,
  webhookSecretReplySchema,
} from '@shop/contract';
import { ok } from '../../plugins/envelope.ts';
import type { StaffAccessControl } from '../staff/staff-access.ts';
import type { SettingsAdminService } from './settings-admin.service.ts';

const tags = ['admin: settings'];

/**
 * Shop settings, for admins only. `settingsChanged` drops every prepared public reply: the settings reply itself,
 * and goods replies, whose names and prices depend on the default locale and currency.
 */
export function settingsAdminRoutes(
  app: FastifyInstance,
  service: SettingsAdminService,
  access: StaffAccessControl,
  settingsChanged: () => Promise<void>,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' } as const;

  routes.get(
    '/v1/admin/settings',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The shop settings with every translation (never the webhook secret)',
        querystring: z.strictObject({}),
        response: { 200: envelopeSchema(adminShopSettingsSchema) },
      },
    },
    async () => ok(await service.get()),
  );

  routes.put(
    '/v1/admin/settings',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Replace the shop settings',
        body: shopSettingsInputSchema,
        response: { 200: envelopeSchema(adminShopSettingsSchema) },
      },
    },
    async (request) => {
      const updated = await service.update(request.body, access.memberOf(request).id);
      await settingsChanged();
      return ok(updated);
    },
  );

  routes.post(
    '/v1/admin/settings/webhook-secret',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Rotate the payment webhook secret: a new random one, in force at once, shown only in this reply',
        response: { 200: envelopeSchema(webhookSecretReplySchema) },
      },
    },
    async (request) => ok(await service.rotateWebhookSecret(access.memberOf(request).id)),
  );
}
