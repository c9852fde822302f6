import type { AdminGoodsDetail, GoodsInputBody, Locale, LocalizedText } from '@shop/contract';
import { toMajor, toMinor } from '../../../features/shop/money.ts';
import type { SkuRow } from './sku-table.tsx';

/** What the goods editor's form holds: money in major units, texts per locale as typed. */
export interface GoodsFormValues {
  categoryId?: string;
  onShelf: boolean;
  translations: Partial<Record<Locale, { name?: string; description?: string }>>;
  images: string[];
  options: {
    id: string;
    name: LocalizedText;
    /** `image`: the value's own picture, or none. */
    values: { id: string; name: LocalizedText; image?: string | null }[];
  }[];
  skus: SkuRow[];
}

/** A short random id for a new option or value (the API keeps ids of letters, digits, - and _). */
export function newOptionId(prefix: string): string {
  return `${prefix}${Math.random().toString(36).slice(2, 10)}`;
}

/** A saved goods' SKUs as the editor's rows: money in major units, stock remembered as loaded. */
export function toSkuRows(skus: AdminGoodsDetail['skus'], currency: string): SkuRow[] {
  return skus.map((sku) => ({
    key: sku.options.join('|'),
    id: sku.id,
    options: sku.options,
    price: toMajor(sku.price, currency),
    originalPrice: sku.originalPrice === null ? null : toMajor(sku.originalPrice, currency),
    stock: sku.stock,
    loadedStock: sku.stock,
    weightGrams: sku.weightGrams,
    prices: Object.fromEntries(
      Object.entries(sku.prices).map(([own, price]) => [
        own,
        {
          price: toMajor(price.price, own),
          originalPrice: price.originalPrice === null ? null : toMajor(price.originalPrice, own),
        },
      ]),
    ),
  }));
}

/** The editor's rows as the API takes them: money in minor units, stock as `stockOf` says, weight in grams. */
export function toSkuBodies(rows: SkuRow[], currency: string): GoodsInputBody['skus'] {
  return rows.map((row) => ({
    ...(row.id && { id: row.id }),
    options: row.options,
    price: toMinor(row.price ?? 0, currency),
    originalPrice: row.originalPrice == null ? null : toMinor(row.originalPrice, currency),
    ...stockOf(row),
    weightGrams: weightOf(row),
    prices: ownPricesOf(row),
  }));
}

/**
 * A SKU's own prices in other currencies as the API takes them, in each currency's minor units: every currency
 * whose price is filled in. Sent whole, so a price emptied in the editor is taken away (the market's rate then
 * prices the SKU again).
 */
export function ownPricesOf(row: SkuRow): NonNullable<GoodsInputBody['skus'][number]['prices']> {
  const prices: NonNullable<GoodsInputBody['skus'][number]['prices']> = {};
  for (const [currency, own] of Object.entries(row.prices ?? {})) {
    if (own?.price == null) continue;
    prices[currency] = {
      price: toMinor(own.price, currency),
      originalPrice: own.originalPrice == null ? null : toMinor(own.originalPrice, currency),
    };
  }
  return prices;
}

/** A SKU's packed weight in whole grams; an emptied field is no weight (0), as a new SKU starts. */
export function weightOf(row: SkuRow): number {
  return row.weightGrams == null ? 0 : Math.round(row.weightGrams);
}

type SkuStock = Pick<GoodsInputBody['skus'][number], 'stock' | 'expectedStock'>;

/**
 * A SKU's stock as the API takes it. Orders change stock while the editor is open, so an existing SKU also sends
 * the figure it was loaded with: the server leaves a figure staff did not touch as orders left it, and refuses the
 * save (409) when a figure staff changed belongs to a SKU whose stock moved meanwhile. Never a lost unit.
 */
export function stockOf(row: SkuRow): SkuStock {
  const stock = row.stock ?? 0;
  return row.id ? { stock, expectedStock: row.loadedStock } : { stock };
}

/**
 * After that refusal: every existing SKU shows, and will be checked against, its stock now. Figures staff typed
 * are replaced too (they were typed over numbers that are no longer true); every other edit stays in the form.
 */
export function withCurrentStock(rows: SkuRow[], current: AdminGoodsDetail['skus']): SkuRow[] {
  const stockById = new Map(current.map((sku) => [sku.id, sku.stock]));
  return rows.map((row) => {
    const stock = row.id === undefined ? undefined : stockById.get(row.id);
    return stock === undefined ? row : { ...row, stock, loadedStock: stock };
  });
}
