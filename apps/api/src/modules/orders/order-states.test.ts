import { describe, expect, it } from 'vitest';
import { orderStatusValues } from '@shop/contract';
import { canTransition, returnsStock, sourcesOf, STAFF_ACTIONS, staffMay } from './order-states.ts';

describe('order states', () => {
  it('follows the contract lifecycle', () => {
    expect(canTransition('pending_payment', 'paid')).toBe(true);
    expect(canTransition('pending_payment', 'cancelled')).toBe(true);
    expect(canTransition('paid', 'shipped')).toBe(true);
    expect(canTransition('shipped', 'completed')).toBe(true);
    expect(canTransition('paid', 'refunded')).toBe(true);
    expect(canTransition('shipped', 'refunded')).toBe(true);
  });
  it('refuses everything else', () => {
    expect(canTransition('paid', 'cancelled')).toBe(false);
    expect(canTransition('cancelled', 'paid')).toBe(false);
    expect(canTransition('refunded', 'partially_refunded')).toBe(false);
    expect(canTransition('pending_payment', 'shipped')).toBe(false);
    expect(canTransition('pending_payment', 'refunded')).toBe(false);
    expect(sourcesOf('refunded').sort()).toEqual(['completed', 'paid', 'partially_refunded', 'shipped']);
  });
});

describe('staff actions', () => {
  it('are transitions of the lifecycle table', () => {
    for (const action of Object.values(STAFF_ACTIONS)) {
      for (const from of action.from) expect(canTransition(from, action.to)).toBe(true);
    }
  });

  it('ship paid orders (a partly refunded one too, if not shipped yet)', () => {
    expect(orderStatusValues.filter((s) => staffMay('ship', s))).toEqual(['paid', 'partially_refunded']);
  });

  it('refund orders holding money, never an unpaid, cancelled or wholly refunded one', () => {
    expect(orderStatusValues.filter((s) => staffMay('refund', s))).toEqual([
      'paid',
      'shipped',
      'completed',
      'partially_refunded',
    ]);
    for (const status of ['pending_payment', 'cancelled', 'refunded'] as const) {
      expect(staffMay('refund', status)).toBe(false);
    }
  });

  it('put units back in stock only when the order had not left the warehouse', () => {
    expect(returnsStock('refund', 'paid')).toBe(true);
    expect(returnsStock('refund', 'shipped')).toBe(false);
    expect(returnsStock('ship', 'paid')).toBe(false);
  });
});
