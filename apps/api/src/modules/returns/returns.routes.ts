import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminReturnSchema,
  adminReturnsQuerySchema,
  approveReturnBodySchema,
  createReturnBodySchema,
  envelopeSchema,
  idParamsSchema,
  orderReturnSchema,
  pagedEnvelopeSchema,
  receiveReturnBodySchema,
  refundReturnBodySchema,
  rejectReturnBodySchema,
} from '@shop/contract';
import { ok, paged } from '../../plugins/envelope.ts';
import type { Sessions } from '../../plugins/session.ts';
import type { StaffAccessControl } from '../staff/staff-access.ts';
import type { ReturnsService } from './returns.service.ts';

/** Shoppers ask to return goods; staff work through the queue. */
export function returnsRoutes(
  app: FastifyInstance,
  returns: ReturnsService,
  sessions: Sessions,
  access: StaffAccessControl,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const adminTags = ['admin: returns'];
  const oneReturn = { 200: envelopeSchema(adminReturnSchema) };

  routes.post(
    '/v1/home/orders/:id/returns',
    {
      schema: {
        tags: ['orders'],
        summary: 'Ask to return units of a shipped or completed order, within the shop’s return window',
        params: idParamsSchema,
        body: createReturnBodySchema,
        response: { 201: envelopeSchema(orderReturnSchema) },
      },
    },
    async (request, reply) => {
      const userId = await sessions.requireUserId(request);
      return reply.code(201).send(ok(await returns.request(userId, request.params.id, request.body)));
    },
  );

  routes.get(
    '/v1/admin/returns',
    {
      config: { access: 'staff' },
      schema: {
        tags: adminTags,
        summary: 'The returns queue, by status',
        querystring: adminReturnsQuerySchema,
        response: { 200: pagedEnvelopeSchema(adminReturnSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { items, meta } = await returns.list(request.query);
      return paged(items, meta);
    },
  );

  routes.get(
    '/v1/admin/returns/:id',
    {
      config: { access: 'staff' },
      schema: { tags: adminTags, summary: 'One return', params: idParamsSchema, response: oneReturn },
    },
    async (request) => ok(await returns.get(request.params.id)),
  );

  routes.post(
    '/v1/admin/returns/:id/approve',
    {
      config: { access: 'staff' },
      schema: {
        tags: adminTags,
        summary: 'Approve a new return, with an optional message to the shopper',
        params: idParamsSchema,
        body: approveReturnBodySchema,
        response: oneReturn,
      },
    },
    async (request) =>
      ok(await returns.approve(request.params.id, access.memberOf(request).id, request.body.message)),
  );

  routes.post(
    '/v1/admin/returns/:id/reject',
    {
      config: { access: 'staff' },
      schema: {
        tags: adminTags,
        summary: 'Reject a new return, telling the shopper why',
        params: idParamsSchema,
        body: rejectReturnBodySchema,
        response: oneReturn,
      },
    },
    async (request) =>
      ok(await returns.reject(request.params.id, access.memberOf(request).id, request.body.message)),
  );

  routes.post(
    '/v1/admin/returns/:id/receive',
    {
      config: { access: 'staff' },
      schema: {
        tags: adminTags,
        summary: 'The goods of an approved return arrived; per line, back on sale or not',
        params: idParamsSchema,
        body: receiveReturnBodySchema,
        response: oneReturn,
      },
    },
    async (request) =>
      ok(await returns.receive(request.params.id, access.memberOf(request).id, request.body)),
  );

  routes.post(
    '/v1/admin/returns/:id/refund',
    {
      config: { access: 'staff' },
      schema: {
        tags: adminTags,
        summary: 'Refund a received return (by default the value of its units)',
        params: idParamsSchema,
        body: refundReturnBodySchema,
        response: oneReturn,
      },
    },
    async (request) =>
      ok(await returns.refund(request.params.id, access.memberOf(request).id, request.body.amount)),
  );
}
