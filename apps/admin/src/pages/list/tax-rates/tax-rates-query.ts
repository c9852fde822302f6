import { queryOptions } from '@tanstack/react-query';
import { adminApi } from '../../../api.ts';

/** The tax rates as staff see them (any member of staff reads them; a change's reply replaces the cached list). */
export const TAX_RATES_KEY = ['admin', 'taxes', 'rates'] as const;

export const taxRatesQuery = queryOptions({
  queryKey: TAX_RATES_KEY,
  queryFn: ({ signal }) => adminApi.taxes.list({ signal }),
});
