import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  categories,
  coupons,
  goods,
  goodsTranslations,
  marketCountries,
  markets,
  media,
  regions,
  shippingZonePlaces,
  shippingZones,
  shopSettings,
  skus,
  taxRates,
} from '../schema.ts';
import { BANNER_GOODS_IDS, DEMO_CATALOG } from './demo-catalog.ts';
import { inChunks } from './deterministic.ts';
import { renderRasterPictures, type MediaFile } from './images.ts';
import { defaultMarketRows, defaultShippingZones, defaultTaxRates } from './markets.ts';
import { regionRows } from './regions.ts';
import { bannerRecords, defaultShopSettings, SETTINGS_MEDIA } from './settings.ts';

export { DEMO_CATALOG, DEMO_FACTS } from './demo-catalog.ts';
export { pickOne, randomInt, randomStream, stableUuid } from './deterministic.ts';

/** Rows per INSERT: large enough to be quick, small enough to stay far below PostgreSQL's parameter limit. */
const BATCH_SIZE = 500;
/**
 * Both seeders hold this transaction-level advisory lock, so instances starting together against one PostgreSQL
 * wait for each other and the second finds the work done instead of failing on duplicate keys.
 */
const SEED_LOCK_KEY = 7_302_114;
const SETTINGS_ID = 1;
const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 24 * 60 * MS_PER_MINUTE;

async function takeSeedLock(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
}

async function storeMedia(tx: Db, files: readonly MediaFile[]): Promise<void> {
  for (const batch of inChunks(files, BATCH_SIZE)) {
    await tx.insert(media).values(batch).onConflictDoNothing();
  }
}

/**
 * What every shop needs, demo or not: the region tree for addresses and the settings row. Safe to run at every
 * start: it only fills what is missing and never overwrites what staff have changed.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await takeSeedLock(tx);
    const [anyRegion] = await tx.select({ code: regions.code }).from(regions).limit(1);
    if (!anyRegion) {
      for (const batch of inChunks(regionRows(), BATCH_SIZE)) await tx.insert(regions).values(batch);
    }
    const [settings] = await tx
      .select({ id: shopSettings.id })
      .from(shopSettings)
      .where(eq(shopSettings.id, SETTINGS_ID));
    if (!settings) {
      await storeMedia(tx, SETTINGS_MEDIA);
      await tx.insert(shopSettings).values({ id: SETTINGS_ID, data: defaultShopSettings() });
    }
    const [anyMarket] = await tx.select({ code: markets.code }).from(markets).limit(1);
    if (!anyMarket) {
      const rows = defaultMarketRows();
      await tx.insert(markets).values(rows.markets);
      await tx.insert(marketCountries).values(rows.countries);
      // A new shop's markets come with their taxes; staff's own rates are never overwritten.
      const [anyRate] = await tx.select({ id: taxRates.id }).from(taxRates).limit(1);
      if (!anyRate) await tx.insert(taxRates).values(defaultTaxRates());
      const [anyZone] = await tx.select({ id: shippingZones.id }).from(shippingZones).limit(1);
      if (!anyZone) {
        for (const zone of defaultShippingZones()) {
          const [row] = await tx
            .insert(shippingZones)
            .values({ names: zone.names, methods: zone.methods })
            .returning({ id: shippingZones.id });
          await tx.insert(shippingZonePlaces).values(
            zone.places.map((place) => ({
              country: place.country,
              region: place.region ?? '',
              zoneId: row!.id,
            })),
          );
        }
      }
    }
  });
}

/**
 * Fills an empty catalog with the demo shop: categories, goods with SKUs and pictures, coupons, and banners that
 * lead to demo goods. Does nothing once any goods exist, so a shop that has its own catalog is never touched.
 */
export async function seedDemo(db: Db): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    await takeSeedLock(tx);
    const [anyGoods] = await tx.select({ id: goods.id }).from(goods).limit(1);
    if (anyGoods) return { seeded: false };

    const now = Date.now();
    // Rendered on sharp's threads while the rows below are written (nothing refers to media rows by key); a
    // failure surfaces where it is awaited.
    const rasterMedia = renderRasterPictures(DEMO_CATALOG.rasterPictures);
    rasterMedia.catch(() => undefined);
    await storeMedia(tx, [...DEMO_CATALOG.media, ...SETTINGS_MEDIA]);
    // Parents first: a child's parent_id must already exist.
    await tx
      .insert(categories)
      .values(DEMO_CATALOG.categories.filter((category) => category.parentId === null));
    await tx
      .insert(categories)
      .values(DEMO_CATALOG.categories.filter((category) => category.parentId !== null));
    const goodsRows = DEMO_CATALOG.goods.map(({ row, ageMinutes }) => {
      const listedAt = new Date(now - ageMinutes * MS_PER_MINUTE);
      return { ...row, createdAt: listedAt, updatedAt: listedAt };
    });
    for (const batch of inChunks(goodsRows, BATCH_SIZE)) await tx.insert(goods).values(batch);
    const translations = DEMO_CATALOG.goods.flatMap((item) => item.translations);
    for (const batch of inChunks(translations, BATCH_SIZE)) await tx.insert(goodsTranslations).values(batch);
    const skuRows = DEMO_CATALOG.goods.flatMap((item) => item.skus);
    for (const batch of inChunks(skuRows, BATCH_SIZE)) await tx.insert(skus).values(batch);
    await tx.insert(coupons).values(
      DEMO_CATALOG.coupons.map((coupon) => ({
        id: coupon.id,
        title: coupon.title,
        kind: coupon.kind,
        value: coupon.value,
        minSpend: coupon.minSpend,
        startsAt: new Date(now + coupon.startsInDays * MS_PER_DAY),
        endsAt: new Date(now + coupon.endsInDays * MS_PER_DAY),
        total: coupon.total,
        claimed: coupon.claimed,
        perUserLimit: coupon.perUserLimit,
      })),
    );
    await storeMedia(tx, await rasterMedia);

    const banners = bannerRecords(BANNER_GOODS_IDS.map((id) => `/detail?id=${id}`));
    const [settings] = await tx.select().from(shopSettings).where(eq(shopSettings.id, SETTINGS_ID));
    if (settings) {
      await tx
        .update(shopSettings)
        .set({ data: { ...settings.data, banners }, updatedAt: new Date(now) })
        .where(eq(shopSettings.id, SETTINGS_ID));
    } else {
      await tx.insert(shopSettings).values({ id: SETTINGS_ID, data: { ...defaultShopSettings(), banners } });
    }
    return { seeded: true };
  });
}
