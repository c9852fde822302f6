import { AppError, taxRatePpm } from '@shop/contract';
import type { AdminTaxRate, Locale, TaxClass, TaxRateInputBody } from '@shop/contract';
import { cleanTexts } from '../../../features/catalog/localized-fields.tsx';

/** The add/edit form's values: what `TaxRateInputBody` needs, as the inputs hold it. */
export interface TaxRateFormValues {
  country: string | undefined;
  /** '' for the whole country. */
  region: string;
  taxClass: TaxClass;
  names: Partial<Record<Locale, string>>;
  rate: string;
}

/** The form's starting values: the rate's, or a new standard rate for a whole country, to be filled in. */
export function toFormValues(rate: AdminTaxRate | null): TaxRateFormValues {
  if (!rate) return { country: undefined, region: '', taxClass: 'standard', names: {}, rate: '' };
  return {
    country: rate.country,
    region: rate.region,
    taxClass: rate.taxClass,
    names: rate.names,
    rate: rate.rate,
  };
}

/** A percentage as typed ("8,875", " 18 % ") as the API reads it ("8.875", "18"): staff may write a decimal comma. */
export function normalizePercent(typed: string | undefined): string {
  return (typed ?? '').trim().replace(/\s*%$/, '').replace(',', '.');
}

/** Whether a typed percentage is one the API takes: 0 to 100, at most four decimals. */
export function isPercent(typed: string | undefined): boolean {
  return taxRatePpm(normalizePercent(typed)) !== undefined;
}

export function toBody(values: TaxRateFormValues): TaxRateInputBody {
  return {
    country: values.country ?? '',
    region: values.region ?? '',
    taxClass: values.taxClass,
    names: cleanTexts(values.names),
    rate: normalizePercent(values.rate),
  };
}

/** The API's field names as the form's: a message about all the names (none given) goes under the shop's language. */
export function serverFields(error: unknown, shopDefault: Locale): unknown {
  if (!(error instanceof AppError) || !error.fields) return error;
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([name, text]) => [
      name === 'names' ? `names.${shopDefault}` : name,
      text,
    ]),
  );
  return new AppError(error.code, error.message, fields, error.httpStatus);
}

/** A rate as a percentage in the reader's language ("8.875%", "8,875%"), never rounded: "8.875" has 3 decimals. */
export function percentText(rate: string | number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 4 }).format(
    Number(rate) / 100,
  );
}
