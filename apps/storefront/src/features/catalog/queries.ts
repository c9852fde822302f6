import { Code } from '@shop/contract';
import type { GoodsSort } from '@shop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { effects } from '../../api.ts';
import { listingQuery } from './listing-params.ts';
import type { ListingFilter } from './listing-params.ts';

/** Goods per listing page: a whole number of rows in the 2-, 3- and 4-column grids. */
export const LISTING_PAGE_SIZE = 24;
/** Goods in each showcase row of the home page. */
export const ROW_SIZE = 8;
export const SUGGESTION_COUNT = 5;

/** One page of the listing (`GET /v1/home/goods` with the filter from the URL). */
export const goodsListingQuery = ({ page, ...filter }: ListingFilter) =>
  queryOptions({
    queryKey: ['goods', 'list', filter, page],
    queryFn: ({ signal }) =>
      effects.fetchGoods({ ...listingQuery(filter), page, pageSize: LISTING_PAGE_SIZE }, { signal }),
  });

/** The first goods by one order, for the home page's "new" and "best selling" rows. */
export const goodsRowQuery = (sort: GoodsSort) =>
  queryOptions({
    queryKey: ['goods', 'row', sort],
    queryFn: ({ signal }) => effects.fetchGoods({ sort, pageSize: ROW_SIZE }, { signal }),
  });

/** One goods; an unknown (404) or malformed (1) id is the page's "not found" state, not a toast. */
export const goodsDetailQuery = (id: string) =>
  queryOptions({
    queryKey: ['goods', 'detail', id],
    queryFn: ({ signal }) => effects.fetchGood(id, { signal, handles: [Code.notFound, Code.validation] }),
  });

/** Names for the search box while typing; the previous answer stays up until the next one arrives. */
export const useSuggestions = (keyword: string, enabled: boolean) =>
  useQuery({
    queryKey: ['goods', 'suggest', keyword],
    queryFn: ({ signal }) =>
      effects.suggestGoods({ keyword, pageSize: SUGGESTION_COUNT }, { signal, handles: [Code.validation] }),
    enabled: enabled && keyword !== '',
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });

export const useGoods = (id: string) => useQuery(goodsDetailQuery(id));
