import { useIntl } from 'react-intl';
import { formatMoney } from './money.ts';

/** A function formatting minor units in the page's locale. */
export function useMoney(): (minorUnits: number, currency: string) => string {
  const { locale } = useIntl();
  return (minorUnits, currency) => formatMoney(minorUnits, currency, locale);
}

/** A price, with the list price struck through when the goods is discounted. */
export function Price({
  amount,
  original,
  currency,
}: {
  amount: number;
  original?: number | null | undefined;
  currency: string;
}) {
  const intl = useIntl();
  const money = useMoney();
  const discounted = original != null && original > amount;
  return (
    <span className="price">
      <span className="price-now">{money(amount, currency)}</span>
      {discounted && (
        <del className="price-was">
          <span className="visually-hidden">{intl.formatMessage({ id: 'price.was' })} </span>
          {money(original, currency)}
        </del>
      )}
    </span>
  );
}
