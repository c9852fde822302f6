import type { Wishlist } from '@shop/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { effects } from '../../api.ts';
import { reportFailure } from '../toast/report.ts';

/** The shopper's or guest's list; after a login or logout it is asked for again (`PER_SHOPPER_KEYS`). */
export const WISHLIST_KEY = ['wishlist'] as const;

export const useWishlist = () =>
  useQuery({
    queryKey: WISHLIST_KEY,
    queryFn: ({ signal }) => effects.fetchWishlist({ signal }),
    staleTime: 60_000,
  });

/** Hearts or un-hearts a goods; the server's answer is the list as it now stands. */
export function useWishlistToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ goodsId, saved }: { goodsId: string; saved: boolean }) =>
      saved ? effects.addToWishlist(goodsId) : effects.removeFromWishlist(goodsId),
    onSuccess: (list: Wishlist) => queryClient.setQueryData(WISHLIST_KEY, list),
    onError: reportFailure,
  });
}
