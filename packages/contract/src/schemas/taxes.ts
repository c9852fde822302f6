import { z } from 'zod';
import type { MessageKey } from '../messages.ts';
import { localizedTextSchema, requiredLocalizedText } from './admin-catalog.ts';
import { daysInRange, isDay } from './admin-dashboard.ts';

const msg = (key: MessageKey) => ({ error: key });

/** A goods' tax class: which of its destination's rates applies. */
export const taxClassValues = ['standard', 'reduced', 'zero'] as const;
export type TaxClass = (typeof taxClassValues)[number];

/** Rates are kept in parts per million: 18 % is 180 000, 8.875 % is 88 750. */
export const TAX_PPM_PER_PERCENT = 10_000;

/** A percentage written as a decimal with at most four decimals ("18", "8.875") → ppm; undefined otherwise. */
export function taxRatePpm(percent: string): number | undefined {
  const match = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(percent);
  if (!match) return undefined;
  const ppm = Number(match[1]) * TAX_PPM_PER_PERCENT + Number((match[2] ?? '').padEnd(4, '0'));
  return ppm <= 100 * TAX_PPM_PER_PERCENT ? ppm : undefined;
}

/**
 * A tax in an order's totals, per name and rate: `rate` in percent, `amount` in the order's minor units. In a
 * market whose prices include tax, the amount is part of the lines' prices; otherwise it was added to the total.
 */
export const orderTaxSchema = z.object({ name: z.string(), rate: z.number(), amount: z.number().int() });
export type OrderTax = z.infer<typeof orderTaxSchema>;

/** `GET /v1/admin/tax-rates`. */
export const adminTaxRateSchema = z.object({
  id: z.string(),
  country: z.string(),
  /** '' for the whole country. */
  region: z.string(),
  taxClass: z.enum(taxClassValues),
  names: localizedTextSchema,
  /** Percent as a decimal string ("8.875"). */
  rate: z.string(),
});
export type AdminTaxRate = z.infer<typeof adminTaxRateSchema>;

/** `POST /v1/admin/tax-rates`, `PUT /v1/admin/tax-rates/:id`. */
export const taxRateInputSchema = z.strictObject({
  country: z
    .string(msg('validation.market.country'))
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, msg('validation.market.country')),
  region: z
    .string(msg('validation.tax.region'))
    .trim()
    .toUpperCase()
    .max(20, msg('validation.tax.region'))
    .default(''),
  taxClass: z.enum(taxClassValues, msg('validation.invalid')),
  names: requiredLocalizedText(40),
  rate: z
    .string(msg('validation.tax.rate'))
    .trim()
    .refine((rate) => taxRatePpm(rate) !== undefined, msg('validation.tax.rate')),
});
export type TaxRateInput = z.infer<typeof taxRateInputSchema>;
export type TaxRateInputBody = z.input<typeof taxRateInputSchema>;

/** The longest period the tax report covers: a leap year. */
export const MAX_TAX_REPORT_DAYS = 366;

const reportDay = z
  .string(msg('validation.required'))
  .min(1, { error: 'validation.required', abort: true })
  .refine(isDay, msg('validation.day'));

/** `GET /v1/admin/reports/taxes`: UTC days `from` … `to`, both included, at most a leap year. */
export const taxReportQuerySchema = z
  .strictObject({ from: reportDay, to: reportDay })
  .superRefine((query, ctx) => {
    if (!isDay(query.from) || !isDay(query.to)) return;
    if (query.from > query.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dateRange' });
    } else if (daysInRange(query.from, query.to) > MAX_TAX_REPORT_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.tax.reportSpan' });
    }
  });
export type TaxReportQuery = z.infer<typeof taxReportQuerySchema>;

/**
 * One line of the tax report: the tax of one name and rate collected in one currency on orders delivered to one
 * country and region. `amount` is in `currency`'s minor units; `amountInShopCurrency` is each order's amount at
 * the rate that order was placed at, rounded per order, summed.
 */
export const taxReportRowSchema = z.object({
  /** ISO 3166-1 alpha-2 of the delivery address. */
  country: z.string(),
  /** The delivery address's state or province code (`BR-SP`), '' when it had none. */
  region: z.string(),
  /** As the order keeps it: in the language the shopper ordered in. */
  name: z.string(),
  /** Percent. */
  rate: z.number(),
  currency: z.string().length(3),
  /** Orders with this tax line. */
  orders: z.number().int(),
  amount: z.number().int(),
  amountInShopCurrency: z.number().int(),
});
export type TaxReportRow = z.infer<typeof taxReportRowSchema>;

/**
 * `GET /v1/admin/reports/taxes`: the taxes of the paid orders placed in the period (paid, shipped, completed,
 * partially refunded), by destination, tax and currency, with totals in the shop's currency.
 */
export const taxReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The shop's currency: `amountInShopCurrency` and the totals are in it. */
  shopCurrency: z.string().length(3),
  rows: z.array(taxReportRowSchema),
  totals: z.object({
    /** Paid orders placed in the period with any tax (each counted once, however many tax lines it has). */
    orders: z.number().int(),
    amountInShopCurrency: z.number().int(),
  }),
});
export type TaxReport = z.infer<typeof taxReportSchema>;
