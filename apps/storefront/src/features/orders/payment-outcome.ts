import type { OrderDetail, OrderRefund } from '@shop/contract';
import { isPaid } from './status.ts';

/**
 * What the shopper coming back from the payment page should hear. The gateway's answer reaches the shop only
 * through its webhook, so until then a charge is `processing`. A pay link that was replaced or voided moved no
 * money (`voided`); a payment the order could not keep (it was already paid, or cancelled) is given back by an
 * automatic refund, which is `autoRefunding` until the provider confirms it.
 */
export type PaymentOutcome =
  | 'paid'
  | 'declined'
  | 'processing'
  | 'unpaid'
  | 'cancelled'
  | 'refunded'
  | 'voided'
  | 'autoRefunding'
  | 'autoRefunded'
  | 'autoRefundFailed';

/** Outcomes that may still change on their own: the page keeps asking. */
export const UNSETTLED_OUTCOMES: ReadonlySet<PaymentOutcome> = new Set(['processing', 'autoRefunding']);

/** The automatic refund of the charge the gateway names, if the order could not keep that payment. */
export function automaticRefundOf(order: OrderDetail, chargeId?: string | null): OrderRefund | undefined {
  if (!chargeId) return undefined;
  return order.refunds.find((refund) => refund.chargeId === chargeId && refund.kind === 'automatic');
}

/**
 * The outcome for the charge the gateway names (`chargeId`), or for the order's latest charge.
 *
 * `submitted`: this page saw the named charge pending, so the shopper's payment may have been captured by the
 * gateway before the order was cancelled in another tab (which voids the link). Its news is still on the way,
 * so a void is not yet proof that no money moved.
 */
export function paymentOutcome(
  order: OrderDetail,
  chargeId?: string | null,
  { submitted = false }: { submitted?: boolean } = {},
): PaymentOutcome {
  const named = chargeId ? order.charges.find((c) => c.id === chargeId) : undefined;
  if (named) {
    const refund = automaticRefundOf(order, named.id);
    if (refund) {
      if (refund.status === 'pending') return 'autoRefunding';
      return refund.status === 'succeeded' ? 'autoRefunded' : 'autoRefundFailed';
    }
    if (named.status === 'voided') return submitted ? 'processing' : 'voided';
    if (named.status === 'pending') return 'processing';
    if (named.status === 'failed') return 'declined';
  }
  if (isPaid(order.status)) return 'paid';
  if (order.status === 'cancelled') return 'cancelled';
  if (order.status === 'refunded') return 'refunded';
  const charge = named || order.charges.at(-1);
  if (!charge) return 'unpaid';
  if (charge.status === 'failed') return 'declined';
  return 'processing';
}
