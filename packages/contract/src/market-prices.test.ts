import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  baseBounds,
  convertPrice,
  currencyDecimals,
  marketBandBounds,
  rateMillionths,
  rateText,
  type PriceConversion,
} from './market-prices.ts';

const brl: PriceConversion = { rateMillionths: 5_400_000, baseDecimals: 2, decimals: 2, rounding: 'ninety' };
const cny: PriceConversion = { rateMillionths: 7_200_000, baseDecimals: 2, decimals: 2, rounding: 'whole' };
const jpy: PriceConversion = { rateMillionths: 151_250_000, baseDecimals: 2, decimals: 0, rounding: 'none' };
const exact: PriceConversion = { rateMillionths: 1_234_567, baseDecimals: 2, decimals: 2, rounding: 'none' };

describe('market prices', () => {
  it('reads the decimals of a currency from Intl (ISO 4217)', () => {
    expect(['USD', 'BRL', 'CNY', 'TWD', 'JPY', 'KWD'].map(currencyDecimals)).toEqual([2, 2, 2, 2, 0, 3]);
  });

  it('reads and writes rates as millionths, refusing anything but a plain positive decimal', () => {
    expect(rateMillionths('5.4')).toBe(5_400_000);
    expect(rateMillionths('0.138504')).toBe(138_504);
    expect(rateMillionths('32')).toBe(32_000_000);
    for (const bad of ['-1', '1e3', '5.1234567', '', ' 5', '5,4', 'NaN'])
      expect(rateMillionths(bad)).toBeUndefined();
    expect(rateText(5_400_000)).toBe('5.4');
    expect(rateText(138_504)).toBe('0.138504');
  });

  it('rounds up to .90 in reais, to whole yuan, and to the yen', () => {
    // US$ 19.99 × 5.4 = R$ 107.946 → 107.95 → R$ 107,90 is below it, so R$ 108,90.
    expect(convertPrice(1999, brl)).toBe(10890);
    // US$ 5.00 × 5.4 = R$ 27.00 → R$ 27,90.
    expect(convertPrice(500, brl)).toBe(2790);
    // US$ 19.99 × 7.2 = ¥143.928 → ¥144.
    expect(convertPrice(1999, cny)).toBe(14400);
    // US$ 19.99 × 151.25 = ¥3023.4 → ¥3024 (no minor unit).
    expect(convertPrice(1999, jpy)).toBe(3024);
    // 123.45 × 1.234567 = 152.4072… → 152.41 (up to the cent, never down).
    expect(convertPrice(12345, exact)).toBe(15241);
    expect(convertPrice(0, brl)).toBe(0);
  });

  it('never gives a lower price for a higher base price, and bounds a market price exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50_000_000 }),
        fc.integer({ min: 0, max: 50_000_000 }),
        fc.constantFrom(brl, cny, jpy, exact),
        (a, b, to) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(convertPrice(low, to)).toBeLessThanOrEqual(convertPrice(high, to));
          const { atMost, atLeast } = baseBounds(convertPrice(a, to), to);
          expect(atMost).toBeGreaterThanOrEqual(a);
          expect(convertPrice(atMost, to)).toBe(convertPrice(a, to));
          expect(convertPrice(atMost + 1, to)).toBeGreaterThan(convertPrice(a, to));
          expect(atLeast).toBeLessThanOrEqual(a);
          expect(atLeast === 0 || convertPrice(atLeast - 1, to) < convertPrice(a, to)).toBe(true);
        },
      ),
    );
  });

  it('stays exact past 2^53 intermediate products', () => {
    const twd: PriceConversion = {
      rateMillionths: 999_999_999_999,
      baseDecimals: 2,
      decimals: 2,
      rounding: 'none',
    };
    // 2 000 000 000 × 999 999.999999 = 1 999 999 999 998 000 → exact, not a float's neighbour.
    expect(convertPrice(2_000_000_000, twd)).toBe(1_999_999_999_998_000);
  });

  it("gives a market round price bands in its own currency and keeps the shop's own", () => {
    const bounds = [1_999, 4_999, 9_999, 19_999, 49_999];
    expect(marketBandBounds(bounds, { ...brl, rateMillionths: 1_000_000, rounding: 'none' })).toEqual(bounds);
    // US$ 20 → R$ 108 → R$ 100; US$ 50 → R$ 270 → R$ 200; …
    expect(marketBandBounds(bounds, brl)).toEqual([9_999, 19_999, 49_999, 99_999, 199_999]);
  });
});
