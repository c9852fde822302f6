import { z } from 'zod';
import { SUPPORTED_LOCALES } from '../locale.ts';
import { marketRoundingValues, rateMillionths } from '../market-prices.ts';
import type { MessageKey } from '../messages.ts';
import { isCurrencyCode, localizedTextSchema, moneyField, requiredLocalizedText } from './admin-catalog.ts';

const msg = (key: MessageKey) => ({ error: key });

/**
 * A market: where the shop sells in one currency. A shopper's market comes from the delivery country at checkout,
 * else the one chosen in the header (`PUT /v1/home/market`), else the usual country of the shopper's language.
 */
export const marketSchema = z.object({
  code: z.string(),
  /** In the reader's language. */
  name: z.string(),
  /** ISO 4217; every price the shopper sees in this market is in it. */
  currency: z.string().length(3),
  /** ISO 3166-1 alpha-2 codes, as the region tree's countries. */
  countries: z.array(z.string()),
  /** Whether the market's prices include its taxes. */
  taxInclusive: z.boolean(),
  defaultLocale: z.enum(SUPPORTED_LOCALES),
});
export type Market = z.infer<typeof marketSchema>;

/** `GET /v1/home/markets`: the markets, and the one the asking shopper is in. */
export const marketsReplySchema = z.array(marketSchema);

/** `GET /v1/home/market` and the reply of `PUT`: the market the shopper's prices are in. */
export const chosenMarketSchema = z.object({ code: z.string(), currency: z.string().length(3) });
export type ChosenMarket = z.infer<typeof chosenMarketSchema>;

/** `PUT /v1/home/market`. */
export const chooseMarketBodySchema = z.strictObject({
  code: z.string(msg('validation.invalid')).max(8, msg('validation.invalid')),
});

/** `GET /v1/admin/markets`: a market with what staff edit. */
export const adminMarketSchema = marketSchema.extend({
  names: localizedTextSchema,
  /** Units of the market's currency for one of the shop's currency, as a decimal ("5.4"). */
  exchangeRate: z.string(),
  rounding: z.enum(marketRoundingValues),
  /**
   * From this order value after discount, in the market's currency's minor units, shipping methods that take part
   * go free; null: the shop's general threshold (settings) at the market's rate.
   */
  freeShippingOver: z.number().int().nullable(),
  /** The shop's own market (its currency is the shop's): rate 1, no rounding, never deleted. */
  base: z.boolean(),
});
export type AdminMarket = z.infer<typeof adminMarketSchema>;

const COUNTRY_CODE = /^[A-Z]{2}$/;

/** `POST /v1/admin/markets` and `PUT /v1/admin/markets/:code`. */
export const marketInputSchema = z.strictObject({
  code: z
    .string(msg('validation.market.code'))
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2,8}$/, msg('validation.market.code')),
  names: requiredLocalizedText(40),
  currency: z
    .string(msg('validation.currency'))
    .trim()
    .toUpperCase()
    .refine(isCurrencyCode, msg('validation.currency')),
  countries: z
    .array(
      z
        .string(msg('validation.market.country'))
        .trim()
        .toUpperCase()
        .regex(COUNTRY_CODE, msg('validation.market.country')),
      msg('validation.market.countries'),
    )
    .min(1, msg('validation.market.countries'))
    .max(250, msg('validation.outOfRange'))
    .refine((codes) => new Set(codes).size === codes.length, msg('validation.market.countryTwice')),
  taxInclusive: z.boolean(msg('validation.invalid')),
  defaultLocale: z.enum(SUPPORTED_LOCALES, msg('validation.invalid')),
  exchangeRate: z
    .string(msg('validation.market.rate'))
    .trim()
    .refine((rate) => (rateMillionths(rate) ?? 0) > 0, msg('validation.market.rate')),
  rounding: z.enum(marketRoundingValues, msg('validation.invalid')),
  freeShippingOver: moneyField.nullable().default(null),
});
export type MarketInput = z.infer<typeof marketInputSchema>;
export type MarketInputBody = z.input<typeof marketInputSchema>;
