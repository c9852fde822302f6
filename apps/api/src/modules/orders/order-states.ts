import type { OrderStatus } from '@shop/contract';

/**
 * The order lifecycle as a table (contract "Order states"): a change not listed here is refused, never
 * applied quietly.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending_payment: ['paid', 'cancelled'],
  paid: ['shipped', 'refunded', 'partially_refunded'],
  shipped: ['completed', 'refunded', 'partially_refunded'],
  // Returns come after delivery: a completed order may still give money back.
  completed: ['refunded', 'partially_refunded'],
  cancelled: [],
  refunded: [],
  // Part of the money went back; the rest of the order goes on (shipped if it was not yet, then completed).
  partially_refunded: ['shipped', 'completed', 'refunded', 'partially_refunded'],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** The states an order may be in for it to move to `to`. */
export function sourcesOf(to: OrderStatus): OrderStatus[] {
  return (Object.keys(ORDER_TRANSITIONS) as OrderStatus[]).filter((from) => canTransition(from, to));
}

/**
 * What staff may do to an order, and from which states (contract: `paid → shipped`, `paid|shipped → refunded`,
 * by staff). Each is a transition of the table above; `returnsStock` lists the states in which the goods are
 * still in the warehouse, so a refund from them puts the units back on sale.
 */
export const STAFF_ACTIONS = {
  ship: { from: ['paid', 'partially_refunded'], to: 'shipped', returnsStock: [] },
  refund: {
    from: ['paid', 'shipped', 'completed', 'partially_refunded'],
    to: 'refunded',
    returnsStock: ['paid'],
  },
} as const satisfies Record<
  string,
  { from: readonly OrderStatus[]; to: OrderStatus; returnsStock: readonly OrderStatus[] }
>;
export type StaffAction = keyof typeof STAFF_ACTIONS;

export function staffMay(action: StaffAction, status: OrderStatus): boolean {
  return (STAFF_ACTIONS[action].from as readonly OrderStatus[]).includes(status);
}

/** Whether undoing an order in `status` with `action` gives its units back to stock. */
export function returnsStock(action: StaffAction, status: OrderStatus): boolean {
  return (STAFF_ACTIONS[action].returnsStock as readonly OrderStatus[]).includes(status);
}
