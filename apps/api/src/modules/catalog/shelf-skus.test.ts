import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  basePriceAt,
  ownPriceAt,
  packSkus,
  setSkuStock,
  skuCount,
  skuIdAt,
  unpackSkus,
  type ShelfSku,
} from './shelf-skus.ts';

describe('packed SKUs', () => {
  const red = ['Red', 'M'];
  const skus: ShelfSku[] = [
    {
      id: randomUUID(),
      options: red,
      price: 12_900,
      originalPrice: 15_900,
      stock: 4,
      prices: { BRL: { price: 69_90, originalPrice: null }, CNY: { price: 9_900, originalPrice: 12_900 } },
    },
    { id: randomUUID(), options: ['Blue', 'M'], price: 0, originalPrice: null, stock: 0, prices: {} },
    {
      id: randomUUID(),
      options: ['Blue', 'L'],
      price: 2_000_000_000,
      originalPrice: 0,
      stock: 1_000_000,
      prices: { BRL: { price: 0, originalPrice: 0 } },
    },
  ];

  it('give back every SKU as it was, free prices, no list price and a list price of 0 included', () => {
    const packed = packSkus(skus);
    expect(skuCount(packed)).toBe(3);
    expect(skus.map((_, i) => skuIdAt(packed, i))).toEqual(skus.map((sku) => sku.id));
    expect(unpackSkus(packed)).toEqual(skus);
    // The option arrays are the ones given (the index interns them), and unpacking makes new SKU objects.
    expect(unpackSkus(packed)[0]!.options).toBe(red);
    expect(unpackSkus(packed)[0]).not.toBe(unpackSkus(packed)[0]);
  });

  it("keep each SKU's own prices in their currencies, and none for goods without them", () => {
    const packed = packSkus(skus);
    expect(ownPriceAt(packed, 'BRL', 0)).toEqual({ price: 69_90, originalPrice: null });
    expect(ownPriceAt(packed, 'BRL', 1)).toBeUndefined();
    expect(ownPriceAt(packed, 'BRL', 2)).toEqual({ price: 0, originalPrice: 0 });
    expect(ownPriceAt(packed, 'CNY', 2)).toBeUndefined();
    expect(ownPriceAt(packed, 'TWD', 0)).toBeUndefined();
    expect(basePriceAt(packed, 0)).toEqual({ price: 12_900, originalPrice: 15_900 });
    expect(packSkus([skus[1]!]).own).toBeUndefined();
  });

  it('change one SKU stock, and nothing else', () => {
    const packed = packSkus(skus);
    setSkuStock(packed, 1, 7);
    expect(unpackSkus(packed)).toEqual([skus[0], { ...skus[1], stock: 7 }, skus[2]]);
    expect(unpackSkus(packSkus([]))).toEqual([]);
  });

  it('refuse an id that is not a UUID, which would shift every id after it', () => {
    expect(() => packSkus([{ ...skus[0]!, id: 'sku-1' }])).toThrow(/not a UUID/);
    // Upper case would come back lower: refused rather than changed.
    expect(() => packSkus([{ ...skus[0]!, id: skus[0]!.id.toUpperCase() }])).toThrow(/not a UUID/);
  });

  it('give back ids of every byte, the lowest and highest included, at 16 bytes a SKU', () => {
    const edges = [
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      randomUUID(),
    ];
    const packed = packSkus(edges.map((id) => ({ ...skus[1]!, id })));
    expect(edges.map((_, i) => skuIdAt(packed, i))).toEqual(edges);
    expect(packed.ids).toHaveLength(48);
  });
});
