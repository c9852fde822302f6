/*
 * Plain values of "Recently viewed" and "Related", free of zod: the storefront's pages import them without loading
 * the schemas (e2e/storefront-bundle.test.ts holds the line).
 */

/** Goods kept in a shopper's "Recently viewed" (in the browser for guests, on the server once signed in). */
export const RECENTLY_VIEWED_LIMIT = 12;
/** Goods a detail page's "Related" shows at most. */
export const RELATED_GOODS_LIMIT = 8;
/** The browser's key (localStorage) for a guest's recently viewed goods: a JSON array of ids, newest first. */
export const RECENTLY_VIEWED_STORAGE_KEY = 'shop.recentlyViewed';

/** `ids` with `id` in front, each once, at most `RECENTLY_VIEWED_LIMIT`. */
export function withViewed(ids: readonly string[], viewed: readonly string[]): string[] {
  return [...new Set([...viewed, ...ids])].slice(0, RECENTLY_VIEWED_LIMIT);
}
