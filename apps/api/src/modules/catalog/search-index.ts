import { and, eq, inArray, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { SUPPORTED_LOCALES, type GoodsQuery, type Locale } from '@shop/contract';
import { schema, type Db } from '@shop/db';
import { containsTerm, isShortTerm, resemblesTerm, type ListedGoods } from './goods-search.ts';

const { goods, goodsTranslations, categories } = schema;

/**
 * Keyword searches answered from memory.
 *
 * What costs in a search is finding the goods that match the keyword: a trigram or short-gram index, then the
 * text of every candidate checked (10–130 ms over 100 000 goods on PGlite, which runs one query at a time).
 * Filtering a few thousand matches by category and price, sorting and paging them costs microseconds. So the
 * index asks the database once per keyword for every on-shelf goods matching it, with what the filters and
 * sorts read (id, category, price, sales, listing time), and answers every category, price range, sort and
 * page of that keyword from memory. A keyword of several words whose words were each searched for alone is
 * the intersection of their sets, with no query; otherwise one query reads the keyword's matches (a common word
 * alone can match far more goods than the keyword, which would all be read for nothing). The goods of a page are then described by cards (picture, list price,
 * stock, listing date, names in every locale), kept per goods and read in one query for those a page lacks.
 *
 * The database still decides which goods match a keyword (the conditions of goods-search.ts, so misspellings
 * and Chinese substrings behave as before); the sorts are made here by the keys of `sortOrders`, ties by id.
 * So a search answers exactly what the SQL search (CatalogService without the index) answers: the same goods,
 * order and total. catalog.test.ts compares the two.
 *
 * Freshness: everything lives in a generation, which `catalogChanged()` drops as a whole. The app calls it
 * whenever the public replies are cleared: `publicReplies.clear()` in app.ts is the one "catalog changed"
 * signal, to be sent after every committed change to goods, their translations, SKUs or categories (staff
 * edits, stock taken or given back by orders, sales counted at payment). A search that started before the
 * signal may still answer from the old generation, as if it had run just before the change; one that starts
 * after it never does. Whoever writes catalog data without sending the signal leaves searches stale until
 * the next one.
 *
 * Memory: match sets (about 68 bytes a match) and cards (about 0.5–0.8 KB a goods) are each kept up to an
 * estimated 32 MB, least recently used dropped first: under 70 MB however many goods or keywords there are.
 */
export class SearchIndex {
  private generation: Generation;

  constructor(private readonly db: Db) {
    this.generation = new Generation(db);
  }

  /** Forgets everything read from the catalog; the next searches read it again. */
  catalogChanged(): void {
    this.generation = new Generation(this.db);
  }

  /** A page of the goods on shelf matching every term (or, if none does, resembling every term) and `query`. */
  search(
    terms: string[],
    query: GoodsQuery,
    at: NameLocales,
  ): Promise<{ rows: ListedGoods[]; total: number }> {
    return this.generation.search(terms, query, at);
  }
}

/** The shopper's locale, and the shop's default for goods not translated into it. */
interface NameLocales {
  locale: Locale;
  shopDefault: Locale;
}

/** Estimated bytes held by match sets; a set larger than this is used once and not kept. */
const MATCH_CACHE_BYTES = 32 * 1024 * 1024;
/** Estimated bytes held by cards: about 42 000 goods of the bench catalog, names in four locales each. */
const CARD_CACHE_BYTES = 32 * 1024 * 1024;
/** Per card besides its strings: the object, its names array, numbers, the cache's entry and key (measured). */
const BYTES_PER_CARD = 470;
/** Per match: its id (36 one-byte characters), category, price, sales, listing time and three orders. */
const BYTES_PER_MATCH = 36 + 4 + 4 + 4 + 8 + 3 * 4;
const UUID_LENGTH = 36;

type MatchKind = 'contains' | 'resembles';

/** The family of a category that does not exist: no goods is in it. */
const NO_FAMILY = new Uint8Array(0);

/**
 * The on-shelf goods matching a keyword, in the order of their ids: position i is the goods with the i-th
 * smallest id, so ties between goods are broken by comparing positions.
 */
interface MatchSet {
  size: number;
  /** The ids, one after the other: the i-th is `ids.slice(36 * i, 36 * i + 36)`. */
  ids: string;
  /** Index into the generation's category ids. */
  category: Int32Array;
  price: Int32Array;
  sales: Int32Array;
  /** created_at in microseconds since 1970: exact, as PostgreSQL keeps microseconds and a double holds them. */
  createdAt: Float64Array;
  /** Positions in each sort's order (price ascending; descending is its reverse), made on first use. */
  orders: Partial<Record<'newest' | 'sales' | 'price', Int32Array>>;
  bytes: number;
}

/** What a page shows of a goods besides what the match set holds. */
interface GoodsCard {
  image: string;
  originalPrice: number | null;
  stock: number;
  /** Milliseconds since 1970, as the driver read created_at (a Date is three times larger). */
  createdAt: number;
  /** By the index of the locale in SUPPORTED_LOCALES. */
  names: (string | undefined)[];
}

interface ShelfFilter {
  /** Category indexes of the requested category and its children, or null for every category. */
  family: Uint8Array | null;
  minPrice: number | undefined;
  maxPrice: number | undefined;
}

/** What the index knows of the catalog between two changes. */
class Generation {
  private readonly matchSets = new LRUCache<string, MatchSet>({
    maxSize: MATCH_CACHE_BYTES,
    sizeCalculation: (set) => set.bytes,
  });
  /** Loads in flight, so that concurrent searches for a new keyword share one query. */
  private readonly loadingMatchSets = new Map<string, Promise<MatchSet>>();
  private readonly cards = new LRUCache<string, GoodsCard>({
    maxSize: CARD_CACHE_BYTES,
    sizeCalculation: (card) =>
      BYTES_PER_CARD + [card.image, ...card.names].reduce((sum, text) => sum + stringBytes(text), 0),
  });
  private readonly loadingCards = new Map<string, Promise<GoodsCard | undefined>>();
  /** Category ids as small numbers, so that a family is a bit per category. */
  private readonly categoryIndexes = new Map<string, number>();
  private readonly categoryIds: string[] = [];
  private categoryRows: Promise<{ id: string; parentId: string | null }[]> | undefined;
  private readonly families = new Map<string, Uint8Array>();

  constructor(private readonly db: Db) {}

  async search(terms: string[], query: GoodsQuery, at: NameLocales) {
    const [contained, filter] = await Promise.all([this.matchSet('contains', terms), this.filterOf(query)]);
    const offset = (query.page - 1) * query.pageSize;
    let set = contained;
    let found = selectPage(set, query.sort, filter, offset, query.pageSize);
    // As in the SQL search: only when no goods contains every term are names spelt like the terms looked for.
    if (found.total === 0 && !terms.every(isShortTerm)) {
      set = await this.matchSet('resembles', terms);
      found = selectPage(set, query.sort, filter, offset, query.pageSize);
    }
    const ids = found.positions.map((position) => idAt(set, position));
    const cards = await this.cardsOf(ids);
    const rows: ListedGoods[] = [];
    for (const [i, position] of found.positions.entries()) {
      const id = ids[i] as string;
      const card = cards.get(id);
      // Only a goods deleted since its keyword was read has no card; the change's signal is on its way.
      if (!card) continue;
      rows.push({
        id,
        categoryId: this.categoryIds[set.category[position] as number] as string,
        image: card.image,
        price: set.price[position] as number,
        originalPrice: card.originalPrice,
        sales: set.sales[position] as number,
        stock: card.stock,
        createdAt: new Date(card.createdAt),
        name: card.names[localeIndex(at.locale)] ?? card.names[localeIndex(at.shopDefault)] ?? '',
      });
    }
    return { rows, total: found.total };
  }

  private matchSet(kind: MatchKind, terms: string[]): Promise<MatchSet> {
    const key = matchKey(kind, terms);
    const kept = this.matchSets.get(key);
    if (kept) return Promise.resolve(kept);
    let loading = this.loadingMatchSets.get(key);
    if (!loading) {
      const words = terms.length > 1 ? this.keptWordSets(kind, terms) : null;
      loading = words ? Promise.resolve(intersect(words)) : this.loadMatchSet(kind, terms);
      this.loadingMatchSets.set(key, loading);
      loading.then(
        (set) => {
          this.loadingMatchSets.delete(key);
          this.matchSets.set(key, set);
        },
        () => this.loadingMatchSets.delete(key),
      );
    }
    return loading;
  }

  /** The match sets of each of the terms searched alone, if every one of them is in memory. */
  private keptWordSets(kind: MatchKind, terms: string[]): MatchSet[] | null {
    const sets: MatchSet[] = [];
    for (const term of terms) {
      const set = this.matchSets.get(matchKey(kind, [term]));
      if (!set) return null;
      sets.push(set);
    }
    return sets;
  }

  /**
   * One row holding every match as text ("id category price sales created …"), in the order of the ids: on
   * PGlite, reading thousands of rows costs several times more than the same values in one string.
   */
  private async loadMatchSet(kind: MatchKind, terms: string[]): Promise<MatchSet> {
    const matches = kind === 'contains' ? containsTerm : resemblesTerm;
    const createdMicros = sql`(extract(epoch from ${goods.createdAt}) * 1000000)::bigint`;
    const columns = sql.join([goods.id, goods.categoryId, goods.price, goods.sales, createdMicros], sql`, `);
    const [row] = await this.db
      .select({
        packed: sql<string | null>`string_agg(concat_ws(' ', ${columns}), ' ' order by ${goods.id})`,
      })
      .from(goods)
      .where(and(eq(goods.onShelf, true), ...terms.map(matches)));
    const fields = row?.packed ? row.packed.split(' ') : [];
    const size = fields.length / 5;
    const ids: string[] = new Array<string>(size);
    const set = matchSetOf(size);
    for (let i = 0; i < size; i++) {
      const id = fields[5 * i] as string;
      if (id.length !== UUID_LENGTH) throw new Error(`Unexpected goods id "${id}" in a search`);
      ids[i] = id;
      set.category[i] = this.categoryIndex(fields[5 * i + 1] as string);
      set.price[i] = Number(fields[5 * i + 2]);
      set.sales[i] = Number(fields[5 * i + 3]);
      set.createdAt[i] = Number(fields[5 * i + 4]);
    }
    // One flat string instead of thousands of slices each keeping the whole reply alive.
    set.ids = ids.join('');
    return set;
  }

  private categoryIndex(id: string): number {
    let index = this.categoryIndexes.get(id);
    if (index === undefined) {
      index = this.categoryIds.length;
      // A copy: `id` may be a slice of a match set's reply, which it would keep alive for the generation.
      const own = [...id].join('');
      this.categoryIndexes.set(own, index);
      this.categoryIds.push(own);
    }
    return index;
  }

  private async filterOf(query: GoodsQuery): Promise<ShelfFilter> {
    const price = { minPrice: query.minPrice, maxPrice: query.maxPrice };
    if (!query.categoryId) return { family: null, ...price };
    return { family: await this.familyOf(query.categoryId), ...price };
  }

  /** The category and its children, as in the SQL search (one level: the shop's categories have two). */
  private async familyOf(categoryId: string): Promise<Uint8Array> {
    let family = this.families.get(categoryId);
    if (!family) {
      this.categoryRows ??= this.db
        .select({ id: categories.id, parentId: categories.parentId })
        .from(categories);
      const rows = await this.categoryRows.catch((error: unknown) => {
        this.categoryRows = undefined;
        throw error;
      });
      const members = rows
        .filter((row) => row.id === categoryId || row.parentId === categoryId)
        .map((row) => this.categoryIndex(row.id));
      // Kept for categories that exist only, so that made-up ids cannot fill memory.
      if (members.length === 0) return NO_FAMILY;
      family = new Uint8Array(this.categoryIds.length);
      for (const member of members) family[member] = 1;
      this.families.set(categoryId, family);
    }
    return family;
  }

  /** The cards of these goods: from memory, or read in one query for those not there yet. */
  private async cardsOf(ids: string[]): Promise<Map<string, GoodsCard>> {
    const found = new Map<string, GoodsCard>();
    const waits: Promise<unknown>[] = [];
    const missing: string[] = [];
    for (const id of ids) {
      const card = this.cards.get(id);
      if (card) {
        found.set(id, card);
        continue;
      }
      const loading = this.loadingCards.get(id);
      if (loading) waits.push(loading.then((loaded) => loaded && found.set(id, loaded)));
      else missing.push(id);
    }
    if (missing.length > 0) {
      const loading = this.loadCards(missing);
      for (const id of missing) {
        const one = loading.then((loaded) => loaded.get(id));
        this.loadingCards.set(id, one);
        waits.push(one.then((loaded) => loaded && found.set(id, loaded)));
      }
      loading.then(
        (loaded) => {
          for (const id of missing) this.loadingCards.delete(id);
          for (const [id, card] of loaded) this.cards.set(id, card);
        },
        () => {
          for (const id of missing) this.loadingCards.delete(id);
        },
      );
    }
    await Promise.all(waits);
    return found;
  }

  private async loadCards(ids: string[]): Promise<Map<string, GoodsCard>> {
    const rows = await this.db
      .select({
        id: goods.id,
        image: goods.image,
        originalPrice: goods.originalPrice,
        stock: goods.stock,
        createdAt: goods.createdAt,
        locale: goodsTranslations.locale,
        name: goodsTranslations.name,
      })
      .from(goods)
      .leftJoin(goodsTranslations, eq(goodsTranslations.goodsId, goods.id))
      .where(inArray(goods.id, ids));
    const cards = new Map<string, GoodsCard>();
    for (const row of rows) {
      let card = cards.get(row.id);
      if (!card) {
        const { image, originalPrice, stock, createdAt } = row;
        card = { image, originalPrice, stock, createdAt: createdAt.getTime(), names: [] };
        cards.set(row.id, card);
      }
      // Shoppers' and shops' locales are supported ones: a name in any other is never shown.
      if (row.locale !== null && row.name !== null && localeIndex(row.locale) >= 0) {
        card.names[localeIndex(row.locale)] = row.name;
      }
    }
    return cards;
  }
}

const localeIndex = (locale: Locale) => SUPPORTED_LOCALES.indexOf(locale);

/** What V8 keeps for a string: one byte a character when all are Latin-1, else two, and a header. */
function stringBytes(text: string | undefined): number {
  if (text === undefined) return 0;
  return 16 + text.length * (/[\u0100-\uffff]/.test(text) ? 2 : 1);
}

/** A set of `size` matches whose values are still to be written. */
function matchSetOf(size: number, ids = ''): MatchSet {
  return {
    size,
    ids,
    category: new Int32Array(size),
    price: new Int32Array(size),
    sales: new Int32Array(size),
    createdAt: new Float64Array(size),
    orders: {},
    bytes: 256 + size * BYTES_PER_MATCH,
  };
}

/** The terms must all match, in any order. */
const matchKey = (kind: MatchKind, terms: string[]) => `${kind} ${[...terms].sort().join(' ')}`;

/** The matches present in every set, in id order, with the values the sets hold for them. */
function intersect(sets: MatchSet[]): MatchSet {
  const [smallest, ...others] = [...sets].sort((a, b) => a.size - b.size);
  if (!smallest) throw new Error('An intersection of no match sets');
  let kept = Array.from(positions(smallest.size));
  // Both sides are in id order: one merge pass per other set.
  for (const other of others) {
    const inBoth: number[] = [];
    let j = 0;
    for (const position of kept) {
      while (j < other.size && compareIds(other, j, smallest, position) < 0) j++;
      if (j === other.size) break;
      if (compareIds(other, j, smallest, position) === 0) inBoth.push(position);
    }
    kept = inBoth;
  }
  const set = matchSetOf(kept.length, kept.map((position) => idAt(smallest, position)).join(''));
  for (const [i, position] of kept.entries()) {
    set.category[i] = smallest.category[position] as number;
    set.price[i] = smallest.price[position] as number;
    set.sales[i] = smallest.sales[position] as number;
    set.createdAt[i] = smallest.createdAt[position] as number;
  }
  return set;
}

/** Compares two matches' ids as PostgreSQL orders uuids: lowercase hex digits at the same places. */
function compareIds(a: MatchSet, i: number, b: MatchSet, j: number): number {
  for (let k = 0; k < UUID_LENGTH; k++) {
    const difference = a.ids.charCodeAt(i * UUID_LENGTH + k) - b.ids.charCodeAt(j * UUID_LENGTH + k);
    if (difference !== 0) return difference;
  }
  return 0;
}

function idAt(set: MatchSet, position: number): string {
  return set.ids.slice(position * UUID_LENGTH, (position + 1) * UUID_LENGTH);
}

/**
 * A sort's order as positions in the set, by the keys of `sortOrders`; positions are in id order, so they
 * break ties as the ids do. Price descending is price ascending read backwards: (price, id) is unique, so the
 * reverse is exact.
 */
function orderOf(set: MatchSet, sort: GoodsQuery['sort']): Int32Array {
  const { orders, createdAt, sales, price } = set;
  const newer = (a: number, b: number) => (createdAt[b] as number) - (createdAt[a] as number) || b - a;
  switch (sort) {
    case 'newest':
      return (orders.newest ??= positions(set.size).sort(newer));
    case 'sales':
      return (orders.sales ??= positions(set.size).sort(
        (a, b) => (sales[b] as number) - (sales[a] as number) || newer(a, b),
      ));
    case 'price_asc':
    case 'price_desc':
      return (orders.price ??= positions(set.size).sort(
        (a, b) => (price[a] as number) - (price[b] as number) || a - b,
      ));
  }
}

function positions(size: number): Int32Array {
  const all = new Int32Array(size);
  for (let i = 0; i < size; i++) all[i] = i;
  return all;
}

/** One pass over the set in the sort's order: counts the matches passing the filter, keeps the page's. */
function selectPage(
  set: MatchSet,
  sort: GoodsQuery['sort'],
  filter: ShelfFilter,
  offset: number,
  limit: number,
): { positions: number[]; total: number } {
  const order = orderOf(set, sort);
  const backwards = sort === 'price_desc';
  const { family, minPrice, maxPrice } = filter;
  const { category, price, size } = set;
  const page: number[] = [];
  if (!family && minPrice === undefined && maxPrice === undefined) {
    for (let i = offset; i < Math.min(size, offset + limit); i++) {
      page.push(order[backwards ? size - 1 - i : i] as number);
    }
    return { positions: page, total: size };
  }
  let total = 0;
  for (let i = 0; i < size; i++) {
    const at = backwards ? size - 1 - i : i;
    const position = order[at] as number;
    if (family && family[category[position] as number] !== 1) continue;
    const cost = price[position] as number;
    if ((minPrice !== undefined && cost < minPrice) || (maxPrice !== undefined && cost > maxPrice)) continue;
    if (total >= offset && total < offset + limit) page.push(position);
    total++;
  }
  return { positions: page, total };
}
