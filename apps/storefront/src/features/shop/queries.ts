import { queryOptions, useQuery } from '@tanstack/react-query';
import { effects } from '../../api.ts';

const LONG_STALE_MS = 5 * 60_000;

/** Shop settings (`GET /v1/home/systems`): name, logo, currency, banners, shipping, contact. */
export const systemsQuery = queryOptions({
  queryKey: ['systems'],
  queryFn: ({ signal }) => effects.fetchSystems({ signal }),
  staleTime: LONG_STALE_MS,
});

export const useSystems = () => useQuery(systemsQuery);

/** Every category, parents and children (`GET /v1/home/categories`). */
export const categoriesQuery = queryOptions({
  queryKey: ['categories'],
  queryFn: ({ signal }) => effects.fetchCategories({ signal }),
  staleTime: LONG_STALE_MS,
});

export const useCategories = () => useQuery(categoriesQuery);

/** Coupons on offer; a logged-in shopper's copy says whether each is claimed and usable, hence the key. */
export const couponsQuery = (shopperId: string | null) =>
  queryOptions({
    queryKey: ['coupons', shopperId],
    queryFn: ({ signal }) => effects.fetchCoupons({ signal }),
  });

export const useCoupons = (shopperId: string | null, enabled = true) =>
  useQuery({ ...couponsQuery(shopperId), enabled });

/** The shop's markets (`GET /v1/home/markets`), for the header's market menu. */
export const marketsQuery = queryOptions({
  queryKey: ['markets'],
  queryFn: ({ signal }) => effects.fetchMarkets({ signal }),
  staleTime: LONG_STALE_MS,
});

export const useMarkets = () => useQuery(marketsQuery);

/** The market the shopper's prices are in now (`GET /v1/home/market`). */
export const currentMarketQuery = queryOptions({
  queryKey: ['market'],
  queryFn: ({ signal }) => effects.fetchMarket({ signal }),
  staleTime: LONG_STALE_MS,
});

export const useCurrentMarket = () => useQuery(currentMarketQuery);
