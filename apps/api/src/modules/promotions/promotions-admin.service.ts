import { and, count, desc, eq, gt, gte, isNotNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import {
  AppError,
  Code,
  pickText,
  type AdminCoupon,
  type AdminCouponQuery,
  type CouponInput,
  type CouponStatus,
  type MessageKey,
  type PageMeta,
} from '@shop/contract';
import { schema, type Db } from '@shop/db';
import type { ShopLocale } from '../catalog/catalog.service.ts';
import type { AuditLog } from '../staff/audit-log.ts';

const { coupons, couponClaims } = schema;
type CouponRow = typeof coupons.$inferSelect;

export function couponStatus(
  c: Pick<CouponRow, 'startsAt' | 'endsAt' | 'claimed' | 'total'>,
  now: Date,
): CouponStatus {
  if (c.endsAt <= now) return 'ended';
  if (c.startsAt > now) return 'upcoming';
  return c.claimed >= c.total ? 'soldOut' : 'active';
}

function statusFilter(status: CouponStatus, now: Date): SQL {
  switch (status) {
    case 'ended':
      return lte(coupons.endsAt, now);
    case 'upcoming':
      return gt(coupons.startsAt, now);
    case 'soldOut':
      return and(lte(coupons.startsAt, now), gt(coupons.endsAt, now), gte(coupons.claimed, coupons.total))!;
    case 'active':
      return and(lte(coupons.startsAt, now), gt(coupons.endsAt, now), lt(coupons.claimed, coupons.total))!;
  }
}

/**
 * Coupon campaigns as staff run them: list with progress, create, end early, change the total. Every change is
 * one transaction with its audit entry; the caller then drops the cached public coupon lists.
 */
export class PromotionsAdminService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
  ) {}

  async list(
    query: AdminCouponQuery,
    at: ShopLocale,
    now = new Date(),
  ): Promise<{ items: AdminCoupon[]; meta: PageMeta }> {
    const where = query.status ? statusFilter(query.status, now) : undefined;
    const used = sql<number>`(select count(*)::int from ${couponClaims}
      where ${couponClaims.couponId} = ${coupons.id} and ${couponClaims.usedAt} is not null)`;
    const [rows, [totals]] = await Promise.all([
      this.db
        .select({ coupon: coupons, used })
        .from(coupons)
        .where(where)
        .orderBy(desc(coupons.createdAt), desc(coupons.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.db.select({ total: count() }).from(coupons).where(where),
    ]);
    return {
      items: rows.map((r) => toAdminCoupon(r.coupon, r.used, at, now)),
      meta: { page: query.page, pageSize: query.pageSize, total: totals?.total ?? 0 },
    };
  }

  async create(input: CouponInput, actorId: string, at: ShopLocale, now = new Date()): Promise<AdminCoupon> {
    if (!input.title[at.shopDefault]) {
      throw fieldError(`title.${at.shopDefault}`, 'validation.defaultLocale');
    }
    const endsAt = new Date(input.endsAt);
    if (endsAt <= now) throw fieldError('endsAt', 'validation.coupon.endsInPast');
    // The shop's own currency's amounts are `value` and `minSpend`: a second pair for it would contradict them.
    if (input.amounts[at.currency])
      throw fieldError(`amounts.${at.currency}`, 'validation.coupon.ownCurrency');
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(coupons)
        .values({
          title: input.title,
          kind: input.kind,
          value: input.value,
          minSpend: input.minSpend,
          amounts: input.amounts,
          startsAt: new Date(input.startsAt),
          endsAt,
          total: input.total,
          perUserLimit: input.perUserLimit,
        })
        .returning();
      await this.audit.record(tx, {
        actorId,
        action: 'coupon.create',
        entity: 'coupon',
        entityId: row!.id,
        after: row,
      });
      return toAdminCoupon(row!, 0, at, now);
    });
  }

  /**
   * Ends a campaign now: nobody can claim it any more and claimed copies can no longer be spent. A campaign that
   * had not started yet gets a start just before its end, so its window stays valid.
   */
  async endEarly(id: string, actorId: string, at: ShopLocale, now = new Date()): Promise<AdminCoupon> {
    return this.db.transaction(async (tx) => {
      const before = await this.lock(tx, id);
      if (before.endsAt <= now) throw new AppError(Code.refused, 'error.coupon.ended', undefined, 409);
      const startsAt = before.startsAt < now ? before.startsAt : new Date(now.getTime() - 1);
      const [row] = await tx
        .update(coupons)
        .set({ endsAt: now, startsAt })
        .where(eq(coupons.id, id))
        .returning();
      await this.audit.record(tx, {
        actorId,
        action: 'coupon.end',
        entity: 'coupon',
        entityId: id,
        before,
        after: row,
      });
      return toAdminCoupon(row!, await this.usedCount(tx, id), at, now);
    });
  }

  /** Raises or lowers how many copies may be claimed; never below the copies already claimed. */
  async changeTotal(
    id: string,
    total: number,
    actorId: string,
    at: ShopLocale,
    now = new Date(),
  ): Promise<AdminCoupon> {
    return this.db.transaction(async (tx) => {
      const before = await this.lock(tx, id);
      if (total < before.claimed) throw fieldError('total', 'validation.coupon.totalBelowClaimed');
      if (before.perUserLimit > total) throw fieldError('total', 'validation.coupon.perUserLimit');
      const [row] = await tx.update(coupons).set({ total }).where(eq(coupons.id, id)).returning();
      await this.audit.record(tx, {
        actorId,
        action: 'coupon.changeTotal',
        entity: 'coupon',
        entityId: id,
        before: { total: before.total, claimed: before.claimed },
        after: { total: row!.total, claimed: row!.claimed },
      });
      return toAdminCoupon(row!, await this.usedCount(tx, id), at, now);
    });
  }

  /** The coupon row, locked until commit: claims update the same row, so they wait for the change. */
  private async lock(tx: Db, id: string): Promise<CouponRow> {
    const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
    if (!row) throw new AppError(Code.notFound, 'error.notFound');
    return row;
  }

  private async usedCount(tx: Db, id: string): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(couponClaims)
      .where(and(eq(couponClaims.couponId, id), isNotNull(couponClaims.usedAt)));
    return row?.n ?? 0;
  }
}

function fieldError(field: string, key: MessageKey): AppError {
  return new AppError(Code.validation, 'validation.invalid', { [field]: key });
}

function toAdminCoupon(c: CouponRow, used: number, at: ShopLocale, now: Date): AdminCoupon {
  return {
    id: c.id,
    title: pickText(c.title, at.locale, at.shopDefault),
    titles: c.title,
    kind: c.kind,
    value: c.value,
    minSpend: c.minSpend,
    currency: at.currency,
    amounts: c.amounts,
    startsAt: c.startsAt.toISOString(),
    endsAt: c.endsAt.toISOString(),
    total: c.total,
    claimed: c.claimed,
    remaining: c.total - c.claimed,
    used,
    perUserLimit: c.perUserLimit,
    status: couponStatus(c, now),
    createdAt: c.createdAt.toISOString(),
  };
}
