import type { SkuPriceRecords } from '@shop/db';

/** A SKU as a goods' detail page shows it, with staff's own prices in other currencies. */
export interface ShelfSku {
  id: string;
  options: string[];
  price: number;
  originalPrice: number | null;
  stock: number;
  prices: SkuPriceRecords;
}

/**
 * A goods' SKUs as the catalog index keeps them: their ids in one string, their figures in one array, not an
 * object, an array and an id string per SKU. 294 496 SKUs of 100 000 goods were about 800 000 objects that every
 * full collection of the old generation marked; packed they are four per goods.
 */
export interface PackedSkus {
  /**
   * The SKUs' ids (UUIDs) as their 16 bytes, one character a byte, ID_BYTES characters each: 16 bytes a SKU where
   * the UUIDs' text took 36 (10.6 MB → 4.7 MB for 294 496 SKUs).
   */
  readonly ids: string;
  /** Each SKU's option values; the arrays are the index's interned ones, shared by thousands of SKUs. */
  readonly options: readonly string[][];
  /** Each SKU's price, list price (NO_PRICE for none) and stock, in turn. */
  readonly figures: number[];
  /**
   * Staff's own prices by currency, two numbers a SKU: its price (NOT_SET where it has none in that currency) and
   * list price (NO_PRICE for none). Undefined for goods without any, most of them.
   */
  readonly own: Readonly<Record<string, number[]>> | undefined;
}

const ID_BYTES = 16;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A UUID's text has a dash after this many of its bytes. */
const DASH_AFTER = new Set([4, 6, 8, 10]);
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** The UUID's 16 bytes as 16 characters; PostgreSQL writes UUIDs in lower case, the only form this accepts. */
function idBytes(id: string): string {
  if (!UUID.test(id)) throw new Error(`A SKU id is not a UUID: ${id}`);
  return Buffer.from(id.replaceAll('-', ''), 'hex').toString('latin1');
}

const FIGURES = 3;
const NO_PRICE = -1;
const NOT_SET = -2;

export function packSkus(skus: readonly ShelfSku[]): PackedSkus {
  const figures = new Array<number>(skus.length * FIGURES);
  let own: Record<string, number[]> | undefined;
  skus.forEach((sku, i) => {
    figures[i * FIGURES] = sku.price;
    figures[i * FIGURES + 1] = sku.originalPrice ?? NO_PRICE;
    figures[i * FIGURES + 2] = sku.stock;
    for (const [currency, price] of Object.entries(sku.prices)) {
      own ??= {};
      const column = (own[currency] ??= new Array<number>(skus.length * 2).fill(NOT_SET));
      column[i * 2] = price.price;
      column[i * 2 + 1] = price.originalPrice ?? NO_PRICE;
    }
  });
  return {
    ids: skus.map((sku) => idBytes(sku.id)).join(''),
    options: skus.map((sku) => sku.options),
    figures,
    own,
  };
}

/** The SKUs as objects again, new ones: a detail page's reply may keep them. */
export function unpackSkus(packed: PackedSkus): ShelfSku[] {
  return packed.options.map((options, i) => {
    const originalPrice = packed.figures[i * FIGURES + 1]!;
    const prices: SkuPriceRecords = {};
    for (const currency in packed.own) {
      const own = ownPriceAt(packed, currency, i);
      if (own) prices[currency] = own;
    }
    return {
      id: skuIdAt(packed, i),
      options,
      price: packed.figures[i * FIGURES]!,
      originalPrice: originalPrice === NO_PRICE ? null : originalPrice,
      stock: packed.figures[i * FIGURES + 2]!,
      prices,
    };
  });
}

/** The SKU's base price and list price, in the shop's currency. */
export function basePriceAt(packed: PackedSkus, i: number): { price: number; originalPrice: number | null } {
  const originalPrice = packed.figures[i * FIGURES + 1]!;
  return {
    price: packed.figures[i * FIGURES]!,
    originalPrice: originalPrice === NO_PRICE ? null : originalPrice,
  };
}

/** Staff's own price of the SKU in `currency`, if they set one. */
export function ownPriceAt(
  packed: PackedSkus,
  currency: string,
  i: number,
): { price: number; originalPrice: number | null } | undefined {
  const column = packed.own?.[currency];
  if (!column || column[i * 2] === NOT_SET) return undefined;
  const originalPrice = column[i * 2 + 1]!;
  return { price: column[i * 2]!, originalPrice: originalPrice === NO_PRICE ? null : originalPrice };
}

export function skuCount(packed: PackedSkus): number {
  return packed.options.length;
}

export function skuIdAt(packed: PackedSkus, i: number): string {
  let id = '';
  for (let byte = 0; byte < ID_BYTES; byte++) {
    if (DASH_AFTER.has(byte)) id += '-';
    id += HEX[packed.ids.charCodeAt(i * ID_BYTES + byte)];
  }
  return id;
}

export function setSkuStock(packed: PackedSkus, i: number, stock: number): void {
  packed.figures[i * FIGURES + 2] = stock;
}
