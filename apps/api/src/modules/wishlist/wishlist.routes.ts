import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  sharedWishlistSchema,
  wishlistGoodsParamsSchema,
  wishlistSchema,
  wishlistShareSchema,
  wishlistTokenParamsSchema,
} from '@shop/contract';
import { ok } from '../../plugins/envelope.ts';
import type { Sessions } from '../../plugins/session.ts';
import { GUEST_CART_COOKIE, guestCartTokenHash } from '../cart/cart.routes.ts';
import type { ShopLocale } from '../catalog/catalog.service.ts';
import type { WishlistOwner, WishlistService } from './wishlist.service.ts';

const GUEST_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

/**
 * Shoppers' and guests' wishlists. A guest is known by the guest cookie the cart uses (one random token per
 * browser, only its hash on the server), so logging in merges both the cart and the list.
 */
export function wishlistRoutes(
  app: FastifyInstance,
  wishlist: WishlistService,
  sessions: Sessions,
  shopLocale: (request: FastifyRequest) => ShopLocale,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['wishlist'];
  const listReply = { 200: envelopeSchema(wishlistSchema) };

  async function ownerOf(
    request: FastifyRequest,
    reply: FastifyReply,
    create: boolean,
  ): Promise<WishlistOwner | null> {
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
      maxAge: GUEST_COOKIE_MAX_AGE_S,
    });
    return { guestTokenHash: createHash('sha256').update(token).digest('hex') };
  }

  const view = async (request: FastifyRequest, reply: FastifyReply, owner: WishlistOwner | null) => {
    reply.header('cache-control', 'no-store');
    return ok(await wishlist.view(owner, shopLocale(request)));
  };

  routes.get(
    '/v1/home/wishlist',
    { schema: { tags, summary: 'My wishlist (guests have one too)', response: listReply } },
    async (request, reply) => view(request, reply, await ownerOf(request, reply, false)),
  );

  routes.put(
    '/v1/home/wishlist/:goodsId',
    {
      schema: {
        tags,
        summary: 'Heart a goods (again: no change)',
        params: wishlistGoodsParamsSchema,
        response: listReply,
      },
    },
    async (request, reply) => {
      const owner = (await ownerOf(request, reply, true))!;
      await wishlist.add(owner, request.params.goodsId, shopLocale(request));
      return view(request, reply, owner);
    },
  );

  routes.delete(
    '/v1/home/wishlist/:goodsId',
    {
      schema: {
        tags,
        summary: 'Take a goods off the list',
        params: wishlistGoodsParamsSchema,
        response: listReply,
      },
    },
    async (request, reply) => {
      const owner = await ownerOf(request, reply, false);
      if (owner) await wishlist.remove(owner, request.params.goodsId);
      return view(request, reply, owner);
    },
  );

  routes.post(
    '/v1/home/wishlist/share',
    {
      schema: {
        tags,
        summary: 'Make a read-only share link (signed-in shoppers); the link made before stops working',
        response: { 200: envelopeSchema(wishlistShareSchema) },
      },
    },
    async (request, reply) => {
      const token = await wishlist.share(await sessions.requireUserId(request));
      reply.header('cache-control', 'no-store');
      return ok({ token });
    },
  );

  routes.delete(
    '/v1/home/wishlist/share',
    {
      schema: {
        tags,
        summary: 'Stop sharing: the link stops working',
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await wishlist.unshare(await sessions.requireUserId(request));
      return ok(null);
    },
  );

  routes.get(
    '/v1/home/wishlists/:token',
    {
      schema: {
        tags,
        summary: 'A shared wishlist, read-only, for anyone with its link',
        params: wishlistTokenParamsSchema,
        response: { 200: envelopeSchema(sharedWishlistSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      reply.header('x-robots-tag', 'noindex');
      return ok(await wishlist.viewShared(request.params.token, shopLocale(request)));
    },
  );
}
