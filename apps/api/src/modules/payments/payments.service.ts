import { and, asc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import {
  AppError,
  Code,
  type Charge,
  type OrderRefund,
  type RefundKind,
  type RefundLine,
} from '@shop/contract';
import { schema, transact, type Db } from '@shop/db';
import type { OrderReader } from '../orders/order-access.ts';
import type { OrderChangeNotice, OrderRow, OrdersService } from '../orders/orders.service.ts';
import type { PaymentProvider } from './sandbox-gateway.ts';
import {
  parsePaymentEvent,
  verifyWebhook,
  type ChargeEvent,
  type PaymentEvent,
  type RefundEvent,
} from './webhooks.ts';

export { signWebhook, verifyWebhook, SIGNATURE_HEADER, WEBHOOK_TOLERANCE_S } from './webhooks.ts';
export type { PaymentEvent } from './webhooks.ts';

const { charges, paymentEvents, refunds } = schema;
export type ChargeRow = typeof charges.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/** Charge states in which the shop holds (or held) the money. */
const CAPTURED: ChargeRow['status'][] = ['succeeded', 'partially_refunded', 'refunded'];
/** Order states in which a charge may be refunded by staff. */
const REFUNDABLE_ORDER: OrderRow['status'][] = ['paid', 'shipped', 'completed', 'partially_refunded'];

export const toCharge = (c: ChargeRow): Charge => ({
  id: c.id,
  orderId: c.orderId,
  amount: c.amount,
  currency: c.currency,
  channel: c.channel,
  status: c.status,
  refundedAmount: c.refundedAmount,
  payUrl: `/v1/sandbox/checkout/${c.id}`,
});

export const toRefund = (r: RefundRow): OrderRefund => ({
  id: r.id,
  chargeId: r.chargeId,
  amount: r.amount,
  currency: r.currency,
  reason: r.reason,
  kind: r.kind,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
  lines: r.lines,
});

/** A refund staff (or a return) ask for. */
export interface RefundRequest {
  amount: number;
  reason: string;
  lines?: RefundLine[] | undefined;
  kind: Exclude<RefundKind, 'automatic'>;
  actorId: string;
  returnId?: string;
}

/** What happened to a webhook: applied now, already applied before, or applied as a surplus to give back. */
export type WebhookOutcome = 'applied' | 'duplicate' | 'refunding';

/** Thrown for a signed event that does not match what the shop knows; nothing is recorded. */
export class EventMismatchError extends AppError {
  constructor(readonly detail: Record<string, unknown>) {
    super(Code.refused, 'error.webhook.mismatch', undefined, 400);
  }
}

/**
 * The shop's side of payments. Every rule that keeps money exact lives here:
 * - an order has at most one live pay link (a new one voids the old; a unique index holds it);
 * - a provider event is recorded and applied in one transaction, so a retry of an event whose effect did not
 *   commit is applied, never answered "duplicate";
 * - a payment the order cannot keep (it was paid by another link, cancelled or expired) is refunded at once;
 * - a refund never exceeds what is left, counting refunds still with the provider.
 * Locks follow the shop's global order: the order, then its charges, then SKUs and goods (in orders/inventory).
 */
export class PaymentsService {
  constructor(
    private readonly db: Db,
    private readonly orders: OrdersService,
    private readonly provider: PaymentProvider,
    private readonly webhookSecret: () => string,
  ) {}

  /**
   * A pay link for an unpaid order. The same `Idempotency-Key` returns the same charge; a new one voids the
   * order's live link first, so two tabs can never both hold one.
   */
  async createCharge(
    reader: OrderReader,
    body: { orderId: string; channel: 'sandbox'; amount?: number | undefined },
    idempotencyKey: string,
  ): Promise<Charge> {
    return transact(this.db, async (tx) => {
      const order = await this.orders.lock(tx, body.orderId);
      if (!order || !this.orders.mayOpen(reader, order)) throw new AppError(Code.notFound, 'error.notFound');
      const [existing] = await tx
        .select()
        .from(charges)
        .where(and(eq(charges.orderId, order.id), eq(charges.idempotencyKey, idempotencyKey)));
      if (existing) return toCharge(existing);
      if (order.status !== 'pending_payment') {
        throw new AppError(Code.refused, 'error.order.notPayable', undefined, 409);
      }
      if (body.amount !== undefined && body.amount !== order.total) {
        throw new AppError(Code.refused, 'error.charge.amount', undefined, 409);
      }
      await this.voidPendingCharges(tx, order.id);
      const [created] = await tx
        .insert(charges)
        .values({
          orderId: order.id,
          amount: order.total,
          currency: order.currency,
          channel: body.channel,
          idempotencyKey,
        })
        .returning();
      return toCharge(created!);
    });
  }

  /** Inside a transaction that holds the order's lock: its live pay link stops working. */
  async voidPendingCharges(tx: Db, orderId: string): Promise<void> {
    await tx
      .update(charges)
      .set({ status: 'voided', updatedAt: new Date() })
      .where(and(eq(charges.orderId, orderId), eq(charges.status, 'pending')));
  }

  async listCharges(reader: OrderReader, orderId: string): Promise<Charge[]> {
    await this.orders.detailFor(reader, orderId);
    return (await this.chargesOf(orderId)).map(toCharge);
  }

  async findCharge(id: string): Promise<ChargeRow | null> {
    const [row] = await this.db.select().from(charges).where(eq(charges.id, id));
    return row ?? null;
  }

  chargesOf(orderId: string): Promise<ChargeRow[]> {
    return this.db
      .select()
      .from(charges)
      .where(eq(charges.orderId, orderId))
      .orderBy(asc(charges.createdAt), asc(charges.id));
  }

  refundsOf(orderId: string): Promise<RefundRow[]> {
    return this.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, orderId))
      .orderBy(asc(refunds.createdAt), asc(refunds.id));
  }

  async findRefund(id: string): Promise<RefundRow | null> {
    const [row] = await this.db.select().from(refunds).where(eq(refunds.id, id));
    return row ?? null;
  }

  /** What is left to give back on an order: its total less refunds made or still with the provider. */
  async refundable(order: OrderRow, db: Db = this.db): Promise<number> {
    if (!REFUNDABLE_ORDER.includes(order.status)) return 0;
    const [pending] = await db
      .select({ amount: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
      .from(refunds)
      .where(
        and(eq(refunds.orderId, order.id), eq(refunds.status, 'pending'), ne(refunds.kind, 'automatic')),
      );
    return order.total - order.refundedAmount - (pending?.amount ?? 0);
  }

  /**
   * Applies a verified provider event once, atomically: the event's record and its effect commit together or
   * not at all. Its amount and currency must equal the charge's (or the refund's), else it is refused.
   */
  async applyWebhook(rawBody: string, signature: string | undefined): Promise<WebhookOutcome> {
    if (!verifyWebhook(this.webhookSecret(), rawBody, signature)) {
      throw new AppError(Code.refused, 'error.webhook.signature', undefined, 400);
    }
    const event = parsePaymentEvent(rawBody);
    if (!event) throw new AppError(Code.validation, 'validation.invalid', undefined, 400);
    const after: (() => Promise<void>)[] = [];
    const outcome = await transact(this.db, async (tx) => {
      after.length = 0;
      return event.type.startsWith('charge.')
        ? this.applyChargeEvent(tx, event as ChargeEvent, after)
        : this.applyRefundEvent(tx, event as RefundEvent, after);
    });
    for (const step of after) await step();
    return outcome;
  }

  private async recordEvent(tx: Db, event: PaymentEvent): Promise<boolean> {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ id: event.id, chargeId: event.chargeId, type: event.type })
      .onConflictDoNothing()
      .returning();
    return Boolean(fresh);
  }

  private async applyChargeEvent(
    tx: Db,
    event: ChargeEvent,
    after: (() => Promise<void>)[],
  ): Promise<WebhookOutcome> {
    const known = await this.findChargeIn(tx, event.chargeId);
    if (!known) throw new EventMismatchError({ eventId: event.id, reason: 'unknown charge' });
    // Global lock order: the order first, then its charge.
    const order = await this.orders.lock(tx, known.orderId);
    const [charge] = await tx.select().from(charges).where(eq(charges.id, known.id)).for('update');
    if (!order || !charge) throw new EventMismatchError({ eventId: event.id, reason: 'unknown order' });
    if (
      event.orderId !== charge.orderId ||
      event.amount !== charge.amount ||
      event.currency !== charge.currency
    ) {
      throw new EventMismatchError({
        eventId: event.id,
        chargeId: charge.id,
        expected: { orderId: charge.orderId, amount: charge.amount, currency: charge.currency },
        received: { orderId: event.orderId, amount: event.amount, currency: event.currency },
      });
    }
    if (!(await this.recordEvent(tx, event))) return 'duplicate';
    if (event.type === 'charge.failed') {
      if (charge.status === 'pending') {
        await tx
          .update(charges)
          .set({ status: 'failed', updatedAt: new Date() })
          .where(eq(charges.id, charge.id));
      }
      return 'applied';
    }
    // A success: the money moved at the provider, whatever the charge's state here (a voided link paid in a
    // tab left open, a late event). It is kept if the order still needs it, else given back.
    if (CAPTURED.includes(charge.status)) return 'applied';
    await tx
      .update(charges)
      .set({ status: 'succeeded', updatedAt: new Date() })
      .where(eq(charges.id, charge.id));
    if (order.status === 'pending_payment') {
      await this.orders.payIn(tx, order);
      await this.voidPendingCharges(tx, order.id);
      after.push(() => this.orders.afterPaid(order.id));
      return 'applied';
    }
    const refund = await this.refundSurplus(tx, order, charge);
    after.push(() => this.sendToProvider(refund));
    after.push(() => this.orders.announce('paymentReturned', order.id, { amount: charge.amount }));
    return 'refunding';
  }

  /** A captured charge the order cannot keep goes back whole, once (a unique index per charge). */
  private async refundSurplus(tx: Db, order: OrderRow, charge: ChargeRow): Promise<RefundRow> {
    const reason = order.status === 'cancelled' ? 'order_cancelled' : 'already_paid';
    const [row] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        chargeId: charge.id,
        amount: charge.amount,
        currency: charge.currency,
        reason,
        kind: 'automatic',
      })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
    const [existing] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.chargeId, charge.id), eq(refunds.kind, 'automatic')));
    return existing!;
  }

  private async applyRefundEvent(
    tx: Db,
    event: RefundEvent,
    after: (() => Promise<void>)[],
  ): Promise<WebhookOutcome> {
    const [known] = await tx.select().from(refunds).where(eq(refunds.id, event.refundId));
    if (!known) throw new EventMismatchError({ eventId: event.id, reason: 'unknown refund' });
    const order = await this.orders.lock(tx, known.orderId);
    const [charge] = await tx.select().from(charges).where(eq(charges.id, known.chargeId)).for('update');
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, known.id)).for('update');
    if (!order || !charge || !refund)
      throw new EventMismatchError({ eventId: event.id, reason: 'unknown order' });
    if (
      event.chargeId !== refund.chargeId ||
      event.orderId !== refund.orderId ||
      event.amount !== refund.amount ||
      event.currency !== refund.currency
    ) {
      throw new EventMismatchError({
        eventId: event.id,
        refundId: refund.id,
        expected: { amount: refund.amount, currency: refund.currency, chargeId: refund.chargeId },
        received: { amount: event.amount, currency: event.currency, chargeId: event.chargeId },
      });
    }
    if (!(await this.recordEvent(tx, event))) return 'duplicate';
    if (refund.status !== 'pending') return 'applied';
    const now = new Date();
    if (event.type === 'refund.failed') {
      await tx.update(refunds).set({ status: 'failed', updatedAt: now }).where(eq(refunds.id, refund.id));
      return 'applied';
    }
    await tx
      .update(refunds)
      .set({ status: 'succeeded', sentAt: refund.sentAt ?? now, updatedAt: now })
      .where(eq(refunds.id, refund.id));
    const refundedAmount = charge.refundedAmount + refund.amount;
    await tx
      .update(charges)
      .set({
        refundedAmount,
        status: refundedAmount >= charge.amount ? 'refunded' : 'partially_refunded',
        updatedAt: now,
      })
      .where(eq(charges.id, charge.id));
    if (refund.kind === 'automatic') return 'applied';
    const to = await this.orders.refundIn(tx, order, {
      amount: refund.amount,
      lines: refund.lines,
      actor: refund.actorId ?? 'payment',
    });
    if (refund.returnId) await this.returnRefundedIn(tx, refund.returnId);
    const notice: OrderChangeNotice = to === 'refunded' ? 'refunded' : 'partiallyRefunded';
    after.push(() => this.orders.afterRefund(order.id, notice, { amount: refund.amount }));
    return 'applied';
  }

  /**
   * Told, inside the refund's transaction, that the refund of a return succeeded. The returns module sets it
   * when it registers (it depends on payments, not the other way round).
   */
  returnRefundedIn: (tx: Db, returnId: string) => Promise<void> = async () => {};

  /**
   * Asks the provider to give back part or all of what is left on a paid order. The request is recorded first
   * (pending), then sent; the order changes when the provider's webhook confirms it. More than what is left,
   * or lines and units the order does not have left, is refused with code 1 and changes nothing.
   */
  async requestRefund(orderId: string, request: RefundRequest, tx?: Db): Promise<RefundRow> {
    const work = async (db: Db) => {
      const order = await this.orders.lock(db, orderId);
      if (!order) throw new AppError(Code.notFound, 'error.notFound');
      if (!REFUNDABLE_ORDER.includes(order.status)) {
        throw new AppError(Code.refused, 'error.order.notRefundable', undefined, 409);
      }
      const left = await this.refundable(order, db);
      if (request.amount > left) {
        throw new AppError(Code.validation, 'validation.invalid', {
          amount: 'validation.refund.overRemaining',
        });
      }
      const lines = request.lines ?? [];
      if (lines.length) await this.checkRefundLines(db, order, lines);
      // The charge that paid the order carries its total; what is left on the order is left on it.
      const kept = await this.keptCharge(db, order.id);
      if (!kept) throw new AppError(Code.refused, 'error.order.notRefundable', undefined, 409);
      const [row] = await db
        .insert(refunds)
        .values({
          orderId: order.id,
          chargeId: kept.id,
          amount: request.amount,
          currency: order.currency,
          reason: request.reason,
          kind: request.kind,
          lines,
          returnId: request.returnId ?? null,
          actorId: request.actorId,
        })
        .returning();
      return row!;
    };
    return tx ? work(tx) : transact(this.db, work);
  }

  /** Sends a recorded refund to the provider (after its transaction committed). */
  async sendToProvider(refund: RefundRow): Promise<void> {
    await this.provider.refund({
      refundId: refund.id,
      chargeId: refund.chargeId,
      orderId: refund.orderId,
      amount: refund.amount,
      currency: refund.currency,
    });
    await this.db
      .update(refunds)
      .set({ sentAt: new Date() })
      .where(and(eq(refunds.id, refund.id), isNull(refunds.sentAt)));
  }

  /**
   * Resends refunds that were recorded but never reached the provider (a crash between the two), and pays
   * orders still unpaid although a charge of theirs succeeded. Run on a timer: after any crash, money settles.
   */
  async settleStuck(olderThanMs = 5_000): Promise<number> {
    const cutoff = new Date(Date.now() - olderThanMs);
    const unsent = await this.db
      .select()
      .from(refunds)
      .where(and(isNull(refunds.sentAt), eq(refunds.status, 'pending'), lt(refunds.createdAt, cutoff)))
      .limit(100);
    for (const refund of unsent) await this.sendToProvider(refund);
    return unsent.length + (await this.settleCaptures());
  }

  /**
   * Captures no order kept: a succeeded charge of an order still unpaid (applied now), or of an order that is
   * cancelled or was paid by another charge (given back). Applying events atomically leaves none of these; data
   * written before that rule, or by hand, is settled here by the same rules as a live event.
   */
  private async settleCaptures(): Promise<number> {
    const result = await this.db.execute<{ charge_id: string }>(sql`
      select c.id as charge_id from charges c join orders o on o.id = c.order_id
      where c.status = 'succeeded'
        and not exists (select 1 from refunds r where r.charge_id = c.id and r.kind = 'automatic')
        and (o.status in ('pending_payment', 'cancelled') or exists (
          select 1 from charges k where k.order_id = c.order_id and k.id <> c.id
            and k.status in ('succeeded', 'partially_refunded', 'refunded') and (k.created_at, k.id) < (c.created_at, c.id)
            and not exists (select 1 from refunds r where r.charge_id = k.id and r.kind = 'automatic')))
      limit 100`);
    const stuck = (result as unknown as { rows: { charge_id: string }[] }).rows;
    for (const { charge_id: chargeId } of stuck) {
      const after: (() => Promise<void>)[] = [];
      await transact(this.db, async (tx) => {
        after.length = 0;
        const known = await this.findChargeIn(tx, chargeId);
        const order = known && (await this.orders.lock(tx, known.orderId));
        const [charge] = await tx.select().from(charges).where(eq(charges.id, chargeId)).for('update');
        if (!order || !charge || charge.status !== 'succeeded') return;
        if (order.status === 'pending_payment') {
          await this.orders.payIn(tx, order);
          await this.voidPendingCharges(tx, order.id);
          after.push(() => this.orders.afterPaid(order.id));
          return;
        }
        const refund = await this.refundSurplus(tx, order, charge);
        after.push(() => this.sendToProvider(refund));
        after.push(() => this.orders.announce('paymentReturned', order.id, { amount: charge.amount }));
      });
      for (const step of after) await step();
    }
    return stuck.length;
  }

  /** The charge that paid the order: captured and not given back automatically. */
  private async keptCharge(db: Db, orderId: string): Promise<ChargeRow | null> {
    const rows = await db
      .select()
      .from(charges)
      .where(and(eq(charges.orderId, orderId), inArray(charges.status, CAPTURED)))
      .orderBy(asc(charges.createdAt));
    for (const row of rows) if (await this.isKept(db, row)) return row;
    return null;
  }

  private async isKept(db: Db, charge: ChargeRow): Promise<boolean> {
    const [automatic] = await db
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.chargeId, charge.id), eq(refunds.kind, 'automatic')));
    return !automatic;
  }

  private async findChargeIn(db: Db, id: string): Promise<ChargeRow | null> {
    const [row] = await db.select().from(charges).where(eq(charges.id, id));
    return row ?? null;
  }

  /** Each line must be the order's, with that many units not yet refunded or being refunded. */
  private async checkRefundLines(db: Db, order: OrderRow, wanted: RefundLine[]) {
    const lines = await this.orders.linesOf(order.id, db);
    const pending = await db
      .select({ lines: refunds.lines })
      .from(refunds)
      .where(
        and(eq(refunds.orderId, order.id), eq(refunds.status, 'pending'), ne(refunds.kind, 'automatic')),
      );
    const inFlight = new Map<string, number>();
    for (const row of pending) {
      for (const l of row.lines) inFlight.set(l.lineId, (inFlight.get(l.lineId) ?? 0) + l.quantity);
    }
    const seen = new Set<string>();
    wanted.forEach((w, i) => {
      const line = lines.find((l) => l.id === w.lineId);
      if (!line || seen.has(w.lineId)) {
        throw new AppError(Code.validation, 'validation.invalid', {
          [`lines.${i}.lineId`]: 'validation.invalid',
        });
      }
      seen.add(w.lineId);
      const left = line.quantity - line.refundedQuantity - (inFlight.get(line.id) ?? 0);
      if (w.quantity > left) {
        throw new AppError(Code.validation, 'validation.invalid', {
          [`lines.${i}.quantity`]: 'validation.refund.lineQuantity',
        });
      }
    });
  }
}
