import type { OrderDetail } from '@shop/contract';
import { isPaid } from './status.ts';

/**
 * What the shopper coming back from the payment page should hear. The gateway's answer reaches the shop only
 * through its webhook, so until then a charge is `processing`.
 */
export type PaymentOutcome = 'paid' | 'declined' | 'processing' | 'unpaid' | 'cancelled' | 'refunded';

/** The outcome for the charge the gateway names (`chargeId`), or for the order's latest charge. */
export function paymentOutcome(order: OrderDetail, chargeId?: string | null): PaymentOutcome {
  if (isPaid(order.status)) return 'paid';
  if (order.status === 'cancelled') return 'cancelled';
  if (order.status === 'refunded') return 'refunded';
  const charge = (chargeId && order.charges.find((c) => c.id === chargeId)) || order.charges.at(-1);
  if (!charge) return 'unpaid';
  if (charge.status === 'failed') return 'declined';
  return 'processing';
}
