import { and, inArray, sql } from 'drizzle-orm';
import type { OrderStatus, TaxReport, TaxReportQuery } from '@shop/contract';
import { schema, type Db } from '@shop/db';
import { inShopCurrency } from '../markets/in-shop-currency.ts';

const { orders } = schema;

/**
 * The orders whose taxes the shop collected: paid, and not given back in full.
 *
 * A partially refunded order counts with its whole tax lines, as they were when it was placed: a refund records
 * money given back, not how much of it was tax (it may be shipping, a goodwill amount or part of a line), so the
 * report states the tax charged at sale and leaves any correction for the refunded part to the accountant, who
 * finds those orders in the order list. A fully refunded order is left out, as are unpaid and cancelled ones.
 */
export const TAXED_STATUSES: readonly OrderStatus[] = ['paid', 'shipped', 'completed', 'partially_refunded'];

/** Each order's tax lines as rows: `tax.name`, `tax.rate` (percent), `tax.amount` (the order's minor units). */
const ordersWithTheirTaxes = sql`${orders} cross join lateral jsonb_to_recordset(${orders.taxes}) as tax(name text, rate numeric, amount bigint)`;
const country = sql`coalesce(${orders.address}->'regionCodes'->>0, '')`;
const region = sql`coalesce(${orders.address}->'regionCodes'->>1, '')`;

/**
 * The taxes of the paid orders placed on the UTC days `from` … `to` (both included), summed by destination
 * country and region, tax name and rate and the order's currency, in that order. Each order's tax line is also
 * converted to the shop's currency at the rate that order was placed at, rounded to the minor unit before it is
 * summed (as the dashboard converts per order), so the totals add up orders in different currencies.
 */
export async function taxReport(db: Db, period: TaxReportQuery, shopCurrency: string): Promise<TaxReport> {
  // The days' bounds are worked out by the database, which has every day from year 1 to 9999 and the one after.
  const counted = and(
    inArray(orders.status, [...TAXED_STATUSES]),
    sql`${orders.createdAt} >= (${period.from}::date)::timestamp at time zone 'UTC'`,
    sql`${orders.createdAt} < (${period.to}::date + 1)::timestamp at time zone 'UTC'`,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        country: sql<string>`${country}`,
        region: sql<string>`${region}`,
        name: sql<string>`tax.name`,
        rate: sql<number>`tax.rate::float8`.mapWith(Number),
        currency: sql<string>`${orders.currency}`,
        orders: sql<number>`count(distinct ${orders.id})::int`.mapWith(Number),
        amount: sql<number>`sum(tax.amount)::bigint`.mapWith(Number),
        amountInShopCurrency:
          sql<number>`sum(${inShopCurrency(sql`tax.amount`, shopCurrency)})::bigint`.mapWith(Number),
      })
      .from(ordersWithTheirTaxes)
      .where(counted)
      .groupBy(country, region, sql`tax.name`, sql`tax.rate`, orders.currency)
      .orderBy(country, region, sql`tax.name`, sql`tax.rate`, orders.currency),
    db
      .select({ orders: sql<number>`count(*)::int`.mapWith(Number) })
      .from(orders)
      .where(and(counted, sql`jsonb_array_length(${orders.taxes}) > 0`)),
  ]);
  return {
    from: period.from,
    to: period.to,
    shopCurrency,
    rows,
    totals: {
      orders: totals?.orders ?? 0,
      amountInShopCurrency: rows.reduce((sum, row) => sum + row.amountInShopCurrency, 0),
    },
  };
}
