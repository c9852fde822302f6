import { convertPrice, RATE_SCALE } from '@shop/contract';
import type { PricedMarket } from './markets.service.ts';

/** Whether the market's prices are the stored ones (the shop's own market): nothing to convert. */
export function pricesAsStored(market: PricedMarket): boolean {
  const { rateMillionths, decimals, baseDecimals, rounding } = market.conversion;
  return rateMillionths === RATE_SCALE && decimals === baseDecimals && rounding === 'none';
}

/** A base price in the market's currency. */
export function priceIn(market: PricedMarket, base: number): number {
  return convertPrice(base, market.conversion);
}

/** `item` with its price and list price in the market's currency. */
export function pricedIn<T extends { price: number; originalPrice: number | null }>(
  market: PricedMarket,
  item: T,
): T {
  if (pricesAsStored(market)) return item;
  return {
    ...item,
    price: convertPrice(item.price, market.conversion),
    originalPrice: item.originalPrice === null ? null : convertPrice(item.originalPrice, market.conversion),
  };
}

/** The same, saying the currency: what goods cards and pages carry. */
export function withMarketPrices<T extends { price: number; originalPrice: number | null }>(
  market: PricedMarket,
  item: T,
): T & { currency: string } {
  return { ...pricedIn(market, item), currency: market.currency };
}

/** From what order value, in the market's currency, shipping goes free: its own threshold, else the shop's at its rate. */
export function freeShippingFrom(market: PricedMarket, shopThreshold: number): number {
  return market.freeShippingOver ?? priceIn(market, shopThreshold);
}
