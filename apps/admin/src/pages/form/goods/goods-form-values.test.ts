import { describe, expect, it } from 'vitest';
import { stockOf, toSkuBodies, toSkuRows, weightOf, withCurrentStock } from './goods-form-values.ts';
import type { SkuRow } from './sku-table.tsx';

const row = (fields: Partial<SkuRow>): SkuRow => ({ key: 'red', options: ['red'], price: 25, ...fields });

describe('stock the editor sends', () => {
  it('sends an existing SKU’s figure with the one it was loaded with, a new SKU’s alone', () => {
    expect(stockOf(row({ id: 'a', stock: 20, loadedStock: 7 }))).toEqual({ stock: 20, expectedStock: 7 });
    expect(stockOf(row({ id: 'a', stock: 7, loadedStock: 7 }))).toEqual({ stock: 7, expectedStock: 7 });
    expect(stockOf(row({ stock: 4 }))).toEqual({ stock: 4 });
    expect(stockOf(row({}))).toEqual({ stock: 0 });
  });
});

describe('reloading stock after a conflict', () => {
  it('puts the current figure into every existing SKU and keeps other edits and new rows', () => {
    const rows = [
      row({ id: 'a', stock: 20, loadedStock: 7, price: 19.99 }),
      row({ key: 'blue', options: ['blue'], id: 'b', stock: 5, loadedStock: 5 }),
      row({ key: 'green', options: ['green'], stock: 3 }),
    ];
    const current = [
      {
        id: 'a',
        options: ['red'],
        price: 2500,
        originalPrice: null,
        stock: 5,
        sales: 2,
        weightGrams: 0,
        prices: {},
      },
      {
        id: 'b',
        options: ['blue'],
        price: 2300,
        originalPrice: null,
        stock: 6,
        sales: 0,
        weightGrams: 0,
        prices: {},
      },
    ];
    expect(withCurrentStock(rows, current)).toEqual([
      row({ id: 'a', stock: 5, loadedStock: 5, price: 19.99 }),
      row({ key: 'blue', options: ['blue'], id: 'b', stock: 6, loadedStock: 6 }),
      row({ key: 'green', options: ['green'], stock: 3 }),
    ]);
  });
});

describe('SKU weights', () => {
  const saved = [
    {
      id: 'a',
      options: ['red'],
      price: 2500,
      originalPrice: 3000,
      stock: 5,
      sales: 2,
      weightGrams: 350,
      prices: {},
    },
    {
      id: 'b',
      options: ['blue'],
      price: 2350,
      originalPrice: null,
      stock: 6,
      sales: 0,
      weightGrams: 0,
      prices: {},
    },
  ];

  it('loads each SKU’s weight in grams beside its money in major units', () => {
    expect(toSkuRows(saved, 'USD')).toEqual([
      {
        key: 'red',
        id: 'a',
        options: ['red'],
        price: 25,
        originalPrice: 30,
        stock: 5,
        loadedStock: 5,
        weightGrams: 350,
      },
      {
        key: 'blue',
        id: 'b',
        options: ['blue'],
        price: 23.5,
        originalPrice: null,
        stock: 6,
        loadedStock: 6,
        weightGrams: 0,
      },
    ]);
  });

  it('sends every SKU with its weight, a typed one included, and loaded SKUs as they were', () => {
    const rows = toSkuRows(saved, 'USD');
    expect(toSkuBodies(rows, 'USD')).toEqual([
      {
        id: 'a',
        options: ['red'],
        price: 2500,
        originalPrice: 3000,
        stock: 5,
        expectedStock: 5,
        weightGrams: 350,
      },
      {
        id: 'b',
        options: ['blue'],
        price: 2350,
        originalPrice: null,
        stock: 6,
        expectedStock: 6,
        weightGrams: 0,
      },
    ]);
    const typed = toSkuBodies([{ ...rows[1]!, weightGrams: 1250 }, row({ key: 'green', stock: 2 })], 'USD');
    expect(typed.map((sku) => sku.weightGrams)).toEqual([1250, 0]);
  });

  it('sends an emptied weight as no weight and whole grams only', () => {
    expect(weightOf(row({ weightGrams: null }))).toBe(0);
    expect(weightOf(row({}))).toBe(0);
    expect(weightOf(row({ weightGrams: 999.6 }))).toBe(1000);
  });
});
