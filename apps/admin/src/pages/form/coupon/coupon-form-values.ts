import type { Dayjs } from 'dayjs';
import { convertPrice, currencyDecimals, rateMillionths } from '@shop/contract';
import type { AdminMarket, CouponInputBody, LocalizedText } from '@shop/contract';
import { cleanTexts } from '../../../features/catalog/localized-fields.tsx';
import { toMinor } from '../../../features/shop/money.ts';

type CouponKind = CouponInputBody['kind'];

/** One currency's own amounts as staff type them, in major units of that currency; a cleared input is null. */
export interface AmountRow {
  value?: number | null;
  minSpend?: number | null;
}

/** The coupon form's first step. */
export interface CampaignInfo {
  title: LocalizedText;
  kind: CouponKind;
  /** Major units of the shop's currency for `amount`, percent for `percent`. */
  value: number;
  minSpend: number;
  window: [Dayjs, Dayjs];
  total: number;
  perUserLimit: number;
  /** By currency code: empty rows mean "converted at the market's rate". */
  amounts?: Partial<Record<string, AmountRow>>;
}

/**
 * The currencies a coupon may have its own amounts in: those of the markets other than the shop's own, once each,
 * in the markets' order. The shop's currency is never one (its amounts are the coupon's `value` and `minSpend`).
 */
export function otherCurrencies(markets: readonly AdminMarket[], shopCurrency: string): string[] {
  const currencies = markets
    .filter((market) => !market.base && market.currency !== shopCurrency)
    .map((market) => market.currency);
  return [...new Set(currencies)];
}

const typed = (amount: number | null | undefined): amount is number =>
  typeof amount === 'number' && Number.isFinite(amount);

/** Whether staff typed anything in a currency's row that the coupon's kind uses (a percentage has no amount off). */
export function rowFilled(kind: CouponKind, row: AmountRow | undefined): boolean {
  if (!row) return false;
  return typed(row.minSpend) || (kind === 'amount' && typed(row.value));
}

/**
 * What a started row still lacks: an amount coupon's row needs both inputs (an empty minimum spend would silently
 * drop the converted minimum for that currency), a percentage's only its minimum spend. An empty row lacks nothing.
 */
export function missingInRow(kind: CouponKind, row: AmountRow | undefined): ('value' | 'minSpend')[] {
  if (!rowFilled(kind, row)) return [];
  const missing: ('value' | 'minSpend')[] = [];
  if (kind === 'amount' && !typed(row?.value)) missing.push('value');
  if (!typed(row?.minSpend)) missing.push('minSpend');
  return missing;
}

/**
 * The request's `amounts`: filled rows only, in each currency's minor units (JPY has none, so 500 stays 500). A
 * percentage coupon sends only minimum spends. Nothing lacking is guessed (the form asks for it first): a missing
 * amount off is left out and a missing minimum spend goes as NaN (JSON null), so the server names the field.
 */
export function amountsBody(
  kind: CouponKind,
  rows: CampaignInfo['amounts'],
  currencies: readonly string[],
): NonNullable<CouponInputBody['amounts']> {
  const body: NonNullable<CouponInputBody['amounts']> = {};
  for (const currency of currencies) {
    const row = rows?.[currency];
    if (!row || !rowFilled(kind, row)) continue;
    const minSpend = typed(row.minSpend) ? toMinor(row.minSpend, currency) : Number.NaN;
    body[currency] =
      kind === 'amount' && typed(row.value)
        ? { value: toMinor(row.value, currency), minSpend }
        : { minSpend };
  }
  return body;
}

/** `POST /v1/admin/coupons`'s body from the form's first step. */
export function couponBody(
  info: CampaignInfo,
  shopCurrency: string,
  currencies: readonly string[],
): CouponInputBody {
  return {
    title: cleanTexts(info.title),
    kind: info.kind,
    value: info.kind === 'amount' ? toMinor(info.value, shopCurrency) : info.value,
    minSpend: toMinor(info.minSpend ?? 0, shopCurrency),
    amounts: amountsBody(info.kind, info.amounts, currencies),
    startsAt: info.window[0].toISOString(),
    endsAt: info.window[1].toISOString(),
    total: info.total,
    perUserLimit: info.perUserLimit,
  };
}

/** What an empty row gives the markets in one currency: the shop's amounts at each market's rate and rounding. */
export interface ConvertedAmounts {
  /** Names of the markets that get these amounts (markets in one currency may have different rates). */
  markets: string[];
  /** Minor units of the currency; absent for a percentage. */
  value?: number;
  minSpend: number;
}

/**
 * The shop's amounts (minor units of `shopCurrency`) converted for every market in `currency`, as the server does
 * for a currency without own amounts; markets that come out the same are one entry.
 */
export function convertedAmounts(
  markets: readonly AdminMarket[],
  currency: string,
  shopCurrency: string,
  shop: { kind: CouponKind; value: number; minSpend: number },
): ConvertedAmounts[] {
  const found: ConvertedAmounts[] = [];
  for (const market of markets) {
    if (market.base || market.currency !== currency) continue;
    const conversion = {
      rateMillionths: rateMillionths(market.exchangeRate) ?? 0,
      baseDecimals: currencyDecimals(shopCurrency),
      decimals: currencyDecimals(currency),
      rounding: market.rounding,
    };
    const minSpend = convertPrice(shop.minSpend, conversion);
    const value = shop.kind === 'amount' ? convertPrice(shop.value, conversion) : undefined;
    const same = found.find((entry) => entry.value === value && entry.minSpend === minSpend);
    if (same) same.markets.push(market.name);
    else found.push({ markets: [market.name], ...(value !== undefined && { value }), minSpend });
  }
  return found;
}
