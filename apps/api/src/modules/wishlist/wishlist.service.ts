import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import { AppError, Code, type Wishlist, type WishlistItem } from '@shop/contract';
import { schema, type Db } from '@shop/db';
import type { CatalogService, ShopLocale } from '../catalog/catalog.service.ts';

const { wishlists, wishlistItems } = schema;

export type WishlistOwner = { userId: string } | { guestTokenHash: string };

/** Enough for any shopper; keeps one list (and the reply that shows it) bounded. */
export const MAX_WISHLIST_GOODS = 200;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const ownerFilter = (owner: WishlistOwner) =>
  'userId' in owner ? eq(wishlists.userId, owner.userId) : eq(wishlists.guestTokenHash, owner.guestTokenHash);

/** Hearted goods of shoppers and guests, their merge at login, and read-only share links. */
export class WishlistService {
  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogService,
  ) {}

  async view(owner: WishlistOwner | null, at: ShopLocale): Promise<Wishlist> {
    const list = owner ? await this.findList(owner) : null;
    if (!list) return { items: [], shared: false };
    return { items: await this.itemsOf(list.id, at), shared: list.shareTokenHash !== null };
  }

  /** Hearts a goods on shelf; hearting it again changes nothing. */
  async add(owner: WishlistOwner, goodsId: string, at: ShopLocale): Promise<void> {
    await this.catalog.getGoods(goodsId, at); // not found unless on shelf
    const listId = await this.listIdFor(owner);
    const [held] = await this.db
      .select({ n: count() })
      .from(wishlistItems)
      .where(eq(wishlistItems.wishlistId, listId));
    if ((held?.n ?? 0) >= MAX_WISHLIST_GOODS) {
      throw new AppError(Code.refused, 'error.wishlist.full', undefined, 409);
    }
    await this.db.insert(wishlistItems).values({ wishlistId: listId, goodsId }).onConflictDoNothing();
  }

  async remove(owner: WishlistOwner, goodsId: string): Promise<void> {
    const list = await this.findList(owner);
    if (!list) return;
    await this.db
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.wishlistId, list.id), eq(wishlistItems.goodsId, goodsId)));
  }

  /**
   * At login the guest's goods join the shopper's list (a goods on both stays once, with its earlier date) and
   * the guest's list goes away, in one transaction.
   */
  async mergeGuestList(guestTokenHash: string, userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [guest] = await tx.select().from(wishlists).where(eq(wishlists.guestTokenHash, guestTokenHash));
      if (!guest) return;
      const lines = await tx.select().from(wishlistItems).where(eq(wishlistItems.wishlistId, guest.id));
      const listId = await this.listIdFor({ userId }, tx);
      const [held] = await tx
        .select({ n: count() })
        .from(wishlistItems)
        .where(eq(wishlistItems.wishlistId, listId));
      const room = MAX_WISHLIST_GOODS - (held?.n ?? 0);
      if (lines.length && room > 0) {
        await tx
          .insert(wishlistItems)
          .values(
            lines.slice(0, room).map((l) => ({ wishlistId: listId, goodsId: l.goodsId, addedAt: l.addedAt })),
          )
          .onConflictDoNothing();
      }
      await tx.delete(wishlists).where(eq(wishlists.id, guest.id));
    });
  }

  /** A new unguessable share link for the shopper's list; the link before it stops working. */
  async share(userId: string): Promise<string> {
    const listId = await this.listIdFor({ userId });
    const token = randomBytes(32).toString('base64url');
    await this.db
      .update(wishlists)
      .set({ shareTokenHash: sha256(token) })
      .where(eq(wishlists.id, listId));
    return token;
  }

  async unshare(userId: string): Promise<void> {
    await this.db.update(wishlists).set({ shareTokenHash: null }).where(eq(wishlists.userId, userId));
  }

  /** The list behind a live share link; an unknown or revoked token is "not found". */
  async viewShared(token: string, at: ShopLocale): Promise<{ items: WishlistItem[] }> {
    const [list] = await this.db
      .select({ id: wishlists.id })
      .from(wishlists)
      .where(eq(wishlists.shareTokenHash, sha256(token)));
    if (!list) throw new AppError(Code.notFound, 'error.notFound');
    return { items: await this.itemsOf(list.id, at) };
  }

  private async itemsOf(listId: string, at: ShopLocale): Promise<WishlistItem[]> {
    const rows = await this.db
      .select()
      .from(wishlistItems)
      .where(eq(wishlistItems.wishlistId, listId))
      .orderBy(asc(wishlistItems.addedAt), asc(wishlistItems.goodsId));
    const items = await Promise.all(
      rows.map(async (row): Promise<WishlistItem | null> => {
        const goods = await this.catalog.getGoods(row.goodsId, at).catch((error: unknown) => {
          if (error instanceof AppError && error.code === Code.notFound) return null;
          throw error;
        });
        if (!goods) return null;
        return {
          goodsId: goods.id,
          name: goods.name,
          image: goods.image,
          price: goods.price,
          originalPrice: goods.originalPrice,
          currency: goods.currency,
          stock: goods.stock,
          skuId: goods.skus.length === 1 ? goods.skus[0]!.id : null,
          addedAt: row.addedAt.toISOString(),
        };
      }),
    );
    return items.filter((item) => item !== null);
  }

  private async findList(owner: WishlistOwner, db: Db = this.db) {
    const [list] = await db.select().from(wishlists).where(ownerFilter(owner));
    return list ?? null;
  }

  private async listIdFor(owner: WishlistOwner, db: Db = this.db): Promise<string> {
    const found = await this.findList(owner, db);
    if (found) return found.id;
    const [created] = await db
      .insert(wishlists)
      .values(owner)
      .onConflictDoNothing()
      .returning({ id: wishlists.id });
    return created?.id ?? (await this.findList(owner, db))!.id;
  }
}
