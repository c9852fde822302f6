import { and, asc, gt, lte } from 'drizzle-orm';
import { pickText, type Coupon } from '@shop/contract';
import { schema, type Db } from '@shop/db';
import type { ShopLocale } from '../catalog/catalog.service.ts';

const { coupons } = schema;

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
      coupons: onOffer.map((c) => ({
        id: c.id,
        title: pickText(c.title, at.locale, at.shopDefault),
        kind: c.kind,
        value: c.value,
        minSpend: c.minSpend,
        startsAt: c.startsAt.toISOString(),
        endsAt: c.endsAt.toISOString(),
        total: c.total,
        remaining: c.total - c.claimed,
        perUserLimit: c.perUserLimit,
      })),
      changesAt,
    };
  }
}
