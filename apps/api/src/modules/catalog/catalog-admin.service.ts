import { and, asc, count, desc, eq, gte, inArray, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  AppError,
  Code,
  GOODS_LOW_STOCK_THRESHOLD,
  pickText,
  SUPPORTED_LOCALES,
  type AdminCategory,
  type AdminGoodsDetail,
  type AdminGoodsExportQuery,
  type AdminGoodsQuery,
  type AdminGoodsRow,
  type AdminGoodsSort,
  type CategoryInput,
  type GoodsInput,
  type GoodsShelfBody,
  type Locale,
  type LocalizedText,
  type MessageKey,
  type PageMeta,
} from '@shop/contract';
import { schema, type Db } from '@shop/db';
import { hasOrderedGoods } from '../orders/orders-queries.ts';
import type { AuditLog } from '../staff/audit-log.ts';
import type { ShopLocale } from './catalog.service.ts';

const { goods, goodsTranslations, skus, categories } = schema;

/** Rows read at a time by the CSV export, so that a large catalog is never held in memory whole. */
const EXPORT_BATCH = 500;

const sortOrders: Record<AdminGoodsSort, SQL[]> = {
  newest: [desc(goods.createdAt), desc(goods.id)],
  oldest: [asc(goods.createdAt), asc(goods.id)],
  updated: [desc(goods.updatedAt), desc(goods.id)],
  price_asc: [asc(goods.price), asc(goods.id)],
  price_desc: [desc(goods.price), desc(goods.id)],
  stock_asc: [asc(goods.stock), asc(goods.id)],
  stock_desc: [desc(goods.stock), desc(goods.id)],
  sales_desc: [desc(goods.sales), desc(goods.id)],
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One field's refusal as the envelope's code 1. */
function fieldError(field: string, key: MessageKey): AppError {
  return new AppError(Code.validation, 'validation.invalid', { [field]: key });
}

/** The translated text must exist in the shop's default locale (the storefront falls back to it). */
export function assertDefaultLocale(text: LocalizedText, field: string, shopDefault: Locale): void {
  if (!text[shopDefault]) throw fieldError(`${field}.${shopDefault}`, 'validation.defaultLocale');
}

/** The goods' cached price, list price and stock, from its SKUs: the cheapest SKU's prices, all SKUs' stock. */
export function goodsFigures(skuList: { price: number; originalPrice: number | null; stock: number }[]) {
  const cheapest = skuList.reduce((best, sku) => (sku.price < best.price ? sku : best));
  return {
    price: cheapest.price,
    originalPrice: cheapest.originalPrice,
    stock: skuList.reduce((sum, sku) => sum + sku.stock, 0),
  };
}

/**
 * The staff side of the catalog: goods (with translations, options and SKUs), categories, shelf state, CSV rows.
 * Every change runs in one transaction with its audit entry; the caller clears the public replies afterwards.
 */
export class CatalogAdminService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    /** The currencies markets sell in other than the shop's own (markets.service `otherCurrencies`). */
    private readonly otherCurrencies: () => Set<string> = () => new Set(),
  ) {}

  // -------------------------------------------------------------------------------------------------------------
  // Goods

  async listGoods(
    query: AdminGoodsQuery,
    at: ShopLocale,
  ): Promise<{ items: AdminGoodsRow[]; meta: PageMeta }> {
    const where = this.goodsFilters(query);
    const [rows, [totals]] = await Promise.all([
      this.selectRows(where, query.sort, query.pageSize, (query.page - 1) * query.pageSize, at),
      this.db.select({ total: count() }).from(goods).where(where),
    ]);
    return {
      items: rows,
      meta: { page: query.page, pageSize: query.pageSize, total: totals?.total ?? 0 },
    };
  }

  /**
   * Every goods matching the filters, in the list's order, with its name in each locale: read in batches so the
   * export can stream a catalog of any size.
   */
  async *exportGoods(
    query: AdminGoodsExportQuery,
    at: ShopLocale,
  ): AsyncGenerator<AdminGoodsRow & { names: LocalizedText }> {
    const where = this.goodsFilters(query);
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const rows = await this.selectRows(where, query.sort, EXPORT_BATCH, offset, at);
      if (rows.length === 0) return;
      const translations = await this.db
        .select({
          goodsId: goodsTranslations.goodsId,
          locale: goodsTranslations.locale,
          name: goodsTranslations.name,
        })
        .from(goodsTranslations)
        .where(
          inArray(
            goodsTranslations.goodsId,
            rows.map((r) => r.id),
          ),
        );
      for (const row of rows) {
        const names: LocalizedText = {};
        for (const t of translations) if (t.goodsId === row.id) names[t.locale] = t.name;
        yield { ...row, names };
      }
      if (rows.length < EXPORT_BATCH) return;
    }
  }

  private async selectRows(
    where: SQL | undefined,
    sort: AdminGoodsSort,
    limit: number,
    offset: number,
    at: ShopLocale,
  ): Promise<AdminGoodsRow[]> {
    // The name in the request's locale, else the shop's, else any: one small index lookup per row of the page.
    const name = sql<string | null>`(
      select ${goodsTranslations.name} from ${goodsTranslations}
      where ${goodsTranslations.goodsId} = ${goods.id}
      order by (${goodsTranslations.locale} = ${at.locale}) desc, (${goodsTranslations.locale} = ${at.shopDefault}) desc,
        ${goodsTranslations.locale}
      limit 1)`;
    const skuCount = sql<number>`(select count(*)::int from ${skus} where ${skus.goodsId} = ${goods.id})`;
    const rows = await this.db
      .select({
        id: goods.id,
        name,
        image: goods.image,
        categoryId: goods.categoryId,
        categoryName: categories.name,
        price: goods.price,
        originalPrice: goods.originalPrice,
        stock: goods.stock,
        sales: goods.sales,
        skuCount,
        onShelf: goods.onShelf,
        createdAt: goods.createdAt,
        updatedAt: goods.updatedAt,
      })
      .from(goods)
      .innerJoin(categories, eq(categories.id, goods.categoryId))
      .where(where)
      .orderBy(...sortOrders[sort])
      .limit(limit)
      .offset(offset);
    return rows.map((row) => ({
      ...row,
      name: row.name ?? '',
      categoryName: pickText(row.categoryName, at.locale, at.shopDefault),
      currency: at.currency,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

  /** Staff see every goods, on shelf or not; a keyword's words must each be in a name (any locale) or the id. */
  private goodsFilters(query: AdminGoodsExportQuery): SQL | undefined {
    const filters: SQL[] = [];
    const terms = [...new Set((query.keyword ?? '').toLowerCase().split(/\s+/).filter(Boolean))].slice(0, 6);
    for (const term of terms) {
      const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const inNames = sql`${goods.searchNames} like ${pattern}`;
      filters.push(UUID.test(term) ? or(inNames, eq(goods.id, term))! : inNames);
    }
    if (query.categoryId) {
      const family = this.db
        .select({ id: categories.id })
        .from(categories)
        .where(or(eq(categories.id, query.categoryId), eq(categories.parentId, query.categoryId)));
      filters.push(inArray(goods.categoryId, family));
    }
    if (query.onShelf !== undefined) filters.push(eq(goods.onShelf, query.onShelf));
    if (query.lowStock) filters.push(lte(goods.stock, GOODS_LOW_STOCK_THRESHOLD));
    if (query.minPrice !== undefined) filters.push(gte(goods.price, query.minPrice));
    if (query.maxPrice !== undefined) filters.push(lte(goods.price, query.maxPrice));
    return filters.length ? and(...filters) : undefined;
  }

  async getGoods(id: string, at: ShopLocale, db: Db = this.db): Promise<AdminGoodsDetail> {
    const found = await this.findGoods(id, at, db);
    if (!found) throw new AppError(Code.notFound, 'error.notFound');
    return found;
  }

  private async findGoods(id: string, at: ShopLocale, db: Db): Promise<AdminGoodsDetail | null> {
    const [row] = await db
      .select({
        id: goods.id,
        categoryId: goods.categoryId,
        images: goods.images,
        options: goods.options,
        onShelf: goods.onShelf,
        price: goods.price,
        originalPrice: goods.originalPrice,
        stock: goods.stock,
        sales: goods.sales,
        createdAt: goods.createdAt,
        updatedAt: goods.updatedAt,
      })
      .from(goods)
      .where(eq(goods.id, id));
    if (!row) return null;
    const translations = await db.select().from(goodsTranslations).where(eq(goodsTranslations.goodsId, id));
    const skuRows = await db
      .select()
      .from(skus)
      .where(eq(skus.goodsId, id))
      .orderBy(asc(skus.sort), asc(skus.id));
    const ordered = await hasOrderedGoods(db, id);
    return {
      ...row,
      translations: Object.fromEntries(
        SUPPORTED_LOCALES.flatMap((locale) => {
          const t = translations.find((x) => x.locale === locale);
          return t ? [[locale, { name: t.name, description: t.description }]] : [];
        }),
      ),
      skus: skuRows.map((s) => ({
        id: s.id,
        options: s.options,
        price: s.price,
        originalPrice: s.originalPrice,
        stock: s.stock,
        sales: s.sales,
        weightGrams: s.weightGrams,
        prices: s.prices,
      })),
      currency: at.currency,
      ordered,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async createGoods(input: GoodsInput, actorId: string, at: ShopLocale): Promise<AdminGoodsDetail> {
    this.assertGoodsTexts(input, at);
    input.skus.forEach((sku, index) => {
      if (sku.id) throw fieldError(`skus.${index}.id`, 'validation.goods.unknownSku');
    });
    return this.db.transaction(async (tx) => {
      await this.assertCategory(tx, input.categoryId, 'categoryId');
      const [created] = await tx
        .insert(goods)
        .values({ ...this.goodsColumns(input), ...goodsFigures(input.skus), sales: 0 })
        .returning({ id: goods.id });
      const id = created!.id;
      await this.writeTranslations(tx, id, input);
      await tx.insert(skus).values(input.skus.map((sku, index) => this.skuColumns(id, sku, index)));
      const after = await this.getGoods(id, at, tx);
      await this.audit.record(tx, { actorId, action: 'goods.create', entity: 'goods', entityId: id, after });
      return after;
    });
  }

  /**
   * Rewrites the goods as given, in one transaction. SKUs sent with their id keep it (carts and order lines point
   * at them) and the rest are replaced. The SKU rows are locked in id order before the goods row, the order stock
   * reservations take them in, so an update and a checkout never wait on each other in a circle.
   *
   * Stock is the one field that also changes without staff: orders take it, cancellations, expiry and refunds
   * give it back, at any time while the editor is open. So an existing SKU's stock is never simply overwritten:
   * - figure untouched (`stock` equals the `expectedStock` the editor loaded): the column is not written, and the
   *   SKU keeps what orders have left it. Editing a name or a price never clashes with checkout.
   * - figure changed: one conditional UPDATE writes it only where the SKU still holds `expectedStock`. When any
   *   SKU's stock moved meanwhile, the whole save is refused (code 2, 409) and nothing is written: staff typed an
   *   absolute figure from a number that is no longer true (was it a count of the shelf, or "+10 arrived"?), so
   *   only they can say what it should be now; the editor reloads the current figures for them.
   * Either way no unit taken or given back by an order is lost. The goods' cached stock is summed afterwards from
   * the SKU rows, not from the form.
   */
  async updateGoods(
    id: string,
    input: GoodsInput,
    actorId: string,
    at: ShopLocale,
  ): Promise<AdminGoodsDetail> {
    this.assertGoodsTexts(input, at);
    return this.db.transaction(async (tx) => {
      const existing = await tx
        .select({ id: skus.id })
        .from(skus)
        .where(eq(skus.goodsId, id))
        .orderBy(asc(skus.id))
        .for('update');
      const [locked] = await tx.select({ id: goods.id }).from(goods).where(eq(goods.id, id)).for('update');
      if (!locked) throw new AppError(Code.notFound, 'error.notFound');
      const existingIds = new Set(existing.map((s) => s.id));
      input.skus.forEach((sku, index) => {
        if (sku.id && !existingIds.has(sku.id))
          throw fieldError(`skus.${index}.id`, 'validation.goods.unknownSku');
      });
      await this.assertCategory(tx, input.categoryId, 'categoryId');
      const before = await this.getGoods(id, at, tx);

      await tx.delete(goodsTranslations).where(eq(goodsTranslations.goodsId, id));
      await this.writeTranslations(tx, id, input);
      const kept = input.skus.flatMap((sku) => (sku.id ? [sku.id] : []));
      await tx
        .delete(skus)
        .where(kept.length ? and(eq(skus.goodsId, id), notInArray(skus.id, kept)) : eq(skus.goodsId, id));
      for (const [index, sku] of input.skus.entries()) {
        const { goodsId: _goodsId, stock, ...columns } = this.skuColumns(id, sku, index);
        if (!sku.id) {
          await tx.insert(skus).values({ ...columns, stock, goodsId: id });
          continue;
        }
        const expected = sku.expectedStock;
        if (expected === undefined) throw fieldError(`skus.${index}.expectedStock`, 'validation.required');
        if (stock === expected) {
          await tx.update(skus).set(columns).where(eq(skus.id, sku.id));
        } else {
          const [applied] = await tx
            .update(skus)
            .set({ ...columns, stock })
            .where(and(eq(skus.id, sku.id), eq(skus.stock, expected)))
            .returning({ id: skus.id });
          if (!applied) throw new AppError(Code.refused, 'error.goods.stockChanged', undefined, 409);
        }
      }
      const skuFigures = await tx
        .select({ price: skus.price, originalPrice: skus.originalPrice, stock: skus.stock })
        .from(skus)
        .where(eq(skus.goodsId, id))
        .orderBy(asc(skus.sort));
      await tx
        .update(goods)
        .set({ ...this.goodsColumns(input), ...goodsFigures(skuFigures), updatedAt: new Date() })
        .where(eq(goods.id, id));

      const after = await this.getGoods(id, at, tx);
      await this.audit.record(tx, {
        actorId,
        action: 'goods.update',
        entity: 'goods',
        entityId: id,
        before,
        after,
      });
      return after;
    });
  }

  private assertGoodsTexts(input: GoodsInput, at: ShopLocale): void {
    if (!input.translations[at.shopDefault]?.name) {
      throw fieldError(`translations.${at.shopDefault}.name`, 'validation.defaultLocale');
    }
    // A SKU's own prices: in a currency some market sells in, never the shop's (that is its `price`).
    const selling = this.otherCurrencies();
    input.skus.forEach((sku, s) => {
      for (const currency of Object.keys(sku.prices ?? {})) {
        if (currency === at.currency)
          throw fieldError(`skus.${s}.prices.${currency}`, 'validation.goods.ownCurrency');
        if (!selling.has(currency))
          throw fieldError(`skus.${s}.prices.${currency}`, 'validation.goods.priceCurrency');
      }
    });
    input.options.forEach((option, o) => {
      assertDefaultLocale(option.name, `options.${o}.name`, at.shopDefault);
      option.values.forEach((value, v) =>
        assertDefaultLocale(value.name, `options.${o}.values.${v}.name`, at.shopDefault),
      );
    });
  }

  private goodsColumns(input: GoodsInput) {
    return {
      categoryId: input.categoryId,
      image: input.images[0]!,
      images: input.images,
      options: input.options.map((o) => ({
        id: o.id,
        name: o.name,
        values: o.values.map((v) => ({ id: v.id, name: v.name, ...(v.image ? { image: v.image } : {}) })),
      })),
      onShelf: input.onShelf,
    };
  }

  private skuColumns(goodsId: string, sku: GoodsInput['skus'][number], index: number) {
    return {
      goodsId,
      options: sku.options,
      price: sku.price,
      originalPrice: sku.originalPrice,
      stock: sku.stock,
      sort: index,
      // Left out, a SKU keeps its weight (an editor that does not show it cannot wipe it).
      ...(sku.weightGrams !== undefined && { weightGrams: sku.weightGrams }),
      ...(sku.prices !== undefined && { prices: sku.prices }),
    };
  }

  private async writeTranslations(tx: Db, goodsId: string, input: GoodsInput): Promise<void> {
    const rows = SUPPORTED_LOCALES.flatMap((locale) => {
      const t = input.translations[locale];
      return t?.name ? [{ goodsId, locale, name: t.name, description: t.description }] : [];
    });
    await tx.insert(goodsTranslations).values(rows);
  }

  private async assertCategory(tx: Db, categoryId: string, field: string): Promise<void> {
    const [found] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, categoryId));
    if (!found) throw fieldError(field, 'validation.category.unknown');
  }

  /** Puts goods on or off shelf; answers the ids that exist (404 when none does). */
  async setShelf(body: GoodsShelfBody, actorId: string): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const ids = [...new Set(body.ids)].sort();
      const current = await tx
        .select({ id: goods.id, onShelf: goods.onShelf })
        .from(goods)
        .where(inArray(goods.id, ids))
        .orderBy(asc(goods.id))
        .for('update');
      if (current.length === 0) throw new AppError(Code.notFound, 'error.notFound');
      await tx
        .update(goods)
        .set({ onShelf: body.onShelf, updatedAt: new Date() })
        .where(
          inArray(
            goods.id,
            current.map((c) => c.id),
          ),
        );
      for (const row of current) {
        await this.audit.record(tx, {
          actorId,
          action: body.onShelf ? 'goods.shelve' : 'goods.unshelve',
          entity: 'goods',
          entityId: row.id,
          before: { onShelf: row.onShelf },
          after: { onShelf: body.onShelf },
        });
      }
      return current.map((c) => c.id);
    });
  }

  /** Deletes goods that were never ordered; ordered goods stay (order history shows them) and go off shelf instead. */
  async deleteGoods(id: string, actorId: string, at: ShopLocale): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [locked] = await tx.select({ id: goods.id }).from(goods).where(eq(goods.id, id)).for('update');
      if (!locked) throw new AppError(Code.notFound, 'error.notFound');
      const before = await this.getGoods(id, at, tx);
      if (before.ordered) throw new AppError(Code.refused, 'error.goods.ordered', undefined, 409);
      await tx.delete(goods).where(eq(goods.id, id));
      await this.audit.record(tx, { actorId, action: 'goods.delete', entity: 'goods', entityId: id, before });
    });
  }

  // -------------------------------------------------------------------------------------------------------------
  // Categories

  /** Top-level categories with their children, each level by `sort` then id, with how many goods each holds. */
  async listCategories(): Promise<AdminCategory[]> {
    const [rows, counts] = await Promise.all([
      this.db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id)),
      this.db.select({ categoryId: goods.categoryId, n: count() }).from(goods).groupBy(goods.categoryId),
    ]);
    const goodsCount = new Map(counts.map((c) => [c.categoryId, c.n]));
    const node = (c: (typeof rows)[number]): AdminCategory => ({
      id: c.id,
      parentId: c.parentId,
      name: c.name,
      icon: c.icon,
      sort: c.sort,
      goodsCount: goodsCount.get(c.id) ?? 0,
      children: rows.filter((child) => child.parentId === c.id).map(node),
    });
    return rows.filter((c) => c.parentId === null).map(node);
  }

  async createCategory(input: CategoryInput, actorId: string, at: ShopLocale): Promise<AdminCategory> {
    assertDefaultLocale(input.name, 'name', at.shopDefault);
    return this.db.transaction(async (tx) => {
      await this.assertParent(tx, input.parentId, null);
      const [row] = await tx.insert(categories).values(input).returning();
      const after = { ...row!, goodsCount: 0, children: [] };
      await this.audit.record(tx, {
        actorId,
        action: 'category.create',
        entity: 'category',
        entityId: row!.id,
        after: row,
      });
      return after;
    });
  }

  async updateCategory(
    id: string,
    input: CategoryInput,
    actorId: string,
    at: ShopLocale,
  ): Promise<AdminCategory> {
    assertDefaultLocale(input.name, 'name', at.shopDefault);
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
      if (!before) throw new AppError(Code.notFound, 'error.notFound');
      await this.assertParent(tx, input.parentId, id);
      const [row] = await tx.update(categories).set(input).where(eq(categories.id, id)).returning();
      await this.audit.record(tx, {
        actorId,
        action: 'category.update',
        entity: 'category',
        entityId: id,
        before,
        after: row,
      });
      return (await this.listCategoriesIn(tx)).get(id)!;
    });
  }

  private async listCategoriesIn(tx: Db): Promise<Map<string, AdminCategory>> {
    const rows = await tx.select().from(categories);
    const counts = await tx
      .select({ categoryId: goods.categoryId, n: count() })
      .from(goods)
      .groupBy(goods.categoryId);
    const goodsCount = new Map(counts.map((c) => [c.categoryId, c.n]));
    const byId = new Map<string, AdminCategory>();
    for (const c of rows) byId.set(c.id, { ...c, goodsCount: goodsCount.get(c.id) ?? 0, children: [] });
    for (const c of [...byId.values()].sort((a, b) => a.sort - b.sort || a.id.localeCompare(b.id))) {
      if (c.parentId) byId.get(c.parentId)?.children.push(c);
    }
    return byId;
  }

  /**
   * Categories are two levels deep: a parent must exist, be top-level and not be the category itself, and a
   * category with children cannot move under another.
   */
  private async assertParent(tx: Db, parentId: string | null, selfId: string | null): Promise<void> {
    if (parentId === null) return;
    if (parentId === selfId) throw fieldError('parentId', 'validation.category.parent');
    const [parent] = await tx
      .select({ parentId: categories.parentId })
      .from(categories)
      .where(eq(categories.id, parentId));
    if (!parent) throw fieldError('parentId', 'validation.category.unknown');
    if (parent.parentId !== null) throw fieldError('parentId', 'validation.category.parent');
    if (selfId) {
      const [child] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.parentId, selfId))
        .limit(1);
      if (child) throw fieldError('parentId', 'validation.category.parent');
    }
  }

  /** Only an empty category goes: one with goods or subcategories is refused. */
  async deleteCategory(id: string, actorId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
      if (!before) throw new AppError(Code.notFound, 'error.notFound');
      const [child] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.parentId, id))
        .limit(1);
      const [member] = await tx.select({ id: goods.id }).from(goods).where(eq(goods.categoryId, id)).limit(1);
      if (child || member) throw new AppError(Code.refused, 'error.category.notEmpty', undefined, 409);
      await tx.delete(categories).where(eq(categories.id, id));
      await this.audit.record(tx, {
        actorId,
        action: 'category.delete',
        entity: 'category',
        entityId: id,
        before,
      });
    });
  }
}
