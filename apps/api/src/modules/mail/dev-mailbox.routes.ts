import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, mailboxQuerySchema, mailSchema } from '@shop/contract';
import { ok } from '../../plugins/envelope.ts';
import type { DevMailbox } from './mailer.ts';

/** The dev mailbox of the contract: only registered when no SMTP server is configured. */
export function devMailboxRoutes(app: FastifyInstance, mailbox: DevMailbox) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/v1/dev/mailbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Mail and text messages the shop sent, newest first (no SMTP configured)',
        querystring: mailboxQuerySchema,
        response: { 200: envelopeSchema(z.array(mailSchema)) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await mailbox.list(request.query.to));
    },
  );
  routes.delete(
    '/v1/dev/mailbox',
    { schema: { tags: ['dev'], summary: 'Empty the dev mailbox' } },
    async () => {
      await mailbox.empty();
      return ok(null);
    },
  );
}
