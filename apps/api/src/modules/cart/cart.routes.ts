import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppError,
  Code,
  addCartItemBodySchema,
  cartSchema,
  envelopeSchema,
  idField,
  updateCartItemBodySchema,
} from '@shop/contract';
import { ok } from '../../plugins/envelope.ts';
import type { Sessions } from '../../plugins/session.ts';
import type { ShopLocale } from '../catalog/catalog.service.ts';
import type { CartOwner, CartService } from './cart.service.ts';

/** The guest cart's cookie: a random token; the database keeps only its hash. */
export const GUEST_CART_COOKIE = 'cart';
const GUEST_CART_MAX_AGE_S = 30 * 24 * 60 * 60;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export function guestCartTokenHash(app: FastifyInstance, request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header?.includes(`${GUEST_CART_COOKIE}=`)) return null;
  const token = app.parseCookie(header)[GUEST_CART_COOKIE];
  return token && token.length <= 100 ? hash(token) : null;
}

export function clearGuestCart(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(GUEST_CART_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}

export function cartRoutes(
  app: FastifyInstance,
  cart: CartService,
  sessions: Sessions,
  shopLocale: (request: FastifyRequest) => ShopLocale,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cart'];
  const cartReply = { 200: envelopeSchema(cartSchema) };

  /** The shopper's cart, or the guest's; a guest who adds something first gets a cart cookie. */
  async function ownerOf(
    request: FastifyRequest,
    reply: FastifyReply,
    create: boolean,
  ): Promise<CartOwner | null> {
    const session = await sessions.current(request);
    if (session) return { userId: session.userId };
    const existing = guestCartTokenHash(app, request);
    if (existing) return { guestTokenHash: existing };
    if (!create) return null;
    const token = randomBytes(32).toString('base64url');
    reply.setCookie(GUEST_CART_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: GUEST_CART_MAX_AGE_S,
    });
    return { guestTokenHash: hash(token) };
  }

  const view = async (request: FastifyRequest, reply: FastifyReply, owner: CartOwner | null) => {
    reply.header('cache-control', 'no-store');
    return ok(await cart.view(owner, shopLocale(request)));
  };

  routes.get(
    '/v1/home/cart',
    { schema: { tags, summary: 'My cart (guests have one too)', response: cartReply } },
    async (request, reply) => view(request, reply, await ownerOf(request, reply, false)),
  );

  routes.post(
    '/v1/home/cart/items',
    {
      schema: {
        tags,
        summary: 'Add a SKU (quantities add up, within stock)',
        body: addCartItemBodySchema,
        response: cartReply,
      },
    },
    async (request, reply) => {
      const owner = (await ownerOf(request, reply, true))!;
      await cart.add(owner, request.body.skuId, request.body.quantity, shopLocale(request));
      return view(request, reply, owner);
    },
  );

  const skuParams = z.strictObject({ skuId: idField });
  routes.put(
    '/v1/home/cart/items/:skuId',
    {
      schema: {
        tags,
        summary: 'Change a line: quantity within stock, or selected for checkout',
        params: skuParams,
        body: updateCartItemBodySchema,
        response: cartReply,
      },
    },
    async (request, reply) => {
      const owner = await ownerOf(request, reply, false);
      if (!owner) throw new AppError(Code.notFound, 'error.notFound');
      await cart.update(owner, request.params.skuId, request.body, shopLocale(request));
      return view(request, reply, owner);
    },
  );

  routes.delete(
    '/v1/home/cart/items/:skuId',
    { schema: { tags, summary: 'Remove a line', params: skuParams, response: cartReply } },
    async (request, reply) => {
      const owner = await ownerOf(request, reply, false);
      if (owner) await cart.remove(owner, request.params.skuId);
      return view(request, reply, owner);
    },
  );
}
