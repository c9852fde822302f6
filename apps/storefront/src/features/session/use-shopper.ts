import { AppError, SIGNED_IN_HINT_COOKIE } from '@shop/contract';
import type { User } from '@shop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { effects } from '../../api.ts';
import { CART_KEY } from '../orders/queries.ts';

export const SHOPPER_KEY = ['shopper'] as const;

const hasSignedInHint = () =>
  document.cookie.split(';').some((pair) => pair.trim().startsWith(`${SIGNED_IN_HINT_COOKIE}=`));

/**
 * The logged-in shopper, or `null` for a guest. Without the signed-in hint cookie the visitor is a guest and
 * the server is not asked; otherwise any refusal of `GET /v1/home/users/me` (401 once the session ended, or
 * anything else) means "guest".
 */
export const shopperQuery = queryOptions({
  queryKey: SHOPPER_KEY,
  queryFn: async ({ signal }): Promise<User | null> => {
    if (!hasSignedInHint()) return null;
    try {
      return await effects.fetchCurrentUser({ signal });
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  },
  staleTime: 5 * 60_000,
});

export const useShopper = () => useQuery(shopperQuery);

/** Queries whose answer depends on who is logged in: refetched when that changes. */
const PER_SHOPPER_KEYS = [['coupons'], CART_KEY, ['wishlist']];

/** After a login: the header and guarded pages show the shopper at once, without asking `/users/me`. */
export function signedIn(queryClient: QueryClient, user: User): void {
  queryClient.removeQueries({ queryKey: ['user'] });
  queryClient.setQueryData(SHOPPER_KEY, user);
  for (const queryKey of PER_SHOPPER_KEYS) void queryClient.invalidateQueries({ queryKey });
}

/** After a logout: nothing of the shopper stays in the cache. */
export function signedOut(queryClient: QueryClient): void {
  queryClient.setQueryData(SHOPPER_KEY, null);
  queryClient.removeQueries({ queryKey: ['user'] });
  for (const queryKey of PER_SHOPPER_KEYS) void queryClient.invalidateQueries({ queryKey });
}

export const ShopperContext = createContext<User | null>(null);

/** The shopper of a page behind `RequireShopper`. */
export function useSignedInShopper(): User {
  const shopper = useContext(ShopperContext);
  if (!shopper) throw new Error('useSignedInShopper is only for pages behind RequireShopper');
  return shopper;
}
