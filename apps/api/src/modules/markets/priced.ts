import { convertPrice, RATE_SCALE } from '@shop/contract';
import type { SkuPriceRecords } from '@shop/db';
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

/**
 * A SKU's price and list price in the market's currency: staff's own price in it when they set one, else the base
 * price converted at the market's rate.
 */
export function skuPricesIn(
  market: PricedMarket,
  sku: { price: number; originalPrice: number | null; prices: SkuPriceRecords },
): { price: number; originalPrice: number | null } {
  const own = sku.prices[market.currency];
  if (own && !pricesAsStored(market)) return own;
  return pricedIn(market, { price: sku.price, originalPrice: sku.originalPrice });
}

/** A SKU's price in the market's currency (`skuPricesIn`), what carts and orders charge. */
export function skuPriceIn(market: PricedMarket, sku: { price: number; prices: SkuPriceRecords }): number {
  const own = sku.prices[market.currency];
  return own && !pricesAsStored(market) ? own.price : priceIn(market, sku.price);
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

/** From what order value, in the market's currency, shipping goes free: its own threshold, else the shop's at its rate. */
export function freeShippingFrom(market: PricedMarket, shopThreshold: number): number {
  return market.freeShippingOver ?? priceIn(market, shopThreshold);
}
