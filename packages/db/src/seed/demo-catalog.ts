import type { Locale } from '@shop/contract';
import type { categories, goods, goodsTranslations, GoodsOptionRecord, skus } from '../schema.ts';
import { CATEGORY_TREE, GOODS, SEARCH_EXAMPLE, type GoodsDefinition } from './catalog-data.ts';
import { COUPONS } from './coupon-data.ts';
import { pickOne, randomInt, randomStream, stableUuid } from './deterministic.ts';
import {
  hueColor,
  hueOf,
  iconSvg,
  mediaUrl,
  POSE_COUNT,
  productSvg,
  rasterPicture,
  svgMediaFile,
  type MediaFile,
  type RasterPicture,
  type ShapeName,
} from './images.ts';
import { optionDefinition, type OptionId, type OptionValueDefinition } from './option-data.ts';

/**
 * The demo catalog turned into table rows, once, without touching a database. Stock, sales, discounts and ages are
 * drawn from a random stream per goods, so they are the same on every install; dates are stored as ages and
 * stamped at insert time so "newest" stays meaningful whenever the shop is seeded.
 */

type CategoryRow = typeof categories.$inferInsert & { id: string };
type GoodsRow = Omit<typeof goods.$inferInsert, 'createdAt' | 'updatedAt'> & { id: string };
type TranslationRow = typeof goodsTranslations.$inferInsert;
type SkuRow = typeof skus.$inferInsert & { id: string; price: number; stock: number; sales: number };

export interface PlannedGoods {
  key: string;
  row: GoodsRow & { price: number; stock: number; sales: number; onShelf: boolean };
  /** How long before the seeding the goods was listed. */
  ageMinutes: number;
  discountPercent: number;
  translations: TranslationRow[];
  skus: SkuRow[];
}

const MINUTES_PER_DAY = 24 * 60;
/** Listing dates spread over this many days before seeding. */
const LISTING_WINDOW_DAYS = 90;
const DISCOUNTS = [10, 15, 20, 25, 30] as const;
/** Share of goods on sale, and of SKUs that have run out in goods that are not sold out altogether. */
const SALE_SHARE = 0.35;
const SOLD_OUT_SKU_SHARE = 0.15;
/** At most this many pictures per goods: one per colour, or a few poses. */
const MAX_IMAGES = Math.min(4, POSE_COUNT);
/**
 * Every this many goods (the first among them) has its cover stored as a raster picture, as an upload would be;
 * few enough that rendering them keeps seeding quick.
 */
const RASTER_COVER_EVERY = 18;

/** Prices end in 99 cents, as shoppers expect. */
const toCharmPrice = (cents: number) => Math.max(99, Math.round((cents + 1) / 100) * 100 - 1);

/** The list price less `percent`, rounded to a 99-cent ending when that still undercuts the list price. */
function salePrice(listPrice: number, percent: number): number {
  const reduced = (listPrice * (100 - percent)) / 100;
  const charm = Math.floor(reduced / 100) * 100 + 99;
  return charm < listPrice ? charm : Math.floor(reduced);
}

/** Every combination of the chosen option values, first option varying slowest. */
function combinations(valueLists: readonly (readonly string[])[]): string[][] {
  return valueLists.reduce<string[][]>(
    (combos, values) => combos.flatMap((combo) => values.map((value) => [...combo, value])),
    [[]],
  );
}

function chosenOptions(definition: GoodsDefinition): [OptionId, readonly string[]][] {
  return Object.entries(definition.options) as [OptionId, readonly string[]][];
}

function valueDefinition(optionId: OptionId, valueId: string | undefined): OptionValueDefinition {
  const value = valueId === undefined ? undefined : optionDefinition(optionId).values[valueId];
  if (!value) throw new Error(`Option ${optionId} has no value ${valueId}`);
  return value;
}

function optionRecords(definition: GoodsDefinition): GoodsOptionRecord[] {
  return chosenOptions(definition).map(([optionId, valueIds]) => ({
    id: optionId,
    name: optionDefinition(optionId).name,
    values: valueIds.map((valueId) => ({ id: valueId, name: valueDefinition(optionId, valueId).name })),
  }));
}

/** The SKU's list price: the base price scaled by how much dearer each chosen value is than the goods' first. */
function listPrice(definition: GoodsDefinition, combo: readonly string[]): number {
  let factor = 1;
  for (const [index, [optionId, valueIds]] of chosenOptions(definition).entries()) {
    const first = valueDefinition(optionId, valueIds[0]).priceFactor ?? 1;
    const chosen = valueDefinition(optionId, combo[index]).priceFactor ?? 1;
    factor *= chosen / first;
  }
  return factor === 1 ? definition.price : toCharmPrice(definition.price * factor);
}

interface CategoryLook {
  id: string;
  shape: ShapeName;
  tints: readonly string[];
}

/** The pictures to store, by id: SVGs as they are, raster pictures to be rendered when seeding. */
interface PlannedPictures {
  svg: Map<string, MediaFile>;
  raster: Map<string, RasterPicture>;
}

/** A packed unit's weight by what the goods are, for shipping priced by weight: a mug weighs less than a tent. */
const PACKED_GRAMS: Record<ShapeName, number> = {
  headphones: 450,
  phone: 400,
  bulb: 150,
  keyboard: 1_100,
  lamp: 1_800,
  pan: 1_600,
  mug: 500,
  vase: 1_400,
  shirt: 300,
  shoe: 1_200,
  backpack: 1_000,
  dropper: 120,
  pump: 350,
  dumbbell: 5_200,
  tent: 3_800,
  notebook: 400,
  pen: 60,
  blocks: 900,
  dice: 100,
  coffee: 550,
  cookie: 400,
  bag: 700,
  gift: 800,
  truck: 1_300,
};

function planGoods(
  definition: GoodsDefinition,
  category: CategoryLook,
  pictures: PlannedPictures,
  rasterCover: boolean,
): PlannedGoods {
  const random = randomStream(`goods:${definition.key}`);
  const id = stableUuid(`goods:${definition.key}`);
  const discountPercent = random() < SALE_SHARE ? pickOne(random, DISCOUNTS) : 0;

  const valueLists = chosenOptions(definition).map(([, valueIds]) => valueIds);
  const skuRows = combinations(valueLists).map((combo, sort): SkuRow => {
    const list = listPrice(definition, combo);
    const soldOut = definition.soldOut === true || random() < SOLD_OUT_SKU_SHARE;
    return {
      id: stableUuid(`sku:${definition.key}:${combo.join('/')}`),
      goodsId: id,
      options: combo,
      price: discountPercent ? salePrice(list, discountPercent) : list,
      originalPrice: discountPercent ? list : null,
      stock: soldOut ? 0 : randomInt(random, 3, 240),
      // Cubed so that a few SKUs sell a lot and most sell a little, as in a real shop.
      sales: Math.floor(random() ** 3 * 900),
      sort,
      weightGrams: PACKED_GRAMS[category.shape],
    };
  });
  // Goods not meant to be sold out keep at least one SKU to buy.
  const firstSku = skuRows[0];
  if (!definition.soldOut && firstSku && skuRows.every((sku) => sku.stock === 0)) firstSku.stock = 25;

  const cheapest = skuRows.reduce((best, sku) => (sku.price < best.price ? sku : best));
  const images = productImages(definition, category, random).map((svg, pose) => {
    if (rasterCover && pose === 0) {
      const picture = rasterPicture(svg);
      pictures.raster.set(picture.id, picture);
      return mediaUrl(picture);
    }
    const file = svgMediaFile(svg);
    pictures.svg.set(file.id, file);
    return mediaUrl(file);
  });
  const translations = (Object.entries(definition.text) as [Locale, readonly [string, string]][]).map(
    ([locale, [name, description]]) => ({ goodsId: id, locale, name, description }),
  );
  return {
    key: definition.key,
    row: {
      id,
      categoryId: category.id,
      image: images[0] ?? '',
      images,
      options: optionRecords(definition),
      price: cheapest.price,
      originalPrice: cheapest.originalPrice ?? null,
      stock: skuRows.reduce((sum, sku) => sum + sku.stock, 0),
      sales: skuRows.reduce((sum, sku) => sum + sku.sales, 0),
      onShelf: definition.offShelf !== true,
    },
    ageMinutes: randomInt(random, 30, LISTING_WINDOW_DAYS * MINUTES_PER_DAY),
    discountPercent,
    translations,
    skus: skuRows,
  };
}

/**
 * The drawings of a goods' pictures: one per colour the goods comes in, or two to four poses in one colour when it
 * has no colour option.
 */
function productImages(definition: GoodsDefinition, category: CategoryLook, random: () => number): string[] {
  const backdropHue = hueOf(definition.key);
  const colours = definition.options.color?.map(
    (valueId) => valueDefinition('color', valueId).hex ?? '#888888',
  );
  const [firstTint, ...otherTints] = category.tints;
  const tint = firstTint ? pickOne(random, [firstTint, ...otherTints]) : hueColor(backdropHue);
  const bodies = colours ?? Array.from({ length: randomInt(random, 2, MAX_IMAGES) }, () => tint);
  return bodies.slice(0, MAX_IMAGES).map((body, pose) => productSvg(category.shape, body, backdropHue, pose));
}

function planCatalog() {
  const pictures: PlannedPictures = { svg: new Map(), raster: new Map() };
  const categoryRows: CategoryRow[] = [];
  const looks = new Map<string, CategoryLook>();
  const icon = (key: string, shape: ShapeName) => {
    const file = svgMediaFile(iconSvg(shape, hueOf(key)));
    pictures.svg.set(file.id, file);
    return mediaUrl(file);
  };
  for (const [topIndex, top] of CATEGORY_TREE.entries()) {
    const topId = stableUuid(`category:${top.key}`);
    categoryRows.push({
      id: topId,
      parentId: null,
      name: top.name,
      icon: icon(top.key, top.shape),
      sort: topIndex,
    });
    for (const [childIndex, child] of top.children.entries()) {
      const id = stableUuid(`category:${child.key}`);
      categoryRows.push({
        id,
        parentId: topId,
        name: child.name,
        icon: icon(child.key, child.shape),
        sort: childIndex,
      });
      looks.set(child.key, { id, shape: child.shape, tints: 'tints' in child ? child.tints : [] });
    }
  }
  const plannedGoods = GOODS.map((definition, index) => {
    const look = looks.get(definition.category);
    if (!look) throw new Error(`Goods ${definition.key} names unknown category ${definition.category}`);
    return planGoods(definition, look, pictures, index % RASTER_COVER_EVERY === 0);
  });
  const coupons = COUPONS.map((coupon) => ({ ...coupon, id: stableUuid(`coupon:${coupon.key}`) }));
  return {
    categories: categoryRows,
    goods: plannedGoods,
    coupons,
    /** SVGs, stored as they are. */
    media: [...pictures.svg.values()],
    /** Rendered when seeding (see `renderRasterPictures`). */
    rasterPictures: [...pictures.raster.values()],
  };
}

export const DEMO_CATALOG = planCatalog();

const goodsByKey = (key: string) => {
  const planned = DEMO_CATALOG.goods.find((item) => item.key === key);
  if (!planned) throw new Error(`No demo goods ${key}`);
  return planned;
};

function firstOf<T>(items: readonly T[], what: string): T {
  const item = items[0];
  if (item === undefined) throw new Error(`The demo catalog has no ${what}`);
  return item;
}

/** The item scoring highest; the earliest one wins a tie. */
function highest<T>(items: readonly T[], score: (item: T) => number, what: string): T {
  return items.reduce((best, item) => (score(item) > score(best) ? item : best), firstOf(items, what));
}

const onShelf = DEMO_CATALOG.goods.filter((item) => item.row.onShelf);
const buyable = onShelf.filter((item) => item.row.stock > 0);

/**
 * Goods the home page banners lead to, in banner order and all different: the deepest discount, the newest and
 * the best seller among the rest.
 */
export const BANNER_GOODS_IDS = [
  (item: PlannedGoods) => item.discountPercent,
  (item: PlannedGoods) => -item.ageMinutes,
  (item: PlannedGoods) => item.row.sales,
].reduce<string[]>((picked, score) => {
  const candidates = buyable.filter((item) => !picked.includes(item.row.id));
  return [...picked, highest(candidates, score, 'buyable goods left for a banner').row.id];
}, []);

function namesContaining(locale: Locale, keyword: string): string[] {
  const needle = keyword.toLocaleLowerCase(locale);
  return DEMO_CATALOG.goods
    .filter((item) => item.row.onShelf)
    .filter((item) =>
      item.translations.some((t) => t.locale === locale && t.name.toLocaleLowerCase(locale).includes(needle)),
    )
    .map((item) => item.row.id);
}

const searchGoods = goodsByKey(SEARCH_EXAMPLE.goodsKey);
const nameIn = (item: PlannedGoods, locale: Locale) =>
  item.translations.find((translation) => translation.locale === locale)?.name ?? '';
const partlySoldOut = firstOf(
  buyable.filter((item) => item.skus.some((sku) => sku.stock === 0)),
  'goods with a sold-out SKU',
);
const couponId = (matches: (coupon: (typeof DEMO_CATALOG.coupons)[number]) => boolean, what: string) =>
  firstOf(DEMO_CATALOG.coupons.filter(matches), what).id;

/** Facts about the demo data that tests elsewhere may rely on; all of them are read off the data above. */
export const DEMO_FACTS = {
  topLevelCategoryCount: DEMO_CATALOG.categories.filter((category) => category.parentId === null).length,
  categoryCount: DEMO_CATALOG.categories.length,
  goodsCount: DEMO_CATALOG.goods.length,
  onShelfGoodsCount: onShelf.length,
  skuCount: DEMO_CATALOG.goods.reduce((sum, item) => sum + item.skus.length, 0),
  couponCount: DEMO_CATALOG.coupons.length,
  /** A goods whose name holds the keyword, and every on-shelf goods whose name does, per locale. */
  search: {
    goodsId: searchGoods.row.id,
    name: { 'en-US': nameIn(searchGoods, 'en-US'), 'zh-CN': nameIn(searchGoods, 'zh-CN') },
    keyword: SEARCH_EXAMPLE.keyword,
    onShelfGoodsIdsByName: {
      'en-US': namesContaining('en-US', SEARCH_EXAMPLE.keyword['en-US']),
      'zh-CN': namesContaining('zh-CN', SEARCH_EXAMPLE.keyword['zh-CN']),
    },
  },
  /** On shelf, with some SKUs in stock and `skuId` at stock 0. */
  partlySoldOut: {
    goodsId: partlySoldOut.row.id,
    skuId: firstOf(
      partlySoldOut.skus.filter((sku) => sku.stock === 0),
      'sold-out SKU',
    ).id,
  },
  /** On shelf with every SKU at stock 0. */
  soldOutGoodsIds: onShelf.filter((item) => item.row.stock === 0).map((item) => item.row.id),
  offShelfGoodsIds: DEMO_CATALOG.goods.filter((item) => !item.row.onShelf).map((item) => item.row.id),
  discountedGoodsIds: DEMO_CATALOG.goods
    .filter((item) => item.discountPercent > 0)
    .map((item) => item.row.id),
  /** On shelf, with a raster cover (a JPEG original with WebP copies); the other pictures are SVGs. */
  rasterCoverGoodsIds: onShelf
    .filter((item) => DEMO_CATALOG.rasterPictures.some((picture) => mediaUrl(picture) === item.row.image))
    .map((item) => item.row.id),
  coupons: {
    expiredId: couponId((coupon) => coupon.endsInDays < 0, 'expired coupon'),
    notStartedId: couponId((coupon) => coupon.startsInDays > 0, 'coupon yet to start'),
    /** Claimable now with exactly 5 left. */
    almostGoneId: couponId((coupon) => coupon.total - coupon.claimed === 5, 'coupon with 5 left'),
  },
};
