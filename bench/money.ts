/**
 * `node --import tsx bench/money.ts`: checkouts, payments and cancels at once, on a throw-away database.
 *
 * `BENCH_MONEY_CONNECTIONS` (default 40) workers each loop: place an order of two SKUs picked from a small set
 * (so that orders share SKUs and goods and their locks cross), then three times in four pay it (create a pay
 * link, submit the sandbox gateway's page with the succeeding test card: its signed webhook marks the order
 * paid) and once in four cancel it. Counted: orders, payments, cancels per second, and every reply of 500 or
 * more (a deadlock that reached a client would be one). After the run the shop is given time to deliver its
 * webhooks, then stopped, and the database is checked: every SKU's stock went down by exactly the units of
 * orders not cancelled, every paid order holds exactly one captured charge, and (where the shop has it) the
 * reconciliation of captured − refunded against what orders hold finds no mismatch.
 *
 * Environment: BENCH_SECONDS (default 10), BENCH_MONEY_CONNECTIONS (40), BENCH_CHECKOUT_SHOPPERS (200),
 * BENCH_CHECKOUT_SKUS (6), BENCH_DATABASE_URL=postgres://… (PostgreSQL; PGlite otherwise).
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createDb } from '@shop/db';
import { prepareFixture, SHOPPER_PASSWORD } from './checkout-fixture.ts';
import { Client, forEach, latencyOf, runFor } from './checkout-load.ts';
import type { ReadyMessage } from './ipc.ts';
import { positiveIntegerFromEnv, printTable } from './report.ts';

const seconds = positiveIntegerFromEnv('BENCH_SECONDS', 10);
const connections = positiveIntegerFromEnv('BENCH_MONEY_CONNECTIONS', 40);
const shopperCount = positiveIntegerFromEnv('BENCH_CHECKOUT_SHOPPERS', 200);
const skuCount = positiveIntegerFromEnv('BENCH_CHECKOUT_SKUS', 6);
const serverUrl = process.env.BENCH_DATABASE_URL || undefined;
const engine = serverUrl ? 'postgres' : 'pglite';

console.log(
  `Checkout + pay + cancel on ${engine} — ${os.cpus()[0]?.model ?? '?'} ×${os.cpus().length}, Node ` +
    `${process.version}; ${connections} connections for ${seconds} s; load average ${os.loadavg()[0]!.toFixed(1)}`,
);
const fixture = await prepareFixture(serverUrl, shopperCount, skuCount);
const child = fork(new URL('checkout-server.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });
const exited = once(child, 'exit');
child.send(fixture.setup);
const [ready] = (await once(child, 'message')) as [ReadyMessage];
const client = new Client(ready.port, connections);
const counts = { orders: 0, payments: 0, cancels: 0, serverErrors: 0, other: new Map<string, number>() };
const checkoutMs: number[] = [];
const note = (what: string, status: number) => {
  if (status >= 500) counts.serverErrors++;
  const key = `${what} ${status}`;
  counts.other.set(key, (counts.other.get(key) ?? 0) + 1);
};
let elapsed: number | undefined;
try {
  const cookies: string[] = [];
  await forEach(fixture.shoppers, 20, async (shopper, i) => {
    const reply = await client.post('/v1/home/users/login', {
      account: shopper.email,
      password: SHOPPER_PASSWORD,
    });
    cookies[i] = reply.cookies.join('; ');
  });
  const run = await runFor(seconds, connections, async (worker, round) => {
    const i = (worker + round * connections) % fixture.shoppers.length;
    const shopper = fixture.shoppers[i]!;
    const cookie = cookies[i]!;
    const a = fixture.skus[(worker + round) % fixture.skus.length]!;
    const b = fixture.skus[(worker * 7 + round * 3 + 1) % fixture.skus.length]!;
    const started = performance.now();
    const placed = await client.post(
      '/v1/home/orders',
      {
        addressId: shopper.addressId,
        items:
          a.id === b.id
            ? [{ skuId: a.id, quantity: 2 }]
            : [
                { skuId: a.id, quantity: 1 },
                { skuId: b.id, quantity: 1 },
              ],
      },
      { cookie, 'idempotency-key': randomUUID() },
    );
    note('order', placed.status);
    if (placed.status !== 201) return;
    counts.orders++;
    const orderId = (JSON.parse(placed.body) as { data: { id: string } }).data.id;
    if ((worker + round) % 4 === 3) {
      const cancelled = await client.post(`/v1/home/orders/${orderId}/cancel`, {}, { cookie });
      note('cancel', cancelled.status);
      if (cancelled.status === 200) counts.cancels++;
      return;
    }
    const charge = await client.post('/v1/home/charges', { orderId, channel: 'sandbox' }, { cookie });
    note('charge', charge.status);
    if (charge.status !== 201) return;
    const chargeId = (JSON.parse(charge.body) as { data: { id: string } }).data.id;
    const paid = await client.send('POST', `/v1/sandbox/checkout/${chargeId}`, 'card=4242424242424242', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    note('pay', paid.status);
    if (paid.status === 303) counts.payments++;
    checkoutMs.push(performance.now() - started);
  });
  elapsed = run.elapsedSeconds;
  // The gateway's webhooks are delivered in the background: wait until none is left.
  const database = serverUrl ? await createDb(fixture.setup) : undefined;
  if (database) {
    for (let waited = 0; waited < 60; waited++) {
      const result = await database.db.execute(
        sql`select count(*)::int as n from webhook_deliveries where delivered_at is null`,
      );
      const rows = (result as unknown as { rows: { n: number }[] }).rows;
      if (rows[0]!.n === 0) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    await database.close();
  } else {
    await new Promise((r) => setTimeout(r, 10_000));
  }
} finally {
  client.close();
  if (child.connected) child.disconnect();
  await exited;
}

const database = await createDb(fixture.setup);
let check: string | undefined;
try {
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    (await database.db.execute(query)) as unknown as { rows: T[] };
  const ledger = await rows<{ sku_id: string; ordered: number; dropped: number }>(sql`
    select s.id as sku_id,
      (select coalesce(sum(l.quantity), 0)::int from order_lines l join orders o on o.id = l.order_id
        where l.sku_id = s.id and o.status <> 'cancelled') as ordered,
      (100000000 - s.stock)::int as dropped
    from skus s where s.stock > 1000000`);
  const wrong = ledger.rows.filter((r) => r.ordered !== r.dropped);
  const doubly = await rows<{ n: number }>(sql`
    select count(*)::int as n from orders o where o.status = 'paid' and (select count(*) from charges c
      where c.order_id = o.id and c.status in ('succeeded', 'partially_refunded', 'refunded')) <> 1`);
  const stuck = await rows<{ n: number }>(sql`
    select count(*)::int as n from orders o where o.status = 'pending_payment'
      and exists (select 1 from charges c where c.order_id = o.id and c.status = 'succeeded')`);
  check =
    `stock ledger ${wrong.length === 0 ? 'balanced' : `WRONG on ${wrong.length} SKUs`} over ${ledger.rows.length} SKUs; ` +
    `paid orders without exactly one capture: ${doubly.rows[0]!.n}; unpaid orders with a succeeded charge: ${stuck.rows[0]!.n}`;
  const hasRefunds = await rows<{ n: number }>(sql`select count(*)::int as n from information_schema.columns
    where table_name = 'refunds' and column_name = 'kind'`);
  if (hasRefunds.rows[0]!.n > 0) {
    const { reconcile } = await import('../apps/api/src/modules/payments/reconciliation.ts');
    const report = await reconcile(database.db);
    check = `${check}; reconciliation: ${report.checkedOrders} orders, ${report.mismatches.length} mismatches, ${report.settling} settling`;
  }
} finally {
  await database.close();
  await fixture.discard();
}

printTable(
  [
    'engine',
    'conns',
    'orders/s',
    'payments/s',
    'cancels/s',
    '5xx',
    'order→paid p50 ms',
    'p99 ms',
    'load avg',
  ],
  [
    [
      engine,
      String(connections),
      (counts.orders / elapsed!).toFixed(1),
      (counts.payments / elapsed!).toFixed(1),
      (counts.cancels / elapsed!).toFixed(1),
      String(counts.serverErrors),
      latencyOf(checkoutMs).p50.toFixed(0),
      latencyOf(checkoutMs).p99.toFixed(0),
      os.loadavg()[0]!.toFixed(1),
    ],
  ],
);
console.log(`Replies: ${[...counts.other].map(([k, v]) => `${k} ×${v}`).join(', ')}`);
console.log(`Checked: ${check ?? 'nothing (the run failed)'}`);
if (counts.serverErrors > 0) process.exitCode = 1;
