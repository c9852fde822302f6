import { and, asc, desc, eq, gte, inArray, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import {
  AppError,
  Code,
  pickText,
  type Category,
  type GoodsDetail,
  type GoodsQuery,
  type GoodsSummary,
  type Locale,
  type PageMeta,
} from '@shop/contract';
import { schema, type Db } from '@shop/db';

const { goods, goodsTranslations, skus, categories } = schema;

export interface ShopLocale {
  locale: Locale;
  shopDefault: Locale;
  currency: string;
}

/** Terms past this many are ignored: each costs an index scan, and real searches have two or three. */
const MAX_SEARCH_TERMS = 6;
/** pg_trgm finds terms from three characters on; shorter ones are looked up in `goods_search_grams`. */
const SHORTEST_TRIGRAM_TERM = 3;
/** Filters whose totals are remembered; an entry is a short key and a number. */
const REMEMBERED_TOTALS = 5_000;

type SortColumns = Record<'id' | 'createdAt' | 'sales' | 'price', AnyColumn>;

/**
 * The contract's sorts. Ties go by id in the sort's own direction, so each sort reads one index of schema.ts
 * forwards or backwards and stops after the page.
 */
const sortOrders: Record<GoodsQuery['sort'], (columns: SortColumns) => SQL[]> = {
  newest: (c) => [desc(c.createdAt), desc(c.id)],
  sales: (c) => [desc(c.sales), desc(c.createdAt), desc(c.id)],
  price_asc: (c) => [asc(c.price), asc(c.id)],
  price_desc: (c) => [desc(c.price), desc(c.id)],
};

/** The keyword's words, each of which a goods must match; words without a letter or digit match nothing. */
function searchTerms(keyword: string): string[] {
  const terms = keyword.split(/\s+/).filter((term) => /[\p{L}\p{N}]/u.test(term));
  return [...new Set(terms)].slice(0, MAX_SEARCH_TERMS);
}

const isShortTerm = (term: string) => [...term].length < SHORTEST_TRIGRAM_TERM;

/**
 * The goods' names or descriptions contain the term in some locale, ignoring case. Chinese has no spaces, so
 * this is a substring test. A term too short for trigrams (耳机, tv) is matched against the names only, through
 * their characters, character pairs and short words: in descriptions such terms match too much to help.
 */
function containsTerm(term: string): SQL {
  if (isShortTerm(term)) {
    return sql`goods_search_grams(${goods.searchNames}) @> goods_search_grams(lower(${term}))`;
  }
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`${goods.searchText} like lower(${pattern})`;
}

/** A stretch of the goods' names is spelt like the term (pg_trgm word similarity, at least 0.6 by default). */
function resemblesTerm(term: string): SQL {
  return isShortTerm(term) ? containsTerm(term) : sql`${goods.searchNames} %> lower(${term})`;
}

export class CatalogService {
  /**
   * Totals of keyword-free listings by filter, as promises so that concurrent first requests share one count.
   * Counting every goods on shelf takes milliseconds even from an index; the total changes only with the
   * catalog, whose owner then calls `forgetTotals` (catalog.routes.ts ties it to the reply cache).
   */
  private readonly shelfTotals = new LRUCache<string, Promise<number>>({ max: REMEMBERED_TOTALS });

  constructor(private readonly db: Db) {}

  async listGoods(query: GoodsQuery, at: ShopLocale): Promise<{ items: GoodsSummary[]; meta: PageMeta }> {
    const { rows, total } = query.keyword
      ? await this.searchGoods(query, query.keyword, at)
      : await this.browseGoods(query, at);
    return {
      items: rows.map(({ total: _total, ...row }) => ({
        ...row,
        currency: at.currency,
        createdAt: row.createdAt.toISOString(),
      })),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  forgetTotals(): void {
    this.shelfTotals.clear();
  }

  private async browseGoods(query: GoodsQuery, at: ShopLocale) {
    const where = and(...this.shelfFilters(query));
    const key = JSON.stringify([query.categoryId, query.minPrice, query.maxPrice]);
    let total = this.shelfTotals.get(key);
    if (!total) {
      total = this.countGoods(where);
      this.shelfTotals.set(key, total);
      total.catch(() => this.shelfTotals.delete(key));
    }
    const [rows, knownTotal] = await Promise.all([this.selectPage(where, query, at, false), total]);
    return { rows, total: knownTotal };
  }

  /**
   * Goods containing every term; when none does, goods whose names resemble every term, so that "hedphones"
   * still finds headphones.
   */
  private async searchGoods(query: GoodsQuery, keyword: string, at: ShopLocale) {
    const terms = searchTerms(keyword);
    if (terms.length === 0) return { rows: [], total: 0 };
    const shelf = this.shelfFilters(query);
    const found = await this.selectMatches(and(...shelf, ...terms.map(containsTerm)), query, at);
    if (found.total > 0 || terms.every(isShortTerm)) return found;
    return this.selectMatches(and(...shelf, ...terms.map(resemblesTerm)), query, at);
  }

  /** A page of matches and their total, counted in the same pass unless the page lies past the last match. */
  private async selectMatches(where: SQL | undefined, query: GoodsQuery, at: ShopLocale) {
    const rows = await this.selectPage(where, query, at, true);
    const total = rows[0]?.total ?? (query.page > 1 ? await this.countGoods(where) : 0);
    return { rows, total };
  }

  /**
   * One page in the requested order, with names in the shopper's locale (else the shop's). The names are joined
   * to the page alone, not to every match. `countAll` adds the number of matches to each row, which is nearly
   * free when the query has to read all matches anyway (a keyword search) and costly otherwise.
   */
  private async selectPage(where: SQL | undefined, query: GoodsQuery, at: ShopLocale, countAll: boolean) {
    const order = sortOrders[query.sort];
    const page = this.db
      .select({
        id: goods.id,
        categoryId: goods.categoryId,
        image: goods.image,
        price: goods.price,
        originalPrice: goods.originalPrice,
        sales: goods.sales,
        stock: goods.stock,
        createdAt: goods.createdAt,
        total: (countAll ? sql<number | null>`(count(*) over ())::int` : sql<number | null>`null::int`).as(
          'total',
        ),
      })
      .from(goods)
      .where(where)
      .orderBy(...order(goods))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .as('page');
    const inLocale = alias(goodsTranslations, 'in_locale');
    const inDefault = alias(goodsTranslations, 'in_default');
    return this.db
      .select({
        id: page.id,
        categoryId: page.categoryId,
        name: sql<string>`coalesce(${inLocale.name}, ${inDefault.name}, '')`,
        image: page.image,
        price: page.price,
        originalPrice: page.originalPrice,
        sales: page.sales,
        stock: page.stock,
        createdAt: page.createdAt,
        total: page.total,
      })
      .from(page)
      .leftJoin(inLocale, and(eq(inLocale.goodsId, page.id), eq(inLocale.locale, at.locale)))
      .leftJoin(inDefault, and(eq(inDefault.goodsId, page.id), eq(inDefault.locale, at.shopDefault)))
      .orderBy(...order(page));
  }

  private async countGoods(where: SQL | undefined): Promise<number> {
    const [row] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(goods)
      .where(where);
    return row?.total ?? 0;
  }

  /** On shelf, in the category or one of its children, within the price range. */
  private shelfFilters(query: GoodsQuery): SQL[] {
    const filters = [eq(goods.onShelf, true)];
    if (query.categoryId) {
      const family = this.db
        .select({ id: categories.id })
        .from(categories)
        .where(or(eq(categories.id, query.categoryId), eq(categories.parentId, query.categoryId)));
      filters.push(inArray(goods.categoryId, family));
    }
    if (query.minPrice !== undefined) filters.push(gte(goods.price, query.minPrice));
    if (query.maxPrice !== undefined) filters.push(lte(goods.price, query.maxPrice));
    return filters;
  }

  /** An on-shelf goods with its SKUs; anything else is "not found" to shoppers. */
  async getGoods(id: string, at: ShopLocale): Promise<GoodsDetail> {
    const row = await this.db.query.goods.findFirst({
      columns: { searchNames: false, searchText: false },
      where: and(eq(goods.id, id), eq(goods.onShelf, true)),
    });
    if (!row) throw new AppError(Code.notFound, 'error.goods.notFound');
    const [translations, skuRows] = await Promise.all([
      this.db.select().from(goodsTranslations).where(eq(goodsTranslations.goodsId, id)),
      this.db.select().from(skus).where(eq(skus.goodsId, id)).orderBy(asc(skus.sort), asc(skus.id)),
    ]);
    const byLocale = new Map(translations.map((t) => [t.locale, t]));
    const translation = byLocale.get(at.locale) ?? byLocale.get(at.shopDefault) ?? translations[0];
    const text = (t: Parameters<typeof pickText>[0]) => pickText(t, at.locale, at.shopDefault);
    return {
      id: row.id,
      categoryId: row.categoryId,
      name: translation?.name ?? '',
      description: translation?.description ?? '',
      image: row.image,
      images: row.images,
      price: row.price,
      originalPrice: row.originalPrice,
      currency: at.currency,
      sales: row.sales,
      stock: row.stock,
      createdAt: row.createdAt.toISOString(),
      options: row.options.map((o) => ({
        id: o.id,
        name: text(o.name),
        values: o.values.map((v) => ({ id: v.id, name: text(v.name) })),
      })),
      skus: skuRows.map((s) => ({
        id: s.id,
        options: s.options,
        price: s.price,
        originalPrice: s.originalPrice,
        stock: s.stock,
      })),
    };
  }

  async listCategories(at: ShopLocale): Promise<Category[]> {
    const rows = await this.db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id));
    return rows.map((c) => ({
      id: c.id,
      parentId: c.parentId,
      name: pickText(c.name, at.locale, at.shopDefault),
      icon: c.icon,
      sort: c.sort,
    }));
  }
}
