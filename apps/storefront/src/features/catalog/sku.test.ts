import type { Sku } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { canChoose, findSku, priceRange } from './sku.ts';

const sku = (id: string, options: string[], price: number, stock: number): Sku => ({
  id,
  options,
  price,
  originalPrice: null,
  stock,
});

// Options: colour (red, blue) × size (s, m).
const skus = [
  sku('red-s', ['red', 's'], 1000, 3),
  sku('red-m', ['red', 'm'], 1200, 0),
  sku('blue-s', ['blue', 's'], 1100, 1),
];

describe('SKU selection', () => {
  it('finds the SKU of a complete selection only', () => {
    expect(findSku(skus, ['red', 'm'])?.id).toBe('red-m');
    expect(findSku(skus, ['red', null])).toBeUndefined();
    expect(findSku(skus, ['blue', 'm'])).toBeUndefined();
  });

  it('finds the only SKU of goods without options', () => {
    expect(findSku([sku('one', [], 500, 2)], [])?.id).toBe('one');
  });

  it('offers only values that can still lead to stock', () => {
    expect(canChoose(skus, [null, null], 0, 'red')).toBe(true);
    expect(canChoose(skus, ['red', null], 1, 'm')).toBe(false);
    expect(canChoose(skus, ['blue', null], 1, 's')).toBe(true);
    expect(canChoose(skus, [null, 'm'], 0, 'blue')).toBe(false);
  });

  it('gives the price range', () => {
    expect(priceRange(skus)).toEqual({ min: 1000, max: 1200 });
    expect(priceRange([])).toBeNull();
  });
});
