import type { GoodsListQuery } from '@shop/api-client';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { effects } from '../../api.ts';

export const HOME_PAGE_SIZE = 20;

/** Goods for the home list, 20 a page, with "load more" following the envelope's page meta. */
export function useGoodsList(filter: Omit<GoodsListQuery, 'page' | 'pageSize'>) {
  return useInfiniteQuery({
    queryKey: ['goods', filter],
    queryFn: ({ pageParam, signal }) =>
      effects.fetchGoods({ ...filter, pageSize: HOME_PAGE_SIZE, page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: ({ meta }) => (meta.page * meta.pageSize < meta.total ? meta.page + 1 : undefined),
  });
}

export function useGoods(id: string) {
  return useQuery({
    queryKey: ['goods', 'detail', id],
    queryFn: ({ signal }) => effects.fetchGood(id, { signal }),
  });
}
