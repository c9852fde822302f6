import type {
  Charge,
  OrderRefund,
  OrderStatus,
  RefundStatus,
  ReturnReason,
  ReturnStatus,
} from '@shop/contract';
import type { MessageId } from '../../i18n/message-id.ts';

export const ORDER_STATUS_LABELS: Record<OrderStatus, MessageId> = {
  pending_payment: 'order.status.pendingPayment',
  paid: 'order.status.paid',
  shipped: 'order.status.shipped',
  completed: 'order.status.completed',
  cancelled: 'order.status.cancelled',
  refunded: 'order.status.refunded',
  partially_refunded: 'order.status.partiallyRefunded',
};

/** In lifecycle order; from the contract's type, so the value list needs no import of its schemas. */
export const ORDER_STATUSES = Object.keys(ORDER_STATUS_LABELS) as OrderStatus[];

/** Who changed an order: the API records `shopper`, `payment` and `system`; anyone else is the shop's staff. */
export function actorLabel(actor: string): MessageId {
  if (actor === 'shopper') return 'orders.actor.shopper';
  if (actor === 'payment') return 'orders.actor.payment';
  if (actor === 'system') return 'orders.actor.system';
  return 'orders.actor.staff';
}

export const CHARGE_STATUS_LABELS: Record<Charge['status'], MessageId> = {
  pending: 'orders.charge.pending',
  succeeded: 'orders.charge.succeeded',
  failed: 'orders.charge.failed',
  voided: 'orders.charge.voided',
  refunded: 'orders.charge.refunded',
  partially_refunded: 'orders.charge.partiallyRefunded',
};

export const REFUND_STATUS_LABELS: Record<RefundStatus, MessageId> = {
  pending: 'orders.refund.pending',
  succeeded: 'orders.refund.succeeded',
  failed: 'orders.refund.failed',
};

export const RETURN_STATUS_LABELS: Record<ReturnStatus, MessageId> = {
  new: 'returns.status.new',
  approved: 'returns.status.approved',
  rejected: 'returns.status.rejected',
  received: 'returns.status.received',
  refunded: 'returns.status.refunded',
};

export const RETURN_REASON_LABELS: Record<ReturnReason, MessageId> = {
  damaged: 'returns.reason.damaged',
  wrong_item: 'returns.reason.wrongItem',
  not_as_described: 'returns.reason.notAsDescribed',
  size_or_fit: 'returns.reason.sizeOrFit',
  no_longer_needed: 'returns.reason.noLongerNeeded',
  other: 'returns.reason.other',
};

/** The words for an automatic refund's cause (the server writes `already_paid` or `order_cancelled`). */
export function refundReasonLabel(refund: Pick<OrderRefund, 'kind' | 'reason'>): MessageId | null {
  if (refund.kind !== 'automatic') return null;
  if (refund.reason === 'already_paid') return 'orders.refund.alreadyPaid';
  if (refund.reason === 'order_cancelled') return 'orders.refund.orderCancelled';
  return 'orders.refund.automatic';
}

/** States in which the order's money has been received (a part may have gone back since). */
export const isPaid = (status: OrderStatus) =>
  status === 'paid' || status === 'shipped' || status === 'completed' || status === 'partially_refunded';
