import type { Charge, OrderDetail } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { paymentOutcome } from './payment-outcome.ts';

const charge = (id: string, status: Charge['status']): Charge => ({
  id,
  orderId: 'o1',
  amount: 1000,
  currency: 'USD',
  channel: 'sandbox',
  status,
  payUrl: `/v1/sandbox/checkout/${id}`,
});

const order = (status: OrderDetail['status'], charges: Charge[]): OrderDetail => ({
  id: 'o1',
  status,
  lines: [],
  subtotal: 1000,
  discount: 0,
  shipping: 0,
  total: 1000,
  currency: 'USD',
  address: {
    name: 'Ana',
    phone: '+5511987654321',
    regionCodes: ['BR'],
    regionNames: ['Brazil'],
    detail: 'Rua 1',
    postcode: '',
  },
  note: '',
  createdAt: '2026-12-01T10:00:00.000Z',
  payBy: null,
  shipment: null,
  history: [],
  charges,
});

describe('the outcome of a payment, as /tips tells it', () => {
  it('is paid once the order is, whatever the charge says', () => {
    expect(paymentOutcome(order('paid', [charge('c1', 'succeeded')]), 'c1')).toBe('paid');
    expect(paymentOutcome(order('shipped', []))).toBe('paid');
    expect(paymentOutcome(order('completed', []))).toBe('paid');
  });

  it('is still processing while the webhook has not arrived', () => {
    expect(paymentOutcome(order('pending_payment', [charge('c1', 'pending')]), 'c1')).toBe('processing');
    // The charge succeeded but the order is not marked paid yet: a moment more.
    expect(paymentOutcome(order('pending_payment', [charge('c1', 'succeeded')]), 'c1')).toBe('processing');
  });

  it('is declined when the named charge failed, even after earlier attempts', () => {
    const charges = [charge('c1', 'failed'), charge('c2', 'pending')];
    expect(paymentOutcome(order('pending_payment', charges), 'c1')).toBe('declined');
    expect(paymentOutcome(order('pending_payment', charges), 'c2')).toBe('processing');
    expect(paymentOutcome(order('pending_payment', charges))).toBe('processing');
    expect(paymentOutcome(order('pending_payment', [charge('c1', 'failed')]), 'unknown')).toBe('declined');
  });

  it('tells an unpaid, a cancelled and a refunded order apart', () => {
    expect(paymentOutcome(order('pending_payment', []))).toBe('unpaid');
    expect(paymentOutcome(order('cancelled', [charge('c1', 'pending')]), 'c1')).toBe('cancelled');
    expect(paymentOutcome(order('refunded', [charge('c1', 'succeeded')]), 'c1')).toBe('refunded');
  });
});
