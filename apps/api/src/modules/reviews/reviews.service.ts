import { and, asc, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import {
  AppError,
  Code,
  pickText,
  type AdminReview,
  type AdminReviewsQuery,
  type Locale,
  type PageMeta,
  type Review,
  type ReviewsPageMeta,
  type ReviewsQuery,
  type ReviewStatus,
  type ReviewSummary,
  type WriteReviewBody,
} from '@shop/contract';
import { schema, transact, type Db } from '@shop/db';
import type { AuditLog } from '../staff/audit-log.ts';

const { reviews, goodsRatings, goods, goodsTranslations, orders, orderLines, users, media } = schema;
type ReviewRow = typeof reviews.$inferSelect;
type Author = { nickname: string; email: string };

/**
 * An order whose goods reached the shopper: shipped or completed, or refunded (in part or whole) after it was
 * shipped.
 */
const delivered = or(
  inArray(orders.status, ['shipped', 'completed']),
  and(inArray(orders.status, ['refunded', 'partially_refunded']), isNotNull(orders.shippedAt)),
)!;

/** Average with two decimals, from the exact count and total of stars. */
export const averageOf = (total: number, count: number) =>
  count === 0 ? 0 : Math.round((total * 100) / count) / 100;

const NO_STARS = [0, 0, 0, 0, 0];

/**
 * Reviews and ratings: a shopper who received a goods rates it once (editing sends it back to moderation);
 * staff publish, reject and reply. Every change to what is published recomputes the goods' rating row
 * (`goods_ratings`) in the same transaction, under that row's lock, so the average and distribution listings
 * show are exact; the caller then tells the catalog which goods' replies to drop (`ratingsChanged`).
 */
export class ReviewsService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    /** After a commit that changed what is published of these goods. */
    private readonly ratingsChanged: (goodsIds: string[]) => Promise<void>,
  ) {}

  /** The newest delivered order of the goods by the shopper, or null. */
  private async deliveredOrderId(userId: string, goodsId: string, executor: Db = this.db) {
    const [row] = await executor
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(and(eq(orders.userId, userId), eq(orderLines.goodsId, goodsId), delivered))
      .orderBy(desc(orders.createdAt))
      .limit(1);
    return row?.id ?? null;
  }

  private async requireShelfGoods(goodsId: string) {
    const [row] = await this.db
      .select({ id: goods.id })
      .from(goods)
      .where(and(eq(goods.id, goodsId), eq(goods.onShelf, true)));
    if (!row) throw new AppError(Code.notFound, 'error.goods.notFound');
  }

  /** Published reviews of a goods, the summary, and the reader's own review in whatever status. */
  async listForGoods(
    goodsId: string,
    query: ReviewsQuery,
    userId: string | null,
  ): Promise<{ items: Review[]; meta: ReviewsPageMeta }> {
    await this.requireShelfGoods(goodsId);
    const where = and(eq(reviews.goodsId, goodsId), eq(reviews.status, 'published'));
    const order: SQL[] = {
      newest: [desc(reviews.createdAt)],
      highest: [desc(reviews.rating), desc(reviews.createdAt)],
      lowest: [asc(reviews.rating), desc(reviews.createdAt)],
      photos: [desc(sql`jsonb_array_length(${reviews.photos}) > 0`), desc(reviews.createdAt)],
    }[query.sort];
    const [rows, summary, mine, canReview] = await Promise.all([
      this.db
        .select({ review: reviews, nickname: users.nickname, email: users.email })
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.userId))
        .where(where)
        .orderBy(...order, asc(reviews.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.summaryOf(goodsId),
      userId
        ? this.db
            .select({ review: reviews, nickname: users.nickname, email: users.email })
            .from(reviews)
            .innerJoin(users, eq(users.id, reviews.userId))
            .where(and(eq(reviews.goodsId, goodsId), eq(reviews.userId, userId)))
        : [],
      userId ? this.deliveredOrderId(userId, goodsId).then(Boolean) : false,
    ]);
    return {
      items: rows.map((r) => toReview(r.review, r)),
      meta: {
        page: query.page,
        pageSize: query.pageSize,
        total: summary.count,
        summary,
        mine: mine[0] ? toReview(mine[0].review, mine[0]) : null,
        canReview,
      },
    };
  }

  /** The published reviews' figures, from the row the moderation keeps. */
  async summaryOf(goodsId: string, executor: Db = this.db): Promise<ReviewSummary> {
    const [row] = await executor.select().from(goodsRatings).where(eq(goodsRatings.goodsId, goodsId));
    const stars = row?.stars ?? NO_STARS;
    const count = row?.count ?? 0;
    return {
      average: averageOf(row?.total ?? 0, count),
      count,
      distribution: [5, 4, 3, 2, 1].map((n) => ({ stars: n, count: stars[n - 1] ?? 0 })),
    };
  }

  /** Creates the shopper's review of a goods they received, or edits theirs: either way it awaits moderation. */
  async write(userId: string, goodsId: string, body: WriteReviewBody): Promise<Review> {
    const orderId = await this.deliveredOrderId(userId, goodsId);
    if (!orderId) throw new AppError(Code.refused, 'error.review.notAllowed', undefined, 403);
    await this.requireStoredPhotos(body.photos);
    const { row, wasPublished } = await transact(this.db, async (tx) => {
      await this.lockRating(tx, goodsId);
      const [existing] = await tx
        .select()
        .from(reviews)
        .where(and(eq(reviews.goodsId, goodsId), eq(reviews.userId, userId)))
        .for('update');
      const fields = {
        rating: body.rating,
        title: body.title,
        body: body.text,
        photos: body.photos,
        status: 'pending' as const,
      };
      if (existing) {
        const [updated] = await tx
          .update(reviews)
          .set({ ...fields, orderId, updatedAt: new Date() })
          .where(eq(reviews.id, existing.id))
          .returning();
        if (existing.status === 'published') await this.recompute(tx, goodsId);
        return { row: updated!, wasPublished: existing.status === 'published' };
      }
      const [created] = await tx
        .insert(reviews)
        .values({ ...fields, goodsId, userId, orderId })
        .returning();
      return { row: created!, wasPublished: false };
    });
    if (wasPublished) await this.ratingsChanged([goodsId]);
    const [author] = await this.db
      .select({ nickname: users.nickname, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    return toReview(row, author!);
  }

  /** Photos must be ones uploaded through the review photo route (re-encoded WebP in the media table). */
  private async requireStoredPhotos(photos: string[]) {
    if (photos.length === 0) return;
    const ids = photos.map((url) => url.slice('/media/'.length));
    const found = await this.db.select({ id: media.id }).from(media).where(inArray(media.id, ids));
    const known = new Set(found.map((f) => f.id));
    const fields: Record<string, string> = {};
    ids.forEach((id, i) => {
      if (!known.has(id)) fields[`photos.${i}`] = 'validation.review.photo';
    });
    if (new Set(ids).size !== ids.length) fields.photos = 'validation.invalid';
    if (Object.keys(fields).length) throw new AppError(Code.validation, 'validation.invalid', fields);
  }

  async list(query: AdminReviewsQuery, locale: Locale, shopDefault: Locale) {
    const where = and(
      query.status ? eq(reviews.status, query.status) : undefined,
      query.goodsId ? eq(reviews.goodsId, query.goodsId) : undefined,
    );
    const [rows, [counted]] = await Promise.all([
      this.db
        .select({ review: reviews, nickname: users.nickname, email: users.email })
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.userId))
        .where(where)
        // The queue: oldest waiting first when filtered by a status, newest first otherwise.
        .orderBy(query.status ? asc(reviews.createdAt) : desc(reviews.createdAt), asc(reviews.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(reviews)
        .where(where),
    ]);
    const names = await this.goodsNames(
      rows.map((r) => r.review.goodsId),
      locale,
      shopDefault,
    );
    const items: AdminReview[] = rows.map((r) => toAdminReview(r.review, r, names));
    const meta: PageMeta = { page: query.page, pageSize: query.pageSize, total: counted?.n ?? 0 };
    return { items, meta };
  }

  private async goodsNames(ids: string[], locale: Locale, shopDefault: Locale) {
    const names = new Map<string, string>();
    if (ids.length === 0) return names;
    const rows = await this.db
      .select({
        goodsId: goodsTranslations.goodsId,
        locale: goodsTranslations.locale,
        name: goodsTranslations.name,
      })
      .from(goodsTranslations)
      .where(inArray(goodsTranslations.goodsId, [...new Set(ids)]));
    const byGoods = new Map<string, Partial<Record<Locale, string>>>();
    for (const row of rows) byGoods.set(row.goodsId, { ...byGoods.get(row.goodsId), [row.locale]: row.name });
    for (const [id, texts] of byGoods) names.set(id, pickText(texts, locale, shopDefault));
    return names;
  }

  /** Publishes or rejects a review; the goods' rating row follows in the same transaction. */
  async moderate(
    id: string,
    staffId: string,
    status: Exclude<ReviewStatus, 'pending'>,
    locale: Locale,
    shopDefault: Locale,
  ): Promise<AdminReview> {
    const goodsId = await this.goodsOf(id);
    const { row, changed } = await transact(this.db, async (tx) => {
      await this.lockRating(tx, goodsId);
      const [current] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
      if (!current) throw new AppError(Code.notFound, 'error.notFound');
      const [updated] = await tx
        .update(reviews)
        .set({ status, updatedAt: new Date() })
        .where(eq(reviews.id, id))
        .returning();
      const changed = (current.status === 'published') !== (status === 'published');
      if (changed) await this.recompute(tx, goodsId);
      await this.audit.record(tx, {
        actorId: staffId,
        action: `review.${status === 'published' ? 'publish' : 'reject'}`,
        entity: 'review',
        entityId: id,
        before: { status: current.status },
        after: { status, goodsId, rating: current.rating },
      });
      return { row: updated!, changed };
    });
    if (changed) await this.ratingsChanged([goodsId]);
    return this.toAdmin(row, locale, shopDefault);
  }

  /** The shop's public reply under a review (shown with it once it is published). */
  async reply(id: string, staffId: string, text: string, locale: Locale, shopDefault: Locale) {
    const row = await transact(this.db, async (tx) => {
      const [current] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
      if (!current) throw new AppError(Code.notFound, 'error.notFound');
      const [updated] = await tx
        .update(reviews)
        .set({ reply: text, repliedAt: new Date() })
        .where(eq(reviews.id, id))
        .returning();
      await this.audit.record(tx, {
        actorId: staffId,
        action: 'review.reply',
        entity: 'review',
        entityId: id,
        before: { reply: current.reply },
        after: { reply: text },
      });
      return updated!;
    });
    return this.toAdmin(row, locale, shopDefault);
  }

  private async goodsOf(id: string): Promise<string> {
    const [row] = await this.db.select({ goodsId: reviews.goodsId }).from(reviews).where(eq(reviews.id, id));
    if (!row) throw new AppError(Code.notFound, 'error.notFound');
    return row.goodsId;
  }

  private async toAdmin(row: ReviewRow, locale: Locale, shopDefault: Locale): Promise<AdminReview> {
    const [author] = await this.db
      .select({ nickname: users.nickname, email: users.email })
      .from(users)
      .where(eq(users.id, row.userId));
    return toAdminReview(row, author!, await this.goodsNames([row.goodsId], locale, shopDefault));
  }

  /**
   * Takes the goods' rating row lock (creating the row first): every write that may change what is published of a
   * goods goes through it, so two moderations never recompute from each other's uncommitted state.
   */
  private async lockRating(tx: Db, goodsId: string) {
    await tx.insert(goodsRatings).values({ goodsId }).onConflictDoNothing();
    await tx
      .select({ goodsId: goodsRatings.goodsId })
      .from(goodsRatings)
      .where(eq(goodsRatings.goodsId, goodsId))
      .for('update');
  }

  /** Counts the goods' published reviews by stars again, into its rating row (held locked by the caller). */
  private async recompute(tx: Db, goodsId: string) {
    const rows = await tx
      .select({ rating: reviews.rating, n: sql<number>`count(*)::int` })
      .from(reviews)
      .where(and(eq(reviews.goodsId, goodsId), eq(reviews.status, 'published')))
      .groupBy(reviews.rating);
    const stars = [0, 0, 0, 0, 0];
    for (const row of rows) stars[row.rating - 1] = row.n;
    const count = stars.reduce((a, b) => a + b, 0);
    const total = stars.reduce((sum, n, i) => sum + n * (i + 1), 0);
    await tx
      .update(goodsRatings)
      .set({ count, total, stars, updatedAt: new Date() })
      .where(eq(goodsRatings.goodsId, goodsId));
  }
}

/** A nickname, or the first letter of the address: a review never shows who wrote it beyond that. */
function authorName(author: Author): string {
  return author.nickname.trim() || `${author.email.slice(0, 1)}***`;
}

function toReview(row: ReviewRow, author: Author): Review {
  return {
    id: row.id,
    goodsId: row.goodsId,
    rating: row.rating,
    title: row.title,
    text: row.body,
    photos: row.photos,
    author: authorName(author),
    verified: true,
    status: row.status,
    reply: row.reply,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toAdminReview(row: ReviewRow, author: Author, names: Map<string, string>): AdminReview {
  return {
    ...toReview(row, author),
    goodsName: names.get(row.goodsId) ?? '',
    shopper: { id: row.userId, email: author.email, nickname: author.nickname },
    orderId: row.orderId,
  };
}
