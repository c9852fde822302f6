import type { Charge, OrderStatus } from '@shop/contract';
import type { MessageId } from '../../i18n/message-id.ts';

export const ORDER_STATUS_LABELS: Record<OrderStatus, MessageId> = {
  pending_payment: 'order.status.pendingPayment',
  paid: 'order.status.paid',
  shipped: 'order.status.shipped',
  completed: 'order.status.completed',
  cancelled: 'order.status.cancelled',
  refunded: 'order.status.refunded',
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
};

/** States in which the order's money has been received. */
export const isPaid = (status: OrderStatus) =>
  status === 'paid' || status === 'shipped' || status === 'completed';
