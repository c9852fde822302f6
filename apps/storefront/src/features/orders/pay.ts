import { newIdempotencyKey } from '@shop/api-client';
import { effects } from '../../api.ts';

/** Only the shop's own pages or a web address are followed; any other scheme is refused. */
export function isSafePayUrl(url: string): boolean {
  return (url.startsWith('/') && !url.startsWith('//')) || /^https?:\/\//i.test(url);
}

/**
 * Starts paying an order with the sandbox gateway and opens its payment page; without one the shopper lands
 * on `/tips`, which shows the payment's state.
 */
export async function payOrder(orderId: string, navigate: (to: string) => void): Promise<void> {
  const charge = await effects.createCharge({ orderId, channel: 'sandbox' }, newIdempotencyKey());
  if (charge.payUrl && isSafePayUrl(charge.payUrl)) window.location.assign(charge.payUrl);
  else navigate(`/tips?orderId=${encodeURIComponent(orderId)}`);
}
