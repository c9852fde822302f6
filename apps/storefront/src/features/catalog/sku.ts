import type { Sku } from '@shop/contract';

/** The chosen value id of each goods option, in option order; `null` where nothing is chosen yet. */
export type Selection = readonly (string | null)[];

const fits = (sku: Sku, selection: Selection) =>
  selection.every((valueId, index) => valueId === null || sku.options[index] === valueId);

/** The SKU of a complete selection, if there is one. */
export function findSku(skus: readonly Sku[], selection: Selection): Sku | undefined {
  if (selection.some((valueId) => valueId === null)) return undefined;
  return skus.find((sku) => sku.options.length === selection.length && fits(sku, selection));
}

/** Whether choosing `valueId` for option `index`, with the other choices kept, can still lead to stock. */
export function canChoose(
  skus: readonly Sku[],
  selection: Selection,
  index: number,
  valueId: string,
): boolean {
  const next = selection.map((chosen, i) => (i === index ? valueId : chosen));
  return skus.some((sku) => sku.stock > 0 && fits(sku, next));
}

export function priceRange(skus: readonly Sku[]): { min: number; max: number } | null {
  if (skus.length === 0) return null;
  const prices = skus.map((sku) => sku.price);
  return { min: Math.min(...prices), max: Math.max(...prices) };
}
