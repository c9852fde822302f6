import type { Charge, OrderDetail, OrderRefund } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { paymentOutcome } from './payment-outcome.ts';

const charge = (id: string, status: Charge['status'], refundedAmount = 0): Charge => ({
  id,
  orderId: 'o1',
  amount: 1000,
  currency: 'USD',
  channel: 'sandbox',
  status,
  refundedAmount,
  payUrl: `/v1/sandbox/checkout/${id}`,
});

const refund = (
  chargeId: string,
  kind: OrderRefund['kind'],
  status: OrderRefund['status'],
  reason = 'already_paid',
): OrderRefund => ({
  id: `r-${chargeId}`,
  chargeId,
  amount: 1000,
  currency: 'USD',
  reason,
  kind,
  status,
  createdAt: '2026-12-01T10:05:00.000Z',
  lines: [],
});

const order = (
  status: OrderDetail['status'],
  charges: Charge[],
  refunds: OrderRefund[] = [],
): OrderDetail => ({
  id: 'o1',
  number: '10001',
  status,
  lines: [],
  subtotal: 1000,
  discount: 0,
  shipping: 0,
  shippingMethod: null,
  taxes: [],
  taxInclusive: false,
  total: 1000,
  currency: 'USD',
  address: {
    name: 'Ana',
    phone: '+5511987654321',
    regionCodes: ['BR'],
    regionNames: ['Brazil'],
    cpf: '',
    detail: 'Rua 1',
    postcode: '',
  },
  note: '',
  createdAt: '2026-12-01T10:00:00.000Z',
  payBy: null,
  shipment: null,
  history: [],
  charges,
  refundedAmount: 0,
  refunds,
  returns: [],
  returnableUntil: null,
});

describe('the outcome of a payment, as /tips tells it', () => {
  it('is paid once the order is, whatever the charge says', () => {
    expect(paymentOutcome(order('paid', [charge('c1', 'succeeded')]), 'c1')).toBe('paid');
    expect(paymentOutcome(order('shipped', []))).toBe('paid');
    expect(paymentOutcome(order('completed', []))).toBe('paid');
    // Staff gave a part back later: the payment itself went through.
    expect(paymentOutcome(order('partially_refunded', [charge('c1', 'partially_refunded', 300)]), 'c1')).toBe(
      'paid',
    );
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
    expect(paymentOutcome(order('cancelled', []))).toBe('cancelled');
    expect(paymentOutcome(order('refunded', [charge('c1', 'refunded', 1000)]), 'c1')).toBe('refunded');
  });

  it('says no money was taken for a link that was replaced, or voided by cancelling the order', () => {
    // Paid by a newer link (another tab): this one was voided before the shopper paid it.
    const charges = [charge('c1', 'voided'), charge('c2', 'succeeded')];
    expect(paymentOutcome(order('paid', charges), 'c1')).toBe('voided');
    expect(paymentOutcome(order('paid', charges), 'c2')).toBe('paid');
    expect(paymentOutcome(order('cancelled', [charge('c1', 'voided')]), 'c1')).toBe('voided');
    // Replaced by a newer link that is not paid yet.
    const replaced = [charge('c1', 'voided'), charge('c2', 'pending')];
    expect(paymentOutcome(order('pending_payment', replaced), 'c1')).toBe('voided');
  });

  it('keeps waiting on a void after this page saw the payment pending: the capture may still arrive', () => {
    const voided = order('cancelled', [charge('c1', 'voided')]);
    expect(paymentOutcome(voided, 'c1', { submitted: true })).toBe('processing');
    // A cancelled order whose link is still pending (the webhook is late): not settled either.
    expect(paymentOutcome(order('cancelled', [charge('c1', 'pending')]), 'c1')).toBe('processing');
  });

  it('tells of a payment the order could not keep, refunded automatically', () => {
    const twice = (status: OrderRefund['status']) =>
      order(
        'paid',
        [charge('c1', status === 'succeeded' ? 'refunded' : 'succeeded', status === 'succeeded' ? 1000 : 0)],
        [refund('c1', 'automatic', status)],
      );
    expect(paymentOutcome(twice('pending'), 'c1')).toBe('autoRefunding');
    expect(paymentOutcome(twice('succeeded'), 'c1')).toBe('autoRefunded');
    expect(paymentOutcome(twice('failed'), 'c1')).toBe('autoRefundFailed');
    const cancelled = order(
      'cancelled',
      [charge('c1', 'refunded', 1000)],
      [refund('c1', 'automatic', 'succeeded', 'order_cancelled')],
    );
    expect(paymentOutcome(cancelled, 'c1', { submitted: true })).toBe('autoRefunded');
  });

  it('does not take a staff refund of the order for an automatic one', () => {
    const refunded = order(
      'refunded',
      [charge('c1', 'refunded', 1000)],
      [refund('c1', 'staff', 'succeeded')],
    );
    expect(paymentOutcome(refunded, 'c1')).toBe('refunded');
  });
});
