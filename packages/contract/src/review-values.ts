/*
 * Plain values of reviews that the storefront's and back office's pages need at run time, kept free of zod: pages
 * import them without loading the schemas (e2e/storefront-bundle.test.ts holds the line).
 */

export const MAX_REVIEW_PHOTOS = 3;
export const MAX_REVIEW_TITLE = 120;
export const MAX_REVIEW_TEXT = 4000;
export const MAX_REVIEW_REPLY = 2000;
/** A review photo is shown at most this many pixels on its longer side. */
export const REVIEW_PHOTO_SIDE = 1024;

export const reviewStatusValues = ['pending', 'published', 'rejected'] as const;
export type ReviewStatus = (typeof reviewStatusValues)[number];

/** Shoppers' orders: newest first (the default), best or worst rating first, or those with photos first. */
export const reviewSortValues = ['newest', 'highest', 'lowest', 'photos'] as const;
export type ReviewSort = (typeof reviewSortValues)[number];
