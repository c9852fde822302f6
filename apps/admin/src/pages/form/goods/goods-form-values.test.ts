import { describe, expect, it } from 'vitest';
import {
  ownPricesOf,
  stockOf,
  toSkuBodies,
  toSkuRows,
  weightOf,
  withCurrentStock,
} from './goods-form-values.ts';
import { otherCurrencies } from './sku-table.tsx';
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
        prices: {},
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
        prices: {},
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
        prices: {},
      },
      {
        id: 'b',
        options: ['blue'],
        price: 2350,
        originalPrice: null,
        stock: 6,
        expectedStock: 6,
        weightGrams: 0,
        prices: {},
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

describe("SKUs' own prices in other currencies", () => {
  it('loads them in each currency’s major units and sends them back in its minor units, exactly', () => {
    const [rowOfReais] = toSkuRows(
      [
        {
          id: 'a',
          options: ['red'],
          price: 2500,
          originalPrice: null,
          stock: 5,
          sales: 0,
          weightGrams: 0,
          prices: {
            BRL: { price: 13_990, originalPrice: 15_990 },
            JPY: { price: 3_800, originalPrice: null },
          },
        },
      ],
      'USD',
    );
    expect(rowOfReais!.prices).toEqual({
      BRL: { price: 139.9, originalPrice: 159.9 },
      JPY: { price: 3800, originalPrice: null },
    });
    expect(ownPricesOf(rowOfReais!)).toEqual({
      BRL: { price: 13_990, originalPrice: 15_990 },
      JPY: { price: 3_800, originalPrice: null },
    });
    // 0.1 + 0.2 reais typed still make 30 centavos; a yen price has no decimals to lose.
    expect(ownPricesOf(row({ prices: { BRL: { price: 0.1 + 0.2, originalPrice: 1.15 } } }))).toEqual({
      BRL: { price: 30, originalPrice: 115 },
    });
  });

  it('leaves out a currency whose price is emptied, so the market’s rate prices the SKU again', () => {
    expect(
      ownPricesOf(row({ prices: { BRL: { price: null, originalPrice: 159.9 }, CNY: undefined } })),
    ).toEqual({});
    expect(ownPricesOf(row({}))).toEqual({});
    expect(toSkuBodies([row({})], 'USD')[0]!.prices).toEqual({});
  });

  it('offers the currencies of the markets other than the shop’s own, once each, with their conversion', () => {
    const market = (code: string, currency: string, exchangeRate: string, base = false) => ({
      code,
      name: code,
      names: {},
      currency,
      countries: [code],
      taxInclusive: true,
      defaultLocale: 'en-US' as const,
      exchangeRate,
      rounding: 'ninety' as const,
      freeShippingOver: null,
      base,
    });
    const others = otherCurrencies(
      [
        market('US', 'USD', '1', true),
        market('BR', 'BRL', '5.4'),
        market('PT', 'EUR', '0.9'),
        market('AO', 'BRL', '6'),
      ],
      'USD',
    );
    expect(others.map((other) => other.currency)).toEqual(['BRL', 'EUR']);
    expect(others[0]!.conversion).toEqual({
      rateMillionths: 5_400_000,
      baseDecimals: 2,
      decimals: 2,
      rounding: 'ninety',
    });
  });
});
