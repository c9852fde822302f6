import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { currencyDecimals, RATE_SCALE } from '@shop/contract';
import { schema } from '@shop/db';

const { orders } = schema;

/**
 * An amount in an order's currency in the shop's currency (what dashboards and staff's totals report in), at the
 * rate the order was placed at:
 * amount × 10^(shop's decimals − order's) / rate, rounded per order. Needs `orders` in the query.
 */
export function inShopCurrency(amount: SQL | AnyColumn, shopCurrency: string): SQL {
  return sql`round((${amount})::numeric * ${RATE_SCALE} / ${orders.rateMillionths} * power(10::numeric, ${currencyDecimals(shopCurrency)} - ${orderCurrencyDecimals()}))`;
}

let decimalsCase: SQL | undefined;
/** The order's currency's minor-unit digits, as SQL: the few currencies without two are listed (ISO 4217, Intl). */
function orderCurrencyDecimals(): SQL {
  if (!decimalsCase) {
    const odd = (Intl.supportedValuesOf('currency') as string[]).filter(
      (code) => /^[A-Z]{3}$/.test(code) && currencyDecimals(code) !== 2,
    );
    decimalsCase = sql.raw(
      `(case ${'"orders"."currency"'} ${odd.map((code) => `when '${code}' then ${currencyDecimals(code)}`).join(' ')} else 2 end)`,
    );
  }
  return decimalsCase;
}
