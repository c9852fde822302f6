import { pickText } from '@shop/contract';
import type { AdminCategory, Locale } from '@shop/contract';

export interface CategoryOption {
  value: string;
  title: string;
  children?: CategoryOption[];
}

/** The category tree as antd TreeSelect data, named in the UI locale (else the shop's default). */
export function categoryTreeData(
  tree: AdminCategory[],
  locale: Locale,
  shopDefault: Locale,
): CategoryOption[] {
  return tree.map((c) => ({
    value: c.id,
    title: pickText(c.name, locale, shopDefault),
    ...(c.children.length > 0 && { children: categoryTreeData(c.children, locale, shopDefault) }),
  }));
}
