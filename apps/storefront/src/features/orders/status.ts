import type { OrderStatus } from '@shop/contract';
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
