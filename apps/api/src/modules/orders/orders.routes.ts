import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AppError,
  Code,
  envelopeSchema,
  idParamsSchema,
  orderDetailSchema,
  orderPreviewBodySchema,
  orderPreviewSchema,
  orderSchema,
  ordersQuerySchema,
  pagedEnvelopeSchema,
  placeOrderBodySchema,
  type Locale,
} from '@shop/contract';
import { ok, paged } from '../../plugins/envelope.ts';
import type { Sessions } from '../../plugins/session.ts';
import type { ShopLocale } from '../catalog/catalog.service.ts';
import type { OrdersService } from './orders.service.ts';

/** A client's `Idempotency-Key`, or a fresh one when it sent none (then a retry is a new request). */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return randomUUID();
  if (typeof key !== 'string' || !/^[\w-]{8,100}$/.test(key)) {
    throw new AppError(
      Code.validation,
      'validation.invalid',
      { 'Idempotency-Key': 'validation.invalid' },
      400,
    );
  }
  return key;
}

export function ordersRoutes(
  app: FastifyInstance,
  orders: OrdersService,
  sessions: Sessions,
  shopLocale: (locale: Locale) => ShopLocale,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];
  const detailReply = { 200: envelopeSchema(orderDetailSchema) };

  routes.post(
    '/v1/home/orders/preview',
    {
      schema: {
        tags,
        summary: 'Totals the server computes for a prospective order',
        body: orderPreviewBodySchema,
        response: { 200: envelopeSchema(orderPreviewSchema) },
      },
    },
    async (request) =>
      ok(
        await orders.preview(await sessions.requireUserId(request), request.body, shopLocale(request.locale)),
      ),
  );

  routes.post(
    '/v1/home/orders',
    {
      schema: {
        tags,
        summary: "Place an order (items omitted → the cart's selected lines); send an Idempotency-Key",
        body: placeOrderBodySchema,
        response: { 201: envelopeSchema(orderDetailSchema) },
      },
    },
    async (request, reply) => {
      const userId = await sessions.requireUserId(request);
      const key = idempotencyKeyOf(request);
      const order = await orders.place(userId, request.body, key, shopLocale(request.locale));
      return reply.code(201).send(ok(order));
    },
  );

  routes.get(
    '/v1/home/orders',
    {
      schema: {
        tags,
        summary: 'My orders, newest first',
        querystring: ordersQuerySchema,
        response: { 200: pagedEnvelopeSchema(orderSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { items, meta } = await orders.list(await sessions.requireUserId(request), request.query);
      return paged(items, meta);
    },
  );

  routes.get(
    '/v1/home/orders/:id',
    {
      schema: {
        tags,
        summary: 'One of my orders with lines, charges and status history',
        params: idParamsSchema,
        response: detailReply,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(
        await orders.detail(await sessions.requireUserId(request), request.params.id, request.locale),
      );
    },
  );

  routes.post(
    '/v1/home/orders/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel while unpaid; stock and coupon come back',
        params: idParamsSchema,
        response: detailReply,
      },
    },
    async (request) => ok(await orders.cancel(await sessions.requireUserId(request), request.params.id)),
  );

  routes.post(
    '/v1/home/orders/:id/confirm',
    {
      schema: {
        tags,
        summary: 'Confirm receipt of a shipped order',
        params: idParamsSchema,
        response: detailReply,
      },
    },
    async (request) =>
      ok(await orders.confirmReceipt(await sessions.requireUserId(request), request.params.id)),
  );
}
