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

/**
 * Hearts or un-hearts a goods; the server's answer is the list as it now stands. The toggles of every heart on
 * the page run one after another (one `scope`), so answers arriving out of order cannot undo a later heart. A
 * list still being read when a heart is pressed is cancelled first: read before the change, it would overwrite
 * the answer. A press is never dropped for want of the list: it does what the heart showed (empty: save).
 */
export function useWishlistToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: 'wishlist' },
    mutationFn: async ({ goodsId, saved }: { goodsId: string; saved: boolean }) => {
      await queryClient.cancelQueries({ queryKey: WISHLIST_KEY });
      return saved ? effects.addToWishlist(goodsId) : effects.removeFromWishlist(goodsId);
    },
    onSuccess: (list: Wishlist) => queryClient.setQueryData(WISHLIST_KEY, list),
    onError: (error) => {
      reportFailure(error);
      // What the server holds is not known now: read it again rather than leave the heart as pressed.
      void queryClient.invalidateQueries({ queryKey: WISHLIST_KEY });
    },
  });
}
