import type { GoodsSort } from '@shop/contract';

/**
 * The goods listing as the home route's query string (`/?keyword=…&categoryId=…&minPrice=…&maxPrice=…&sort=…
 * &page=…`), so a search can be shared and survives a reload. Prices are minor units, as the API takes them.
 * Values the API would refuse are dropped here rather than sent, so a hand-edited link still shows a list.
 */
export interface ListingFilter {
  keyword?: string;
  categoryId?: string;
  minPrice?: number;
  maxPrice?: number;
  sort: GoodsSort;
  page: number;
}

// The contract's sort values, spelt out: importing its value list would bring the contract's schemas along.
export const GOODS_SORTS: readonly GoodsSort[] = ['newest', 'sales', 'price_asc', 'price_desc'];
const LISTING_KEYS = ['keyword', 'categoryId', 'minPrice', 'maxPrice', 'sort', 'page'] as const;
/** The contract's limits for these parameters (`goodsQuerySchema`). */
const MAX_KEYWORD_LENGTH = 100;
const MAX_PRICE = 1_000_000_000;
const MAX_PAGE = 100_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isSort = (value: string | null): value is GoodsSort => GOODS_SORTS.some((sort) => sort === value);

function wholeNumber(value: string | null, min: number, max: number): number | undefined {
  if (value === null || !/^\d{1,12}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= min && number <= max ? number : undefined;
}

/** Whether the query asks for the listing rather than the home page's showcase. */
export function isListing(params: URLSearchParams): boolean {
  return LISTING_KEYS.some((key) => params.has(key));
}

export function parseListing(params: URLSearchParams): ListingFilter {
  const keyword = params.get('keyword')?.trim().slice(0, MAX_KEYWORD_LENGTH);
  const categoryId = params.get('categoryId')?.trim();
  const sort = params.get('sort');
  const filter: ListingFilter = {
    sort: isSort(sort) ? sort : 'newest',
    page: wholeNumber(params.get('page'), 1, MAX_PAGE) ?? 1,
  };
  if (keyword) filter.keyword = keyword;
  if (categoryId && UUID.test(categoryId)) filter.categoryId = categoryId;
  const minPrice = wholeNumber(params.get('minPrice'), 0, MAX_PRICE);
  const maxPrice = wholeNumber(params.get('maxPrice'), 0, MAX_PRICE);
  if (minPrice !== undefined) filter.minPrice = minPrice;
  if (maxPrice !== undefined) filter.maxPrice = maxPrice;
  return filter;
}

/**
 * The query string of a listing, `?…` (never empty: an explicit sort keeps "all goods, newest first" apart from
 * the home page). Page 1 is left out, so changing a filter starts again at the first page.
 */
export function listingSearch(filter: Partial<ListingFilter>): string {
  const params = new URLSearchParams();
  if (filter.keyword) params.set('keyword', filter.keyword);
  if (filter.categoryId) params.set('categoryId', filter.categoryId);
  if (filter.minPrice !== undefined) params.set('minPrice', String(filter.minPrice));
  if (filter.maxPrice !== undefined) params.set('maxPrice', String(filter.maxPrice));
  params.set('sort', filter.sort ?? 'newest');
  if (filter.page !== undefined && filter.page > 1) params.set('page', String(filter.page));
  return `?${params.toString()}`;
}

/** The link to a listing on the home route. */
export const listingPath = (filter: Partial<ListingFilter>) => `/${listingSearch(filter)}`;
