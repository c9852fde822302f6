import { AppError } from '@shop/contract';
import type { AdminOrderDetail, CreateRefundBody } from '@shop/contract';
import { toMajor, toMinor } from '../shop/money.ts';

/** The refund form's values: money in major units as staff type it, one entry per order line (same index). */
export interface RefundFormValues {
  amount?: number | null;
  reason?: string;
  lines?: { quantity?: number | null; restock?: boolean }[];
}

/** Units of a line that can still be refunded. */
export const unitsLeft = (line: AdminOrderDetail['lines'][number]) =>
  Math.max(0, line.quantity - line.refundedQuantity);

/**
 * What the refund form fills in as the amount: the value of the units picked (never more than what is left to
 * refund), or everything that is left when no units are picked. Major units, in the order's currency.
 */
export function suggestedAmount(order: AdminOrderDetail, lines: RefundFormValues['lines']): number {
  const picked = order.lines.reduce(
    (sum, line, index) => sum + line.price * Math.max(0, Math.trunc(lines?.[index]?.quantity ?? 0)),
    0,
  );
  const minor = picked > 0 ? Math.min(picked, order.actions.refundable) : order.actions.refundable;
  return toMajor(minor, order.currency);
}

/** The request body of `POST /v1/admin/orders/:id/refunds`, and which form line each body line came from. */
export function refundBody(
  order: AdminOrderDetail,
  values: RefundFormValues,
): { body: CreateRefundBody; formIndex: number[] } {
  const formIndex: number[] = [];
  const lines: NonNullable<CreateRefundBody['lines']> = [];
  order.lines.forEach((line, index) => {
    const entry = values.lines?.[index];
    const quantity = Math.trunc(entry?.quantity ?? 0);
    if (quantity <= 0) return;
    formIndex.push(index);
    lines.push({ lineId: line.id, quantity, restock: entry?.restock ?? false });
  });
  const body: CreateRefundBody = {
    amount: toMinor(values.amount ?? 0, order.currency),
    reason: (values.reason ?? '').trim(),
    ...(lines.length > 0 ? { lines } : {}),
  };
  return { body, formIndex };
}

/**
 * The server names a line's field by its place in the body (`lines.0.quantity`); the form by the order line's
 * place. Renames them so each message lands under the field it is about.
 */
export function toFormErrors(error: unknown, formIndex: number[]): unknown {
  if (!(error instanceof AppError) || !error.fields) return error;
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([name, text]) => {
      const match = /^lines\.(\d+)(\..+)?$/.exec(name);
      const index = match ? formIndex[Number(match[1])] : undefined;
      return [index === undefined ? name : `lines.${index}${match![2] ?? ''}`, text];
    }),
  );
  return new AppError(error.code, error.message, fields, error.httpStatus);
}
