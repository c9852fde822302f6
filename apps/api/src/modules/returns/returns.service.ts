import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  AppError,
  Code,
  type AdminReturn,
  type AdminReturnsQuery,
  type CreateReturnBody,
  type OrderReturn,
  type PageMeta,
  type ReceiveReturnBody,
  type ReturnStatus,
} from '@shop/contract';
import { schema, transact, type Db } from '@shop/db';
import type { PeopleDirectory } from '../orders/orders-admin.service.ts';
import type { OrderLineRow, OrderRow, OrdersService } from '../orders/orders.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { AuditLog } from '../staff/audit-log.ts';

const { orderReturns, orders } = schema;
type ReturnRow = typeof orderReturns.$inferSelect;

/** Order states whose goods reached the shopper (partly refunded ones too, once shipped). */
const DELIVERED: OrderRow['status'][] = ['shipped', 'completed', 'partially_refunded'];
/** Returns still holding units: they count against what may be returned again. */
const OPEN: ReturnStatus[] = ['new', 'approved', 'received'];

/** Which step may follow which: a table, like the order lifecycle. */
const RETURN_STEPS: Record<'approve' | 'reject' | 'receive' | 'refund', ReturnStatus[]> = {
  approve: ['new'],
  reject: ['new'],
  receive: ['approved'],
  refund: ['received'],
};

/**
 * Returns (RMA): a shopper asks to send back units of a delivered order within the shop's window; staff approve
 * or reject with a message, mark the goods received (back on sale or not, per line) and refund from there. Each
 * staff step is one transaction with its audit entry; the shopper is mailed after it commits.
 */
export class ReturnsService {
  constructor(
    private readonly db: Db,
    private readonly orders: OrdersService,
    private readonly payments: PaymentsService,
    private readonly people: PeopleDirectory,
    private readonly audit: AuditLog,
    private readonly windowDays: () => number,
  ) {}

  /** Until when the order's goods may be returned: its shipping day plus the window; null if not returnable. */
  returnableUntil(order: OrderRow): Date | null {
    const days = this.windowDays();
    if (days <= 0 || !DELIVERED.includes(order.status) || !order.shippedAt) return null;
    return new Date(order.shippedAt.getTime() + days * 86_400_000);
  }

  async request(userId: string, orderId: string, body: CreateReturnBody): Promise<OrderReturn> {
    const created = await transact(this.db, async (tx) => {
      const order = await this.orders.lock(tx, orderId, userId);
      if (!order) throw new AppError(Code.notFound, 'error.notFound');
      const until = this.returnableUntil(order);
      if (!until || until.getTime() < Date.now()) {
        throw new AppError(Code.refused, 'error.return.notAllowed', undefined, 409);
      }
      const lines = await this.orders.linesOf(order.id, tx);
      const open = await this.openUnits(tx, order.id);
      const seen = new Set<string>();
      body.lines.forEach((wanted, i) => {
        const line = lines.find((l) => l.id === wanted.lineId);
        if (!line || seen.has(wanted.lineId)) {
          throw new AppError(Code.validation, 'validation.invalid', {
            [`lines.${i}.lineId`]: 'validation.invalid',
          });
        }
        seen.add(wanted.lineId);
        if (wanted.quantity > line.quantity - line.refundedQuantity - (open.get(line.id) ?? 0)) {
          throw new AppError(Code.validation, 'validation.invalid', {
            [`lines.${i}.quantity`]: 'validation.return.quantity',
          });
        }
      });
      const [row] = await tx
        .insert(orderReturns)
        .values({
          orderId: order.id,
          userId,
          reason: body.reason,
          note: body.note ?? '',
          lines: body.lines.map((l) => ({ lineId: l.lineId, quantity: l.quantity, restock: null })),
          history: [{ status: 'new', at: new Date().toISOString() }],
        })
        .returning();
      return { row: row!, lines, order };
    });
    await this.orders.announce('returnRequested', orderId);
    return toReturn(created.row, created.lines, created.order);
  }

  /** An order's returns, oldest first. */
  async ofOrder(orderId: string): Promise<OrderReturn[]> {
    const rows = await this.db
      .select()
      .from(orderReturns)
      .where(eq(orderReturns.orderId, orderId))
      .orderBy(asc(orderReturns.createdAt));
    if (rows.length === 0) return [];
    const [lines, [order]] = await Promise.all([
      this.orders.linesOf(orderId),
      this.db
        .select({ currency: orders.currency, number: orders.number })
        .from(orders)
        .where(eq(orders.id, orderId)),
    ]);
    return rows.map((row) => toReturn(row, lines, order!));
  }

  async list(query: AdminReturnsQuery): Promise<{ items: AdminReturn[]; meta: PageMeta }> {
    const where = and(
      query.status ? eq(orderReturns.status, query.status) : undefined,
      query.orderId ? eq(orderReturns.orderId, query.orderId) : undefined,
    );
    const [rows, [count]] = await Promise.all([
      this.db
        .select()
        .from(orderReturns)
        .where(where)
        // The queue: oldest waiting first when filtered by a status, newest first otherwise.
        .orderBy(
          query.status ? asc(orderReturns.createdAt) : desc(orderReturns.createdAt),
          asc(orderReturns.id),
        )
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(orderReturns)
        .where(where),
    ]);
    return {
      items: await this.toAdminReturns(rows),
      meta: { page: query.page, pageSize: query.pageSize, total: count?.n ?? 0 },
    };
  }

  async get(id: string): Promise<AdminReturn> {
    const [row] = await this.db.select().from(orderReturns).where(eq(orderReturns.id, id));
    if (!row) throw new AppError(Code.notFound, 'error.notFound');
    return (await this.toAdminReturns([row]))[0]!;
  }

  approve(id: string, staffId: string, message: string | undefined): Promise<AdminReturn> {
    return this.step(id, 'approve', staffId, async () => ({
      status: 'approved',
      staffMessage: message ?? '',
    }));
  }

  reject(id: string, staffId: string, message: string): Promise<AdminReturn> {
    return this.step(id, 'reject', staffId, async () => ({ status: 'rejected', staffMessage: message }));
  }

  /** The goods arrived: per line, whether its units go back on sale (done now, not at the refund). */
  receive(id: string, staffId: string, body: ReceiveReturnBody): Promise<AdminReturn> {
    return this.step(id, 'receive', staffId, async (tx, row, order) => {
      const lines = await this.orders.linesOf(order.id, tx);
      const chosen = new Map(body.lines.map((l) => [l.lineId, l.restock]));
      const returned = row.lines.map((l) => ({ ...l, restock: chosen.get(l.lineId) ?? false }));
      const restock = returned
        .filter((l) => l.restock)
        .map((l) => ({ skuId: lines.find((line) => line.id === l.lineId)!.skuId, quantity: l.quantity }));
      if (restock.length) await this.orders.restock(tx, restock);
      return { status: 'received', lines: returned };
    });
  }

  /** Refunds a received return: by default the value of its units, through the payments module. */
  refund(id: string, staffId: string, amount: number | undefined): Promise<AdminReturn> {
    return this.step(id, 'refund', staffId, async (tx, row, order) => {
      const lines = await this.orders.linesOf(order.id, tx);
      const value = returnValue(row, lines);
      const refund = await this.payments.requestRefund(
        order.id,
        {
          amount: amount ?? value,
          reason: `return:${row.reason}`,
          // Units went back on sale (or not) when received: the refund only counts them as given back.
          lines: row.lines.map((l) => ({ lineId: l.lineId, quantity: l.quantity, restock: false })),
          kind: 'return',
          actorId: staffId,
          returnId: row.id,
        },
        tx,
      );
      return { refundId: refund.id, sendRefund: refund };
    });
  }

  /** Inside the refund's transaction: the provider confirmed the refund of this return. */
  async markRefunded(tx: Db, returnId: string): Promise<void> {
    await tx
      .update(orderReturns)
      .set({
        status: 'refunded',
        history: sql`${orderReturns.history} || ${JSON.stringify([{ status: 'refunded', at: new Date().toISOString() }])}::jsonb`,
        updatedAt: new Date(),
      })
      .where(and(eq(orderReturns.id, returnId), eq(orderReturns.status, 'received')));
  }

  /**
   * One staff step: locks the order then the return (the global order), checks the step is allowed from the
   * return's state, applies it, writes the history and the audit entry; mails the shopper after the commit.
   */
  private async step(
    id: string,
    action: keyof typeof RETURN_STEPS,
    staffId: string,
    apply: (
      tx: Db,
      row: ReturnRow,
      order: OrderRow,
    ) => Promise<{
      status?: ReturnStatus;
      staffMessage?: string;
      lines?: ReturnRow['lines'];
      refundId?: string;
      sendRefund?: Awaited<ReturnType<PaymentsService['requestRefund']>>;
    }>,
  ): Promise<AdminReturn> {
    const [known] = await this.db.select().from(orderReturns).where(eq(orderReturns.id, id));
    if (!known) throw new AppError(Code.notFound, 'error.notFound');
    const done = await transact(this.db, async (tx) => {
      const order = await this.orders.lock(tx, known.orderId);
      const [row] = await tx.select().from(orderReturns).where(eq(orderReturns.id, id)).for('update');
      if (!order || !row) throw new AppError(Code.notFound, 'error.notFound');
      if (!RETURN_STEPS[action].includes(row.status)) {
        throw new AppError(Code.refused, 'error.return.transition', undefined, 409);
      }
      const change = await apply(tx, row, order);
      const { sendRefund, ...columns } = change;
      const history = change.status
        ? [...row.history, { status: change.status, at: new Date().toISOString() }]
        : row.history;
      const [updated] = await tx
        .update(orderReturns)
        .set({ ...columns, history, updatedAt: new Date() })
        .where(eq(orderReturns.id, id))
        .returning();
      await this.audit.record(tx, {
        actorId: staffId,
        action: `return.${action}`,
        entity: 'return',
        entityId: id,
        before: { status: row.status },
        after: {
          status: updated!.status,
          orderId: row.orderId,
          ...(change.staffMessage !== undefined ? { message: change.staffMessage } : {}),
          ...(change.lines ? { lines: change.lines } : {}),
          ...(sendRefund ? { refund: { id: sendRefund.id, amount: sendRefund.amount } } : {}),
        },
      });
      return { row: updated!, sendRefund };
    });
    if (done.sendRefund) await this.payments.sendToProvider(done.sendRefund);
    // Received units may be back on sale: the catalog's cached replies still show the stock before.
    if (action === 'receive' && done.row.lines.some((l) => l.restock))
      await this.orders.afterRestock(done.row.orderId);
    if (action !== 'refund') {
      const notice =
        action === 'approve' ? 'returnApproved' : action === 'reject' ? 'returnRejected' : 'returnReceived';
      await this.orders.announce(notice, known.orderId, { message: done.row.staffMessage });
    }
    return this.get(id);
  }

  /** Units of each line in returns still open (they cannot be asked for again). */
  private async openUnits(tx: Db, orderId: string): Promise<Map<string, number>> {
    const rows = await tx
      .select({ lines: orderReturns.lines })
      .from(orderReturns)
      .where(and(eq(orderReturns.orderId, orderId), inArray(orderReturns.status, OPEN)));
    const units = new Map<string, number>();
    for (const row of rows)
      for (const l of row.lines) units.set(l.lineId, (units.get(l.lineId) ?? 0) + l.quantity);
    return units;
  }

  private async toAdminReturns(rows: ReturnRow[]): Promise<AdminReturn[]> {
    if (rows.length === 0) return [];
    const orderIds = [...new Set(rows.map((r) => r.orderId))];
    const [orderRows, people] = await Promise.all([
      this.db.select().from(orders).where(inArray(orders.id, orderIds)),
      this.people.find([...new Set(rows.map((r) => r.userId))]),
    ]);
    const linesByOrder = new Map(
      await Promise.all(orderIds.map(async (id) => [id, await this.orders.linesOf(id)] as const)),
    );
    const refundable = new Map(
      await Promise.all(orderRows.map(async (o) => [o.id, await this.payments.refundable(o)] as const)),
    );
    return rows.map((row) => {
      const order = orderRows.find((o) => o.id === row.orderId)!;
      return {
        ...toReturn(row, linesByOrder.get(row.orderId) ?? [], order),
        shopper: people.get(row.userId) ?? null,
        orderStatus: order.status,
        refundable: refundable.get(order.id) ?? 0,
      };
    });
  }
}

function returnValue(row: ReturnRow, lines: OrderLineRow[]): number {
  return row.lines.reduce(
    (sum, l) => sum + (lines.find((line) => line.id === l.lineId)?.price ?? 0) * l.quantity,
    0,
  );
}

/** A return as shoppers and staff read it; `order` is the order it is of (its currency and number). */
function toReturn(
  row: ReturnRow,
  lines: OrderLineRow[],
  order: { currency: string; number: number },
): OrderReturn {
  return {
    id: row.id,
    orderId: row.orderId,
    orderNumber: String(order.number),
    status: row.status,
    reason: row.reason as OrderReturn['reason'],
    note: row.note,
    lines: row.lines.map((l) => {
      const line = lines.find((x) => x.id === l.lineId);
      return {
        lineId: l.lineId,
        name: line?.name ?? '',
        options: line?.options ?? [],
        price: line?.price ?? 0,
        quantity: l.quantity,
        restock: l.restock,
      };
    }),
    staffMessage: row.staffMessage,
    amount: returnValue(row, lines),
    currency: order.currency,
    refundId: row.refundId,
    createdAt: row.createdAt.toISOString(),
    history: row.history.map((h) => ({ status: h.status as ReturnStatus, at: h.at })),
  };
}
