import type { Category } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { categoryPath, categoryTree } from './category-tree.ts';

const category = (id: string, parentId: string | null, sort: number): Category => ({
  id,
  parentId,
  name: id,
  icon: '',
  sort,
});

const categories = [
  category('tea', 'food', 1),
  category('home', null, 1),
  category('coffee', 'food', 0),
  category('food', null, 0),
  category('kitchen', 'home', 0),
];

describe('category tree', () => {
  it('orders parents and their children by the shop order', () => {
    expect(categoryTree(categories).map((node) => [node.id, node.children.map((c) => c.id)])).toEqual([
      ['food', ['coffee', 'tea']],
      ['home', ['kitchen']],
    ]);
  });

  it('gives the path from the top down to a category', () => {
    expect(categoryPath(categories, 'tea').map((c) => c.id)).toEqual(['food', 'tea']);
    expect(categoryPath(categories, 'home').map((c) => c.id)).toEqual(['home']);
    expect(categoryPath(categories, 'nope')).toEqual([]);
    expect(categoryPath(categories, undefined)).toEqual([]);
  });
});
