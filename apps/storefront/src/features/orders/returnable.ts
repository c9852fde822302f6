import type { OrderDetail, ReturnStatus } from '@shop/contract';

/** Returns that still hold units: the server counts them against what may be returned again. */
const OPEN_RETURNS: readonly ReturnStatus[] = ['new', 'approved', 'received'];

/** Units of each line the shopper may still ask to return: bought − refunded − units in open returns. */
export function returnableUnits(order: OrderDetail): Map<string, number> {
  const open = new Map<string, number>();
  for (const ret of order.returns) {
    if (!OPEN_RETURNS.includes(ret.status)) continue;
    for (const line of ret.lines) open.set(line.lineId, (open.get(line.lineId) ?? 0) + line.quantity);
  }
  return new Map(
    order.lines.map((line) => [
      line.id,
      Math.max(0, line.quantity - line.refundedQuantity - (open.get(line.id) ?? 0)),
    ]),
  );
}

/** Whether the order may be returned now: inside the shop's window, with some units left to return. */
export function canReturn(order: OrderDetail, now = Date.now()): boolean {
  if (!order.returnableUntil || Date.parse(order.returnableUntil) <= now) return false;
  return [...returnableUnits(order).values()].some((units) => units > 0);
}
