import { newIdempotencyKey } from '@shop/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { effects } from '../../api.ts';
import { currentLocale } from '../../i18n/intl-store.ts';
import { useReportFailure } from './failure.ts';
import { withOrderToken } from './order-token.ts';
import { ORDERS_KEY } from './queries.ts';

/** Only the shop's own pages or a web address are followed; any other scheme is refused. */
export function isSafePayUrl(url: string): boolean {
  return (url.startsWith('/') && !url.startsWith('//')) || /^https?:\/\//i.test(url);
}

/** The gateway's page in the language the shopper chose in the shop (not merely the browser's). */
export function inShopperLanguage(payUrl: string, locale: string | undefined): string {
  if (!locale) return payUrl;
  return `${payUrl}${payUrl.includes('?') ? '&' : '?'}lang=${encodeURIComponent(locale)}`;
}

/** A guest's order token for the gateway to hand back in its links home (the order's page needs it). */
export function withReturnToken(payUrl: string, token: string | null | undefined): string {
  if (!token) return payUrl;
  return `${payUrl}${payUrl.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}

/**
 * Pays an unpaid order: creates a sandbox charge and opens the gateway's payment page, which brings the shopper
 * back to `/tips`. One Idempotency-Key per attempt: a retry after a failed or unanswered request reuses it (so
 * it cannot open a second charge), while paying again after the page was left starts a new attempt. A guest's
 * order is paid with its `token` (the hook's, or one given with the order just placed), which the gateway's
 * links home carry too.
 */
export function usePayOrder(token?: string | null) {
  const queryClient = useQueryClient();
  const onError = useReportFailure();
  const attempts = useRef(new Map<string, string>());
  return useMutation({
    mutationFn: async (target: string | { orderId: string; token: string }) => {
      const { orderId, token: orderToken } = typeof target === 'string' ? { orderId: target, token } : target;
      let key = attempts.current.get(orderId);
      if (!key) {
        key = newIdempotencyKey();
        attempts.current.set(orderId, key);
      }
      const charge = await effects.createCharge(
        { orderId, channel: 'sandbox' },
        key,
        withOrderToken(orderToken),
      );
      attempts.current.delete(orderId);
      if (!isSafePayUrl(charge.payUrl)) throw new Error(`refused payment page address: ${charge.payUrl}`);
      window.location.assign(withReturnToken(inShopperLanguage(charge.payUrl, currentLocale()), orderToken));
    },
    onError: (error) => {
      onError(error);
      // Refused (paid meanwhile, cancelled by the payment window): the pages show the order as it is now.
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
  });
}
