/*
 * Plain values of the order shapes that pages need at run time, kept free of zod: the storefront's pages import
 * them without loading the schemas (e2e/storefront-bundle.test.ts holds the line).
 */

/** Why a shopper sends goods back (the shopper picks one; staff read it in their language). */
export const returnReasonValues = [
  'damaged',
  'wrong_item',
  'not_as_described',
  'size_or_fit',
  'no_longer_needed',
  'other',
] as const;
export type ReturnReason = (typeof returnReasonValues)[number];

/**
 * The header that carries a guest order's access token (the `token` of its mails' link): it opens that one order
 * without a session.
 */
export const ORDER_TOKEN_HEADER = 'X-Order-Token';
