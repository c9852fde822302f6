import { useQuery } from '@tanstack/react-query';
import { effects } from '../../api.ts';

// Keys of one shopper's own data carry the shopper's id: after a logout and another login in the same tab, the
// cache can never show the next shopper what the previous one left. Invalidating a prefix reaches them all.
export const CART_KEY = ['cart'] as const;
export const ADDRESSES_KEY = ['addresses'] as const;
export const ORDERS_KEY = ['orders'] as const;
export const PREVIEW_KEY = ['orderPreview'] as const;

export const useCart = () =>
  useQuery({ queryKey: CART_KEY, queryFn: ({ signal }) => effects.fetchCart({ signal }) });

export const useAddresses = (shopperId: string) =>
  useQuery({
    queryKey: [...ADDRESSES_KEY, shopperId],
    queryFn: ({ signal }) => effects.fetchAddresses({ signal }),
  });

export const useRegions = () =>
  useQuery({
    queryKey: ['regions'],
    queryFn: ({ signal }) => effects.fetchRegions({ signal }),
    staleTime: 60 * 60_000,
  });

/** The cities or districts below `parent` (none while `parent` is undefined), fetched as the shopper chooses. */
export const useRegionChildren = (parent: string | undefined) =>
  useQuery({
    queryKey: ['regions', 'children', parent],
    queryFn: ({ signal }) => effects.fetchRegionChildren(parent!, { signal }),
    enabled: parent !== undefined,
    staleTime: 60 * 60_000,
  });
