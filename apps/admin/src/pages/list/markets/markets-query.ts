import { queryOptions } from '@tanstack/react-query';
import { adminApi } from '../../../api.ts';

/** The markets as staff see them (any member of staff reads them; a change's reply replaces the cached list). */
export const MARKETS_KEY = ['admin', 'markets'] as const;

export const marketsQuery = queryOptions({
  queryKey: MARKETS_KEY,
  queryFn: ({ signal }) => adminApi.markets.list({ signal }),
});
