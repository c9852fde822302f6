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

/** How many minor units make one major unit of `currency` is 10 to this power: 2 for USD, 0 for JPY. */
export function fractionDigits(currency: string): number {
  return formatter('en-US', currency).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Formats integer minor units (cents) of `currency` using the currency's own number of fraction digits. */
export function formatMoney(minorUnits: number, currency: string, locale: string): string {
  const format = formatter(locale, currency);
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minorUnits / 10 ** digits);
}

/** The currency's sign as the locale writes it ("$", "US$", "R$", "¥"), for labels of amount fields. */
export function currencySign(currency: string, locale: string): string {
  return (
    formatter(locale, currency)
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? currency
  );
}

/** The locale's decimal separator: "." in en-US and zh-CN, "," in pt-BR. */
function decimalSeparator(locale: string): string {
  return (
    new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.'
  );
}

/**
 * An amount typed in major units as the locale writes it ("1,200.5" in en-US, "1.200,50" in pt-BR) as minor
 * units; `undefined` for an empty field, `null` when it is no amount of this currency (negative, more decimals
 * than the currency has, not a number). Lenient where it is safe: either separator works as the decimal point
 * unless three digits follow it, which makes it the locale's thousands separator.
 */
export function parseMajorUnits(text: string, currency: string, locale: string): number | null | undefined {
  let value = text.trim().replace(/[\s\u00a0\u202f']/g, '');
  if (value === '') return undefined;
  const group = decimalSeparator(locale) === ',' ? '.' : ',';
  value = value.replace(new RegExp(`\\${group}(?=\\d{3}(?!\\d))`, 'g'), '').replace(',', '.');
  const match = /^(\d{1,10})(?:\.(\d*))?$/.exec(value);
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  const digits = fractionDigits(currency);
  if (fraction.length > digits) return null;
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || 0);
}

/** Minor units as a plain major-unit number for an input field: 1250 USD → "12.5", 1200 → "12". */
export function toMajorUnits(minorUnits: number, currency: string): string {
  return String(minorUnits / 10 ** fractionDigits(currency));
}
