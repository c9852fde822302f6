/**
 * Prices in a market's currency, derived from the shop's base price by the market's exchange rate and rounding
 * rule. Money is integer minor units throughout; a currency's minor units are its ISO 4217 decimals as `Intl`
 * knows them (USD, BRL, CNY and TWD 2, JPY 0, KWD 3).
 */

/** How a converted price is rounded, always upwards so that a shop never sells below its rate. */
export const marketRoundingValues = [
  /** To the currency's minor unit. */
  'none',
  /** To a whole unit of the currency (whole yuan, whole dollars). */
  'whole',
  /** To the next price ending in .90 (R$ 29,90). */
  'ninety',
] as const;
export type MarketRounding = (typeof marketRoundingValues)[number];

/** Rates have at most six decimals: they are kept as integer millionths. */
export const RATE_SCALE = 1_000_000;

const decimalsByCurrency = new Map<string, number>();

/** The currency's minor unit digits (2 for USD, 0 for JPY, 3 for KWD). */
export function currencyDecimals(currency: string): number {
  let decimals = decimalsByCurrency.get(currency);
  if (decimals === undefined) {
    decimals = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits!;
    decimalsByCurrency.set(currency, decimals);
  }
  return decimals;
}

/** What converting from the base currency into a market's needs. */
export interface PriceConversion {
  /** Units of the market's currency for one unit of the base currency, in millionths (5.4 → 5 400 000). */
  rateMillionths: number;
  /** Decimals of the base currency and of the market's. */
  baseDecimals: number;
  decimals: number;
  rounding: MarketRounding;
}

/** `rate` written as a decimal ("5.4", "0.1385") → millionths; undefined when it is not one with ≤ 6 decimals. */
export function rateMillionths(rate: string): number | undefined {
  const match = /^(\d{1,6})(?:\.(\d{1,6}))?$/.exec(rate);
  if (!match) return undefined;
  return Number(match[1]) * RATE_SCALE + Number((match[2] ?? '').padEnd(6, '0'));
}

/** Millionths → the decimal a person writes ("5.4"). */
export function rateText(millionths: number): string {
  const whole = Math.floor(millionths / RATE_SCALE);
  const fraction = String(millionths % RATE_SCALE)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/**
 * `base` minor units of the base currency in the market's minor units: multiplied by the rate, then rounded up
 * by the market's rule. Exact integer arithmetic (BigInt where a product could pass 2^53). Never decreasing in
 * `base`, so the shelf's order by base price is the order by the market's price too.
 */
export function convertPrice(base: number, to: PriceConversion): number {
  if (base === 0) return 0;
  if (to.rateMillionths === RATE_SCALE && to.decimals === to.baseDecimals && to.rounding === 'none')
    return base;
  // base × rate / 10^6 × 10^(decimals − baseDecimals) as numerator / denominator, rounded up to a minor unit.
  const shift = to.decimals - to.baseDecimals;
  const numerator = base * to.rateMillionths * 10 ** Math.max(shift, 0);
  const denominator = RATE_SCALE * 10 ** Math.max(-shift, 0);
  const minor = Number.isSafeInteger(numerator)
    ? ceilDivide(numerator, denominator)
    : Number(
        (BigInt(base) * BigInt(to.rateMillionths) * 10n ** BigInt(Math.max(shift, 0)) +
          BigInt(denominator) -
          1n) /
          BigInt(denominator),
      );
  const unit = 10 ** to.decimals;
  if (to.rounding === 'whole') return Math.ceil(minor / unit) * unit;
  if (to.rounding === 'ninety' && to.decimals > 0) {
    // The next amount ending in .90: whole units plus nine tenths of one.
    const ninety = (unit * 9) / 10;
    const whole = Math.floor(minor / unit) * unit;
    return minor <= whole + ninety ? whole + ninety : whole + unit + ninety;
  }
  return minor;
}

/** ⌈numerator / denominator⌉ for safe integers, exact (a float quotient alone can land on the wrong side). */
function ceilDivide(numerator: number, denominator: number): number {
  let quotient = Math.floor(numerator / denominator);
  let rest = numerator - quotient * denominator;
  if (rest < 0) {
    quotient--;
    rest += denominator;
  } else if (rest >= denominator) {
    quotient++;
    rest -= denominator;
  }
  return rest > 0 ? quotient + 1 : quotient;
}

/**
 * The largest base price whose market price is at most `marketPrice` (-1 when even 0 costs more), and the
 * smallest whose market price is at least it: a filter on the market's prices as bounds on base prices.
 */
export function baseBounds(
  marketPrice: number,
  to: PriceConversion,
  limit = 2_147_483_647,
): { atMost: number; atLeast: number } {
  let low = 0;
  let high = limit;
  // Smallest base with convert(base) > marketPrice.
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (convertPrice(middle, to) > marketPrice) high = middle;
    else low = middle + 1;
  }
  const atMost = low - 1;
  low = 0;
  high = limit;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (convertPrice(middle, to) >= marketPrice) high = middle;
    else low = middle + 1;
  }
  return { atMost, atLeast: low };
}

/**
 * A market's price bands' upper bounds (prices up to and including each), in its minor units: the base bands'
 * bounds converted and brought down to a round amount (1, 2 or 5 times a power of ten), e.g. R$ 99,99 for
 * US$ 19.99 at 5.4. The base market keeps `bounds` as they are.
 */
export function marketBandBounds(bounds: readonly number[], to: PriceConversion): number[] {
  if (to.rateMillionths === RATE_SCALE && to.decimals === to.baseDecimals) return [...bounds];
  const unit = 10 ** to.decimals;
  const result: number[] = [];
  for (const bound of bounds) {
    const major = convertPrice(bound + 1, { ...to, rounding: 'none' }) / unit;
    const power = 10 ** Math.floor(Math.log10(Math.max(major, 1)));
    const round = [5, 2, 1].map((step) => step * power).find((amount) => amount <= major) ?? power;
    const upper = round * unit - 1;
    if (result.length === 0 || upper > result[result.length - 1]!) result.push(upper);
  }
  return result;
}
