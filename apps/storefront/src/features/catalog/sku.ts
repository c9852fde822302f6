import type { GoodsOption, Sku } from '@shop/contract';

/** The chosen value id of each goods option, in option order; `null` where nothing is chosen yet. */
export type Selection = readonly (string | null)[];

const fits = (sku: Sku, selection: Selection) =>
  selection.every((valueId, index) => valueId === null || sku.options[index] === valueId);

/** The SKUs a partial selection can still become. */
export function matchingSkus(skus: readonly Sku[], selection: Selection): Sku[] {
  return skus.filter((sku) => fits(sku, selection));
}

/** The SKU of a complete selection, if there is one. */
export function findSku(skus: readonly Sku[], selection: Selection): Sku | undefined {
  if (selection.some((valueId) => valueId === null)) return undefined;
  return skus.find((sku) => sku.options.length === selection.length && fits(sku, selection));
}

/**
 * Whether choosing `valueId` for option `index`, with the other choices kept, can still lead to stock: a value
 * is unavailable when every SKU consistent with it and the other chosen values has stock 0 (or there is none).
 */
export function canChoose(
  skus: readonly Sku[],
  selection: Selection,
  index: number,
  valueId: string,
): boolean {
  const next = selection.map((chosen, i) => (i === index ? valueId : chosen));
  return skus.some((sku) => sku.stock > 0 && fits(sku, next));
}

/**
 * The starting selection: an option with a single value that can be bought is chosen already, so goods without
 * real choices (or with one size) need no clicks; everything else waits for the shopper.
 */
export function initialSelection(options: readonly GoodsOption[], skus: readonly Sku[]): Selection {
  const empty: Selection = options.map(() => null);
  return options.map((option, index) => {
    const only = option.values.length === 1 ? option.values[0] : undefined;
    return only && canChoose(skus, empty, index, only.id) ? only.id : null;
  });
}

export function priceRange(skus: readonly Sku[]): { min: number; max: number } | null {
  if (skus.length === 0) return null;
  const prices = skus.map((sku) => sku.price);
  return { min: Math.min(...prices), max: Math.max(...prices) };
}

export const totalStock = (skus: readonly Sku[]) =>
  skus.reduce((sum, sku) => sum + Math.max(0, sku.stock), 0);
