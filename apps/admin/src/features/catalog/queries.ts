import { queryOptions } from '@tanstack/react-query';
import { Code } from '@shop/contract';
import type { AdminCategory, AdminGoodsDetail, AdminShopSettings } from '@shop/contract';
import { adminApi } from '../../api.ts';

/** Keys of the catalog area; everything under `['admin', 'catalog']` is refetched after a change. */
export const CATALOG_KEY = ['admin', 'catalog'] as const;

export const categoriesQuery = queryOptions({
  queryKey: [...CATALOG_KEY, 'categories'],
  queryFn: ({ signal }) => adminApi.http.get<AdminCategory[]>('/admin/categories', undefined, { signal }),
});

export const goodsDetailQuery = (id: string) =>
  queryOptions({
    queryKey: [...CATALOG_KEY, 'goods', id],
    queryFn: ({ signal }) =>
      adminApi.http.get<AdminGoodsDetail>(`/admin/goods/${encodeURIComponent(id)}`, undefined, {
        signal,
        handles: [Code.notFound],
      }),
  });

export const settingsQuery = queryOptions({
  queryKey: [...CATALOG_KEY, 'settings'],
  queryFn: ({ signal }) =>
    adminApi.http.get<AdminShopSettings>('/admin/settings', undefined, { signal, handles: [Code.forbidden] }),
});
