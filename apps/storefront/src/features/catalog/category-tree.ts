import type { Category } from '@shop/contract';

export interface CategoryNode extends Category {
  children: Category[];
}

const bySort = (a: Category, b: Category) => a.sort - b.sort || a.name.localeCompare(b.name);

/** Top-level categories in shop order, each with its children in order. */
export function categoryTree(categories: readonly Category[]): CategoryNode[] {
  return categories
    .filter((category) => category.parentId === null)
    .sort(bySort)
    .map((parent) => ({
      ...parent,
      children: categories.filter((category) => category.parentId === parent.id).sort(bySort),
    }));
}

/** The category and its ancestors, root first; empty for an unknown id. */
export function categoryPath(categories: readonly Category[], id: string | undefined): Category[] {
  const path: Category[] = [];
  let current = categories.find((category) => category.id === id);
  while (current && !path.includes(current)) {
    path.unshift(current);
    const parentId = current.parentId;
    current = parentId === null ? undefined : categories.find((category) => category.id === parentId);
  }
  return path;
}
