import { describe, expect, it } from 'vitest';
import { AppError, Code } from '@shop/contract';
import type { AdminOrderDetail } from '@shop/contract';
import { refundBody, suggestedAmount, toFormErrors, unitsLeft } from './refund-values.ts';

const line = (id: string, price: number, quantity: number, refundedQuantity = 0) =>
  ({ id, price, quantity, refundedQuantity }) as AdminOrderDetail['lines'][number];

const order = (refundable: number, currency = 'USD') =>
  ({
    currency,
    lines: [line('l1', 1250, 2), line('l2', 399, 3, 1)],
    actions: { ship: false, refund: true, refundable },
  }) as unknown as AdminOrderDetail;

describe('the refund form', () => {
  it('offers what is left of each line', () => {
    expect(order(0).lines.map(unitsLeft)).toEqual([2, 2]);
  });

  it('fills the amount with the value of the units picked, capped at what is left', () => {
    expect(suggestedAmount(order(3698), [{ quantity: 1 }, { quantity: 0 }])).toBe(12.5);
    expect(suggestedAmount(order(3698), [{ quantity: 1 }, { quantity: 2 }])).toBe(20.48);
    expect(suggestedAmount(order(1000), [{ quantity: 2 }])).toBe(10);
    // No units picked: everything that is left.
    expect(suggestedAmount(order(3698), [{ quantity: 0 }, {}])).toBe(36.98);
    expect(suggestedAmount(order(500, 'JPY'), undefined)).toBe(500);
  });

  it('sends minor units, the trimmed reason and only the lines with units', () => {
    const { body, formIndex } = refundBody(order(3698), {
      amount: 4.99,
      reason: '  Arrived broken ',
      lines: [
        { quantity: 0, restock: true },
        { quantity: 1, restock: true },
      ],
    });
    expect(body).toEqual({
      amount: 499,
      reason: 'Arrived broken',
      lines: [{ lineId: 'l2', quantity: 1, restock: true }],
    });
    expect(formIndex).toEqual([1]);
    expect(refundBody(order(3698), { amount: 1, reason: 'x' }).body).toEqual({ amount: 100, reason: 'x' });
  });

  it('puts a line’s server message under the form line it came from', () => {
    const error = new AppError(Code.validation, 'Check the fields', {
      'lines.0.quantity': 'Too many',
      amount: 'Too much',
    });
    const moved = toFormErrors(error, [1]) as AppError;
    expect(moved).toBeInstanceOf(AppError);
    expect(moved.fields).toEqual({ 'lines.1.quantity': 'Too many', amount: 'Too much' });
  });
});
