/*
 * Plain values of the catalog's listing parameters that pages need at run time, kept free of zod: the storefront's
 * pages import them without loading the schemas (e2e/storefront-bundle.test.ts holds the line).
 */

export const goodsSortValues = ['relevance', 'newest', 'sales', 'price_asc', 'price_desc'] as const;
export type GoodsSort = (typeof goodsSortValues)[number];

/** Most option filters a listing takes at once (`options=color:black,size:m`). */
export const MAX_OPTION_FILTERS = 20;
/**
 * A facet key: an option or value name in the shop's default language, lower-cased, accents dropped, and every
 * run of characters that are neither letters nor digits made one hyphen ("Color" → `color`, "10000 mAh" →
 * `10000-mah`, "颜色" → `颜色`). The same on every goods that names its option the same.
 */
const FACET_KEY = String.raw`[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*`;
export const OPTIONS_PARAM = new RegExp(`^${FACET_KEY}:${FACET_KEY}(?:,${FACET_KEY}:${FACET_KEY})*$`, 'u');

export function facetKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join('-');
}

/**
 * Upper bounds (inclusive, minor units) of the price bands a listing counts; the last band has no upper bound.
 * A band filters as `minPrice` = the previous bound + 1 (0 for the first) and `maxPrice` = its bound.
 */
export const PRICE_BAND_BOUNDS = [1_999, 4_999, 9_999, 19_999, 49_999] as const;

/** The order a listing is in: the one asked for, else by relevance when searching and newest first otherwise. */
export function listingSort(query: {
  sort?: GoodsSort | undefined;
  keyword?: string | undefined;
}): GoodsSort {
  if (query.sort === 'relevance') return query.keyword ? 'relevance' : 'newest';
  return query.sort ?? (query.keyword ? 'relevance' : 'newest');
}

/** The `options` parameter as option key → the value keys asked for. */
export function parseOptionFilters(param: string | undefined): Map<string, Set<string>> {
  const filters = new Map<string, Set<string>>();
  for (const pair of param ? param.split(',') : []) {
    const [option = '', value = ''] = pair.split(':');
    filters.set(option, (filters.get(option) ?? new Set()).add(value));
  }
  return filters;
}

/** Most search synonym groups per language, and words per group (zod-free: the back office's form reads them). */
export const MAX_SYNONYM_GROUPS = 200;
export const MAX_SYNONYMS_PER_GROUP = 10;
