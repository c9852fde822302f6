/**
 * Money in the back office: the API speaks integer minor units, staff type major units (12.99). The number of
 * decimals is the currency's own (2 for USD, 0 for JPY), as `Intl` knows it.
 */
export function currencyDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

/** 12.99 USD → 1299. Rounds, so 0.1 + 0.2 typed as 0.3 stays 30. */
export function toMinor(major: number, currency: string): number {
  return Math.round(major * 10 ** currencyDigits(currency));
}

/** 1299 USD → 12.99. */
export function toMajor(minor: number, currency: string): number {
  return minor / 10 ** currencyDigits(currency);
}

/** 1299 USD → "$12.99" in the UI locale. */
export function formatMoney(minor: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(toMajor(minor, currency));
}
