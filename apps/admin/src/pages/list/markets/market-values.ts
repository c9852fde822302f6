import { AppError, rateMillionths } from '@shop/contract';
import type { AdminMarket, Locale, MarketInputBody, MarketRounding } from '@shop/contract';
import { cleanTexts } from '../../../features/catalog/localized-fields.tsx';
import { toMajor, toMinor } from '../../../features/shop/money.ts';

/** The add/edit form's values: what `MarketInputBody` needs, as the inputs hold it. */
export interface MarketFormValues {
  code: string;
  names: Partial<Record<Locale, string>>;
  currency: string | undefined;
  countries: string[];
  taxInclusive: boolean;
  defaultLocale: Locale;
  exchangeRate: string;
  rounding: MarketRounding;
  /** In the market's currency's major units; empty: the shop's general threshold at the market's rate. */
  freeShippingOver: number | null;
}

/** The form's starting values: the market's, or a new market's (taxes included, rate to be typed). */
export function toFormValues(market: AdminMarket | null, shopDefault: Locale): MarketFormValues {
  if (!market) {
    return {
      code: '',
      names: {},
      currency: undefined,
      countries: [],
      taxInclusive: true,
      defaultLocale: shopDefault,
      exchangeRate: '',
      rounding: 'none',
      freeShippingOver: null,
    };
  }
  return {
    code: market.code,
    names: market.names,
    currency: market.currency,
    countries: market.countries,
    taxInclusive: market.taxInclusive,
    defaultLocale: market.defaultLocale,
    exchangeRate: market.exchangeRate,
    rounding: market.rounding,
    freeShippingOver:
      market.freeShippingOver === null ? null : toMajor(market.freeShippingOver, market.currency),
  };
}

/** A rate as typed ("5,4", " 151.25 ") as the API reads it ("5.4", "151.25"): staff may write a decimal comma. */
export function normalizeRate(typed: string | undefined): string {
  return (typed ?? '').trim().replace(',', '.');
}

/** Whether a typed rate is one the API takes: above zero, at most six decimals. */
export function isRate(typed: string | undefined): boolean {
  return (rateMillionths(normalizeRate(typed)) ?? 0) > 0;
}

export function toBody(values: MarketFormValues): MarketInputBody {
  return {
    code: values.code.trim().toUpperCase(),
    names: cleanTexts(values.names),
    currency: values.currency ?? '',
    countries: values.countries ?? [],
    taxInclusive: values.taxInclusive,
    defaultLocale: values.defaultLocale,
    exchangeRate: normalizeRate(values.exchangeRate),
    rounding: values.rounding,
    freeShippingOver:
      values.freeShippingOver === null || values.freeShippingOver === undefined || !values.currency
        ? null
        : toMinor(values.freeShippingOver, values.currency),
  };
}

/**
 * The API's field names as the form's: a message about all the names (none given) goes under the name in the
 * shop's default language, and one about a single country (`countries.2`) under the countries.
 */
export function serverFields(error: unknown, shopDefault: Locale): unknown {
  if (!(error instanceof AppError) || !error.fields) return error;
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([name, text]) => [
      name === 'names' ? `names.${shopDefault}` : name.replace(/^countries\.\d+$/, 'countries'),
      text,
    ]),
  );
  return new AppError(error.code, error.message, fields, error.httpStatus);
}
