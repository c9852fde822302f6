import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import {
  facetKey,
  listingSort,
  localeFallbacks,
  parseOptionFilters,
  pickText,
  PRICE_BAND_BOUNDS,
  baseBounds,
  convertPrice,
  marketBandBounds,
  SUPPORTED_LOCALES,
  type GoodsFacets,
  type GoodsRating,
  type GoodsQuery,
  type ListedGoods,
  type Locale,
  type LocalizedText,
} from '@shop/contract';
import { schema, type Db } from '@shop/db';
import type { GoodsOptionRecord } from '@shop/db';
import { SeenKeys } from '../../plugins/seen-keys.ts';
import type { PricedMarket } from '../markets/markets.service.ts';
import { pricedIn, pricesAsStored, skuPricesIn } from '../markets/priced.ts';
import { highlightsOf, stretchSounding, textNumber, TextSearch, type TextMatches } from './text-search.ts';
import { wordsOf } from './search-text.ts';
import {
  basePriceAt,
  ownPriceAt,
  packSkus,
  setSkuStock,
  skuCount,
  skuIdAt,
  unpackSkus,
  type PackedSkus,
  type ShelfSku,
} from './shelf-skus.ts';

const { goods, goodsTranslations, skus, categories, goodsRatings } = schema;

/**
 * The shelf in memory: every on-shelf goods with what listings filter, sort, count and show, and the words
 * search finds it by (text-search.ts). Every listing — browsing, filtering, searching, facets — is answered
 * from here, without the database; only a goods' detail page reads its description there.
 *
 * Kept current from the database by the catalog's change signals (catalog-changes.ts): `refresh(ids)` reads
 * the goods named by a change again (stock and sales after an order, everything after a staff edit), in one
 * query for all changes that arrive together; `reloadCategories()` after a category changed. Loaded whole at
 * start (100 000 goods in a few seconds: bench/RESULTS.md).
 */

/** A goods as listings see it. */
interface ShelfGoods {
  doc: number;
  id: string;
  category: number;
  image: string;
  price: number;
  originalPrice: number | null;
  stock: number;
  sales: number;
  /**
   * Milliseconds since 1970: a number takes 16 bytes where the ISO 8601 text listings send took 40, and compares
   * the same.
   */
  createdAt: number;
  /** Option value facets the goods offers, as indexes into the index's value table. */
  values: Int32Array;
  options: GoodsOptionRecord[];
  skus: PackedSkus;
  /** `textNumber` of its names and descriptions, to know whether a refresh changed its words. */
  textKey: number;
  /** Its published reviews' average and count (goods_ratings); undefined while it has none. */
  rating: GoodsRating | undefined;
}

/** What a refresh changed, for the replies built from it to be dropped accordingly. */
export interface RefreshOutcome {
  /** Goods that came, went, or changed words, price, category, options or whether they are in stock. */
  reshaped: boolean;
  /** Goods whose sales changed: lists sorted by sales may change order. */
  salesChanged: boolean;
}

interface CategoryEntry {
  id: string;
  parent: number;
}

interface FacetValue {
  option: string;
  value: string;
  /** The option's and the value's names in every locale, from the first goods that offered them. */
  optionName: LocalizedText;
  valueName: LocalizedText;
}

export interface ShelfLocale {
  locale: Locale;
  shopDefault: Locale;
  /** The market whose prices price filters and bands are in; the stored prices without one. */
  market?: PricedMarket;
  /** The currency listed prices are in (the market's). */
  currency: string;
}

export interface ShelfPage {
  items: ListedGoods[];
  total: number;
  facets: GoodsFacets;
  suggestion?: string;
  /** The goods on the page: a reply listing them is dropped when one of them changes. */
  goodsIds: string[];
}

type ListingSort = ReturnType<typeof listingSort>;

/** What a listing's keyword and filters let through (`selectionFor`). */
interface Selection {
  docs: Int32Array;
  /** Each goods' relevance to the keyword, beside `docs`; none without a keyword. */
  scores: Float64Array | undefined;
  matches: TextMatches | undefined;
  facets: GoodsFacets;
  /** `docs` in the orders pages were asked in. */
  ordered: Map<ListingSort, Int32Array>;
  /** "Did you mean": null once looked for and not found. */
  suggestion?: string | null;
}

/**
 * Memory for kept selections: the goods and scores (12 bytes each) and up to five orders of them (4 bytes
 * each) — 3 MB for a listing of all 100 000 goods, a few kilobytes for most searches. 24 MB keeps thousands of
 * recent listings for their next page; twice that only held more of the searches nobody repeats, and the
 * shop's memory with them (bench/RESULTS.md, session 12).
 */
const SELECTION_CACHE_BYTES = 24 * 1024 * 1024;
/** Goods picked at least when an order of a selection is first read: ten pages of 24. */
const FIRST_ORDERED = 240;

const NO_CATEGORY = -1;
/** Market price columns kept at once (`marketColumn`): 8 bytes a goods each, one per market with own prices. */
const MARKET_COLUMNS = 8;
/**
 * Goods read at a time while loading. A batch's rows pass through the database's memory, and on PGlite through its
 * WebAssembly memory and its thread's heap, which keep their largest size: 5 000 left a PGlite shop with 100 000
 * goods 40–85 MB larger than 1 000, which starts as fast (bench/RESULTS.md, session 22).
 */
const LOAD_BATCH = 1000;
/** A keyword finding fewer goods than this gets a "did you mean" when one of its words is not the catalog's. */
const FEW_RESULTS = 5;

type Order = 'newest' | 'sales' | 'price';

/** Two decimals, as the reviews' own summary gives it. */
const averageRating = (total: number, count: number) => Math.round((total * 100) / count) / 100;

export class CatalogIndex {
  private goods: (ShelfGoods | undefined)[] = [];
  private readonly byId = new Map<string, ShelfGoods>();
  private freeDocs: number[] = [];
  private readonly text = new TextSearch();
  private categoryList: CategoryEntry[] = [];
  private categoryIndex = new Map<string, number>();
  private readonly valueIndex = new Map<string, number>();
  private readonly valueTable: FacetValue[] = [];
  /** Documents in each sort's order, rebuilt when stale (price descending reads price ascending backwards). */
  private orders: Partial<Record<Order, Int32Array>> = {};
  private pendingIds = new Set<string>();
  /** Goods whose stock or sales alone changed (an order, a payment): read without their words. */
  private pendingStockIds = new Set<string>();
  /** The read that will take the ids waiting now, and the one before it. */
  private nextRefresh: Promise<RefreshOutcome> | undefined;
  private lastRefresh: Promise<unknown>;
  /** Interns identical option lists: the same template's options are one object for all its goods. */
  private readonly optionLists = new Map<string, GoodsOptionRecord[]>();
  /** `valuesOf` each kept option list: goods with the same options share one array. */
  private readonly valuesOfOptions = new Map<GoodsOptionRecord[], Int32Array>();
  private readonly skuOptionLists = new Map<string, string[]>();
  /** Image paths read lately, each one string however many goods show it (`sharedImage`). */
  private readonly imagePaths = new Map<string, string>();
  /** Listings' selections by keyword and filters; dropped when the shelf changes what they hold. */
  private readonly selections = new LRUCache<string, Selection>({
    maxSize: SELECTION_CACHE_BYTES,
    sizeCalculation: (selection) => 1024 + selection.docs.length * (12 + 5 * 4),
  });
  /** Keyword selections asked for lately: one is kept when asked a second time. */
  private readonly selectionsSeen = new SeenKeys();
  /**
   * The figures listings filter and count by, per document, side by side: the loop of `select` reads these
   * instead of following a pointer to each goods' object, which on 100 000 goods cost more than the work.
   */
  private columns = emptyColumns(0);
  /**
   * Each goods' option values (`GoodsFacets` value indexes), `valueStride` cells from doc × stride, -1 after the
   * last: one array read in order, where a small typed array per goods cost `select` half a microsecond a goods in
   * cache misses (5 ms to count the facets of a keyword found in 10 000 goods).
   */
  private valueCells = new Int32Array(0);
  private valueStride = 8;
  /**
   * Goods' names by locale (index in SUPPORTED_LOCALES), then by document: four arrays, not an array per goods.
   */
  private readonly nameColumns: (string | undefined)[][] = SUPPORTED_LOCALES.map(() => []);
  /** `newestRank()`; made again with the orders. */
  private rankByNewest: Int32Array | undefined;
  /**
   * Each goods' price in a market whose currency some goods have staff's own prices in (`marketColumn`), by the
   * market's key, with that market's price order once asked: there the shelf's base prices no longer order or
   * filter its prices. Made again after a price changes or goods come or go.
   */
  private readonly marketColumns = new Map<string, { price: Float64Array; order?: Int32Array }>();
  /** The currencies any goods has staff's own prices in; with the market columns, made again when prices change. */
  private ownCurrencies: Set<string> | undefined;
  /** `chosenScratch()`. */
  private chosen = new Uint8Array(0);
  readonly ready: Promise<void>;

  constructor(
    private readonly db: Db,
    /** Facet keys are option and value names in the shop's default language (contract `facetKey`). */
    private readonly defaultLocale: () => Locale,
  ) {
    this.ready = this.loadAll();
    // A failed load is reported by the first listing that awaits it.
    this.lastRefresh = this.ready.catch(() => undefined);
  }

  private async loadAll(): Promise<void> {
    await this.reloadCategories();
    let after = '';
    for (;;) {
      const rows = await this.db
        .select({ id: goods.id })
        .from(goods)
        .where(
          and(eq(goods.onShelf, true), sql`${goods.id} > ${after || '00000000-0000-0000-0000-000000000000'}`),
        )
        .orderBy(asc(goods.id))
        .limit(LOAD_BATCH);
      if (rows.length === 0) break;
      await this.readGoods(rows.map((r) => r.id));
      after = rows.at(-1)!.id;
      if (rows.length < LOAD_BATCH) break;
    }
    this.text.textsChanged();
    this.text.compact();
    this.selections.clear();
  }

  async reloadCategories(): Promise<void> {
    const rows = await this.db.select({ id: categories.id, parentId: categories.parentId }).from(categories);
    const index = new Map(rows.map((row, i) => [row.id, i]));
    this.categoryList = rows.map((row) => ({
      id: row.id,
      parent: row.parentId ? (index.get(row.parentId) ?? NO_CATEGORY) : NO_CATEGORY,
    }));
    // Goods keep their category by id: indexes may have moved.
    const idAt = [...this.categoryIndex.entries()].reduce<string[]>(
      (ids, [id, at]) => ((ids[at] = id), ids),
      [],
    );
    this.categoryIndex = index;
    for (const entry of this.byId.values()) {
      const id = idAt[entry.category];
      entry.category = id ? (index.get(id) ?? NO_CATEGORY) : NO_CATEGORY;
      this.columns.category[entry.doc] = entry.category;
    }
    this.selections.clear();
  }

  /**
   * Reads these goods again; calls arriving while a read is under way are read together in the next one. Resolves
   * once the index holds what the database held when the read began.
   */
  refresh(
    ids: Iterable<string>,
    { stockOnly = false }: { stockOnly?: boolean } = {},
  ): Promise<RefreshOutcome> {
    for (const id of ids) (stockOnly ? this.pendingStockIds : this.pendingIds).add(id);
    // One read at a time, in order, so an older read never overwrites a newer one.
    this.nextRefresh ??= this.lastRefresh.then(async () => {
      const batch = [...this.pendingIds];
      const stockBatch = [...this.pendingStockIds].filter((id) => !this.pendingIds.has(id));
      this.pendingIds = new Set();
      this.pendingStockIds = new Set();
      this.nextRefresh = undefined;
      const whole = await this.readGoods(batch);
      const stock = await this.readStock(stockBatch);
      return {
        reshaped: whole.reshaped || stock.reshaped,
        salesChanged: whole.salesChanged || stock.salesChanged,
      };
    });
    const scheduled = this.nextRefresh;
    this.lastRefresh = scheduled.catch(() => undefined);
    return scheduled;
  }

  private async readGoods(ids: string[]): Promise<RefreshOutcome> {
    const outcome: RefreshOutcome = { reshaped: false, salesChanged: false };
    if (ids.length === 0) return outcome;
    const [rows, translations, skuRows] = await Promise.all([
      this.db
        .select({
          id: goods.id,
          categoryId: goods.categoryId,
          image: goods.image,
          price: goods.price,
          originalPrice: goods.originalPrice,
          stock: goods.stock,
          sales: goods.sales,
          createdAt: goods.createdAt,
          onShelf: goods.onShelf,
          options: goods.options,
          ratingCount: goodsRatings.count,
          ratingTotal: goodsRatings.total,
        })
        .from(goods)
        .leftJoin(goodsRatings, eq(goodsRatings.goodsId, goods.id))
        .where(inArray(goods.id, ids)),
      this.db
        .select({
          goodsId: goodsTranslations.goodsId,
          locale: goodsTranslations.locale,
          name: goodsTranslations.name,
          description: goodsTranslations.description,
        })
        .from(goodsTranslations)
        .where(inArray(goodsTranslations.goodsId, ids)),
      this.db
        .select({
          id: skus.id,
          goodsId: skus.goodsId,
          options: skus.options,
          price: skus.price,
          originalPrice: skus.originalPrice,
          stock: skus.stock,
          prices: skus.prices,
        })
        .from(skus)
        .where(inArray(skus.goodsId, ids))
        .orderBy(asc(skus.goodsId), asc(skus.sort), asc(skus.id)),
    ]);
    const textsOf = new Map<
      string,
      { names: (string | undefined)[]; descriptions: (string | undefined)[] }
    >();
    for (const t of translations) {
      const texts = textsOf.get(t.goodsId) ?? {
        names: new Array<string | undefined>(SUPPORTED_LOCALES.length),
        descriptions: new Array<string | undefined>(SUPPORTED_LOCALES.length),
      };
      const at = SUPPORTED_LOCALES.indexOf(t.locale);
      texts.names[at] = t.name;
      texts.descriptions[at] = t.description;
      textsOf.set(t.goodsId, texts);
    }
    const skusOf = new Map<string, ShelfSku[]>();
    for (const { goodsId, ...sku } of skuRows) {
      // A literal of fixed shape: its fields live inside the object (a spread made a second array for 300 000 SKUs).
      const kept: ShelfSku = {
        id: sku.id,
        options: this.internSkuOptions(sku.options),
        price: sku.price,
        originalPrice: sku.originalPrice,
        stock: sku.stock,
        prices: sku.prices,
      };
      const list = skusOf.get(goodsId);
      if (list) list.push(kept);
      else skusOf.set(goodsId, [kept]);
    }
    const found = new Set<string>();
    const resold: number[] = [];
    for (const row of rows) {
      found.add(row.id);
      if (!row.onShelf) {
        if (this.removeGoods(row.id)) outcome.reshaped = true;
        continue;
      }
      const texts = textsOf.get(row.id) ?? { names: [], descriptions: [] };
      const options = this.internOptions(row.options);
      const textKey = textNumber(JSON.stringify([texts.names, texts.descriptions]));
      const known = this.byId.get(row.id);
      const category = this.categoryIndex.get(row.categoryId) ?? NO_CATEGORY;
      // A literal of fixed shape, doc first: its fields live inside the object (a spread added them after, in a
      // second array per goods).
      const next: ShelfGoods = {
        doc: known ? known.doc : -1,
        id: row.id,
        category,
        image: this.sharedImage(row.image),
        price: row.price,
        originalPrice: row.originalPrice,
        stock: row.stock,
        sales: row.sales,
        createdAt: row.createdAt.getTime(),
        options,
        values: this.valuesOf(options),
        skus: packSkus(skusOf.get(row.id) ?? []),
        textKey,
        rating: row.ratingCount
          ? { average: averageRating(row.ratingTotal ?? 0, row.ratingCount), count: row.ratingCount }
          : undefined,
      };
      if (!known) {
        this.forgetMarketPrices();
        const entry = next;
        entry.doc = this.freeDocs.pop() ?? this.goods.length;
        this.goods[entry.doc] = entry;
        this.setColumns(entry);
        this.setNames(entry.doc, texts.names);
        this.byId.set(row.id, entry);
        this.text.put(entry.doc, texts);
        outcome.reshaped = true;
        continue;
      }
      const ownPricesChanged = JSON.stringify(known.skus.own) !== JSON.stringify(next.skus.own);
      if (known.price !== next.price || ownPricesChanged) this.forgetMarketPrices();
      if (
        known.textKey !== textKey ||
        ownPricesChanged ||
        known.price !== next.price ||
        known.category !== category ||
        known.options !== options ||
        known.image !== next.image ||
        known.originalPrice !== next.originalPrice ||
        known.createdAt !== next.createdAt ||
        known.stock > 0 !== next.stock > 0
      ) {
        outcome.reshaped = true;
      }
      if (known.sales !== next.sales) {
        outcome.salesChanged = true;
        resold.push(known.doc);
      }
      if (known.textKey !== textKey) this.text.put(known.doc, texts);
      Object.assign(known, next);
      this.setColumns(known);
      this.setNames(known.doc, texts.names);
    }
    for (const id of ids) if (!found.has(id) && this.removeGoods(id)) outcome.reshaped = true;
    this.settle(outcome, resold);
    return outcome;
  }

  /**
   * Reads only the stock and sales of goods an order, payment, cancellation or return moved: two small queries,
   * without their texts (descriptions in four languages), options or words, read on every order in a flash sale.
   * Anything else found different — a goods gone, off the shelf, or with other SKUs — is read whole instead.
   */
  private async readStock(ids: string[]): Promise<RefreshOutcome> {
    const outcome: RefreshOutcome = { reshaped: false, salesChanged: false };
    if (ids.length === 0) return outcome;
    const [rows, skuRows] = await Promise.all([
      this.db
        .select({ id: goods.id, stock: goods.stock, sales: goods.sales, onShelf: goods.onShelf })
        .from(goods)
        .where(inArray(goods.id, ids)),
      this.db
        .select({ id: skus.id, goodsId: skus.goodsId, stock: skus.stock })
        .from(skus)
        .where(inArray(skus.goodsId, ids)),
    ]);
    const skuStock = new Map(skuRows.map((row) => [row.id, row.stock]));
    const skusPerGoods = new Map<string, number>();
    for (const row of skuRows) skusPerGoods.set(row.goodsId, (skusPerGoods.get(row.goodsId) ?? 0) + 1);
    const unchangedShape = (row: (typeof rows)[number]) => {
      const known = this.byId.get(row.id);
      return (
        known !== undefined &&
        row.onShelf &&
        skuCount(known.skus) === (skusPerGoods.get(row.id) ?? 0) &&
        known.skus.options.every((_, i) => skuStock.has(skuIdAt(known.skus, i)))
      );
    };
    if (rows.length !== ids.length || !rows.every(unchangedShape)) return this.readGoods(ids);
    const resold: number[] = [];
    for (const row of rows) {
      const known = this.byId.get(row.id)!;
      if (known.stock > 0 !== row.stock > 0) outcome.reshaped = true;
      if (known.sales !== row.sales) {
        outcome.salesChanged = true;
        resold.push(known.doc);
      }
      known.stock = row.stock;
      known.sales = row.sales;
      for (let i = 0; i < skuCount(known.skus); i++) {
        setSkuStock(known.skus, i, skuStock.get(skuIdAt(known.skus, i))!);
      }
      this.columns.stock[known.doc] = row.stock;
    }
    this.settle(outcome, resold);
    return outcome;
  }

  /** Drops what the outcome of a read made stale: everything derived when the shelf's shape changed. */
  private settle(outcome: RefreshOutcome, resold: number[]): void {
    if (outcome.reshaped) {
      this.orders = {};
      this.rankByNewest = undefined;
      this.text.textsChanged();
      this.selections.clear();
    } else if (outcome.salesChanged) {
      this.reorderBySales(resold);
      // What selections hold is the same; only their sales order moved.
      for (const selection of this.selections.values()) selection.ordered.delete('sales');
    }
  }

  private setColumns(entry: ShelfGoods): void {
    const { doc } = entry;
    if (doc >= this.columns.live.length) {
      const grown = emptyColumns(Math.max(LOAD_BATCH, doc + 1, this.columns.live.length * 2));
      grown.live.set(this.columns.live);
      grown.price.set(this.columns.price);
      grown.category.set(this.columns.category);
      grown.stock.set(this.columns.stock);
      this.columns = grown;
    }
    this.columns.live[doc] = 1;
    this.columns.price[doc] = entry.price;
    this.columns.category[doc] = entry.category;
    this.columns.stock[doc] = entry.stock;
    this.setValues(doc, entry.values);
  }

  private setValues(doc: number, values: Int32Array): void {
    if (values.length > this.valueStride) this.restrideValues(Math.max(values.length, 2 * this.valueStride));
    const stride = this.valueStride;
    if ((doc + 1) * stride > this.valueCells.length) {
      const docs = Math.max(LOAD_BATCH, doc + 1, (2 * this.valueCells.length) / stride);
      const grown = new Int32Array(docs * stride).fill(-1);
      grown.set(this.valueCells);
      this.valueCells = grown;
    }
    this.valueCells.fill(-1, doc * stride, (doc + 1) * stride);
    this.valueCells.set(values, doc * stride);
  }

  /** Room for more values per goods: every goods' row copied to its place in the wider array. */
  private restrideValues(stride: number): void {
    const docs = this.valueCells.length / this.valueStride;
    const cells = new Int32Array(docs * stride).fill(-1);
    for (let doc = 0; doc < docs; doc++) {
      cells.set(this.valueCells.subarray(doc * this.valueStride, (doc + 1) * this.valueStride), doc * stride);
    }
    this.valueCells = cells;
    this.valueStride = stride;
  }

  /** Whether the goods offers any of these values. */
  private offersAny(doc: number, wanted: Set<number>): boolean {
    const cells = this.valueCells;
    for (let at = doc * this.valueStride, end = at + this.valueStride; at < end; at++) {
      const value = cells[at]!;
      if (value < 0) return false;
      if (wanted.has(value)) return true;
    }
    return false;
  }

  private removeGoods(id: string): boolean {
    const entry = this.byId.get(id);
    if (!entry) return false;
    this.byId.delete(id);
    this.goods[entry.doc] = undefined;
    this.columns.live[entry.doc] = 0;
    this.setValues(entry.doc, NO_VALUES);
    this.setNames(entry.doc, []);
    this.freeDocs.push(entry.doc);
    this.text.remove(entry.doc);
    this.forgetMarketPrices();
    return true;
  }

  private internOptions(options: GoodsOptionRecord[]): GoodsOptionRecord[] {
    const key = JSON.stringify(options);
    let kept = this.optionLists.get(key);
    if (!kept) {
      kept = options;
      this.optionLists.set(key, kept);
    }
    return kept;
  }

  /**
   * The string of an image path already held, where goods share it: the bench's 100 000 goods show 68 images, and
   * their paths took 4.6 MB as a copy each. Forgotten past IMAGE_PATHS_KEPT paths, where most goods have their own.
   */
  private sharedImage(path: string): string {
    const kept = this.imagePaths.get(path);
    if (kept !== undefined) return kept;
    if (this.imagePaths.size >= IMAGE_PATHS_KEPT) this.imagePaths.clear();
    this.imagePaths.set(path, path);
    return path;
  }

  /** One array for each combination of option values ("Red", "M"): most SKUs share theirs with thousands. */
  private internSkuOptions(options: string[]): string[] {
    const key = options.join('\u0000');
    let kept = this.skuOptionLists.get(key);
    if (!kept) {
      kept = options;
      this.skuOptionLists.set(key, kept);
    }
    return kept;
  }

  /** The option values a goods offers, as facet value indexes; names by the shop's default language key. */
  private valuesOf(options: GoodsOptionRecord[]): Int32Array {
    let kept = this.valuesOfOptions.get(options);
    if (!kept) {
      kept = this.readValues(options);
      this.valuesOfOptions.set(options, kept);
    }
    return kept;
  }

  private readValues(options: GoodsOptionRecord[]): Int32Array {
    const values: number[] = [];
    for (const option of options) {
      const optionKey = facetKey(this.keyText(option.name));
      if (!optionKey) continue;
      for (const value of option.values) {
        const valueKey = facetKey(this.keyText(value.name));
        if (!valueKey) continue;
        const key = `${optionKey}:${valueKey}`;
        let index = this.valueIndex.get(key);
        if (index === undefined) {
          index = this.valueTable.length;
          this.valueIndex.set(key, index);
          this.valueTable.push({
            option: optionKey,
            value: valueKey,
            optionName: option.name,
            valueName: value.name,
          });
        }
        values.push(index);
      }
    }
    return Int32Array.from(new Set(values));
  }

  private keyText(text: LocalizedText): string {
    return text[this.defaultLocale()] || firstText(text);
  }

  setSynonyms(groups: Partial<Record<Locale, string[][]>>): void {
    this.text.setSynonyms(groups);
    this.selections.clear();
  }

  /** Stock, sales and SKUs of an on-shelf goods: the figures of its detail page that orders change. */
  stockOf(
    id: string,
    at: ShelfLocale,
  ):
    | {
        price: number;
        originalPrice: number | null;
        stock: number;
        sales: number;
        skus: Omit<ShelfSku, 'prices'>[];
        rating: GoodsRating | undefined;
      }
    | undefined {
    const entry = this.byId.get(id);
    if (!entry) return undefined;
    const market = at.market;
    const skus = unpackSkus(entry.skus).map(({ prices, ...sku }) =>
      market ? { ...sku, ...skuPricesIn(market, { ...sku, prices }) } : sku,
    );
    return {
      ...this.goodsPricesIn(entry, market),
      stock: entry.stock,
      sales: entry.sales,
      skus,
      rating: entry.rating,
    };
  }

  /**
   * The goods' price and list price in the market's currency: its cheapest SKU's there (the first of equals, as
   * the stored figures pick), each SKU at staff's own price in that currency or its base price converted.
   */
  private goodsPricesIn(
    entry: ShelfGoods,
    market: PricedMarket | undefined,
  ): { price: number; originalPrice: number | null } {
    if (!market || pricesAsStored(market)) return { price: entry.price, originalPrice: entry.originalPrice };
    const stored = { price: entry.price, originalPrice: entry.originalPrice };
    if (!entry.skus.own?.[market.currency]) return pricedIn(market, stored);
    let best: { price: number; originalPrice: number | null } | undefined;
    for (let i = 0; i < skuCount(entry.skus); i++) {
      const priced =
        ownPriceAt(entry.skus, market.currency, i) ?? pricedIn(market, basePriceAt(entry.skus, i));
      if (!best || priced.price < best.price) best = priced;
    }
    return best ?? pricedIn(market, stored);
  }

  private forgetMarketPrices(): void {
    this.marketColumns.clear();
    this.ownCurrencies = undefined;
  }

  /**
   * Each goods' price in the market's currency, when some goods have staff's own prices in it (filters, price
   * bands and the price order then read these); undefined otherwise, when the base prices order the market's.
   */
  private marketColumn(
    market: PricedMarket | undefined,
  ): { price: Float64Array; order?: Int32Array } | undefined {
    if (!market || pricesAsStored(market)) return undefined;
    if (!this.ownCurrencies) {
      this.ownCurrencies = new Set();
      for (const entry of this.byId.values())
        for (const currency in entry.skus.own) this.ownCurrencies.add(currency);
    }
    if (!this.ownCurrencies.has(market.currency)) return undefined;
    const key = marketKey(market);
    let column = this.marketColumns.get(key);
    if (!column) {
      const price = new Float64Array(this.columns.live.length);
      for (const entry of this.byId.values()) {
        price[entry.doc] = entry.skus.own?.[market.currency]
          ? this.goodsPricesIn(entry, market).price
          : convertPrice(entry.price, market.conversion);
      }
      column = { price };
      // A market's key changes with its rate: columns of rates no longer used are not kept.
      if (this.marketColumns.size >= MARKET_COLUMNS) this.marketColumns.clear();
      this.marketColumns.set(key, column);
    }
    return column;
  }

  /** The market's price order (`marketColumn`), lowest first, ties by id as the shelf's own. */
  private marketPriceOrder(column: { price: Float64Array; order?: Int32Array }): Int32Array {
    if (!column.order) {
      const { price } = column;
      const docs: number[] = [];
      for (const entry of this.goods) if (entry) docs.push(entry.doc);
      const g = this.goods as ShelfGoods[];
      column.order = Int32Array.from(
        docs.sort(
          (a, b) => price[a]! - price[b]! || (g[a]!.id < g[b]!.id ? -1 : g[a]!.id > g[b]!.id ? 1 : 0),
        ),
      );
    }
    return column.order;
  }

  async list(query: GoodsQuery, at: ShelfLocale): Promise<ShelfPage> {
    await this.ready;
    const keyword = query.keyword?.trim() || undefined;
    const selection = this.selectionFor(query, at, keyword);
    const page = this.pageOf(selection, query, at);
    const matches = selection.matches;
    if (keyword && matches && selection.docs.length < FEW_RESULTS && matches.unknownWords.length > 0) {
      selection.suggestion ??= this.betterKeyword(query, at, keyword, selection) ?? null;
      if (selection.suggestion) page.suggestion = selection.suggestion;
    }
    return page;
  }

  /** A keyword with the unknown words replaced that finds more goods under the same filters, if there is one. */
  private betterKeyword(
    query: GoodsQuery,
    at: ShelfLocale,
    keyword: string,
    selection: Selection,
  ): string | undefined {
    const suggestion = this.text.suggest(keyword, at.locale, (sounds) => this.nameSounding(sounds, at));
    if (!suggestion || suggestion === keyword) return undefined;
    const better = this.selectionFor({ ...query, keyword: suggestion }, at, suggestion);
    return better.docs.length > selection.docs.length ? suggestion : undefined;
  }
  /** The stretch of some goods' name, in the shopper's script, that sounds like `sounds`. */
  private nameSounding(sounds: string, at: ShelfLocale): string | undefined {
    const locales = [SUPPORTED_LOCALES.indexOf(at.locale), SUPPORTED_LOCALES.indexOf('zh-CN')];
    for (const entry of this.byId.values()) {
      for (const locale of locales) {
        const name = this.nameColumns[locale]![entry.doc];
        if (!name) continue;
        for (const word of wordsOf(name)) {
          if (!word.chinese) continue;
          const raw = name.slice(word.start, word.end);
          const stretch = stretchSounding(word.norm, sounds);
          if (stretch) return raw.slice(stretch[0], stretch[1]);
        }
      }
    }
    return undefined;
  }

  /**
   * The goods a listing's keyword and filters let through, with its facets: the same for every sort and page of
   * that listing, so a shopper paging or re-sorting costs a slice of a kept array, not a pass over the shelf.
   */
  private selectionFor(query: GoodsQuery, at: ShelfLocale, keyword: string | undefined): Selection {
    const key = [
      at.locale,
      at.shopDefault,
      at.market ? marketKey(at.market) : '',
      keyword ?? '',
      query.categoryId ?? '',
      query.minPrice ?? '',
      query.maxPrice ?? '',
      query.inStock ?? '',
      query.options ?? '',
    ].join('\u0000');
    let selection = this.selections.get(key);
    if (!selection) {
      selection = this.select(query, at, keyword ? this.text.search(keyword, at.locale) : undefined);
      // Kept once asked again (its next page, another sort): most keywords are asked once.
      if (!keyword || this.selectionsSeen.seenBefore(key)) this.selections.set(key, selection);
    }
    return selection;
  }

  private select(query: GoodsQuery, at: ShelfLocale, matches: TextMatches | undefined): Selection {
    const family = query.categoryId ? this.familyOf(query.categoryId) : undefined;
    // The shelf keeps base prices; a market's prices never decrease as base prices grow, so a filter or band on
    // the market's prices is exactly a range of base prices.
    // Where some goods have staff's own prices in the market's currency, the market's prices are read as they are.
    const own = this.marketColumn(at.market);
    const conversion = !own && at.market && !pricesAsStored(at.market) ? at.market.conversion : undefined;
    const minPrice =
      query.minPrice === undefined
        ? 0
        : conversion
          ? baseBounds(query.minPrice, conversion).atLeast
          : query.minPrice;
    const maxPrice =
      query.maxPrice === undefined
        ? Number.MAX_SAFE_INTEGER
        : conversion
          ? baseBounds(query.maxPrice, conversion).atMost
          : query.maxPrice;
    const bands =
      own && at.market
        ? marketBandBounds(PRICE_BAND_BOUNDS, at.market.conversion)
        : conversion
          ? marketBandBounds(PRICE_BAND_BOUNDS, conversion)
          : PRICE_BAND_BOUNDS;
    const baseBands = conversion ? bands.map((bound) => baseBounds(bound, conversion).atMost) : bands;
    const inStockOnly = query.inStock === 'true';
    const wanted = this.optionFilters(query.options);
    const wantedList = [...wanted];
    const categoryCount = this.categoryList.length;
    // Category indexes are shifted by one in these, so that "no category" (-1) has a slot too.
    const inFamily = new Uint8Array(categoryCount + 1);
    for (const index of family ?? []) inFamily[index + 1] = 1;
    const parentOf = new Int32Array(categoryCount + 1).fill(NO_CATEGORY);
    this.categoryList.forEach((c, i) => (parentOf[i + 1] = c.parent));
    const valueCounts = new Int32Array(this.valueTable.length);
    const categoryCounts = new Int32Array(categoryCount);
    const bandCounts = new Int32Array(bands.length + 1);
    const { live, category, stock } = this.columns;
    const price = own ? own.price : this.columns.price;
    const cells = this.valueCells;
    const stride = this.valueStride;
    const count = matches ? matches.docs.length : Math.min(this.goods.length, live.length);
    const docs = new Int32Array(count);
    const scores = matches ? new Float64Array(count) : undefined;
    let chosen = 0;
    let inStockCount = 0;

    for (let i = 0; i < count; i++) {
      const doc = matches ? matches.docs[i]! : i;
      if (live[doc] !== 1) continue;
      const cat = category[doc]!;
      const cost = price[doc]!;
      const inStock = stock[doc]! > 0;
      // Which filters the goods fails; a goods failing one filter still counts in that filter's facet.
      const failsCategory = family !== undefined && inFamily[cat + 1] === 0;
      const failsPrice = cost < minPrice || cost > maxPrice;
      const failsStock = inStockOnly && !inStock;
      let failedOption: string | undefined;
      let failedOptions = 0;
      for (let w = 0; w < wantedList.length; w++) {
        const [option, values] = wantedList[w]!;
        if (!this.offersAny(doc, values)) {
          failedOption = option;
          failedOptions++;
        }
      }
      const fails = Number(failsCategory) + Number(failsPrice) + Number(failsStock) + failedOptions;
      if (fails > 1) continue;
      if ((fails === 0 || failsCategory) && cat !== NO_CATEGORY) {
        categoryCounts[cat]!++;
        const parent = parentOf[cat + 1]!;
        if (parent !== NO_CATEGORY) categoryCounts[parent]!++;
      }
      if (fails === 0 || failsPrice) bandCounts[bandOf(cost, baseBands)]!++;
      if ((fails === 0 || failsStock) && inStock) inStockCount++;
      if (fails === 0) {
        for (let at = doc * stride, end = at + stride; at < end && cells[at]! >= 0; at++) {
          valueCounts[cells[at]!]!++;
        }
        docs[chosen] = doc;
        if (scores) scores[chosen] = matches!.scores[i]!;
        chosen++;
      } else if (failedOption !== undefined) {
        for (let at = doc * stride, end = at + stride; at < end && cells[at]! >= 0; at++) {
          if (this.valueTable[cells[at]!]!.option === failedOption) valueCounts[cells[at]!]!++;
        }
      }
    }
    return {
      // Copies: a kept selection must not hold the whole match list's buffers for a few goods.
      docs: docs.slice(0, chosen),
      scores: scores?.slice(0, chosen),
      // The words only (for highlights and "did you mean"): every goods the keyword found, before the filters,
      // is not needed again, and would be kept uncounted by the selections' memory limit.
      matches: matches && { ...matches, docs: NO_DOCS, scores: NO_SCORES },
      facets: this.facets(categoryCounts, bandCounts, bands, valueCounts, inStockCount, wanted, at),
      ordered: new Map(),
    };
  }

  private pageOf(selection: Selection, query: GoodsQuery, at: ShelfLocale): ShelfPage {
    const offset = (query.page - 1) * query.pageSize;
    const pageDocs = this.ordered(selection, listingSort(query), offset + query.pageSize, at).subarray(
      offset,
      offset + query.pageSize,
    );
    const fallbacks = fallbackIndexes(at);
    const items = Array.from(pageDocs, (doc) => {
      const item = this.summaryOf(this.goods[doc]!, fallbacks, at);
      if (selection.matches) item.highlights = highlightsOf(item.name, selection.matches);
      return item;
    });
    return {
      items,
      total: selection.docs.length,
      facets: selection.facets,
      goodsIds: items.map((item) => item.id),
    };
  }

  /** The goods' name in the first of these locales (indexes in SUPPORTED_LOCALES) that has one. */
  private nameOf(doc: number, fallbacks: number[]): string {
    for (const at of fallbacks) {
      const name = this.nameColumns[at]![doc];
      if (name) return name;
    }
    return '';
  }

  private setNames(doc: number, names: (string | undefined)[]): void {
    SUPPORTED_LOCALES.forEach((_, at) => (this.nameColumns[at]![doc] = names[at]));
  }

  /**
   * The goods as a listing shows it, priced in the market's currency (the stored prices without one). Made whole
   * here, currency included: copying it with a spread to add one field made V8 keep (promote) far more of a
   * search's short-lived objects, six times the bytes a search left to the next full collection (RESULTS.md,
   * session 19).
   */
  private summaryOf(entry: ShelfGoods, fallbacks: number[], at: ShelfLocale): ListedGoods {
    const { price, originalPrice } = this.goodsPricesIn(entry, at.market);
    const item: ListedGoods = {
      id: entry.id,
      categoryId: this.categoryList[entry.category]?.id ?? '',
      name: this.nameOf(entry.doc, fallbacks),
      image: entry.image,
      price,
      originalPrice,
      currency: at.currency,
      sales: entry.sales,
      stock: entry.stock,
      createdAt: new Date(entry.createdAt).toISOString(),
    };
    if (entry.rating) item.rating = entry.rating;
    return item;
  }

  /** These goods as listings show them, in the order given; those not on the shelf are left out. */
  summaries(ids: readonly string[], at: ShelfLocale): ListedGoods[] {
    const fallbacks = fallbackIndexes(at);
    return ids.flatMap((id) => {
      const entry = this.byId.get(id);
      return entry ? [this.summaryOf(entry, fallbacks, at)] : [];
    });
  }

  /**
   * Up to `count` goods like this one, in stock, best first: those of its category (or its parent's family), then
   * those sharing more of its option values (colour, size), then more of its name's words; ties by sales. One pass
   * over the per-document columns plus the postings of the goods' rarer name words: no database, a few
   * milliseconds on 100 000 goods. Undefined when the goods is not on the shelf.
   */
  related(id: string, count: number, at: ShelfLocale): ListedGoods[] | undefined {
    const self = this.byId.get(id);
    if (!self) return undefined;
    const size = this.goods.length;
    const scores = new Float64Array(size);
    const { live, category, stock } = this.columns;
    const own = self.category;
    const parent = this.categoryList[own]?.parent ?? NO_CATEGORY;
    const family = (c: number) =>
      c !== NO_CATEGORY && (c === own || (parent !== NO_CATEGORY && this.categoryList[c]?.parent === parent));
    const ownValues = new Set(self.values);
    const cells = this.valueCells;
    for (let doc = 0; doc < size; doc++) {
      if (!live[doc] || stock[doc]! <= 0 || doc === self.doc) continue;
      let score = category[doc] === own ? 1000 : family(category[doc]!) ? 500 : 0;
      for (let at = doc * this.valueStride, end = at + this.valueStride; at < end && cells[at]! >= 0; at++) {
        if (ownValues.has(cells[at]!)) score += 10;
      }
      scores[doc] = score;
    }
    for (const docs of this.text.nameNeighbours(self.doc, RELATED_WORD_LIMIT)) {
      for (const doc of docs)
        if (live[doc] && stock[doc]! > 0 && doc !== self.doc) scores[doc] = scores[doc]! + 1;
    }
    const best: number[] = [];
    for (let doc = 0; doc < size; doc++) if (scores[doc]! > 0) best.push(doc);
    const g = this.goods as ShelfGoods[];
    best.sort(
      (a, b) => scores[b]! - scores[a]! || g[b]!.sales - g[a]!.sales || (g[a]!.id < g[b]!.id ? -1 : 1),
    );
    const fallbacks = fallbackIndexes(at);
    return best.slice(0, count).map((doc) => this.summaryOf(g[doc]!, fallbacks, at));
  }

  /**
   * The selection's goods in a sort's order, at least the first `needed`; made the first time a page in that
   * order is asked for and kept with the selection.
   */
  private ordered(selection: Selection, sort: ListingSort, needed: number, shopper: ShelfLocale): Int32Array {
    let docs = selection.ordered.get(sort);
    if (docs && (docs.length >= needed || docs.length === selection.docs.length)) return docs;
    if (sort === 'relevance') {
      // Only the top of a relevance order is read (shoppers page a few times): the best are picked, not every
      // match sorted — a later page asks for more.
      docs = this.topByRelevance(selection, Math.max(FIRST_ORDERED, 2 * needed));
    } else {
      // The shelf's order read until enough of the selection is found (from the end for highest price first, the
      // reverse of lowest first), not all of it: a new price cap or category is a new selection, and reading every
      // goods for its first page was most of such a request.
      const own =
        sort === 'price_asc' || sort === 'price_desc' ? this.marketColumn(shopper.market) : undefined;
      const order = own
        ? this.marketPriceOrder(own)
        : this.order(sort === 'newest' || sort === 'sales' ? sort : 'price');
      const wanted = Math.min(selection.docs.length, Math.max(FIRST_ORDERED, 2 * needed));
      const chosen = this.chosenScratch();
      for (const doc of selection.docs) chosen[doc] = 1;
      docs = new Int32Array(wanted);
      let at = 0;
      if (sort === 'price_desc') {
        for (let i = order.length - 1; i >= 0 && at < wanted; i--)
          if (chosen[order[i]!]) docs[at++] = order[i]!;
      } else {
        for (let i = 0; i < order.length && at < wanted; i++) if (chosen[order[i]!]) docs[at++] = order[i]!;
      }
      for (const doc of selection.docs) chosen[doc] = 0;
    }
    selection.ordered.set(sort, docs);
    return docs;
  }

  /** A zeroed byte per document, reused: every use clears what it set. */
  private chosenScratch(): Uint8Array {
    if (this.chosen.length < this.goods.length) this.chosen = new Uint8Array(2 * this.goods.length);
    return this.chosen;
  }

  /** The `count` best of the selection: highest score first, ties newest first (as the newest sort). */
  private topByRelevance(selection: Selection, count: number): Int32Array {
    const { docs } = selection;
    const scores = selection.scores ?? new Float64Array(docs.length);
    const rank = this.newestRank();
    // `a` ranks before `b`.
    const before = (a: number, b: number) =>
      scores[a]! > scores[b]! || (scores[a] === scores[b] && rank[docs[a]!]! < rank[docs[b]!]!);
    const size = Math.min(count, docs.length);
    // Best first: higher score, then newer. One subtraction per comparison, on typed arrays.
    const order = (a: number, b: number) => scores[b]! - scores[a]! || rank[docs[a]!]! - rank[docs[b]!]!;
    if (docs.length <= 2 * size) {
      // Most searches find fewer goods than ten pages: sorting them all is cheaper than keeping a heap.
      const positions = new Int32Array(docs.length);
      for (let position = 0; position < positions.length; position++) positions[position] = position;
      positions.sort(order);
      return Int32Array.from(positions.subarray(0, size), (position) => docs[position]!);
    }
    // A heap of the best positions so far, the worst of them at its root.
    const heap = new Int32Array(size);
    let filled = 0;
    const swap = (a: number, b: number) => {
      const kept = heap[a]!;
      heap[a] = heap[b]!;
      heap[b] = kept;
    };
    const siftDown = (from: number) => {
      let at = from;
      for (;;) {
        const left = 2 * at + 1;
        const right = left + 1;
        let worst = at;
        if (left < filled && before(heap[worst]!, heap[left]!)) worst = left;
        if (right < filled && before(heap[worst]!, heap[right]!)) worst = right;
        if (worst === at) return;
        swap(at, worst);
        at = worst;
      }
    };
    for (let position = 0; position < docs.length; position++) {
      if (filled < size) {
        let at = filled++;
        heap[at] = position;
        while (at > 0) {
          const parent = (at - 1) >> 1;
          if (!before(heap[parent]!, heap[at]!)) break;
          swap(at, parent);
          at = parent;
        }
      } else if (size > 0 && before(position, heap[0]!)) {
        heap[0] = position;
        siftDown(0);
      }
    }
    const best = Array.from(heap).sort(order);
    return Int32Array.from(best, (position) => docs[position]!);
  }

  /** Each document's place in the newest order: relevance's tie-break, read without touching goods objects. */
  private newestRank(): Int32Array {
    if (!this.rankByNewest) {
      const order = this.order('newest');
      const rank = new Int32Array(this.goods.length);
      for (let i = 0; i < order.length; i++) rank[order[i]!] = i;
      this.rankByNewest = rank;
    }
    return this.rankByNewest;
  }

  private order(kind: Order): Int32Array {
    let order = this.orders[kind];
    if (!order) {
      const docs: number[] = [];
      for (const entry of this.goods) if (entry) docs.push(entry.doc);
      order = Int32Array.from(docs.sort(this.comparators()[kind]));
      this.orders[kind] = order;
    }
    return order;
  }

  /** Each sort's order of documents; ties go by id, so every order is total. */
  private comparators(): Record<Order, (a: number, b: number) => number> {
    const g = this.goods as ShelfGoods[];
    const byId = (a: ShelfGoods, b: ShelfGoods) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const newer = (a: ShelfGoods, b: ShelfGoods) =>
      (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0) || byId(b, a);
    return {
      newest: (a, b) => newer(g[a]!, g[b]!),
      sales: (a, b) => g[b]!.sales - g[a]!.sales || newer(g[a]!, g[b]!),
      price: (a, b) => g[a]!.price - g[b]!.price || byId(g[a]!, g[b]!),
    };
  }

  /**
   * Moves goods whose sales changed to their new place in the sales order, instead of sorting every goods again:
   * during a sale each payment moves a few goods, and re-sorting 100 000 would take tens of milliseconds.
   */
  private reorderBySales(docs: number[]): void {
    const order = this.orders.sales;
    if (!order) return;
    const compare = this.comparators().sales;
    const moving = new Set(docs);
    const kept = order.filter((doc) => !moving.has(doc));
    const next = new Int32Array(order.length);
    let from = 0;
    let to = 0;
    for (const doc of [...docs].sort(compare)) {
      // Everything that sorts before `doc` stays before it.
      let low = from;
      let high = kept.length;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if (compare(kept[mid]!, doc) < 0) low = mid + 1;
        else high = mid;
      }
      next.set(kept.subarray(from, low), to);
      to += low - from;
      from = low;
      next[to++] = doc;
    }
    next.set(kept.subarray(from), to);
    this.orders.sales = next;
  }

  /**
   * The categories with goods on the shelf, in them or in their children, by id: the ones shoppers are shown.
   * A change that adds a goods to a category or takes its last one away reshapes the shelf, which drops every
   * prepared reply, the category list's included (catalog-changes.ts).
   */
  categoriesWithGoods(): Set<string> {
    const stocked = new Set<string>();
    const seen = new Uint8Array(this.categoryList.length);
    for (const entry of this.goods) {
      if (!entry || entry.category === NO_CATEGORY || seen[entry.category]) continue;
      seen[entry.category] = 1;
      const category = this.categoryList[entry.category];
      if (!category) continue;
      stocked.add(category.id);
      const parent = this.categoryList[category.parent];
      if (parent) stocked.add(parent.id);
    }
    return stocked;
  }

  /** The category and its children, as category indexes. */
  private familyOf(categoryId: string): Set<number> {
    const index = this.categoryIndex.get(categoryId);
    if (index === undefined) return new Set();
    const family = new Set([index]);
    this.categoryList.forEach((c, i) => c.parent === index && family.add(i));
    return family;
  }

  private optionFilters(param: string | undefined): Map<string, Set<number>> {
    const filters = new Map<string, Set<number>>();
    for (const [option, values] of parseOptionFilters(param)) {
      const indexes = new Set<number>();
      for (const value of values) {
        const index = this.valueIndex.get(`${option}:${value}`);
        if (index !== undefined) indexes.add(index);
      }
      filters.set(option, indexes);
    }
    return filters;
  }

  private facets(
    categoryCounts: Int32Array,
    bandCounts: Int32Array,
    bands: readonly number[],
    valueCounts: Int32Array,
    inStock: number,
    wanted: Map<string, Set<number>>,
    at: ShelfLocale,
  ): GoodsFacets {
    const text = (t: LocalizedText) => pickText(t, at.locale, at.shopDefault) || firstText(t);
    const options = new Map<string, GoodsFacets['options'][number] & { total: number }>();
    valueCounts.forEach((count, index) => {
      const value = this.valueTable[index]!;
      if (count === 0 && !wanted.get(value.option)?.has(index)) return;
      let option = options.get(value.option);
      if (!option) {
        option = { key: value.option, name: text(value.optionName), values: [], total: 0 };
        options.set(value.option, option);
      }
      option.values.push({ key: value.value, name: text(value.valueName), count });
      option.total += count;
    });
    // Loops, not flatMap: flatMap made an empty array for every category without goods, on every search.
    const categories: GoodsFacets['categories'] = [];
    for (let i = 0; i < this.categoryList.length; i++) {
      if (categoryCounts[i]! > 0)
        categories.push({ id: this.categoryList[i]!.id, count: categoryCounts[i]! });
    }
    const priceBands: GoodsFacets['priceBands'] = [];
    for (let band = 0; band < bandCounts.length; band++) {
      const count = bandCounts[band]!;
      if (count === 0) continue;
      priceBands.push({
        minPrice: band === 0 ? 0 : bands[band - 1]! + 1,
        maxPrice: bands[band] ?? null,
        count,
      });
    }
    return {
      categories,
      priceBands,
      options: [...options.values()]
        .sort((a, b) => b.total - a.total || a.key.localeCompare(b.key))
        .map(({ total: _total, ...option }) => ({
          ...option,
          values: option.values.sort((a, b) => b.count - a.count || a.key.localeCompare(b.key)),
        })),
      inStock,
    };
  }
}

const NO_VALUES = new Int32Array(0);
const IMAGE_PATHS_KEPT = 4096;
const NO_DOCS = new Int32Array(0);
const NO_SCORES = new Float64Array(0);

function emptyColumns(size: number) {
  return {
    live: new Uint8Array(size),
    price: new Int32Array(size),
    category: new Int32Array(size),
    stock: new Int32Array(size),
  };
}

function bandOf(price: number, bounds: readonly number[]): number {
  let band = 0;
  while (band < bounds.length && price > bounds[band]!) band++;
  return band;
}

/** Some name, for texts that lack the language asked for. */
function firstText(text: LocalizedText): string {
  for (const locale of SUPPORTED_LOCALES) if (text[locale]) return text[locale]!;
  return '';
}

/** A name word held by more goods than this says little about likeness: it is not counted for related goods. */
const RELATED_WORD_LIMIT = 2000;

/** A market's prices as a selection's key: a new rate or rounding makes new selections. */
function marketKey(market: PricedMarket): string {
  const { rateMillionths, decimals, baseDecimals, rounding } = market.conversion;
  return `${market.code}:${rateMillionths}:${decimals}:${baseDecimals}:${rounding}`;
}

function fallbackIndexes(at: ShelfLocale): number[] {
  return localeFallbacks(at.locale, at.shopDefault).map((l) => SUPPORTED_LOCALES.indexOf(l));
}
