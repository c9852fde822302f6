import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressBodySchema, addressSchema, envelopeSchema, idParamsSchema } from '@shop/contract';
import { ok } from '../../plugins/envelope.ts';
import type { Sessions } from '../../plugins/session.ts';
import type { AddressesService } from './addresses.service.ts';

export function addressesRoutes(app: FastifyInstance, addresses: AddressesService, sessions: Sessions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['addresses'];
  const one = { 200: envelopeSchema(addressSchema) };

  routes.get(
    '/v1/home/addresses',
    {
      schema: {
        tags,
        summary: 'My addresses, default first',
        response: { 200: envelopeSchema(z.array(addressSchema)) },
      },
    },
    async (request) => ok(await addresses.list(await sessions.requireUserId(request), request.locale)),
  );
  routes.post(
    '/v1/home/addresses',
    {
      schema: {
        tags,
        summary: 'Add an address',
        body: addressBodySchema,
        response: { 201: envelopeSchema(addressSchema) },
      },
    },
    async (request, reply) => {
      const created = await addresses.create(
        await sessions.requireUserId(request),
        request.body,
        request.locale,
      );
      return reply.code(201).send(ok(created));
    },
  );
  routes.put(
    '/v1/home/addresses/:id',
    {
      schema: {
        tags,
        summary: 'Edit an address',
        params: idParamsSchema,
        body: addressBodySchema,
        response: one,
      },
    },
    async (request) =>
      ok(
        await addresses.update(
          await sessions.requireUserId(request),
          request.params.id,
          request.body,
          request.locale,
        ),
      ),
  );
  routes.delete(
    '/v1/home/addresses/:id',
    { schema: { tags, summary: 'Delete an address', params: idParamsSchema } },
    async (request) => {
      await addresses.remove(await sessions.requireUserId(request), request.params.id);
      return ok(null);
    },
  );
}
