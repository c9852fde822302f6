import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { pickText, type Locale, type TaxClass } from '@shop/contract';
import { schema, type Db, type GoodsOptionRecord, type SkuPriceRecords } from '@shop/db';

const { goods, goodsTranslations, skus } = schema;

/** A SKU as the cart and checkout show it, priced now. */
export interface SkuOffer {
  skuId: string;
  goodsId: string;
  name: string;
  image: string;
  /** Option value names, for display. */
  options: string[];
  /** In the shop's currency. */
  price: number;
  /** Staff's own prices in other currencies (markets/priced.ts `skuPriceIn` picks the one charged). */
  prices: SkuPriceRecords;
  stock: number;
  onShelf: boolean;
  taxClass: TaxClass;
  /** A packed unit's weight in grams (0 when not given), for shipping priced by weight. */
  weightGrams: number;
}

/**
 * The picture of a SKU: that of the first of its option values that has its own (the colour "Red" shows the red
 * one), else the goods' cover.
 */
export function skuImage(goods: { image: string; options: GoodsOptionRecord[] }, valueIds: string[]): string {
  for (const [i, valueId] of valueIds.entries()) {
    const image = goods.options[i]?.values.find((v) => v.id === valueId)?.image;
    if (image) return image;
  }
  return goods.image;
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
    // Only what an offer shows, names in one go: every checkout step reads these, and a goods' descriptions in
    // four languages would be read and parsed for nothing (a second query for the names cost a fifth of the
    // statements of a checkout on PGlite).
    const rows = await db
      .select({
        sku: {
          id: skus.id,
          options: skus.options,
          price: skus.price,
          prices: skus.prices,
          stock: skus.stock,
          weightGrams: skus.weightGrams,
        },
        goods: {
          id: goods.id,
          image: goods.image,
          options: goods.options,
          onShelf: goods.onShelf,
          taxClass: goods.taxClass,
        },
        names: sql<Partial<Record<Locale, string>> | null>`(
          select json_object_agg(${goodsTranslations.locale}, ${goodsTranslations.name})
          from ${goodsTranslations} where ${goodsTranslations.goodsId} = ${goods.id})`,
      })
      .from(skus)
      .innerJoin(goods, eq(goods.id, skus.goodsId))
      .where(inArray(skus.id, skuIds));
    return new Map(
      rows.map(({ sku, goods: g, names }) => [
        sku.id,
        {
          skuId: sku.id,
          goodsId: g.id,
          name: pickText(names ?? {}, locale, shopDefault),
          image: skuImage(g, sku.options),
          options: sku.options.map((valueId, i) => {
            const value = g.options[i]?.values.find((v) => v.id === valueId);
            return value ? pickText(value.name, locale, shopDefault) : valueId;
          }),
          price: sku.price,
          prices: sku.prices,
          stock: sku.stock,
          onShelf: g.onShelf,
          taxClass: g.taxClass,
          weightGrams: sku.weightGrams,
        },
      ]),
    );
  }

  /**
   * Takes stock for every line or none: each SKU is decremented only where enough is left, in one statement,
   * so concurrent orders can never sell more than there is. Returns false when any line is short (the caller
   * rolls back). Locks follow the shop's global order: SKUs by id, then their goods by id.
   */
  async reserve(tx: Db, lines: { skuId: string; quantity: number }[]): Promise<boolean> {
    const goodsChanges = new Map<string, number>();
    for (const line of bySkuId(lines)) {
      const [taken] = await tx
        .update(skus)
        .set({ stock: sql`${skus.stock} - ${line.quantity}` })
        .where(and(eq(skus.id, line.skuId), gte(skus.stock, line.quantity)))
        .returning({ goodsId: skus.goodsId });
      if (!taken) return false;
      goodsChanges.set(taken.goodsId, (goodsChanges.get(taken.goodsId) ?? 0) - line.quantity);
    }
    await this.changeGoods(tx, goodsChanges, 'stock');
    return true;
  }

  /** Gives stock back, as when an unpaid order is cancelled or returned goods go back on sale. */
  async release(tx: Db, lines: { skuId: string; quantity: number }[]): Promise<void> {
    const goodsChanges = new Map<string, number>();
    for (const line of bySkuId(lines)) {
      const [returned] = await tx
        .update(skus)
        .set({ stock: sql`${skus.stock} + ${line.quantity}` })
        .where(eq(skus.id, line.skuId))
        .returning({ goodsId: skus.goodsId });
      if (returned)
        goodsChanges.set(returned.goodsId, (goodsChanges.get(returned.goodsId) ?? 0) + line.quantity);
    }
    await this.changeGoods(tx, goodsChanges, 'stock');
  }

  /** Counts units as sold once they are paid for. */
  recordSales(tx: Db, lines: SoldLine[]): Promise<void> {
    return this.addSales(tx, lines, 1);
  }

  /** Stops counting refunded units as sold: best sellers are what shoppers kept. */
  withdrawSales(tx: Db, lines: SoldLine[]): Promise<void> {
    return this.addSales(tx, lines, -1);
  }

  private async addSales(tx: Db, lines: SoldLine[], sign: 1 | -1): Promise<void> {
    const goodsChanges = new Map<string, number>();
    for (const line of bySkuId(lines)) {
      const change = sign * line.quantity;
      // Never below zero: sales counted before a seed or an import may not cover the order refunded now.
      await tx
        .update(skus)
        .set({ sales: sql`greatest(${skus.sales} + ${change}, 0)` })
        .where(eq(skus.id, line.skuId));
      goodsChanges.set(line.goodsId, (goodsChanges.get(line.goodsId) ?? 0) + change);
    }
    await this.changeGoods(tx, goodsChanges, 'sales');
  }

  /** Goods rows after all their SKUs, in id order, one statement each. */
  private async changeGoods(tx: Db, changes: Map<string, number>, column: 'stock' | 'sales') {
    for (const goodsId of [...changes.keys()].sort()) {
      const change = changes.get(goodsId)!;
      if (change === 0) continue;
      await tx
        .update(goods)
        .set(
          column === 'stock'
            ? { stock: sql`${goods.stock} + ${change}` }
            : { sales: sql`greatest(${goods.sales} + ${change}, 0)` },
        )
        .where(eq(goods.id, goodsId));
    }
  }
}

/** SKUs in one order for every transaction: two orders for the same SKUs wait for each other, never deadlock. */
function bySkuId<T extends { skuId: string }>(lines: T[]): T[] {
  return [...lines].sort((a, b) => (a.skuId < b.skuId ? -1 : a.skuId > b.skuId ? 1 : 0));
}

interface SoldLine {
  skuId: string;
  goodsId: string;
  quantity: number;
}
