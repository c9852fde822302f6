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

export const useCategories = () =>
  useQuery({
    queryKey: ['categories'],
    queryFn: ({ signal }) => effects.fetchCategories({ signal }),
    staleTime: LONG_STALE_MS,
  });

/** Coupons on offer; a logged-in shopper's copy says whether each is claimed and usable, hence the key. */
export const useCoupons = (shopperId: string | null) =>
  useQuery({
    queryKey: ['coupons', shopperId],
    queryFn: ({ signal }) => effects.fetchCoupons({ signal }),
  });
