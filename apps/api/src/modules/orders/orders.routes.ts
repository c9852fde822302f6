import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AppError,
  Code,
  envelopeSchema,
  guestOrderPreviewBodySchema,
  guestOrderSchema,
  idParamsSchema,
  ORDER_TOKEN_HEADER,
  orderDetailSchema,
  orderPreviewBodySchema,
  orderPreviewSchema,
  orderSchema,
  ordersQuerySchema,
  pagedEnvelopeSchema,
  placeGuestOrderBodySchema,
  placeOrderBodySchema,
} from '@shop/contract';
import { ok, paged } from '../../plugins/envelope.ts';
import type { RateLimiter } from '../../plugins/rate-limiter.ts';
import type { Sessions } from '../../plugins/session.ts';
import { guestCartTokenHash } from '../cart/cart.routes.ts';
import type { ShopLocale } from '../catalog/catalog.service.ts';
import { orderTokenOf, type OrderReader } from './order-access.ts';
import type { OrdersService } from './orders.service.ts';

/** Guest checkouts per client address: enough for a household, not for filling the shop with orders. */
export const GUEST_ORDER_LIMIT = { max: 10, windowMs: 60 * 60_000 } as const;

/**
 * Who asks for an order: the session's shopper and the request's `X-Order-Token`. Neither at all is "please
 * log in", as before guests could buy; a token that does not open the order is "not found" (the service).
 */
export async function orderReaderOf(sessions: Sessions, request: FastifyRequest): Promise<OrderReader> {
  const session = await sessions.current(request);
  const sentToken = request.headers[ORDER_TOKEN_HEADER.toLowerCase()] !== undefined;
  if (!session && !sentToken) throw new AppError(Code.unauthorized, 'error.unauthorized');
  return { userId: session?.userId ?? null, token: orderTokenOf(request) };
}

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
  shopLocale: (request: FastifyRequest) => ShopLocale,
  limiter: RateLimiter,
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
      ok(await orders.preview(await sessions.requireUserId(request), request.body, shopLocale(request))),
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
      const order = await orders.place(userId, request.body, key, shopLocale(request));
      return reply.code(201).send(ok(order));
    },
  );

  routes.post(
    '/v1/home/guest-orders/preview',
    {
      schema: {
        tags,
        summary: "A guest checkout's totals (items omitted → the guest cart's selected lines); no coupons",
        body: guestOrderPreviewBodySchema,
        response: { 200: envelopeSchema(orderPreviewSchema) },
      },
    },
    async (request) =>
      ok(await orders.previewAsGuest(guestCartTokenHash(app, request), request.body, shopLocale(request))),
  );

  routes.post(
    '/v1/home/guest-orders',
    {
      schema: {
        tags,
        summary:
          "Buy without an account: email + delivery address (items omitted → the guest cart's selected lines); " +
          "send an Idempotency-Key. The reply's accessToken (also in the order mails' link) opens the order as " +
          'X-Order-Token. At most 10 an hour per client address.',
        body: placeGuestOrderBodySchema,
        response: { 201: envelopeSchema(guestOrderSchema) },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      await limiter.consume(`guest-order:${request.ip}`, GUEST_ORDER_LIMIT);
      const order = await orders.placeAsGuest(
        request.body,
        guestCartTokenHash(app, request),
        key,
        shopLocale(request),
      );
      reply.header('cache-control', 'no-store');
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
        summary:
          'One of my orders with lines, charges and status history; a guest opens theirs with X-Order-Token',
        params: idParamsSchema,
        response: detailReply,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(
        await orders.detailFor(await orderReaderOf(sessions, request), request.params.id, request.locale),
      );
    },
  );

  routes.post(
    '/v1/home/orders/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel while unpaid; stock and coupon come back (a guest: with X-Order-Token)',
        params: idParamsSchema,
        response: detailReply,
      },
    },
    async (request) => ok(await orders.cancel(await orderReaderOf(sessions, request), request.params.id)),
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
