import { sql } from 'drizzle-orm';
import type { Reconciliation } from '@shop/contract';
import type { Db } from '@shop/db';

/** Mismatches listed in one reply at most; the count of checked orders covers them all. */
const MAX_LISTED = 200;

interface OrderMoneyRow extends Record<string, unknown> {
  order_id: string;
  order_number: number;
  status: Reconciliation['mismatches'][number]['status'];
  currency: string;
  holds: number;
  captured: number;
  refunded: number;
  returning: number;
  pending: number;
}

/**
 * Compares the money the provider moved with what every order says: captured − refunded must equal what the
 * order holds (its total less its refunds while paid, nothing while unpaid or cancelled). A surplus payment whose
 * automatic refund is still with the provider is "settling", not a mismatch. One read over all orders.
 */
export async function reconcile(db: Db): Promise<Reconciliation> {
  const result = await db.execute<OrderMoneyRow>(sql`
    select o.id as order_id, o.number as order_number, o.status, o.currency,
      (case when o.status in ('paid', 'shipped', 'completed', 'partially_refunded', 'refunded')
        then o.total - o.refunded_amount else 0 end)::bigint as holds,
      coalesce(c.captured, 0)::bigint as captured,
      coalesce(r.refunded, 0)::bigint as refunded,
      coalesce(r.returning, 0)::bigint as returning,
      coalesce(r.pending, 0)::int as pending
    from orders o
    left join (
      select order_id, sum(amount) as captured from charges
      where status in ('succeeded', 'partially_refunded', 'refunded') group by order_id
    ) c on c.order_id = o.id
    left join (
      select order_id,
        sum(amount) filter (where status = 'succeeded') as refunded,
        sum(amount) filter (where status = 'pending' and kind = 'automatic') as returning,
        count(*) filter (where status = 'pending') as pending
      from refunds group by order_id
    ) r on r.order_id = o.id`);
  const rows =
    (result as unknown as { rows: OrderMoneyRow[] }).rows ?? (result as unknown as OrderMoneyRow[]);
  const mismatches: Reconciliation['mismatches'] = [];
  const totals = new Map<string, { captured: number; refunded: number; holds: number }>();
  let settling = 0;
  for (const row of rows) {
    const holds = Number(row.holds);
    const captured = Number(row.captured);
    const refunded = Number(row.refunded);
    const returning = Number(row.returning);
    if (Number(row.pending) > 0) settling++;
    const sum = totals.get(row.currency) ?? { captured: 0, refunded: 0, holds: 0 };
    sum.captured += captured;
    sum.refunded += refunded;
    sum.holds += holds;
    totals.set(row.currency, sum);
    if (captured - refunded - returning !== holds && mismatches.length < MAX_LISTED) {
      mismatches.push({
        orderId: row.order_id,
        orderNumber: String(row.order_number),
        status: row.status,
        currency: row.currency,
        holds,
        captured,
        refunded,
      });
    }
  }
  return {
    checkedOrders: rows.length,
    settling,
    mismatches,
    totals: [...totals].map(([currency, t]) => ({ currency, ...t })),
    checkedAt: new Date().toISOString(),
  };
}
