import { ORDER_TOKEN_HEADER } from '@shop/contract';
import type { CallOptions } from '@shop/api-client';

/**
 * A guest checkout's order opens without a session by the token of its link (`/my/order?id=…&token=…`): the
 * pages read it from their address, send it as a header and keep it in every link back to the order.
 */
export function withOrderToken(token: string | null | undefined, call: CallOptions = {}): CallOptions {
  return token ? { ...call, headers: { ...call.headers, [ORDER_TOKEN_HEADER]: token } } : call;
}

/** The order's page; a guest's carries its token. */
export function orderPath(id: string, token?: string | null): string {
  return `/my/order?id=${encodeURIComponent(id)}${token ? `&token=${encodeURIComponent(token)}` : ''}`;
}

/** The token a page was opened with, if any. */
export function orderTokenIn(params: URLSearchParams): string | null {
  return params.get('token')?.trim() || null;
}
