import type { ListedGoods } from '@shop/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { effects } from '../../api.ts';
import { useShopper } from '../session/use-shopper.ts';
import { forgetViewed, readViewed, rememberViewed } from './viewed-storage.ts';

export const RECENTLY_VIEWED_KEY = ['recentlyViewed'] as const;

/**
 * The visitor's recently viewed goods, newest first: a guest's from this browser (described by the API), a
 * signed-in shopper's from their account. The first time a shopper is known after signing in, what the browser
 * kept as a guest is merged into the account and forgotten here.
 */
export function useRecentlyViewed() {
  const shopper = useShopper();
  const shopperId = shopper.data?.id;
  return useQuery({
    queryKey: [...RECENTLY_VIEWED_KEY, shopperId ?? 'guest'],
    enabled: !shopper.isPending,
    queryFn: async ({ signal }): Promise<ListedGoods[]> => {
      const kept = readViewed();
      if (!shopperId) return kept.length ? effects.fetchRecentlyViewed(kept, { signal }) : [];
      if (kept.length === 0) return effects.fetchRecentlyViewed([], { signal });
      const merged = await effects.recordViewed(kept, { signal });
      forgetViewed();
      return merged;
    },
  });
}

/** Remembers that this goods' page was seen: in the browser for a guest, in the account once signed in. */
export function useRecordView(goodsId: string | undefined) {
  const shopper = useShopper();
  const queryClient = useQueryClient();
  const known = !shopper.isPending;
  const shopperId = shopper.data?.id;
  useEffect(() => {
    if (!goodsId || !known) return;
    const done = () => void queryClient.invalidateQueries({ queryKey: RECENTLY_VIEWED_KEY });
    if (!shopperId) {
      rememberViewed(goodsId);
      done();
      return;
    }
    // A guest's list goes with the first view after signing in.
    const ids = [goodsId, ...readViewed().filter((id) => id !== goodsId)];
    effects.recordViewed(ids).then(() => {
      forgetViewed();
      done();
    }, done);
  }, [goodsId, known, shopperId, queryClient]);
}

export const useRelatedGoods = (goodsId: string) =>
  useQuery({
    queryKey: ['goods', 'related', goodsId],
    queryFn: ({ signal }) => effects.fetchRelated(goodsId, { signal }),
  });
