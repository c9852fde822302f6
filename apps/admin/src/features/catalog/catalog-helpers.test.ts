import { describe, expect, it } from 'vitest';
import { combinations } from '../../pages/form/goods/sku-table.tsx';
import { currencyDigits, toMajor, toMinor } from '../shop/money.ts';

describe('money typed by staff', () => {
  it('uses the currency’s own decimals both ways', () => {
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(toMinor(12.99, 'USD')).toBe(1299);
    expect(toMinor(0.1 + 0.2, 'USD')).toBe(30);
    expect(toMinor(500, 'JPY')).toBe(500);
    expect(toMajor(1299, 'USD')).toBe(12.99);
    expect(toMajor(500, 'JPY')).toBe(500);
  });
});

describe('SKU combinations', () => {
  it('makes one combination per choice of one value of each option, in option order', () => {
    expect(combinations([])).toEqual([[]]);
    expect(combinations([['red', 'blue']])).toEqual([['red'], ['blue']]);
    expect(
      combinations([
        ['red', 'blue'],
        ['s', 'm'],
      ]),
    ).toEqual([
      ['red', 's'],
      ['red', 'm'],
      ['blue', 's'],
      ['blue', 'm'],
    ]);
    expect(combinations([['red'], []])).toEqual([]);
  });
});
