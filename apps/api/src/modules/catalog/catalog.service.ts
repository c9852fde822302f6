import { and, asc, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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

const sortOrders: Record<GoodsQuery['sort'], SQL[]> = {
  newest: [desc(goods.createdAt), asc(goods.id)],
  sales: [desc(goods.sales), desc(goods.createdAt), asc(goods.id)],
  price_asc: [asc(goods.price), asc(goods.id)],
  price_desc: [desc(goods.price), asc(goods.id)],
};

export class CatalogService {
  constructor(private readonly db: Db) {}

  async listGoods(query: GoodsQuery, at: ShopLocale): Promise<{ items: GoodsSummary[]; meta: PageMeta }> {
    const where = and(eq(goods.onShelf, true), ...this.filters(query));
    const inLocale = alias(goodsTranslations, 'in_locale');
    const inDefault = alias(goodsTranslations, 'in_default');
    const [rows, [count]] = await Promise.all([
      this.db
        .select({
          id: goods.id,
          categoryId: goods.categoryId,
          name: sql<string>`coalesce(${inLocale.name}, ${inDefault.name}, '')`,
          image: goods.image,
          price: goods.price,
          originalPrice: goods.originalPrice,
          sales: goods.sales,
          stock: goods.stock,
          createdAt: goods.createdAt,
        })
        .from(goods)
        .leftJoin(inLocale, and(eq(inLocale.goodsId, goods.id), eq(inLocale.locale, at.locale)))
        .leftJoin(inDefault, and(eq(inDefault.goodsId, goods.id), eq(inDefault.locale, at.shopDefault)))
        .where(where)
        .orderBy(...sortOrders[query.sort])
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.db
        .select({ total: sql<number>`count(*)::int` })
        .from(goods)
        .where(where),
    ]);
    return {
      items: rows.map((row) => ({ ...row, currency: at.currency, createdAt: row.createdAt.toISOString() })),
      meta: { page: query.page, pageSize: query.pageSize, total: count?.total ?? 0 },
    };
  }

  private filters(query: GoodsQuery): SQL[] {
    const filters: SQL[] = [];
    if (query.categoryId) {
      const family = this.db
        .select({ id: categories.id })
        .from(categories)
        .where(or(eq(categories.id, query.categoryId), eq(categories.parentId, query.categoryId)));
      filters.push(inArray(goods.categoryId, family));
    }
    if (query.minPrice !== undefined) filters.push(gte(goods.price, query.minPrice));
    if (query.maxPrice !== undefined) filters.push(lte(goods.price, query.maxPrice));
    if (query.keyword) {
      const pattern = `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      filters.push(
        sql`exists (select 1 from ${goodsTranslations} t where t.goods_id = ${goods.id}
              and (t.name ilike ${pattern} or t.description ilike ${pattern}))`,
      );
    }
    return filters;
  }

  /** An on-shelf goods with its SKUs; anything else is "not found" to shoppers. */
  async getGoods(id: string, at: ShopLocale): Promise<GoodsDetail> {
    const row = await this.db.query.goods.findFirst({
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
