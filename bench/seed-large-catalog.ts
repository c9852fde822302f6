/**
 * A catalog of any size for the search benchmark: variants of the demo goods ("Aurora Noise-Cancelling Wireless
 * Headphones Pro K-417", "极光 主动降噪无线头戴式耳机 专业版 K-417"), each with its demo goods' category, pictures,
 * options and two to four SKUs, in all four locales. Drawn from one seeded random stream per goods, so the same
 * count gives the same catalog every time (listing dates are ages, stamped at insert time like the demo seed's).
 */
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Locale } from '@shop/contract';
import { schema, type Db } from '@shop/db';
import { DEMO_CATALOG, pickOne, randomInt, randomStream, stableUuid } from '@shop/db/seed';

const { categories, goods, goodsTranslations, skus } = schema;

/** Goods per transaction and round trip; each column travels as one array parameter, so there is no limit. */
const GOODS_PER_BATCH = 5000;
const MAX_SKUS_PER_GOODS = 4;
const OFF_SHELF_SHARE = 0.03;
const LISTING_WINDOW_MINUTES = 2 * 365 * 24 * 60;
const MS_PER_MINUTE = 60_000;

type Words = Record<Locale, string>;

/** Brands and editions of the generated goods' names; the search bench makes keywords of them too. */
export const BRANDS: readonly [Words, ...Words[]] = [
  { 'en-US': 'Aurora', 'pt-BR': 'Aurora', 'zh-CN': '极光', 'zh-TW': '極光' },
  { 'en-US': 'Summit', 'pt-BR': 'Cume', 'zh-CN': '峰顶', 'zh-TW': '峰頂' },
  { 'en-US': 'Harbor', 'pt-BR': 'Porto', 'zh-CN': '港湾', 'zh-TW': '港灣' },
  { 'en-US': 'Nimbus', 'pt-BR': 'Nimbus', 'zh-CN': '云朵', 'zh-TW': '雲朵' },
  { 'en-US': 'Cedar', 'pt-BR': 'Cedro', 'zh-CN': '雪松', 'zh-TW': '雪松' },
  { 'en-US': 'Pioneer Lab', 'pt-BR': 'Laboratório Pioneiro', 'zh-CN': '先锋实验室', 'zh-TW': '先鋒實驗室' },
  { 'en-US': 'Bamboo', 'pt-BR': 'Bambu', 'zh-CN': '竹林', 'zh-TW': '竹林' },
  { 'en-US': 'Lumen', 'pt-BR': 'Lúmen', 'zh-CN': '流明', 'zh-TW': '流明' },
  { 'en-US': 'Orbit', 'pt-BR': 'Órbita', 'zh-CN': '轨道', 'zh-TW': '軌道' },
  { 'en-US': 'Willow', 'pt-BR': 'Salgueiro', 'zh-CN': '垂柳', 'zh-TW': '垂柳' },
  { 'en-US': 'Granite', 'pt-BR': 'Granito', 'zh-CN': '花岗', 'zh-TW': '花崗' },
  { 'en-US': 'Kestrel', 'pt-BR': 'Falcão', 'zh-CN': '红隼', 'zh-TW': '紅隼' },
];

export const EDITIONS: readonly [Words, ...Words[]] = [
  { 'en-US': 'Pro', 'pt-BR': 'Pro', 'zh-CN': '专业版', 'zh-TW': '專業版' },
  { 'en-US': 'Lite', 'pt-BR': 'Lite', 'zh-CN': '轻享版', 'zh-TW': '輕享版' },
  { 'en-US': 'Max', 'pt-BR': 'Max', 'zh-CN': '旗舰版', 'zh-TW': '旗艦版' },
  { 'en-US': 'Mini', 'pt-BR': 'Mini', 'zh-CN': '迷你款', 'zh-TW': '迷你款' },
  { 'en-US': 'Classic', 'pt-BR': 'Clássico', 'zh-CN': '经典款', 'zh-TW': '經典款' },
  { 'en-US': 'Travel Edition', 'pt-BR': 'Edição Viagem', 'zh-CN': '旅行版', 'zh-TW': '旅行版' },
  { 'en-US': 'Limited Edition', 'pt-BR': 'Edição Limitada', 'zh-CN': '限定版', 'zh-TW': '限定版' },
  { 'en-US': '2nd Generation', 'pt-BR': '2ª Geração', 'zh-CN': '第二代', 'zh-TW': '第二代' },
];

const TEMPLATES = nonEmpty(DEMO_CATALOG.goods);

const MODEL_LETTERS = 'ABCDEFGHJKLMNPRSTVXZ';

function nonEmpty<T>(items: readonly T[]): readonly [T, ...T[]] {
  const [first, ...rest] = items;
  if (first === undefined) throw new Error('The demo catalog has no goods to vary.');
  return [first, ...rest];
}

/** A price near `cents`, ending in 99 cents. */
const charmPrice = (cents: number) => Math.max(99, Math.round(cents / 100) * 100 - 1);

export function planGoods(index: number, listedBefore: number) {
  const random = randomStream(`bench-goods:${index}`);
  const template = pickOne(random, TEMPLATES);
  const brand = pickOne(random, BRANDS);
  const edition = pickOne(random, EDITIONS);
  const model = `${MODEL_LETTERS[randomInt(random, 0, MODEL_LETTERS.length - 1)]}-${randomInt(random, 100, 999)}`;
  const id = stableUuid(`bench-goods:${index}`);
  const priceFactor = 0.6 + random();
  const skuRows = template.skus.slice(0, MAX_SKUS_PER_GOODS).map((sku, sort) => {
    const price = charmPrice(sku.price * priceFactor);
    const listPrice = sku.originalPrice ?? null;
    return {
      id: stableUuid(`bench-sku:${index}:${sort}`),
      goodsId: id,
      options: sku.options,
      price,
      originalPrice: listPrice === null ? null : Math.max(price + 100, charmPrice(listPrice * priceFactor)),
      stock: random() < 0.1 ? 0 : randomInt(random, 1, 300),
      // Cubed so that a few goods sell a lot and most sell a little, as in a real shop.
      sales: Math.floor(random() ** 3 * 2000),
      sort,
    };
  });
  const cheapest = skuRows.reduce((best, sku) => (sku.price < best.price ? sku : best));
  const listedAt = new Date(listedBefore - randomInt(random, 1, LISTING_WINDOW_MINUTES) * MS_PER_MINUTE);
  const translations = template.translations.map(({ locale, name, description }) => {
    // Chinese writes no space between brand and product; the edition and model stay apart to be readable.
    const joiner = locale.startsWith('zh') ? '' : ' ';
    return {
      goodsId: id,
      locale,
      name: `${brand[locale]}${joiner}${name} ${edition[locale]} ${model}`,
      description,
    };
  });
  return {
    row: {
      id,
      categoryId: template.row.categoryId,
      image: template.row.image,
      images: template.row.images,
      options: template.row.options,
      price: cheapest.price,
      originalPrice: cheapest.originalPrice,
      stock: skuRows.reduce((sum, sku) => sum + sku.stock, 0),
      sales: skuRows.reduce((sum, sku) => sum + sku.sales, 0),
      onShelf: random() >= OFF_SHELF_SHARE,
      createdAt: listedAt,
      updatedAt: listedAt,
    },
    translations,
    skus: skuRows,
  };
}

/**
 * One multi-row INSERT … SELECT FROM unnest(column arrays): a parameter per column instead of one per value, which
 * makes building and parsing the statement about five times cheaper than a VALUES list on both engines.
 */
async function insertRows<Row extends Record<string, unknown>>(tx: Db, table: PgTable, rows: Row[]) {
  const [first] = rows;
  if (!first) return;
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key in first);
  const names = columns.map(([, column]) => sql.identifier(column.name));
  const arrays = columns.map(([key, column]) => {
    const type = column.getSQLType();
    const values = rows.map((row) => {
      const value = row[key];
      if (value instanceof Date) return value.toISOString();
      return type === 'jsonb' ? JSON.stringify(value) : value;
    });
    return sql`${sql.param(values)}::${sql.raw(type)}[]`;
  });
  await tx.execute(
    sql`insert into ${table} (${sql.join(names, sql`, `)}) select * from unnest(${sql.join(arrays, sql`, `)})`,
  );
}

interface IndexDefinition {
  name: string;
  definition: string;
}

/** The secondary indexes of the catalog tables (not primary keys or unique ones), as CREATE INDEX statements. */
async function secondaryIndexes(tx: Db): Promise<IndexDefinition[]> {
  const result = await tx.execute(sql`
    select index_class.relname as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i
      join pg_class index_class on index_class.oid = i.indexrelid
      join pg_class table_class on table_class.oid = i.indrelid
    where table_class.relname in ('goods', 'goods_translations', 'skus')
      and table_class.relnamespace = 'public'::regnamespace
      and not i.indisprimary and not i.indisunique
    order by index_class.relname`);
  // Both drivers answer raw SQL with `{ rows }`; Db's type leaves the shape open.
  return (result as unknown as { rows: IndexDefinition[] }).rows;
}

/**
 * Adds `count` generated goods to a database that holds the demo seed, whose categories and pictures they reuse,
 * then refreshes the planner's statistics (PGlite runs no autovacuum, so without this it would plan for an empty
 * catalog). Returns how long loading, indexing and vacuuming took.
 */
export async function seedLargeCatalog(
  db: Db,
  count = 100_000,
): Promise<{ goods: number; skus: number; insertMs: number; indexMs: number; vacuumMs: number }> {
  const [demoCategory] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, TEMPLATES[0].row.categoryId));
  if (!demoCategory) throw new Error('seedLargeCatalog needs the demo seed: run seedDemo first.');

  const started = performance.now();
  const listedBefore = Date.now();
  let skuCount = 0;
  let indexingStarted = started;
  await db.transaction(async (tx) => {
    // Building an index once over all rows is several times faster than growing it row by row, trigram
    // indexes most of all. The transaction puts the indexes back if anything fails.
    const indexes = await secondaryIndexes(tx);
    for (const index of indexes) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);
    for (let first = 0; first < count; first += GOODS_PER_BATCH) {
      const planned = Array.from({ length: Math.min(GOODS_PER_BATCH, count - first) }, (_, offset) =>
        planGoods(first + offset, listedBefore),
      );
      await insertRows(
        tx,
        goods,
        planned.map((item) => item.row),
      );
      // The translations' trigger fills the goods' search documents here.
      await insertRows(
        tx,
        goodsTranslations,
        planned.flatMap((item) => item.translations),
      );
      const skuRows = planned.flatMap((item) => item.skus);
      await insertRows(tx, skus, skuRows);
      skuCount += skuRows.length;
    }
    indexingStarted = performance.now();
    await tx.execute(sql`set local maintenance_work_mem = '128MB'`);
    for (const index of indexes) await tx.execute(sql.raw(index.definition));
  });
  const indexed = performance.now();
  // VACUUM also sets the visibility map, which lets counts run as index-only scans.
  await db.execute(sql`vacuum analyze goods, goods_translations, skus`);
  return {
    goods: count,
    skus: skuCount,
    insertMs: Math.round(indexingStarted - started),
    indexMs: Math.round(indexed - indexingStarted),
    vacuumMs: Math.round(performance.now() - indexed),
  };
}
