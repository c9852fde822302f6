import { queryOptions } from '@tanstack/react-query';
import type { Locale, Systems } from '@shop/contract';
import { adminApi } from '../../api.ts';

/** Everything under this key shows the shop's public settings: refetched after staff change them. */
export const SHOP_KEY = ['admin', 'shop'] as const;

/**
 * The shop's public settings as shoppers see them in `locale`: its name, currency (the shop's own, not a market's)
 * and default locale (any member of staff may read them).
 */
export const shopQuery = (locale: Locale) =>
  queryOptions({
    queryKey: [...SHOP_KEY, locale],
    // Shoppers' replies carry their market's currency; staff work in the shop's own.
    queryFn: async ({ signal }) => {
      const shop = await adminApi.http.get<Systems>('/home/systems', undefined, { signal });
      return { ...shop, currency: shop.shopCurrency };
    },
    staleTime: 60_000,
  });

/** The shop's currency: money typed in forms and filters is in major units of it. */
export const shopCurrencyQuery = (locale: Locale) =>
  queryOptions({ ...shopQuery(locale), select: (shop) => shop.currency });
