import { AppError, SIGNED_IN_HINT_COOKIE } from '@shop/contract';
import type { User } from '@shop/contract';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { effects } from '../../api.ts';

export const SHOPPER_KEY = ['shopper'] as const;

const hasSignedInHint = () =>
  document.cookie.split(';').some((pair) => pair.trim().startsWith(`${SIGNED_IN_HINT_COOKIE}=`));

/**
 * The logged-in shopper, or `null` for a guest. Without the signed-in hint cookie the visitor is a guest and
 * the server is not asked; otherwise any refusal of `GET /v1/home/users/me` (401 once the session ended, or
 * anything else) means "guest".
 */
export function useShopper() {
  return useQuery({
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
}

export const ShopperContext = createContext<User | null>(null);

/** The shopper of a page behind `RequireShopper`. */
export function useSignedInShopper(): User {
  const shopper = useContext(ShopperContext);
  if (!shopper) throw new Error('useSignedInShopper is only for pages behind RequireShopper');
  return shopper;
}
