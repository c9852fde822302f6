import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, Code, type Locale, type StockAlert } from '@shop/contract';
import { schema, type Db } from '@shop/db';
import type { RateLimiter } from '../../plugins/rate-limiter.ts';
import type { InventoryService } from '../catalog/inventory.service.ts';
import { stockAlertMail } from '../mail/mail-templates.ts';
import type { Outbox } from '../mail/mailer.ts';

const { stockAlerts, skus, goods } = schema;

/** An alert that has neither been mailed nor cancelled. */
const waitingFilter = and(isNull(stockAlerts.sentAt), isNull(stockAlerts.cancelledAt));

const MINUTE = 60_000;
/** Guests' subscriptions, per address and per client address: each one is a mail to that address later. */
export const STOCK_ALERT_LIMITS = {
  perEmail: { max: 5, windowMs: 24 * 60 * MINUTE },
  perIp: { max: 20, windowMs: 60 * MINUTE },
} as const;
/** How long a sender holds an alert it is mailing; a sender that died lets it go after this. */
export const SEND_LEASE_MS = 2 * MINUTE;
const BATCH = 100;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

export interface StockAlertDeps {
  db: Db;
  inventory: InventoryService;
  outbox: Outbox;
  limiter: RateLimiter;
  shopName: (locale: Locale) => string;
  shopDefault: () => Locale;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/**
 * "Tell me when it is back": subscriptions to sold-out SKUs, and their one mail once the SKU is in stock again.
 *
 * Sending never happens inside a stock transaction: an alert is due whenever its SKU has stock and it is not
 * sent, so whatever commits the stock (staff, a received return) only has to wake the sender afterwards, and a
 * shop that stopped in between finds the same alerts due when it starts. Each alert is first claimed with a
 * short lease by one conditional UPDATE (two senders, or two restocks at once, never both get it), then mailed,
 * then marked sent in its own transaction. A failed mail releases the claim, so it is tried again.
 */
export class StockAlertsService {
  private sending: Promise<number> | null = null;
  private again = false;

  constructor(private readonly deps: StockAlertDeps) {}

  async subscribe(
    input: { skuId: string; email: string; locale: Locale; userId: string | null },
    ip: string,
  ): Promise<StockAlert> {
    const { db, inventory, limiter } = this.deps;
    const email = input.email.trim().toLowerCase();
    const offer = (await inventory.describeSkus([input.skuId], input.locale, this.deps.shopDefault())).get(
      input.skuId,
    );
    if (!offer || !offer.onShelf) throw new AppError(Code.notFound, 'error.goods.notFound');
    if (offer.stock > 0) throw new AppError(Code.refused, 'error.stockAlert.inStock', undefined, 409);
    const [waiting] = await db
      .select({ id: stockAlerts.id })
      .from(stockAlerts)
      .where(and(eq(stockAlerts.skuId, input.skuId), eq(stockAlerts.email, email), waitingFilter));
    if (waiting) return { skuId: input.skuId, email };
    if (!input.userId) {
      await limiter.consume(`stock-alert-ip:${ip}`, STOCK_ALERT_LIMITS.perIp);
      await limiter.consume(`stock-alert:${email}`, STOCK_ALERT_LIMITS.perEmail);
    }
    await db
      .insert(stockAlerts)
      .values({
        skuId: input.skuId,
        email,
        locale: input.locale,
        userId: input.userId,
        unsubscribeTokenHash: sha256(newToken()),
      })
      .onConflictDoNothing();
    return { skuId: input.skuId, email };
  }

  /** Stops every alert still waiting for the address whose mail held this token. */
  async unsubscribe(token: string): Promise<void> {
    const { db } = this.deps;
    const [alert] = await db
      .select({ email: stockAlerts.email })
      .from(stockAlerts)
      .where(eq(stockAlerts.unsubscribeTokenHash, sha256(token)));
    if (!alert) throw new AppError(Code.notFound, 'error.token.invalid');
    await db
      .update(stockAlerts)
      .set({ cancelledAt: new Date() })
      .where(and(eq(stockAlerts.email, alert.email), waitingFilter));
  }

  /**
   * Wakes the sender after stock committed. Calls while it runs make it look again once it is done, so two
   * restocks at once are one pass after the other, never two mails.
   */
  deliverSoon(): Promise<number> {
    if (this.sending) {
      this.again = true;
      return this.sending;
    }
    this.sending = (async () => {
      let sent = 0;
      try {
        do {
          this.again = false;
          sent += await this.deliverDue();
        } while (this.again);
      } catch (error) {
        this.deps.log.error({ err: error }, 'stock alerts not sent');
      } finally {
        this.sending = null;
      }
      return sent;
    })();
    return this.sending;
  }

  /** Waits for the pass under way, if any (before the database closes). */
  async settle(): Promise<void> {
    await this.sending;
  }

  /** Mails every due alert once; returns how many went out. */
  async deliverDue(): Promise<number> {
    const { db } = this.deps;
    let sent = 0;
    for (;;) {
      const due = await db
        .select({ id: stockAlerts.id })
        .from(stockAlerts)
        .innerJoin(skus, eq(skus.id, stockAlerts.skuId))
        .innerJoin(goods, eq(goods.id, skus.goodsId))
        .where(
          and(
            waitingFilter,
            gt(skus.stock, 0),
            eq(goods.onShelf, true),
            or(isNull(stockAlerts.claimedUntil), lt(stockAlerts.claimedUntil, sql`now()`)),
          ),
        )
        .orderBy(asc(stockAlerts.createdAt))
        .limit(BATCH);
      let claimedAny = false;
      for (const { id } of due) {
        const outcome = await this.sendOne(id);
        if (outcome !== 'taken') claimedAny = true;
        if (outcome === 'sent') sent++;
      }
      if (due.length < BATCH || !claimedAny) return sent;
    }
  }

  private async sendOne(id: string): Promise<'sent' | 'failed' | 'taken'> {
    const { db, inventory, outbox, log } = this.deps;
    const token = newToken();
    const [claimed] = await db
      .update(stockAlerts)
      .set({
        claimedUntil: sql`now() + ${`${SEND_LEASE_MS} milliseconds`}::interval`,
        unsubscribeTokenHash: sha256(token),
      })
      .where(
        and(
          eq(stockAlerts.id, id),
          waitingFilter,
          or(isNull(stockAlerts.claimedUntil), lt(stockAlerts.claimedUntil, sql`now()`)),
        ),
      )
      .returning();
    if (!claimed) return 'taken';
    try {
      const offer = (
        await inventory.describeSkus([claimed.skuId], claimed.locale, this.deps.shopDefault())
      ).get(claimed.skuId);
      if (!offer) return 'taken';
      const base = this.deps.publicUrl.replace(/\/+$/, '');
      await outbox.send(
        stockAlertMail(claimed.locale, {
          to: claimed.email,
          shop: this.deps.shopName(claimed.locale),
          goods: offer.options.length ? `${offer.name} (${offer.options.join(' / ')})` : offer.name,
          link: `${base}/detail?id=${encodeURIComponent(offer.goodsId)}`,
          unsubscribe: `${base}/stock-alerts/unsubscribe?token=${token}`,
        }),
      );
    } catch (error) {
      log.error({ err: error, alert: id }, 'stock alert mail failed; it will be tried again');
      await db.update(stockAlerts).set({ claimedUntil: null }).where(eq(stockAlerts.id, id));
      return 'failed';
    }
    await db.update(stockAlerts).set({ sentAt: new Date() }).where(eq(stockAlerts.id, id));
    return 'sent';
  }
}
