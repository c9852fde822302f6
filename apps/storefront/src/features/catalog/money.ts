const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, found);
  }
  return found;
}

/** Formats integer minor units (cents) of `currency` using the currency's own number of fraction digits. */
export function formatMoney(minorUnits: number, currency: string, locale: string): string {
  const format = formatter(locale, currency);
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minorUnits / 10 ** digits);
}
