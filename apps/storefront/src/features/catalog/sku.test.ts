import type { GoodsOption, Sku } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { canChoose, findSku, initialSelection, matchingSkus, priceRange, totalStock } from './sku.ts';

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
    // Changing a choice is judged against the other choices only.
    expect(canChoose(skus, ['red', 's'], 0, 'blue')).toBe(true);
    expect(canChoose(skus, ['blue', 's'], 1, 'm')).toBe(false);
  });

  it('disables a value whose every SKU is sold out, whatever else is chosen', () => {
    const soldOutSize = [
      sku('a-s', ['a', 's'], 1, 0),
      sku('b-s', ['b', 's'], 1, 0),
      sku('a-m', ['a', 'm'], 1, 2),
    ];
    expect(canChoose(soldOutSize, [null, null], 1, 's')).toBe(false);
    expect(canChoose(soldOutSize, [null, null], 0, 'b')).toBe(false);
  });

  it('narrows the SKUs, their prices and stock as values are chosen', () => {
    expect(matchingSkus(skus, ['red', null]).map((s) => s.id)).toEqual(['red-s', 'red-m']);
    expect(priceRange(matchingSkus(skus, [null, 's']))).toEqual({ min: 1000, max: 1100 });
    expect(totalStock(matchingSkus(skus, ['red', null]))).toBe(3);
  });

  it('starts with single buyable values chosen', () => {
    const options: GoodsOption[] = [
      { id: 'colour', name: 'Colour', values: [{ id: 'red', name: 'Red' }] },
      {
        id: 'size',
        name: 'Size',
        values: [
          { id: 's', name: 'S' },
          { id: 'm', name: 'M' },
        ],
      },
    ];
    expect(initialSelection(options, skus)).toEqual(['red', null]);
    expect(initialSelection(options, [sku('red-s', ['red', 's'], 1, 0)])).toEqual([null, null]);
  });

  it('gives the price range', () => {
    expect(priceRange(skus)).toEqual({ min: 1000, max: 1200 });
    expect(priceRange([])).toBeNull();
  });
});
