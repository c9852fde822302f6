import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminReviewSchema,
  adminReviewsQuerySchema,
  envelopeSchema,
  idParamsSchema,
  pagedEnvelopeSchema,
  replyReviewBodySchema,
  reviewPhotoSchema,
  reviewSchema,
  reviewsPageMetaSchema,
  reviewsQuerySchema,
  writeReviewBodySchema,
  type Locale,
} from '@shop/contract';
import { ok, paged } from '../../plugins/envelope.ts';
import type { Sessions } from '../../plugins/session.ts';
import type { StaffAccessControl } from '../staff/staff-access.ts';
import type { ReviewPhotos } from './review-photos.ts';
import type { ReviewsService } from './reviews.service.ts';

/** Shoppers read and write reviews of goods; staff moderate and reply. */
export function reviewsRoutes(
  app: FastifyInstance,
  reviews: ReviewsService,
  photos: ReviewPhotos,
  sessions: Sessions,
  access: StaffAccessControl,
  defaultLocale: () => Locale,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reviews'];
  const adminTags = ['admin: reviews'];
  const oneReview = { 200: envelopeSchema(adminReviewSchema) };

  routes.get(
    '/v1/home/goods/:id/reviews',
    {
      schema: {
        tags,
        summary:
          'Published reviews of a goods, with the average and distribution; the reader’s own in any status',
        params: idParamsSchema,
        querystring: reviewsQuerySchema,
        response: {
          200: pagedEnvelopeSchema(reviewSchema).extend({ meta: reviewsPageMetaSchema }),
        },
      },
    },
    async (request, reply) => {
      // Personal (the reader's own review), so never kept by a shared cache.
      reply.header('cache-control', 'private, no-store');
      const session = await sessions.current(request);
      const { items, meta } = await reviews.listForGoods(
        request.params.id,
        request.query,
        session?.userId ?? null,
      );
      return { ...paged(items, meta), meta };
    },
  );

  routes.post(
    '/v1/home/goods/:id/reviews',
    {
      schema: {
        tags,
        summary:
          'Rate a goods received from a delivered order (one review per goods; sending again edits it, back to moderation)',
        params: idParamsSchema,
        body: writeReviewBodySchema,
        response: { 200: envelopeSchema(reviewSchema) },
      },
    },
    async (request) => {
      const userId = await sessions.requireUserId(request);
      return ok(await reviews.write(userId, request.params.id, request.body));
    },
  );

  routes.post(
    '/v1/home/reviews/photos',
    {
      schema: {
        tags,
        summary:
          'Upload a review photo (multipart field "file": PNG, JPEG or WebP, at most 2 MB); re-encoded as WebP, its URL goes in the review’s photos',
        consumes: ['multipart/form-data'],
        response: { 201: envelopeSchema(reviewPhotoSchema) },
      },
    },
    async (request, reply) => {
      await sessions.requireUserId(request);
      const url = await photos.store(request);
      return reply.code(201).send(ok({ url }));
    },
  );

  routes.get(
    '/v1/admin/reviews',
    {
      config: { access: 'staff' },
      schema: {
        tags: adminTags,
        summary: 'Reviews to moderate, by status',
        querystring: adminReviewsQuerySchema,
        response: { 200: pagedEnvelopeSchema(adminReviewSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { items, meta } = await reviews.list(request.query, request.locale, defaultLocale());
      return paged(items, meta);
    },
  );

  for (const [action, status] of [
    ['publish', 'published'],
    ['reject', 'rejected'],
  ] as const) {
    routes.post(
      `/v1/admin/reviews/:id/${action}`,
      {
        config: { access: 'staff' },
        schema: {
          tags: adminTags,
          summary:
            action === 'publish'
              ? 'Publish a review: shoppers see it and it counts in the goods’ rating'
              : 'Reject a review: hidden from shoppers and left out of the rating',
          params: idParamsSchema,
          body: z.strictObject({}).optional(),
          response: oneReview,
        },
      },
      async (request) =>
        ok(
          await reviews.moderate(
            request.params.id,
            access.memberOf(request).id,
            status,
            request.locale,
            defaultLocale(),
          ),
        ),
    );
  }

  routes.post(
    '/v1/admin/reviews/:id/reply',
    {
      config: { access: 'staff' },
      schema: {
        tags: adminTags,
        summary: 'Reply to a review in the shop’s name (shown under it when published)',
        params: idParamsSchema,
        body: replyReviewBodySchema,
        response: oneReview,
      },
    },
    async (request) =>
      ok(
        await reviews.reply(
          request.params.id,
          access.memberOf(request).id,
          request.body.reply,
          request.locale,
          defaultLocale(),
        ),
      ),
  );
}
