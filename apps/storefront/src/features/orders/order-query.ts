import { Code } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { effects } from '../../api.ts';
import { withOrderToken } from './order-token.ts';
import { ORDERS_KEY } from './queries.ts';

/**
 * One of the shopper's orders, or a guest's opened by its `token` (`shopperId` null); an unknown (404) or
 * malformed (1) id is the page's "not found", not a toast. Apart from the other queries, which the first page
 * loads: only the order pages need it.
 */
export const orderQuery = (shopperId: string | null, id: string, token?: string | null) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, shopperId ?? 'guest', 'detail', id, token ?? null],
    queryFn: ({ signal }) =>
      effects.fetchOrder(id, withOrderToken(token, { signal, handles: [Code.notFound, Code.validation] })),
  });
