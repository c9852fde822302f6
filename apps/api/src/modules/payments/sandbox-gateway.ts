import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { schema, type Db } from '@shop/db';
import { SIGNATURE_HEADER, signWebhook, type PaymentEvent } from './webhooks.ts';

const { webhookDeliveries } = schema;

/**
 * A payment provider as the shop sees it. Charges are paid on the provider's own page (`payUrl`); a refund is a
 * request whose outcome comes back by signed webhook (`refund.succeeded` / `refund.failed`), like payments. The
 * refund's id is the idempotency key: asking twice (after a crash or a lost reply) returns the money once.
 */
export interface PaymentProvider {
  refund(request: {
    refundId: string;
    chargeId: string;
    orderId: string;
    amount: number;
    currency: string;
  }): Promise<void>;
}

/** Sends one signed webhook and answers the HTTP status the shop replied with. */
export type WebhookPoster = (body: string, headers: Record<string, string>) => Promise<number>;

/** Posts webhooks to the shop's endpoint over HTTP, as a provider does. */
export function httpPoster(url: string): WebhookPoster {
  return async (body, headers) => {
    const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    return res.status;
  };
}

type OutgoingEvent = PaymentEvent extends infer E
  ? E extends PaymentEvent
    ? Omit<E, 'id' | 'created'>
    : never
  : never;

/**
 * The sandbox gateway's outbox: events wait in the database until the shop's webhook answers 2xx, retried
 * with doubling pauses (1 s … 1 h), so a restart or an outage delays them but never loses them. `dedupeKey` is
 * the gateway's own memory of what it did: a pay link is captured once, a refund paid out once.
 */
export class WebhookOutbox {
  constructor(
    private readonly db: Db,
    private readonly secret: () => string,
    /** Holds each event back this long, as a real provider's delivery lags (a sandbox setting). */
    private readonly delayMs = 0,
  ) {}

  /** Queues an event; false when the gateway already did what `dedupeKey` names. */
  async enqueue(event: OutgoingEvent, dedupeKey?: string): Promise<boolean> {
    const body = JSON.stringify({
      id: `evt_${randomUUID()}`,
      created: Math.floor(Date.now() / 1000),
      ...event,
    });
    const inserted = await this.db
      .insert(webhookDeliveries)
      .values({ body, dedupeKey: dedupeKey ?? null, nextAttemptAt: new Date(Date.now() + this.delayMs) })
      .onConflictDoNothing()
      .returning({ id: webhookDeliveries.id });
    return inserted.length > 0;
  }

  /** Delivers what is due through `post` (HTTP to the shop's webhook); returns how many were delivered. */
  async deliverDue(post: WebhookPoster): Promise<number> {
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
        const status = await post(delivery.body, {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signWebhook(this.secret(), delivery.body),
        });
        if (status < 200 || status >= 300) error = `HTTP ${status}`;
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

/** The built-in provider: its money is not real, so a refund always succeeds, reported by its signed webhook. */
export class SandboxProvider implements PaymentProvider {
  constructor(
    private readonly outbox: WebhookOutbox,
    private readonly kick: () => void,
  ) {}

  async refund(request: Parameters<PaymentProvider['refund']>[0]): Promise<void> {
    const { refundId, chargeId, orderId, amount, currency } = request;
    await this.outbox.enqueue(
      { type: 'refund.succeeded', refundId, chargeId, orderId, amount, currency },
      `refund:${refundId}`,
    );
    this.kick();
  }
}
