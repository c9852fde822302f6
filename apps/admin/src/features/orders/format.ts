import { useIntl } from 'react-intl';
import { toMajor } from '../shop/money.ts';

/** How staff pages name a shopper: the nickname they chose, else their email. */
export const shopperName = (person: { nickname: string; email: string }) => person.nickname || person.email;

/** Money and times in the UI locale: amounts arrive as integer minor units plus a currency code. */
export function useFormat() {
  const intl = useIntl();
  return {
    money: (minor: number, currency: string) =>
      intl.formatNumber(toMajor(minor, currency), { style: 'currency', currency }),
    dateTime: (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' }),
    date: (iso: string) => intl.formatDate(iso, { dateStyle: 'medium' }),
  };
}
