import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { RECENTLY_VIEWED_LIMIT, RELATED_GOODS_LIMIT, type ListedGoods } from '@shop/contract';
import { schema, type Db } from '@shop/db';
import type { CatalogService, ShopLocale } from '../catalog/catalog.service.ts';

const { recentlyViewed } = schema;

/**
 * What a shopper has looked at and what is like it: "Recently viewed" (kept per signed-in shopper, the latest
 * `RECENTLY_VIEWED_LIMIT`; guests keep theirs in the browser and have them described here) and "Related" (from
 * the shelf in memory). Goods are described by the catalog, so only goods on the shelf are ever shown.
 */
export class BrowsingService {
  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogService,
  ) {}

  async recentlyViewed(userId: string, at: ShopLocale): Promise<ListedGoods[]> {
    const rows = await this.db
      .select({ goodsId: recentlyViewed.goodsId })
      .from(recentlyViewed)
      .where(eq(recentlyViewed.userId, userId))
      .orderBy(desc(recentlyViewed.viewedAt), desc(recentlyViewed.goodsId))
      .limit(RECENTLY_VIEWED_LIMIT);
    return this.catalog.summaries(
      rows.map((r) => r.goodsId),
      at,
    );
  }

  /** Goods a guest's browser remembers, newest first, described for its "Recently viewed". */
  describe(goodsIds: readonly string[], at: ShopLocale): Promise<ListedGoods[]> {
    return this.catalog.summaries(goodsIds, at);
  }

  /**
   * Puts these goods (newest first) in front of the shopper's list and keeps only the latest; goods not on the
   * shelf are skipped. One transaction, so two tabs saving at once leave one consistent list.
   */
  async recordViewed(userId: string, goodsIds: readonly string[], at: ShopLocale): Promise<ListedGoods[]> {
    const shown = await this.catalog.summaries([...new Set(goodsIds)], at);
    if (shown.length > 0) {
      await this.db.transaction(async (tx) => {
        const now = Date.now();
        // The first id is the newest view: each later one a millisecond older, so the order survives.
        await tx
          .insert(recentlyViewed)
          .values(shown.map((g, i) => ({ userId, goodsId: g.id, viewedAt: new Date(now - i) })))
          .onConflictDoUpdate({
            target: [recentlyViewed.userId, recentlyViewed.goodsId],
            set: { viewedAt: sql`excluded.viewed_at` },
          });
        const kept = tx
          .select({ goodsId: recentlyViewed.goodsId })
          .from(recentlyViewed)
          .where(eq(recentlyViewed.userId, userId))
          .orderBy(desc(recentlyViewed.viewedAt), desc(recentlyViewed.goodsId))
          .limit(RECENTLY_VIEWED_LIMIT);
        await tx
          .delete(recentlyViewed)
          .where(and(eq(recentlyViewed.userId, userId), notInArray(recentlyViewed.goodsId, kept)));
      });
    }
    return this.recentlyViewed(userId, at);
  }

  related(goodsId: string, at: ShopLocale): Promise<ListedGoods[]> {
    return this.catalog.relatedGoods(goodsId, RELATED_GOODS_LIMIT, at);
  }
}
