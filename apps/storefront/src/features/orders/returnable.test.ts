import type { OrderDetail, OrderReturn } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { canReturn, returnableUnits } from './returnable.ts';

const NOW = Date.parse('2026-12-10T10:00:00.000Z');

const line = (id: string, quantity: number, refundedQuantity = 0): OrderDetail['lines'][number] => ({
  id,
  skuId: `sku-${id}`,
  goodsId: 'g1',
  name: `Goods ${id}`,
  image: '',
  options: [],
  price: 500,
  quantity,
  refundedQuantity,
});

const ret = (status: OrderReturn['status'], lines: [string, number][]): OrderReturn => ({
  id: `ret-${status}`,
  orderId: 'o1',
  orderNumber: '10001',
  status,
  reason: 'damaged',
  note: '',
  lines: lines.map(([lineId, quantity]) => ({
    lineId,
    name: '',
    options: [],
    price: 500,
    quantity,
    restock: null,
  })),
  staffMessage: '',
  amount: 0,
  currency: 'USD',
  refundId: null,
  createdAt: '2026-12-05T10:00:00.000Z',
  history: [],
});

const order = (
  lines: OrderDetail['lines'],
  returns: OrderReturn[] = [],
  returnableUntil: string | null = '2026-12-31T00:00:00.000Z',
) => ({ lines, returns, returnableUntil }) as OrderDetail;

describe('what a shopper may still return', () => {
  it('is what was bought, less units refunded and units in open returns', () => {
    const units = returnableUnits(
      order(
        [line('a', 3, 1), line('b', 2)],
        [ret('new', [['a', 1]]), ret('approved', [['b', 1]]), ret('received', [['b', 1]])],
      ),
    );
    expect(Object.fromEntries(units)).toEqual({ a: 1, b: 0 });
  });

  it('counts units of rejected returns as returnable again, and refunded returns through refundedQuantity', () => {
    const units = returnableUnits(
      order([line('a', 2, 1)], [ret('rejected', [['a', 2]]), ret('refunded', [['a', 1]])]),
    );
    expect(units.get('a')).toBe(1);
  });

  it('is offered only inside the return window and while some unit is left', () => {
    expect(canReturn(order([line('a', 1)]), NOW)).toBe(true);
    expect(canReturn(order([line('a', 1)], [], '2026-12-01T00:00:00.000Z'), NOW)).toBe(false);
    expect(canReturn(order([line('a', 1)], [], null), NOW)).toBe(false);
    expect(canReturn(order([line('a', 1, 1)]), NOW)).toBe(false);
    expect(canReturn(order([line('a', 1)], [ret('new', [['a', 1]])]), NOW)).toBe(false);
  });
});
