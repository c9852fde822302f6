import { and, asc, eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import {
  AppError,
  Code,
  pickText,
  type Category,
  type GoodsDetail,
  type GoodsQuery,
  type ListedGoods,
  type Locale,
} from '@shop/contract';
import { schema, type Db, type ReaderHandle } from '@shop/db';
import type { PricedMarket } from '../markets/markets.service.ts';
import type { ShelfLocale } from './catalog-index.ts';
import { ShelfThread, type ListedReply } from './shelf-thread.ts';

const { goods, goodsTranslations, categories } = schema;

export interface ShopLocale {
  locale: Locale;
  shopDefault: Locale;
  /** The market's currency: every price in a reply is in it. */
  currency: string;
  /** The market prices are shown in; staff see the shop's own. */
  market: PricedMarket;
}

/** Goods' detail pages without the figures orders change, kept per goods and language. */
const REMEMBERED_DETAILS = 5_000;

type GoodsText = Omit<GoodsDetail, 'stock' | 'sales' | 'skus' | 'currency' | 'price' | 'originalPrice'>;

/**
 * The shopper's catalog. Listings come from the shelf in memory (catalog-index.ts), kept in a thread of its own
 * (shelf-thread.ts); a goods' detail page is its texts, read once from the database and kept, with its stock,
 * sales and SKUs from the shelf, so an order changing stock costs the page no database read.
 */
export class CatalogService {
  private readonly shelf: ShelfThread;
  private readonly details = new LRUCache<string, Promise<GoodsText | null>>({ max: REMEMBERED_DETAILS });
  /** Resolves once the shelf is in memory (at start, a few seconds for 100 000 goods). */
  readonly ready: Promise<void>;

  constructor(
    private readonly db: Db,
    reader: () => ReaderHandle,
    defaultLocale: () => Locale,
    onRestart?: (error: Error) => void,
  ) {
    this.shelf = new ShelfThread(reader, defaultLocale, onRestart);
    this.ready = this.shelf.ready();
  }

  /** How the shelf's thread is doing, for the operator's metrics. */
  shelfFigures() {
    const shelf = this.shelf;
    return {
      callsWaiting: () => shelf.callsWaiting(),
      busySeconds: () => shelf.busySeconds(),
      restarts: () => shelf.restarts(),
      heap: () => shelf.heap(),
    };
  }

  /** Stops the shelf's thread as a fault would (tests: a new one takes over). */
  stopShelfThread(): Promise<void> {
    return this.shelf.stopThread();
  }

  /** Stops the shelf's thread. */
  close(): Promise<void> {
    return this.shelf.close();
  }

  /** Staff's synonym groups per language, applied to the next searches. */
  setSynonyms(groups: Partial<Record<Locale, string[][]>>): Promise<void> {
    return this.shelf.setSynonyms(groups);
  }

  /** A listing's reply, made to its bytes by the shelf's thread, and the goods it shows. */
  async listGoods(query: GoodsQuery, at: ShopLocale): Promise<ListedReply> {
    await this.ready;
    return this.shelf.list(query, shelfAt(at));
  }

  /** These goods as listings show them, in the order given; goods not on the shelf are left out. */
  async summaries(ids: readonly string[], at: ShopLocale): Promise<ListedGoods[]> {
    await this.ready;
    return this.shelf.summaries(ids, shelfAt(at));
  }

  /** Goods like this one, in stock, best first (`CatalogIndex.related`); "not found" when it is not on shelf. */
  async relatedGoods(id: string, count: number, at: ShopLocale): Promise<ListedGoods[]> {
    await this.ready;
    const related = await this.shelf.related(id, count, shelfAt(at));
    if (!related) throw new AppError(Code.notFound, 'error.goods.notFound');
    return related;
  }

  /** Reads these goods again after a committed change (catalog-changes.ts). */
  refresh(ids: string[], { texts, stockOnly = false }: { texts: boolean; stockOnly?: boolean }) {
    if (texts) for (const id of ids) this.forgetTexts(id);
    return this.shelf.refresh(ids, { stockOnly });
  }

  /** After categories or the shop's languages changed: everything read from the catalog is read again. */
  async reloadAll(): Promise<void> {
    await this.shelf.reloadAll();
    this.details.clear();
  }

  /** After a category changed: goods keep their words, listings their category tree. */
  reloadCategories(): Promise<void> {
    return this.shelf.reloadCategories();
  }

  private forgetTexts(id: string) {
    for (const key of this.details.keys()) if (key.startsWith(id)) this.details.delete(key);
  }

  /** An on-shelf goods with its SKUs; anything else is "not found" to shoppers. */
  async getGoods(id: string, at: ShopLocale): Promise<GoodsDetail> {
    await this.ready;
    const key = `${id} ${at.locale} ${at.shopDefault}`;
    let texts = this.details.get(key);
    if (!texts) {
      texts = this.readTexts(id, at);
      this.details.set(key, texts);
      texts.catch(() => this.details.delete(key));
    }
    const [text, figures] = await Promise.all([texts, this.shelf.stockOf(id, shelfAt(at))]);
    if (!text || !figures) throw new AppError(Code.notFound, 'error.goods.notFound');
    return {
      ...text,
      // Priced by the shelf in the market's currency, as listings are: staff's own prices or the rate's.
      price: figures.price,
      originalPrice: figures.originalPrice,
      currency: at.currency,
      stock: figures.stock,
      sales: figures.sales,
      skus: figures.skus,
      ...(figures.rating ? { rating: figures.rating } : {}),
    };
  }

  private async readTexts(id: string, at: ShopLocale): Promise<GoodsText | null> {
    const row = await this.db.query.goods.findFirst({
      columns: { searchNames: false, searchText: false, searchGrams: false },
      where: and(eq(goods.id, id), eq(goods.onShelf, true)),
    });
    if (!row) return null;
    const translations = await this.db
      .select()
      .from(goodsTranslations)
      .where(eq(goodsTranslations.goodsId, id));
    const text = (t: Parameters<typeof pickText>[0]) => pickText(t, at.locale, at.shopDefault);
    // Field by field: a language with a name but no description lends the description of the next one.
    const field = (key: 'name' | 'description') =>
      text(Object.fromEntries(translations.map((t) => [t.locale, t[key]])));
    return {
      id: row.id,
      categoryId: row.categoryId,
      name: field('name'),
      description: field('description'),
      image: row.image,
      images: row.images,
      createdAt: row.createdAt.toISOString(),
      options: row.options.map((o) => ({
        id: o.id,
        name: text(o.name),
        values: o.values.map((v) => ({
          id: v.id,
          name: text(v.name),
          ...(v.image ? { image: v.image } : {}),
        })),
      })),
    };
  }

  /** Every category, named in the reader's language (staff's figures name categories whatever their goods). */
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

  /**
   * The categories shoppers can browse: those with goods on the shelf, in them or in their children. An empty
   * one would lead to "no products"; staff see every category through their own routes.
   */
  async listBrowsableCategories(at: ShopLocale): Promise<Category[]> {
    await this.ready;
    const withGoods = await this.shelf.categoriesWithGoods();
    return (await this.listCategories(at)).filter((c) => withGoods.has(c.id));
  }
}

/** What the shelf reads of a shopper's view: only this crosses to its thread. */
function shelfAt(at: ShopLocale): ShelfLocale {
  return { locale: at.locale, shopDefault: at.shopDefault, market: at.market, currency: at.currency };
}
