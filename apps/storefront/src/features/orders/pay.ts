import { newIdempotencyKey } from '@shop/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { effects } from '../../api.ts';
import { currentLocale } from '../../i18n/intl-store.ts';
import { useReportFailure } from './failure.ts';
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

/**
 * Pays an unpaid order: creates a sandbox charge and opens the gateway's payment page, which brings the shopper
 * back to `/tips`. One Idempotency-Key per attempt: a retry after a failed or unanswered request reuses it (so
 * it cannot open a second charge), while paying again after the page was left starts a new attempt.
 */
export function usePayOrder() {
  const queryClient = useQueryClient();
  const onError = useReportFailure();
  const attempts = useRef(new Map<string, string>());
  return useMutation({
    mutationFn: async (orderId: string) => {
      let key = attempts.current.get(orderId);
      if (!key) {
        key = newIdempotencyKey();
        attempts.current.set(orderId, key);
      }
      const charge = await effects.createCharge({ orderId, channel: 'sandbox' }, key);
      attempts.current.delete(orderId);
      if (!isSafePayUrl(charge.payUrl)) throw new Error(`refused payment page address: ${charge.payUrl}`);
      window.location.assign(inShopperLanguage(charge.payUrl, currentLocale()));
    },
    onError: (error) => {
      onError(error);
      // Refused (paid meanwhile, cancelled by the payment window): the pages show the order as it is now.
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
  });
}
