import { goodsSortValues, listingSort, MAX_OPTION_FILTERS, OPTIONS_PARAM } from '@shop/contract';
import type { GoodsSort } from '@shop/contract';

/**
 * The goods listing as the home route's query string (`/?keyword=…&categoryId=…&minPrice=…&maxPrice=…&inStock=true
 * &options=color:black,size:m&sort=…&page=…`), so a search can be shared and survives a reload. Prices are minor
 * units, as the API takes them. Values the API would refuse are dropped here rather than sent, so a hand-edited
 * link still shows a list.
 */
export interface ListingFilter {
  keyword?: string;
  categoryId?: string;
  minPrice?: number;
  maxPrice?: number;
  /** Only goods with units in stock. */
  inStock?: true;
  /** Chosen option values as `option:value` facet keys, each once, sorted (one query for one choice). */
  options?: string[];
  sort: GoodsSort;
  page: number;
}

export const GOODS_SORTS: readonly GoodsSort[] = goodsSortValues;
const LISTING_KEYS = [
  'keyword',
  'categoryId',
  'minPrice',
  'maxPrice',
  'inStock',
  'options',
  'sort',
  'page',
] as const;
/** The contract's limits for these parameters (`goodsQuerySchema`). */
const MAX_KEYWORD_LENGTH = 100;
const MAX_PRICE = 1_000_000_000;
const MAX_PAGE = 100_000;
const MAX_OPTIONS_LENGTH = MAX_OPTION_FILTERS * 40;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isSort = (value: string | null): value is GoodsSort => GOODS_SORTS.some((sort) => sort === value);

function wholeNumber(value: string | null, min: number, max: number): number | undefined {
  if (value === null || !/^\d{1,12}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= min && number <= max ? number : undefined;
}

/**
 * The `option:value` pairs of an `options` parameter the API takes: malformed pairs and repeats dropped, sorted,
 * and no more than its limits (count and length) allow.
 */
export function optionPairs(pairs: Iterable<string>): string[] {
  const valid = [...new Set(pairs)].filter((pair) => OPTIONS_PARAM.test(pair)).sort();
  const kept: string[] = [];
  let length = -1;
  for (const pair of valid) {
    if (kept.length === MAX_OPTION_FILTERS || length + 1 + pair.length > MAX_OPTIONS_LENGTH) break;
    kept.push(pair);
    length += 1 + pair.length;
  }
  return kept;
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
    // Relevance means nothing without a keyword: such a link lists the newest goods.
    sort: listingSort({ sort: isSort(sort) ? sort : undefined, keyword }),
    page: wholeNumber(params.get('page'), 1, MAX_PAGE) ?? 1,
  };
  if (keyword) filter.keyword = keyword;
  if (categoryId && UUID.test(categoryId)) filter.categoryId = categoryId;
  const minPrice = wholeNumber(params.get('minPrice'), 0, MAX_PRICE);
  const maxPrice = wholeNumber(params.get('maxPrice'), 0, MAX_PRICE);
  if (minPrice !== undefined) filter.minPrice = minPrice;
  if (maxPrice !== undefined) filter.maxPrice = maxPrice;
  if (params.get('inStock') === 'true') filter.inStock = true;
  const options = optionPairs(params.get('options')?.split(',') ?? []);
  if (options.length > 0) filter.options = options;
  return filter;
}

/**
 * The query string of a listing, `?…` (never empty: an explicit sort keeps "all goods, newest first" apart from
 * the home page). Page 1 is left out, so changing a filter starts again at the first page. Without a sort, a
 * keyword's listing is by relevance and any other newest first.
 */
export function listingSearch(filter: Partial<ListingFilter>): string {
  const params = new URLSearchParams();
  if (filter.keyword) params.set('keyword', filter.keyword);
  if (filter.categoryId) params.set('categoryId', filter.categoryId);
  if (filter.minPrice !== undefined) params.set('minPrice', String(filter.minPrice));
  if (filter.maxPrice !== undefined) params.set('maxPrice', String(filter.maxPrice));
  if (filter.inStock) params.set('inStock', 'true');
  const options = optionPairs(filter.options ?? []);
  if (options.length > 0) params.set('options', options.join(','));
  params.set('sort', listingSort({ sort: filter.sort, keyword: filter.keyword }));
  if (filter.page !== undefined && filter.page > 1) params.set('page', String(filter.page));
  return `?${params.toString()}`;
}

/** The link to a listing on the home route. */
export const listingPath = (filter: Partial<ListingFilter>) => `/${listingSearch(filter)}`;

/** The listing's query for `GET /v1/home/goods` (the API's own spelling of the in-stock and option filters). */
export function listingQuery({ inStock, options, ...filter }: Omit<ListingFilter, 'page'>) {
  return {
    ...filter,
    ...(inStock && { inStock: 'true' as const }),
    ...(options && options.length > 0 && { options: options.join(',') }),
  };
}

/** How many filters narrow the listing (the price range counts once, each option value once). */
export function activeFilterCount(filter: ListingFilter): number {
  return (
    (filter.categoryId ? 1 : 0) +
    (filter.minPrice !== undefined || filter.maxPrice !== undefined ? 1 : 0) +
    (filter.inStock ? 1 : 0) +
    (filter.options?.length ?? 0)
  );
}

/** The filter with one option value chosen or no longer chosen. */
export function toggleOption(filter: ListingFilter, pair: string, chosen: boolean): string[] | undefined {
  const others = (filter.options ?? []).filter((option) => option !== pair);
  const options = chosen ? optionPairs([...others, pair]) : others;
  return options.length > 0 ? options : undefined;
}
