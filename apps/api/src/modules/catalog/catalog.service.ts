import { and, asc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias, type SubqueryWithSelection } from 'drizzle-orm/pg-core';
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
import {
  containsTerm,
  isShortTerm,
  resemblesTerm,
  searchTerms,
  sortOrders,
  type ListedGoods,
} from './goods-search.ts';
import { SearchIndex } from './search-index.ts';

const { goods, goodsTranslations, skus, categories } = schema;

export interface ShopLocale {
  locale: Locale;
  shopDefault: Locale;
  currency: string;
}

/** Filters whose totals are remembered; an entry is a short key and a number. */
const REMEMBERED_TOTALS = 5_000;

/** What a goods summary needs from the goods table; the name comes from goods_translations. */
const summaryColumns = {
  id: goods.id,
  categoryId: goods.categoryId,
  image: goods.image,
  price: goods.price,
  originalPrice: goods.originalPrice,
  sales: goods.sales,
  stock: goods.stock,
  createdAt: goods.createdAt,
};

/** A page of goods as a subquery: the summary columns, and the total when it was counted along. */
type PageSubquery = SubqueryWithSelection<
  typeof summaryColumns & { total: SQL.Aliased<number | null> },
  'page'
>;

export interface CatalogOptions {
  /**
   * Answer keyword searches from the in-memory search index (search-index.ts) instead of one SQL search per
   * request. Only for an instance whose `catalogChanged()` is called on every catalog change (app.ts ties it
   * to the public replies' clear); without that its searches would go stale. Off by default.
   */
  inMemorySearch?: boolean;
}

export class CatalogService {
  /**
   * Totals of listings without a keyword, by filter, as promises so that concurrent first requests share one
   * count. Counting a whole shelf takes milliseconds even from an index, and every page and sort of a listing
   * has the same total, which changes only with the catalog; its owner then calls `catalogChanged`
   * (catalog.routes.ts ties it to clearing the prepared replies).
   */
  private readonly shelfTotals = new LRUCache<string, Promise<number>>({ max: REMEMBERED_TOTALS });
  private readonly searchIndex: SearchIndex | undefined;

  constructor(
    private readonly db: Db,
    options: CatalogOptions = {},
  ) {
    this.searchIndex = options.inMemorySearch ? new SearchIndex(db) : undefined;
  }

  async listGoods(query: GoodsQuery, at: ShopLocale): Promise<{ items: GoodsSummary[]; meta: PageMeta }> {
    const { rows, total } = await this.findGoods(query, at);
    return {
      items: rows.map((row) => ({
        id: row.id,
        categoryId: row.categoryId,
        image: row.image,
        price: row.price,
        originalPrice: row.originalPrice,
        sales: row.sales,
        stock: row.stock,
        createdAt: row.createdAt.toISOString(),
        name: row.name,
        currency: at.currency,
      })),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  /**
   * The catalog changed: forgets everything read from it (totals, the search index). To be called after every
   * committed change to goods, their translations, SKUs or categories; catalog.routes.ts calls it whenever the public
   * replies are cleared, which is the one "catalog changed" signal (see search-index.ts).
   */
  catalogChanged(): void {
    this.shelfTotals.clear();
    this.searchIndex?.catalogChanged();
  }

  /**
   * With a keyword: goods containing every term; when none does, goods whose names resemble every term, so
   * that "hedphones" still finds headphones.
   */
  private async findGoods(
    query: GoodsQuery,
    at: ShopLocale,
  ): Promise<{ rows: ListedGoods[]; total: number }> {
    if (!query.keyword) return this.browseGoods(and(...this.shelfFilters(query)), query, at);
    const terms = searchTerms(query.keyword);
    if (terms.length === 0) return { rows: [], total: 0 };
    if (this.searchIndex) return this.searchIndex.search(terms, query, at);
    const shelf = this.shelfFilters(query);
    const found = await this.queryPageCountingMatches(and(...shelf, ...terms.map(containsTerm)), query, at);
    if (found.total > 0 || terms.every(isShortTerm)) return found;
    return this.queryPageCountingMatches(and(...shelf, ...terms.map(resemblesTerm)), query, at);
  }

  private async browseGoods(where: SQL | undefined, query: GoodsQuery, at: ShopLocale) {
    const key = JSON.stringify([query.categoryId, query.minPrice, query.maxPrice]);
    let total = this.shelfTotals.get(key);
    if (!total) {
      const counting = this.countGoods(where);
      this.shelfTotals.set(key, counting);
      counting.catch(() => {
        if (this.shelfTotals.get(key) === counting) this.shelfTotals.delete(key);
      });
      total = counting;
    }
    const [rows, knownTotal] = await Promise.all([this.queryPage(where, query, at), total]);
    return { rows, total: knownTotal };
  }

  /** One page in the requested order; each sort can read its index and stop after the page. */
  private queryPage(where: SQL | undefined, query: GoodsQuery, at: ShopLocale) {
    const page = this.db
      .select({ ...summaryColumns, total: sql<number | null>`null::int`.as('total') })
      .from(goods)
      .where(where)
      .orderBy(...sortOrders[query.sort](goods))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .as('page');
    return this.selectNamed(this.db, page, query, at);
  }

  /**
   * One page of a search and the number of all its matches, from a single pass over them. The matches are a
   * CTE read twice, which PostgreSQL materialises, so it finds them through the search indexes whatever the
   * sort: walking a sort index and testing each goods against the keyword until the page is full can cost a
   * hundred times more when its guess of how many goods match is wrong, or when the test is word similarity.
   */
  private async queryPageCountingMatches(where: SQL | undefined, query: GoodsQuery, at: ShopLocale) {
    const matches = this.db.$with('matches').as(this.db.select(summaryColumns).from(goods).where(where));
    const page = this.db
      .select({
        ...matches._.selectedFields,
        total: sql<number | null>`(select count(*)::int from ${matches})`.as('total'),
      })
      .from(matches)
      .orderBy(...sortOrders[query.sort](matches))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .as('page');
    const rows = await this.selectNamed(this.db.with(matches), page, query, at);
    // A page past the last match has no row to carry the count.
    const total = rows[0]?.total ?? (query.page > 1 ? await this.countGoods(where) : 0);
    return { rows, total };
  }

  /** The page's goods, in its order, named in the shopper's locale or else the shop's. */
  private selectNamed(builder: Pick<Db, 'select'>, page: PageSubquery, query: GoodsQuery, at: ShopLocale) {
    const inLocale = alias(goodsTranslations, 'in_locale');
    const inDefault = alias(goodsTranslations, 'in_default');
    return builder
      .select({
        ...page._.selectedFields,
        name: sql<string>`coalesce(${inLocale.name}, ${inDefault.name}, '')`,
      })
      .from(page)
      .leftJoin(inLocale, and(eq(inLocale.goodsId, page.id), eq(inLocale.locale, at.locale)))
      .leftJoin(inDefault, and(eq(inDefault.goodsId, page.id), eq(inDefault.locale, at.shopDefault)))
      .orderBy(...sortOrders[query.sort](page));
  }

  private countGoods(where: SQL | undefined): Promise<number> {
    return this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(goods)
      .where(where)
      .then(([row]) => row?.total ?? 0);
  }

  /** On shelf, in the category or one of its children, within the price range. */
  private shelfFilters(query: GoodsQuery): SQL[] {
    const filters = [eq(goods.onShelf, true)];
    if (query.categoryId) {
      const family = this.db
        .select({ id: categories.id })
        .from(categories)
        .where(or(eq(categories.id, query.categoryId), eq(categories.parentId, query.categoryId)));
      // `= any(array(…))` rather than `in (…)`: the family becomes one array before the scan, so the planner
      // reads the category index once, beside a trigram index, instead of once per category. (Drizzle
      // brackets the subquery itself.)
      filters.push(sql`${goods.categoryId} = any(array${family})`);
    }
    if (query.minPrice !== undefined) filters.push(gte(goods.price, query.minPrice));
    if (query.maxPrice !== undefined) filters.push(lte(goods.price, query.maxPrice));
    return filters;
  }

  /** An on-shelf goods with its SKUs; anything else is "not found" to shoppers. */
  async getGoods(id: string, at: ShopLocale): Promise<GoodsDetail> {
    const row = await this.db.query.goods.findFirst({
      columns: { searchNames: false, searchText: false, searchGrams: false },
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
