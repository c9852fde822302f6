import { skuPriceIn } from '../markets/priced.ts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError, Code, type Cart } from '@shop/contract';
import { schema, type Db } from '@shop/db';
import type { ShopLocale } from '../catalog/catalog.service.ts';
import { lineOf, type InventoryService } from '../catalog/inventory.service.ts';

const { carts, cartItems } = schema;

export type CartOwner = { userId: string } | { guestTokenHash: string };

const MAX_QUANTITY = 999;

const ownerFilter = (owner: CartOwner) =>
  'userId' in owner ? eq(carts.userId, owner.userId) : eq(carts.guestTokenHash, owner.guestTokenHash);

export class CartService {
  constructor(
    private readonly db: Db,
    private readonly inventory: InventoryService,
  ) {}

  /** The cart with current prices and stock; the subtotal counts selected lines that can be bought. */
  async view(owner: CartOwner | null, at: ShopLocale): Promise<Cart> {
    // One query for the cart and its lines: every checkout step shows the cart.
    const lines = owner
      ? await this.db
          .select({ skuId: cartItems.skuId, quantity: cartItems.quantity, selected: cartItems.selected })
          .from(cartItems)
          .innerJoin(carts, eq(carts.id, cartItems.cartId))
          .where(ownerFilter(owner))
          .orderBy(cartItems.addedAt)
      : [];
    const offers = await this.inventory.describeSkus(
      lines.map((l) => l.skuId),
      at.locale,
      at.shopDefault,
    );
    const items = lines.flatMap((line) => {
      const offer = offers.get(line.skuId);
      if (!offer) return [];
      return [
        {
          ...lineOf(offer, line.quantity),
          price: skuPriceIn(at.market, offer),
          stock: offer.stock,
          available: offer.onShelf && offer.stock >= line.quantity,
          selected: line.selected,
        },
      ];
    });
    const subtotal = items
      .filter((i) => i.selected && i.available)
      .reduce((sum, i) => sum + i.price * i.quantity, 0);
    return { items, subtotal, currency: at.currency };
  }

  async add(owner: CartOwner, skuId: string, quantity: number, at: ShopLocale): Promise<void> {
    const offer = (await this.inventory.describeSkus([skuId], at.locale, at.shopDefault)).get(skuId);
    if (!offer || !offer.onShelf) throw new AppError(Code.notFound, 'error.goods.notFound');
    const cartId = await this.cartIdFor(owner);
    const [existing] = await this.db
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.cartId, cartId), eq(cartItems.skuId, skuId)));
    const wanted = (existing?.quantity ?? 0) + quantity;
    if (wanted > Math.min(offer.stock, MAX_QUANTITY)) {
      throw new AppError(Code.refused, 'error.stock.insufficient', undefined, 409);
    }
    await this.db
      .insert(cartItems)
      .values({ cartId, skuId, quantity: wanted })
      .onConflictDoUpdate({
        target: [cartItems.cartId, cartItems.skuId],
        set: { quantity: wanted, selected: true },
      });
  }

  async update(
    owner: CartOwner,
    skuId: string,
    change: { quantity?: number | undefined; selected?: boolean | undefined },
    at: ShopLocale,
  ): Promise<void> {
    const cartId = await this.findCartId(owner);
    const [line] = cartId
      ? await this.db
          .select({ skuId: cartItems.skuId })
          .from(cartItems)
          .where(and(eq(cartItems.cartId, cartId), eq(cartItems.skuId, skuId)))
      : [];
    if (!line) throw new AppError(Code.notFound, 'error.notFound');
    if (change.quantity !== undefined) {
      const offer = (await this.inventory.describeSkus([skuId], at.locale, at.shopDefault)).get(skuId);
      if (!offer || change.quantity > offer.stock) {
        throw new AppError(Code.refused, 'error.stock.insufficient', undefined, 409);
      }
    }
    const [updated] = cartId
      ? await this.db
          .update(cartItems)
          .set({
            ...(change.quantity !== undefined ? { quantity: change.quantity } : {}),
            ...(change.selected !== undefined ? { selected: change.selected } : {}),
          })
          .where(and(eq(cartItems.cartId, cartId), eq(cartItems.skuId, skuId)))
          .returning()
      : [];
    if (!updated) throw new AppError(Code.notFound, 'error.notFound');
  }

  async remove(owner: CartOwner, skuId: string): Promise<void> {
    const cartId = await this.findCartId(owner);
    if (cartId) {
      await this.db.delete(cartItems).where(and(eq(cartItems.cartId, cartId), eq(cartItems.skuId, skuId)));
    }
  }

  /** At login the guest's lines join the shopper's cart (quantities add up) and the guest cart goes away. */
  async mergeGuestCart(guestTokenHash: string, userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [guest] = await tx.select().from(carts).where(eq(carts.guestTokenHash, guestTokenHash));
      if (!guest) return;
      const lines = await tx.select().from(cartItems).where(eq(cartItems.cartId, guest.id));
      const cartId = await this.cartIdFor({ userId }, tx);
      for (const line of lines) {
        await tx
          .insert(cartItems)
          .values({ cartId, skuId: line.skuId, quantity: line.quantity, selected: line.selected })
          .onConflictDoUpdate({
            target: [cartItems.cartId, cartItems.skuId],
            set: {
              quantity: sql`least(${cartItems.quantity} + ${line.quantity}, ${MAX_QUANTITY})`,
              selected: true,
            },
          });
      }
      await tx.delete(carts).where(eq(carts.id, guest.id));
    });
  }

  /** The cart's selected lines, as checkout buys them when no explicit items are given. */
  async selectedLines(owner: CartOwner): Promise<{ skuId: string; quantity: number }[]> {
    return this.db
      .select({ skuId: cartItems.skuId, quantity: cartItems.quantity })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(and(ownerFilter(owner), eq(cartItems.selected, true)));
  }

  /** Removes bought lines inside the order's transaction (a shopper's cart, or the guest cart of a guest checkout). */
  async removeBought(tx: Db, owner: CartOwner, skuIds: string[]): Promise<void> {
    const [cart] = await tx.select({ id: carts.id }).from(carts).where(ownerFilter(owner));
    if (cart && skuIds.length) {
      await tx.delete(cartItems).where(and(eq(cartItems.cartId, cart.id), inArray(cartItems.skuId, skuIds)));
    }
  }

  private async findCartId(owner: CartOwner, db: Db = this.db): Promise<string | null> {
    const [cart] = await db.select({ id: carts.id }).from(carts).where(ownerFilter(owner));
    return cart?.id ?? null;
  }

  private async cartIdFor(owner: CartOwner, db: Db = this.db): Promise<string> {
    const found = await this.findCartId(owner, db);
    if (found) return found;
    const [created] = await db.insert(carts).values(owner).onConflictDoNothing().returning({ id: carts.id });
    return created?.id ?? (await this.findCartId(owner, db))!;
  }
}
