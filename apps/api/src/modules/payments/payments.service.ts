import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { AppError, Code, type Charge } from '@shop/contract';
import { schema, type Db } from '@shop/db';
import type { OrdersService } from '../orders/orders.service.ts';

const { charges, paymentEvents, refunds, webhookDeliveries } = schema;
type ChargeRow = typeof charges.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/**
 * A payment provider's side of a refund. `key` is the provider's idempotency key: a call repeated after a lost
 * reply must not return the money twice. A real provider implements this; the sandbox's money is not real, so
 * it has nothing to call.
 */
export interface RefundGateway {
  refund(request: {
    orderId: string;
    chargeId: string | null;
    amount: number;
    currency: string;
    key: string;
  }): Promise<void>;
}

export const sandboxRefunds: RefundGateway = { refund: async () => {} };

/** How far a webhook's timestamp may be from now before it is refused as a replay. */
export const WEBHOOK_TOLERANCE_S = 300;
export const SIGNATURE_HEADER = 'shop-signature';

export interface PaymentEvent {
  id: string;
  type: 'charge.succeeded' | 'charge.failed';
  chargeId: string;
  orderId: string;
  amount: number;
  currency: string;
  created: number;
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, as card processors sign their webhooks. */
export function signWebhook(secret: string, body: string, at = Math.floor(Date.now() / 1000)): string {
  const mac = createHmac('sha256', secret).update(`${at}.${body}`).digest('hex');
  return `t=${at},v1=${mac}`;
}

export function verifyWebhook(
  secret: string,
  body: string,
  header: string | undefined,
  now = Date.now(),
): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=') as [string, string]));
  const at = Number(parts.t);
  if (!parts.v1 || !Number.isInteger(at) || Math.abs(now / 1000 - at) > WEBHOOK_TOLERANCE_S) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${at}.${body}`).digest('hex'));
  const given = Buffer.from(parts.v1);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export const toCharge = (c: ChargeRow): Charge => ({
  id: c.id,
  orderId: c.orderId,
  amount: c.amount,
  currency: c.currency,
  channel: c.channel,
  status: c.status,
  payUrl: `/v1/sandbox/checkout/${c.id}`,
});

/** The shop's side of payments: charges for unpaid orders, and the provider's signed news about them. */
export class PaymentsService {
  constructor(
    private readonly db: Db,
    private readonly orders: OrdersService,
    private readonly webhookSecret: () => string,
    private readonly refunds: RefundGateway = sandboxRefunds,
  ) {}

  /**
   * Refunds an order's whole total inside the caller's transaction: the refund row first (one per order, by a
   * unique index, so a second refund fails however many staff click at once), then the provider. A provider
   * failure rolls the caller's transaction back; the order id is the provider's idempotency key.
   */
  async refund(
    tx: Db,
    order: { id: string; total: number; currency: string },
    actorId: string,
    reason: string,
  ): Promise<RefundRow> {
    const [row] = await tx
      .insert(refunds)
      .values({ orderId: order.id, amount: order.total, currency: order.currency, reason, actorId })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError(Code.refused, 'error.order.alreadyRefunded', undefined, 409);
    const [paid] = await tx
      .select({ id: charges.id })
      .from(charges)
      .where(and(eq(charges.orderId, order.id), eq(charges.status, 'succeeded')))
      .limit(1);
    try {
      await this.refunds.refund({
        orderId: order.id,
        chargeId: paid?.id ?? null,
        amount: order.total,
        currency: order.currency,
        key: `refund-${order.id}`,
      });
    } catch (cause) {
      const refused = new AppError(Code.refused, 'error.refund.failed', undefined, 502);
      refused.cause = cause;
      throw refused;
    }
    return row;
  }

  /** An order's charges, oldest first, and its refund if any: what the back office shows of its money. */
  async paymentsOf(orderId: string): Promise<{ charges: ChargeRow[]; refund: RefundRow | null }> {
    const [chargeRows, [refund]] = await Promise.all([
      this.db.select().from(charges).where(eq(charges.orderId, orderId)).orderBy(asc(charges.createdAt)),
      this.db.select().from(refunds).where(eq(refunds.orderId, orderId)),
    ]);
    return { charges: chargeRows, refund: refund ?? null };
  }

  async createCharge(
    userId: string,
    body: { orderId: string; channel: 'sandbox'; amount?: number | undefined },
    idempotencyKey: string,
  ): Promise<Charge> {
    const [existing] = await this.db
      .select()
      .from(charges)
      .where(and(eq(charges.orderId, body.orderId), eq(charges.idempotencyKey, idempotencyKey)));
    if (existing) {
      await this.orders.detail(userId, body.orderId);
      return toCharge(existing);
    }
    const order = await this.orders.payable(userId, body.orderId);
    if (body.amount !== undefined && body.amount !== order.total) {
      throw new AppError(Code.refused, 'error.charge.amount', undefined, 409);
    }
    const [created] = await this.db
      .insert(charges)
      .values({
        orderId: order.id,
        amount: order.total,
        currency: order.currency,
        channel: body.channel,
        idempotencyKey,
      })
      .onConflictDoNothing()
      .returning();
    if (created) return toCharge(created);
    const [raced] = await this.db
      .select()
      .from(charges)
      .where(and(eq(charges.orderId, body.orderId), eq(charges.idempotencyKey, idempotencyKey)));
    return toCharge(raced!);
  }

  async listCharges(userId: string, orderId: string): Promise<Charge[]> {
    await this.orders.detail(userId, orderId);
    const rows = await this.db
      .select()
      .from(charges)
      .where(eq(charges.orderId, orderId))
      .orderBy(asc(charges.createdAt));
    return rows.map(toCharge);
  }

  async findCharge(id: string): Promise<ChargeRow | null> {
    const [row] = await this.db.select().from(charges).where(eq(charges.id, id));
    return row ?? null;
  }

  /**
   * Applies a verified webhook once. A replayed event id changes nothing; a charge that already succeeded
   * stays succeeded whatever arrives later; the order is marked paid once.
   */
  async applyWebhook(rawBody: string, signature: string | undefined): Promise<'applied' | 'duplicate'> {
    if (!verifyWebhook(this.webhookSecret(), rawBody, signature)) {
      throw new AppError(Code.refused, 'error.webhook.signature', undefined, 400);
    }
    const event = JSON.parse(rawBody) as PaymentEvent;
    const outcome = await this.db.transaction(async (tx) => {
      const [fresh] = await tx
        .insert(paymentEvents)
        .values({ id: event.id, chargeId: event.chargeId, type: event.type })
        .onConflictDoNothing()
        .returning();
      if (!fresh) return 'duplicate' as const;
      const status = event.type === 'charge.succeeded' ? 'succeeded' : 'failed';
      await tx
        .update(charges)
        .set({ status, updatedAt: new Date() })
        .where(
          and(
            eq(charges.id, event.chargeId),
            status === 'failed' ? eq(charges.status, 'pending') : undefined,
          ),
        );
      return 'applied' as const;
    });
    if (outcome === 'applied' && event.type === 'charge.succeeded') await this.orders.markPaid(event.orderId);
    return outcome;
  }
}

/**
 * The sandbox gateway's outbox: events wait in the database until the shop's webhook answers 2xx, retried
 * with doubling pauses (1 s … 1 h), so a restart or an outage delays them but never loses them.
 */
export class WebhookOutbox {
  constructor(
    private readonly db: Db,
    private readonly secret: () => string,
  ) {}

  async enqueue(event: Omit<PaymentEvent, 'id' | 'created'>): Promise<void> {
    const body = JSON.stringify({
      id: `evt_${randomUUID()}`,
      created: Math.floor(Date.now() / 1000),
      ...event,
    });
    await this.db.insert(webhookDeliveries).values({ body });
  }

  /** Delivers what is due to `url`; returns how many were delivered. */
  async deliverDue(url: string): Promise<number> {
    const due = await this.db
      .select()
      .from(webhookDeliveries)
      .where(and(isNull(webhookDeliveries.deliveredAt), lte(webhookDeliveries.nextAttemptAt, new Date())))
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(20);
    let delivered = 0;
    for (const delivery of due) {
      let error: string | null = null;
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [SIGNATURE_HEADER]: signWebhook(this.secret(), delivery.body),
          },
          body: delivery.body,
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) error = `HTTP ${res.status}`;
      } catch (cause) {
        error = String(cause);
      }
      const attempts = delivery.attempts + 1;
      await this.db
        .update(webhookDeliveries)
        .set(
          error
            ? {
                attempts,
                lastError: error,
                nextAttemptAt: new Date(Date.now() + Math.min(2 ** attempts, 3600) * 1000),
              }
            : { attempts, deliveredAt: new Date(), lastError: null },
        )
        .where(eq(webhookDeliveries.id, delivery.id));
      if (!error) delivered++;
    }
    return delivered;
  }
}
