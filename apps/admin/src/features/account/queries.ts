import { queryOptions } from '@tanstack/react-query';
import type { Region } from '@shop/contract';
import { adminApi } from '../../api.ts';

/** The logged-in member's account settings. */
export const accountQuery = queryOptions({
  queryKey: ['admin', 'account'],
  queryFn: ({ signal }) => adminApi.account.get({ signal }),
});

export const sessionsQuery = queryOptions({
  queryKey: ['admin', 'account', 'sessions'],
  queryFn: ({ signal }) => adminApi.account.sessions({ signal }),
});

export const activityQuery = queryOptions({
  queryKey: ['admin', 'account', 'activity'],
  queryFn: ({ signal }) => adminApi.account.activity({ page: 1, pageSize: 10 }, { signal }),
});

/** The region tree (country → province → city) in the UI locale, as the storefront's address form uses it. */
export const regionsQuery = (locale: string) =>
  queryOptions({
    queryKey: ['admin', 'regions', locale],
    queryFn: ({ signal }) => adminApi.http.get<Region[]>('/home/regions', undefined, { signal }),
    staleTime: Infinity,
  });

/** "Country · Province · City" for stored region codes, from the region tree. */
export function regionLabel(
  regions: readonly Region[] | undefined,
  country: string,
  province: string,
): string {
  if (!regions || !country) return '';
  const names: string[] = [];
  let level: readonly Region[] | undefined = regions;
  for (const code of [country, ...province.split('/').filter(Boolean)]) {
    const found: Region | undefined = level?.find((region) => region.code === code);
    if (!found) break;
    names.push(found.name);
    level = found.children;
  }
  return names.join(' · ');
}
