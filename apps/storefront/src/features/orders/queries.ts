import { useQuery } from '@tanstack/react-query';
import { effects } from '../../api.ts';

export const CART_KEY = ['cart'] as const;
export const ADDRESSES_KEY = ['addresses'] as const;

export const useCart = () =>
  useQuery({ queryKey: CART_KEY, queryFn: ({ signal }) => effects.fetchCart({ signal }) });

export const useAddresses = () =>
  useQuery({ queryKey: ADDRESSES_KEY, queryFn: ({ signal }) => effects.fetchAddresses({ signal }) });

export const useRegions = () =>
  useQuery({
    queryKey: ['regions'],
    queryFn: ({ signal }) => effects.fetchRegions({ signal }),
    staleTime: 60 * 60_000,
  });
