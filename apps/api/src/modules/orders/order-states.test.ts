import { describe, expect, it } from 'vitest';
import { canTransition, sourcesOf } from './order-states.ts';

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
    expect(canTransition('completed', 'refunded')).toBe(false);
    expect(canTransition('pending_payment', 'shipped')).toBe(false);
    expect(sourcesOf('refunded').sort()).toEqual(['paid', 'shipped']);
  });
});
