import type { GoodsOption } from '@shop/contract';

/**
 * The picture a choice of option values shows: that of the first chosen value with its own picture (colour "Red"
 * shows the red one), as the server picks a SKU's picture for the cart and orders; `undefined` when none has one.
 */
export function optionImage(
  options: GoodsOption[],
  selection: readonly (string | null)[],
): string | undefined {
  for (const [index, option] of options.entries()) {
    const image = option.values.find((v) => v.id === selection[index])?.image;
    if (image) return image;
  }
  return undefined;
}
