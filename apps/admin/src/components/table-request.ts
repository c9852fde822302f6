import type { Page } from '@shop/api-client';

/** What ProTable's `request` passes: its paging (`current`, `pageSize`) and the search form's values. */
export interface TableParams {
  current?: number;
  pageSize?: number;
  keyword?: string;
  [filter: string]: unknown;
}

/** What ProTable's `request` must answer. */
export interface TableReply<T> {
  data: T[];
  total: number;
  success: boolean;
}

/**
 * Adapts a paged back-office call to ProTable's `request`: `current` becomes `page`, empty search fields are
 * left out, and the envelope's `meta.total` feeds the pagination. A failed call has already shown its toast
 * (codes 2, 500) or sent the user to log in (401); the table then shows its empty state.
 *
 * ```tsx
 * <ProTable<GoodsRow>
 *   request={tableRequest((query) => adminApi.http.list<GoodsRow>('/admin/goods', query))}
 *   … />
 * ```
 */
export function tableRequest<T>(
  fetchPage: (query: Record<string, string | number>) => Promise<Page<T>>,
): (params: TableParams) => Promise<TableReply<T>> {
  return async ({ current, pageSize, ...filters }) => {
    const query: Record<string, string | number> = { page: current ?? 1 };
    if (pageSize) query.pageSize = pageSize;
    for (const [key, value] of Object.entries(filters)) {
      if (value === undefined || value === null || value === '') continue;
      if (typeof value === 'string' || typeof value === 'number') query[key] = value;
      else if (typeof value === 'boolean') query[key] = String(value);
    }
    try {
      const page = await fetchPage(query);
      return { data: page.data, total: page.meta.total, success: true };
    } catch {
      return { data: [], total: 0, success: false };
    }
  };
}
