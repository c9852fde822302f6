import { useIntl } from 'react-intl';

/** The number shoppers see in their mails: the order id's first eight characters, upper-case. */
export const orderNumber = (id: string) => id.slice(0, 8).toUpperCase();

/** How staff pages name a shopper: the nickname they chose, else their email. */
export const shopperName = (person: { nickname: string; email: string }) => person.nickname || person.email;

/** Minor units per major unit of `currency` (100 for USD, 1 for JPY), as Intl knows it. */
export function minorPerMajor(currency: string): number {
  try {
    const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits;
    return 10 ** (digits ?? 2);
  } catch {
    return 100;
  }
}

/** Money and times in the UI locale: amounts arrive as integer minor units plus a currency code. */
export function useFormat() {
  const intl = useIntl();
  return {
    money: (minor: number, currency: string) =>
      intl.formatNumber(minor / minorPerMajor(currency), { style: 'currency', currency }),
    dateTime: (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' }),
    date: (iso: string) => intl.formatDate(iso, { dateStyle: 'medium' }),
  };
}
