import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { GoodsQuery } from '@shop/contract';
import { schema } from '@shop/db';

/**
 * What a keyword and a sort mean, in SQL. The catalog's SQL search and its in-memory search index
 * (search-index.ts) both use these, so the database alone decides which goods match a keyword.
 */

const { goods } = schema;

/** Terms past this many are ignored: each costs an index scan, and real searches have two or three. */
const MAX_SEARCH_TERMS = 6;
/** pg_trgm finds terms from three characters on; shorter ones are looked up in goods.search_grams. */
const SHORTEST_TRIGRAM_TERM = 3;

export type SortColumns = Record<'id' | 'createdAt' | 'sales' | 'price', AnyColumn>;

/**
 * The contract's sorts. Ties go by id in the sort's own direction, so each sort reads one index of schema.ts
 * forwards or backwards and stops after the page. The search index orders its matches by the same keys
 * (search-index.ts, `orderOf`): a change here must be made there too, and catalog.test.ts compares the two.
 */
export const sortOrders: Record<GoodsQuery['sort'], (columns: SortColumns) => SQL[]> = {
  newest: (c) => [desc(c.createdAt), desc(c.id)],
  sales: (c) => [desc(c.sales), desc(c.createdAt), desc(c.id)],
  price_asc: (c) => [asc(c.price), asc(c.id)],
  price_desc: (c) => [desc(c.price), desc(c.id)],
};

/**
 * The keyword's words, each of which a goods must match. Words without a letter or digit are left out (they
 * would match nearly everything or nothing), so a keyword made only of such words finds nothing.
 */
export function searchTerms(keyword: string): string[] {
  const terms = keyword.split(/\s+/).filter((term) => /[\p{L}\p{N}]/u.test(term));
  return [...new Set(terms)].slice(0, MAX_SEARCH_TERMS);
}

export const isShortTerm = (term: string) => [...term].length < SHORTEST_TRIGRAM_TERM;

/**
 * The goods' names or descriptions contain the term in some locale, ignoring case. Chinese has no spaces, so
 * this is a substring test. A term too short for trigrams (耳机, tv) is matched against the names only, through
 * their characters, character pairs and short words: in descriptions such terms match too much to help.
 */
export function containsTerm(term: string): SQL {
  if (isShortTerm(term)) {
    return sql`${goods.searchGrams} @> goods_search_grams(lower(${term}))`;
  }
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`${goods.searchText} like lower(${pattern})`;
}

/** A stretch of the goods' names is spelt like the term (pg_trgm word similarity, at least 0.6 by default). */
export function resemblesTerm(term: string): SQL {
  return isShortTerm(term) ? containsTerm(term) : sql`${goods.searchNames} %> lower(${term})`;
}

/** A goods of a result page as the catalog reads it, before the currency is added and the date formatted. */
export interface ListedGoods {
  id: string;
  categoryId: string;
  image: string;
  price: number;
  originalPrice: number | null;
  sales: number;
  stock: number;
  createdAt: Date;
  name: string;
}
