import type { PricedMarket } from '../markets/markets.service.ts';
import { priceIn } from '../markets/priced.ts';
import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import { AppError, Code, pickText, type ClaimedCoupon, type Coupon } from '@shop/contract';
import { schema, type Db } from '@shop/db';
import type { ShopLocale } from '../catalog/catalog.service.ts';

const { coupons, couponClaims } = schema;
type CouponRow = typeof coupons.$inferSelect;

export class PromotionsService {
  constructor(private readonly db: Db) {}

  /**
   * Coupons on offer at `now`, and the moment this list next changes by the clock alone (a coupon starts or
   * ends), so a cached copy can expire exactly then.
   */
  async listOnOffer(at: ShopLocale, now: Date): Promise<{ coupons: Coupon[]; changesAt: Date | null }> {
    const [onOffer, upcoming] = await Promise.all([
      this.db
        .select()
        .from(coupons)
        .where(and(lte(coupons.startsAt, now), gt(coupons.endsAt, now)))
        .orderBy(asc(coupons.endsAt), asc(coupons.id)),
      this.db
        .select({ startsAt: coupons.startsAt })
        .from(coupons)
        .where(gt(coupons.startsAt, now))
        .orderBy(asc(coupons.startsAt))
        .limit(1),
    ]);
    const boundaries = [...onOffer.map((c) => c.endsAt), ...upcoming.map((c) => c.startsAt)];
    const changesAt = boundaries.length ? new Date(Math.min(...boundaries.map((d) => d.getTime()))) : null;
    return {
      coupons: onOffer.map((c) => toCoupon(c, at)),
      changesAt,
    };
  }

  /** The same list with, for one shopper, whether they claimed each coupon and hold an unused copy. */
  async listOnOfferFor(userId: string, at: ShopLocale, now: Date): Promise<Coupon[]> {
    const { coupons: list } = await this.listOnOffer(at, now);
    const claims = await this.db
      .select({ couponId: couponClaims.couponId, usedAt: couponClaims.usedAt })
      .from(couponClaims)
      .where(eq(couponClaims.userId, userId));
    return list.map((coupon) => {
      const mine = claims.filter((c) => c.couponId === coupon.id);
      return { ...coupon, claimed: mine.length > 0, usable: mine.some((c) => c.usedAt === null) };
    });
  }

  /**
   * Gives the shopper a copy of the coupon. Taking one from the total is a single conditional UPDATE, so the
   * total is never exceeded however many claim at once; the coupon row stays locked until commit, which also
   * serialises one shopper's concurrent claims for the per-shopper limit.
   */
  async claim(couponId: string, userId: string, at: ShopLocale): Promise<Coupon> {
    return this.db.transaction(async (tx) => {
      const now = new Date();
      const [taken] = await tx
        .update(coupons)
        .set({ claimed: sql`${coupons.claimed} + 1` })
        .where(
          and(
            eq(coupons.id, couponId),
            lte(coupons.startsAt, now),
            gt(coupons.endsAt, now),
            lt(coupons.claimed, coupons.total),
          ),
        )
        .returning();
      if (!taken) {
        const [coupon] = await tx.select().from(coupons).where(eq(coupons.id, couponId));
        const onOffer = coupon && coupon.startsAt <= now && coupon.endsAt > now;
        throw onOffer
          ? new AppError(Code.refused, 'error.coupon.soldOut', undefined, 409)
          : new AppError(Code.notFound, 'error.coupon.unavailable');
      }
      const [{ held } = { held: 0 }] = await tx
        .select({ held: sql<number>`count(*)::int` })
        .from(couponClaims)
        .where(and(eq(couponClaims.couponId, couponId), eq(couponClaims.userId, userId)));
      if (held >= taken.perUserLimit) {
        throw new AppError(Code.refused, 'error.coupon.alreadyClaimed', undefined, 409);
      }
      await tx.insert(couponClaims).values({ couponId, userId });
      return { ...toCoupon(taken, at), claimed: true, usable: true };
    });
  }

  /**
   * The shopper's unused copies of coupons valid at `now` whose minimum spend `subtotal` reaches, each with
   * the discount it would give (never more than the subtotal).
   */
  async usableFor(userId: string, subtotal: number, at: ShopLocale, now: Date, db: Db = this.db) {
    const rows = await db
      .select({ claim: couponClaims, coupon: coupons })
      .from(couponClaims)
      .innerJoin(coupons, eq(coupons.id, couponClaims.couponId))
      .where(
        and(
          eq(couponClaims.userId, userId),
          isNull(couponClaims.usedAt),
          lte(coupons.startsAt, now),
          gt(coupons.endsAt, now),
        ),
      );
    const seen = new Set<string>();
    // `subtotal` is in the market's currency, and so are the coupon's amounts (`amountsIn`).
    return rows.flatMap(({ claim, coupon }) => {
      const amounts = amountsIn(coupon, at.market);
      if (seen.has(coupon.id) || amounts.minSpend > subtotal) return [];
      seen.add(coupon.id);
      const raw = coupon.kind === 'amount' ? amounts.value : Math.floor((subtotal * coupon.value) / 100);
      return [
        {
          claimId: claim.id,
          couponId: coupon.id,
          title: pickText(coupon.title, at.locale, at.shopDefault),
          discount: Math.min(raw, subtotal),
        },
      ];
    });
  }

  /** Marks a copy used by an order; false when another order took it first. */
  async spend(tx: Db, claimId: string, orderId: string): Promise<boolean> {
    const spent = await tx
      .update(couponClaims)
      .set({ usedAt: new Date(), orderId })
      .where(and(eq(couponClaims.id, claimId), isNull(couponClaims.usedAt)))
      .returning({ id: couponClaims.id });
    return spent.length === 1;
  }

  /**
   * Claimed copies for the back office, newest first: one shopper's (`userId`) or the given claims
   * (`claimIds`, e.g. the one an order spent). Without the order's number: coupons do not read the orders table,
   * the caller asks the orders module for it.
   */
  async claimsOf(
    filter: { userId: string } | { claimIds: string[] },
    at: ShopLocale,
  ): Promise<Omit<ClaimedCoupon, 'orderNumber'>[]> {
    if ('claimIds' in filter && filter.claimIds.length === 0) return [];
    const rows = await this.db
      .select({ claim: couponClaims, coupon: coupons })
      .from(couponClaims)
      .innerJoin(coupons, eq(coupons.id, couponClaims.couponId))
      .where(
        'userId' in filter
          ? eq(couponClaims.userId, filter.userId)
          : inArray(couponClaims.id, filter.claimIds),
      )
      .orderBy(desc(couponClaims.claimedAt))
      .limit(200);
    return rows.map(({ claim, coupon }) => ({
      claimId: claim.id,
      couponId: coupon.id,
      title: pickText(coupon.title, at.locale, at.shopDefault),
      kind: coupon.kind,
      value: coupon.value,
      endsAt: coupon.endsAt.toISOString(),
      claimedAt: claim.claimedAt.toISOString(),
      usedAt: claim.usedAt?.toISOString() ?? null,
      orderId: claim.orderId,
    }));
  }

  /** Gives a cancelled order's coupon back to the shopper. */
  async giveBack(tx: Db, orderId: string): Promise<void> {
    await tx
      .update(couponClaims)
      .set({ usedAt: null, orderId: null })
      .where(eq(couponClaims.orderId, orderId));
  }
}

/**
 * A coupon's amounts in a market's currency: staff's own for that currency, else the shop's at the market's rate
 * and rounding. `value` is a percentage for a percent coupon.
 */
function amountsIn(c: CouponRow, market: PricedMarket): { value: number; minSpend: number } {
  const own = c.amounts[market.currency];
  if (own) {
    return {
      value: c.kind === 'amount' ? (own.value ?? priceIn(market, c.value)) : c.value,
      minSpend: own.minSpend,
    };
  }
  return {
    value: c.kind === 'amount' ? priceIn(market, c.value) : c.value,
    minSpend: priceIn(market, c.minSpend),
  };
}

function toCoupon(c: CouponRow, at: ShopLocale): Coupon {
  // Amounts in the shopper's market, as their checkout applies them (`usableFor`); a percentage stays one.
  const { value, minSpend } = amountsIn(c, at.market);
  return {
    id: c.id,
    title: pickText(c.title, at.locale, at.shopDefault),
    kind: c.kind,
    value,
    minSpend,
    startsAt: c.startsAt.toISOString(),
    endsAt: c.endsAt.toISOString(),
    total: c.total,
    remaining: c.total - c.claimed,
    perUserLimit: c.perUserLimit,
  };
}
