import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { pickText, type Locale } from '@shop/contract';
import { schema, type Db } from '@shop/db';

const { goods, goodsTranslations, skus } = schema;

/** A SKU as the cart and checkout show it, priced now. */
export interface SkuOffer {
  skuId: string;
  goodsId: string;
  name: string;
  image: string;
  /** Option value names, for display. */
  options: string[];
  price: number;
  stock: number;
  onShelf: boolean;
}

/** A line of a cart or an order as priced from an offer. */
export function lineOf(offer: SkuOffer, quantity: number) {
  const { skuId, goodsId, name, image, options, price } = offer;
  return { skuId, goodsId, name, image, options, price, quantity };
}

/**
 * The catalog's side of buying: current offers for SKUs, and stock taken or given back inside the caller's
 * transaction. Other modules use this instead of reading catalog tables.
 */
export class InventoryService {
  constructor(private readonly db: Db) {}

  async describeSkus(
    skuIds: string[],
    locale: Locale,
    shopDefault: Locale,
    db: Db = this.db,
  ): Promise<Map<string, SkuOffer>> {
    if (skuIds.length === 0) return new Map();
    const rows = await db
      .select({ sku: skus, goods })
      .from(skus)
      .innerJoin(goods, eq(goods.id, skus.goodsId))
      .where(inArray(skus.id, skuIds));
    const goodsIds = [...new Set(rows.map((r) => r.goods.id))];
    const translations = goodsIds.length
      ? await db
          .select()
          .from(goodsTranslations)
          .where(
            and(
              inArray(goodsTranslations.goodsId, goodsIds),
              inArray(goodsTranslations.locale, [locale, shopDefault]),
            ),
          )
      : [];
    const nameOf = (goodsId: string) =>
      translations.find((t) => t.goodsId === goodsId && t.locale === locale)?.name ??
      translations.find((t) => t.goodsId === goodsId)?.name ??
      '';
    return new Map(
      rows.map(({ sku, goods: g }) => [
        sku.id,
        {
          skuId: sku.id,
          goodsId: g.id,
          name: nameOf(g.id),
          image: g.image,
          options: sku.options.map((valueId, i) => {
            const value = g.options[i]?.values.find((v) => v.id === valueId);
            return value ? pickText(value.name, locale, shopDefault) : valueId;
          }),
          price: sku.price,
          stock: sku.stock,
          onShelf: g.onShelf,
        },
      ]),
    );
  }

  /**
   * Takes stock for every line or none: each SKU is decremented only where enough is left, in one statement,
   * so concurrent orders can never sell more than there is. Lines are taken in id order so two orders for the
   * same SKUs lock them in the same order. Returns false when any line is short (the caller rolls back).
   */
  async reserve(tx: Db, lines: { skuId: string; quantity: number }[]): Promise<boolean> {
    for (const line of [...lines].sort((a, b) => a.skuId.localeCompare(b.skuId))) {
      const [taken] = await tx
        .update(skus)
        .set({ stock: sql`${skus.stock} - ${line.quantity}` })
        .where(and(eq(skus.id, line.skuId), gte(skus.stock, line.quantity)))
        .returning({ goodsId: skus.goodsId });
      if (!taken) return false;
      await tx
        .update(goods)
        .set({ stock: sql`${goods.stock} - ${line.quantity}` })
        .where(eq(goods.id, taken.goodsId));
    }
    return true;
  }

  /** Gives stock back, as when an unpaid order is cancelled. */
  async release(tx: Db, lines: { skuId: string; quantity: number }[]): Promise<void> {
    for (const line of [...lines].sort((a, b) => a.skuId.localeCompare(b.skuId))) {
      const [returned] = await tx
        .update(skus)
        .set({ stock: sql`${skus.stock} + ${line.quantity}` })
        .where(eq(skus.id, line.skuId))
        .returning({ goodsId: skus.goodsId });
      if (returned) {
        await tx
          .update(goods)
          .set({ stock: sql`${goods.stock} + ${line.quantity}` })
          .where(eq(goods.id, returned.goodsId));
      }
    }
  }

  /** Counts units as sold once they are paid for. */
  recordSales(tx: Db, lines: SoldLine[]): Promise<void> {
    return this.addSales(tx, lines, 1);
  }

  /** Stops counting a refunded order's units as sold: best sellers are what shoppers kept. */
  withdrawSales(tx: Db, lines: SoldLine[]): Promise<void> {
    return this.addSales(tx, lines, -1);
  }

  private async addSales(tx: Db, lines: SoldLine[], sign: 1 | -1): Promise<void> {
    for (const line of lines) {
      const change = sign * line.quantity;
      // Never below zero: sales counted before a seed or an import may not cover the order refunded now.
      await tx
        .update(skus)
        .set({ sales: sql`greatest(${skus.sales} + ${change}, 0)` })
        .where(eq(skus.id, line.skuId));
      await tx
        .update(goods)
        .set({ sales: sql`greatest(${goods.sales} + ${change}, 0)` })
        .where(eq(goods.id, line.goodsId));
    }
  }
}

interface SoldLine {
  skuId: string;
  goodsId: string;
  quantity: number;
}
