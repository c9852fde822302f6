import { z } from 'zod';
import { idField, intParam, textParam } from '../validation.ts';
import { adminPageQuery } from './staff.ts';
import {
  MAX_REVIEW_PHOTOS,
  MAX_REVIEW_REPLY,
  MAX_REVIEW_TEXT,
  MAX_REVIEW_TITLE,
  reviewSortValues,
  reviewStatusValues,
} from '../review-values.ts';

/*
 * Reviews and ratings of goods (`/v1/home/goods/:id/reviews`, `/v1/home/reviews/photos`, `/v1/admin/reviews`).
 * A shopper whose order of the goods was delivered rates it once; staff publish or reject it and may reply.
 */

/** What listings show of a goods' published reviews: their average (two decimals) and how many there are. */
export const goodsRatingSchema = z.object({
  average: z.number(),
  count: z.number().int(),
});
export type GoodsRating = z.infer<typeof goodsRatingSchema>;

/** Published reviews of a goods: average, count and how many gave each number of stars, 5 down to 1. */
export const reviewSummarySchema = goodsRatingSchema.extend({
  distribution: z.array(z.object({ stars: z.number().int(), count: z.number().int() })),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

/** A photo uploaded for a review: `/media/<sha-256 prefix>.webp`, as `POST /v1/home/reviews/photos` gives it. */
export const reviewPhotoUrl = z
  .string({ error: 'validation.invalid' })
  .regex(/^\/media\/[0-9a-f]{32}\.webp$/, { error: 'validation.review.photo' });

export const reviewSchema = z.object({
  id: z.string(),
  goodsId: z.string(),
  rating: z.number().int(),
  title: z.string(),
  text: z.string(),
  photos: z.array(z.string()),
  /** The author's nickname, or a masked form of their address when they have none. */
  author: z.string(),
  /** The author received the goods from this shop (every review here comes from a delivered order). */
  verified: z.boolean(),
  status: z.enum(reviewStatusValues),
  /** The shop's public reply, once staff gave one. */
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/** `GET /v1/home/goods/:id/reviews`. */
export const reviewsQuerySchema = z.strictObject({
  sort: z.enum(reviewSortValues, { error: 'validation.invalid' }).default('newest'),
  page: intParam(1, 100_000).default(1),
  pageSize: intParam(1, 50).default(10),
});
export type ReviewsQuery = z.infer<typeof reviewsQuerySchema>;

export const reviewsPageMetaSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  summary: reviewSummarySchema,
  /** The reader's own review in any status (pending ones only they see), null for guests or without one. */
  mine: reviewSchema.nullable(),
  /** Whether the reader may write (or edit) a review: logged in with a delivered order of the goods. */
  canReview: z.boolean(),
});
export type ReviewsPageMeta = z.infer<typeof reviewsPageMetaSchema>;

/** `POST /v1/home/goods/:id/reviews`: creates the shopper's review, or edits it (back to pending). */
export const writeReviewBodySchema = z.strictObject({
  rating: z
    .number({ error: 'validation.review.rating' })
    .int({ error: 'validation.review.rating' })
    .min(1, { error: 'validation.review.rating' })
    .max(5, { error: 'validation.review.rating' }),
  title: textParam(MAX_REVIEW_TITLE).min(1, { error: 'validation.required' }),
  text: textParam(MAX_REVIEW_TEXT).min(1, { error: 'validation.required' }),
  photos: z
    .array(reviewPhotoUrl, { error: 'validation.invalid' })
    .max(MAX_REVIEW_PHOTOS, { error: 'validation.review.photos' })
    .default([]),
});
export type WriteReviewBody = z.infer<typeof writeReviewBodySchema>;
export type WriteReviewInput = z.input<typeof writeReviewBodySchema>;

export const reviewPhotoSchema = z.object({ url: z.string() });

/** `GET /v1/admin/reviews`: the moderation queue. */
export const adminReviewsQuerySchema = z.strictObject({
  status: z.enum(reviewStatusValues, { error: 'validation.invalid' }).optional(),
  goodsId: idField.optional(),
  ...adminPageQuery,
});
export type AdminReviewsQuery = z.infer<typeof adminReviewsQuerySchema>;

export const adminReviewSchema = reviewSchema.extend({
  goodsName: z.string(),
  shopper: z.object({ id: z.string(), email: z.string(), nickname: z.string() }),
  orderId: z.string(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

/** `POST /v1/admin/reviews/:id/reply`: the shop's public answer under the review. */
export const replyReviewBodySchema = z.strictObject({
  reply: textParam(MAX_REVIEW_REPLY).min(1, { error: 'validation.required' }),
});
