import { queryOptions } from '@tanstack/react-query';
import { AppError, Code } from '@shop/contract';
import type { AdminOrderDetail, AdminSearchResult, AdminShopperDetail } from '@shop/contract';
import { adminApi } from '../../api.ts';

const enc = encodeURIComponent;

/** Keys of the orders area; an order or a shopper changing refetches everything under it. */
export const ORDERS_AREA_KEY = ['admin', 'orders'] as const;

/** A malformed id answers code 1, an unknown one 404: both are "not found" to the page, which says so itself. */
const NOT_FOUND_CODES: number[] = [Code.notFound, Code.validation];

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: [...ORDERS_AREA_KEY, 'order', id],
    queryFn: ({ signal }) =>
      adminApi.http.get<AdminOrderDetail>(`/admin/orders/${enc(id)}`, undefined, {
        signal,
        handles: NOT_FOUND_CODES,
      }),
  });

export const shopperQuery = (id: string) =>
  queryOptions({
    queryKey: [...ORDERS_AREA_KEY, 'shopper', id],
    queryFn: ({ signal }) =>
      adminApi.http.get<AdminShopperDetail>(`/admin/shoppers/${enc(id)}`, undefined, {
        signal,
        handles: NOT_FOUND_CODES,
      }),
  });

export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: [...ORDERS_AREA_KEY, 'search', q],
    queryFn: ({ signal }) =>
      adminApi.http.get<AdminSearchResult>('/admin/search', { q, limit: 10 }, { signal }),
    enabled: q.trim() !== '',
  });

export const isNotFound = (error: unknown) =>
  error instanceof AppError && (error.code === Code.notFound || error.code === Code.validation);
