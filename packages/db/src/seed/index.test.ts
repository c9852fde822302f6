import { count, eq, ilike, inArray } from 'drizzle-orm';
import { imageSrcset } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client.ts';
import {
  categories,
  coupons,
  goods,
  goodsTranslations,
  media,
  regions,
  shopSettings,
  skus,
} from '../schema.ts';
import { createTestDatabase } from '../testing.ts';
import { DEMO_FACTS, seedDemo, seedReferenceData } from './index.ts';

const LOCALES = ['en-US', 'pt-BR', 'zh-CN', 'zh-TW'] as const;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Seeding takes well under a second; the margin is for slow CI machines. */
const SEED_TIMEOUT_MS = 30_000;

async function rowCount(
  database: Database,
  table: typeof goods | typeof regions | typeof media | typeof coupons,
) {
  const [row] = await database.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

const mediaId = (url: string) => url.replace(/^\/media\//, '');

describe('seedReferenceData', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedReferenceData(database.db);
  }, SEED_TIMEOUT_MS);
  afterAll(() => database.close());

  it('loads every country with its states or provinces', async () => {
    const { db } = database;
    const countryCodes = (await db.select().from(regions).where(eq(regions.level, 1))).map((r) => r.code);
    expect(countryCodes.length).toBeGreaterThan(200);
    expect(countryCodes).toEqual(expect.arrayContaining(['BR', 'CN', 'US', 'TW', 'PT']));

    const [brazil] = await db.select().from(regions).where(eq(regions.code, 'BR'));
    expect(brazil).toMatchObject({ name: 'Brazil', level: 1, parentCode: null });
    const brazilianStates = await db.select().from(regions).where(eq(regions.parentCode, 'BR'));
    expect(brazilianStates).toHaveLength(27);
    expect(brazilianStates).toContainEqual(
      expect.objectContaining({ code: 'BR-SP', name: 'São Paulo', level: 2 }),
    );
    expect((await db.select().from(regions).where(eq(regions.parentCode, 'CN'))).length).toBeGreaterThan(30);
    expect(await db.select().from(regions).where(eq(regions.parentCode, 'US'))).toContainEqual(
      expect.objectContaining({ code: 'US-CA', name: 'California' }),
    );
  });

  it('orders siblings by name and links every region to a country', async () => {
    const rows = await database.db.select().from(regions);
    const countries = new Set(rows.filter((r) => r.level === 1).map((r) => r.code));
    expect(
      rows.filter((r) => r.level === 2).every((r) => r.parentCode !== null && countries.has(r.parentCode)),
    ).toBe(true);
    const brazilianStates = rows.filter((r) => r.parentCode === 'BR').sort((a, b) => a.sort - b.sort);
    expect(brazilianStates[0]?.name).toBe('Acre');
    expect(brazilianStates.at(-1)?.name).toBe('Tocantins');
  });

  it('creates the shop settings with a stored logo and banners that lead home', async () => {
    const { db } = database;
    const [row] = await db.select().from(shopSettings);
    const settings = row!.data;
    for (const locale of LOCALES) expect(settings.shopName[locale]).toBeTruthy();
    expect(settings).toMatchObject({
      currency: 'USD',
      defaultLocale: 'en-US',
      shippingFee: 800,
      freeShippingOver: 9900,
      paymentWindowMinutes: 30,
    });
    expect(settings.banners).toHaveLength(3);
    expect(settings.banners.every((banner) => banner.link === '/')).toBe(true);
    const imageIds = [settings.logo, ...settings.banners.map((banner) => banner.image)].map(mediaId);
    const stored = await db.select().from(media).where(inArray(media.id, imageIds));
    expect(stored).toHaveLength(imageIds.length);
    expect(stored.every((file) => file.contentType === 'image/svg+xml')).toBe(true);
  });

  it('adds nothing when run again and keeps edited settings', async () => {
    const { db } = database;
    const regionsBefore = await rowCount(database, regions);
    const [row] = await db.select().from(shopSettings);
    const edited = { ...row!.data, shippingFee: 500 };
    await db.update(shopSettings).set({ data: edited });

    await seedReferenceData(db);

    expect(await rowCount(database, regions)).toBe(regionsBefore);
    const [after] = await db.select().from(shopSettings);
    expect(after!.data.shippingFee).toBe(500);
  });
});

describe('seedDemo', () => {
  let database: Database;
  let firstRun: { seeded: boolean };
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedReferenceData(database.db);
    firstRun = await seedDemo(database.db);
  }, SEED_TIMEOUT_MS);
  afterAll(() => database.close());

  it('seeds an empty catalog', () => {
    expect(firstRun).toEqual({ seeded: true });
  });

  it('creates at least 8 top-level categories, each with 1 to 3 children, named in every locale', async () => {
    const rows = await database.db.select().from(categories);
    const topLevel = rows.filter((c) => c.parentId === null);
    expect(topLevel.length).toBeGreaterThanOrEqual(8);
    expect(topLevel).toHaveLength(DEMO_FACTS.topLevelCategoryCount);
    for (const top of topLevel) {
      const children = rows.filter((c) => c.parentId === top.id);
      expect(children.length).toBeGreaterThanOrEqual(1);
      expect(children.length).toBeLessThanOrEqual(3);
    }
    for (const category of rows) {
      for (const locale of LOCALES) expect(category.name[locale]).toBeTruthy();
      expect(category.icon).toMatch(/^\/media\/[0-9a-f]{16}\.svg$/);
    }
  });

  it('puts at least 60 goods in child categories, each named and described in every locale', async () => {
    const { db } = database;
    const goodsRows = await db.select().from(goods);
    expect(goodsRows.length).toBeGreaterThanOrEqual(60);
    expect(goodsRows).toHaveLength(DEMO_FACTS.goodsCount);
    const childIds = new Set(
      (await db.select().from(categories))
        .filter((category) => category.parentId !== null)
        .map((category) => category.id),
    );
    expect(goodsRows.every((item) => childIds.has(item.categoryId))).toBe(true);

    const translations = await db.select().from(goodsTranslations);
    for (const item of goodsRows) {
      const own = translations.filter((t) => t.goodsId === item.id);
      expect(own.map((t) => t.locale).sort()).toEqual([...LOCALES].sort());
      for (const translation of own) {
        expect(translation.name.trim()).not.toBe('');
        expect(translation.description.trim()).not.toBe('');
      }
      // Each locale is a translation, not a copy of the English text.
      expect(new Set(own.map((t) => t.description)).size).toBe(LOCALES.length);
    }
  });

  it('keeps every goods in step with its 2 to 9 SKUs', async () => {
    const { db } = database;
    const goodsRows = await db.select().from(goods);
    const skuRows = await db.select().from(skus);
    expect(skuRows).toHaveLength(DEMO_FACTS.skuCount);
    for (const item of goodsRows) {
      const own = skuRows.filter((sku) => sku.goodsId === item.id);
      expect(own.length).toBeGreaterThanOrEqual(2);
      expect(own.length).toBeLessThanOrEqual(9);
      const cheapest = own.reduce((best, sku) => (sku.price < best.price ? sku : best));
      expect(item.price).toBe(cheapest.price);
      expect(item.originalPrice).toBe(cheapest.originalPrice);
      expect(item.stock).toBe(own.reduce((sum, sku) => sum + sku.stock, 0));
      expect(item.sales).toBe(own.reduce((sum, sku) => sum + sku.sales, 0));
      const combinations = item.options.reduce((product, option) => product * option.values.length, 1);
      expect(own).toHaveLength(combinations);
      for (const sku of own) {
        expect(sku.options).toHaveLength(item.options.length);
        expect(Number.isInteger(sku.price) && sku.price > 0).toBe(true);
        if (sku.originalPrice !== null) expect(sku.originalPrice).toBeGreaterThan(sku.price);
      }
      for (const option of item.options) {
        for (const locale of LOCALES) expect(option.name[locale]).toBeTruthy();
        for (const value of option.values)
          for (const locale of LOCALES) expect(value.name[locale]).toBeTruthy();
      }
    }
  });

  it('has discounts, sold-out SKUs, sold-out and hidden goods, and listing dates over 90 days', async () => {
    const { db } = database;
    const goodsRows = await db.select().from(goods);
    expect(goodsRows.filter((item) => item.originalPrice !== null).length).toBeGreaterThanOrEqual(5);
    expect(goodsRows.filter((item) => item.onShelf)).toHaveLength(DEMO_FACTS.onShelfGoodsCount);
    expect(DEMO_FACTS.offShelfGoodsIds.length).toBeGreaterThan(0);
    expect(DEMO_FACTS.soldOutGoodsIds.length).toBeGreaterThan(0);
    for (const id of DEMO_FACTS.soldOutGoodsIds) {
      expect(goodsRows.find((item) => item.id === id)).toMatchObject({ stock: 0, onShelf: true });
    }
    const [soldOutSku] = await db.select().from(skus).where(eq(skus.id, DEMO_FACTS.partlySoldOut.skuId));
    expect(soldOutSku).toMatchObject({ goodsId: DEMO_FACTS.partlySoldOut.goodsId, stock: 0 });
    expect(goodsRows.find((item) => item.id === DEMO_FACTS.partlySoldOut.goodsId)!.stock).toBeGreaterThan(0);
    expect(new Set(goodsRows.map((item) => item.sales)).size).toBeGreaterThan(30);

    const ages = goodsRows.map((item) => Date.now() - item.createdAt.getTime());
    expect(Math.max(...ages)).toBeLessThanOrEqual(90 * DAY_MS);
    expect(Math.max(...ages) - Math.min(...ages)).toBeGreaterThan(60 * DAY_MS);
  });

  it('stores 2 to 4 pictures per goods, the first one as the cover: small SVGs and a few raster covers', async () => {
    const { db } = database;
    const goodsRows = await db.select().from(goods);
    const urls = new Set<string>();
    for (const item of goodsRows) {
      expect(item.images.length).toBeGreaterThanOrEqual(2);
      expect(item.images.length).toBeLessThanOrEqual(4);
      expect(item.image).toBe(item.images[0]);
      for (const url of item.images) urls.add(url);
    }
    const stored = await db
      .select()
      .from(media)
      .where(inArray(media.id, [...urls].map(mediaId)));
    expect(stored).toHaveLength(urls.size);
    const svgs = stored.filter((file) => file.id.endsWith('.svg'));
    for (const file of svgs) {
      expect(file.contentType).toBe('image/svg+xml');
      expect(file.bytes.length).toBeLessThan(3 * 1024);
      expect(file.bytes.toString('utf8')).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    }

    // The rest are JPEG covers 800 pixels square, each with its WebP copies under the ids its srcset names.
    const rasters = stored.filter((file) => !file.id.endsWith('.svg'));
    const rasterCovered = goodsRows.filter((item) =>
      rasters.some((file) => item.image === `/media/${file.id}`),
    );
    expect(rasters.length).toBeGreaterThanOrEqual(3);
    expect(rasterCovered.map((item) => item.id)).toEqual(
      expect.arrayContaining(DEMO_FACTS.rasterCoverGoodsIds),
    );
    for (const file of rasters) {
      expect(file.id).toMatch(/^[0-9a-f]{32}-800x800\.jpg$/);
      expect(file.contentType).toBe('image/jpeg');
      expect(file.bytes.subarray(0, 3).toString('hex')).toBe('ffd8ff');
      const copies = imageSrcset(`/media/${file.id}`)!
        .split(', ')
        .map((candidate) => candidate.split(' ') as [string, string]);
      expect(copies.map(([, width]) => width)).toEqual(['320w', '640w', '800w']);
      const copyRows = await db
        .select()
        .from(media)
        .where(
          inArray(
            media.id,
            copies.map(([url]) => mediaId(url)),
          ),
        );
      expect(copyRows).toHaveLength(3);
      for (const copy of copyRows) {
        expect(copy.contentType).toBe('image/webp');
        expect(copy.bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
        expect(copy.bytes.length).toBeLessThan(file.bytes.length);
      }
    }
  });

  it('finds the known goods by a word of its name in English and Chinese', async () => {
    const { db } = database;
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const found = await db
        .select({ goodsId: goodsTranslations.goodsId })
        .from(goodsTranslations)
        .where(ilike(goodsTranslations.name, `%${DEMO_FACTS.search.keyword[locale]}%`));
      expect(found.map((row) => row.goodsId)).toContain(DEMO_FACTS.search.goodsId);
      expect(DEMO_FACTS.search.onShelfGoodsIdsByName[locale]).toContain(DEMO_FACTS.search.goodsId);
    }
  });

  it('offers coupons that are valid now, expired, not yet started and nearly gone', async () => {
    const rows = await database.db.select().from(coupons);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.length).toBeLessThanOrEqual(6);
    expect(new Set(rows.map((coupon) => coupon.kind))).toEqual(new Set(['amount', 'percent']));
    const now = Date.now();
    const validNow = rows.filter((c) => c.startsAt.getTime() <= now && now < c.endsAt.getTime());
    expect(validNow.length).toBeGreaterThan(rows.length / 2);
    const byId = (id: string) => rows.find((coupon) => coupon.id === id)!;
    expect(byId(DEMO_FACTS.coupons.expiredId).endsAt.getTime()).toBeLessThan(now);
    expect(byId(DEMO_FACTS.coupons.notStartedId).startsAt.getTime()).toBeGreaterThan(now);
    const almostGone = byId(DEMO_FACTS.coupons.almostGoneId);
    expect(almostGone.total - almostGone.claimed).toBe(5);
    expect(validNow).toContain(almostGone);
    for (const coupon of rows) for (const locale of LOCALES) expect(coupon.title[locale]).toBeTruthy();
  });

  it('points the banners at different seeded goods that shoppers can buy', async () => {
    const { db } = database;
    const [row] = await db.select().from(shopSettings);
    const ids = row!.data.banners.map((banner) => new URLSearchParams(banner.link.split('?')[1]).get('id'));
    expect(row!.data.banners.every((banner) => banner.link.startsWith('/detail?id='))).toBe(true);
    expect(new Set(ids).size).toBe(row!.data.banners.length);
    const linked = await db
      .select()
      .from(goods)
      .where(
        inArray(
          goods.id,
          ids.filter((id) => id !== null),
        ),
      );
    expect(linked).toHaveLength(ids.length);
    expect(linked.every((item) => item.onShelf && item.stock > 0)).toBe(true);
  });

  it('does nothing once the catalog has goods, and reference data leaves it alone', async () => {
    const { db } = database;
    const goodsBefore = await rowCount(database, goods);
    const mediaBefore = await rowCount(database, media);
    const [settingsBefore] = await db.select().from(shopSettings);

    expect(await seedDemo(db)).toEqual({ seeded: false });
    await seedReferenceData(db);

    expect(await rowCount(database, goods)).toBe(goodsBefore);
    expect(await rowCount(database, media)).toBe(mediaBefore);
    expect(await rowCount(database, coupons)).toBe(DEMO_FACTS.couponCount);
    const [settingsAfter] = await db.select().from(shopSettings);
    expect(settingsAfter!.data).toEqual(settingsBefore!.data);
  });

  it(
    'does not seed over a catalog that staff started',
    async () => {
      const own = await createTestDatabase();
      try {
        const [category] = await own.db
          .insert(categories)
          .values({ name: { 'en-US': 'Ours' } })
          .returning();
        await own.db
          .insert(goods)
          .values({ categoryId: category!.id, image: '', images: [], options: [], price: 100 });

        expect(await seedDemo(own.db)).toEqual({ seeded: false });
        expect(await rowCount(own, goods)).toBe(1);
        expect(await rowCount(own, coupons)).toBe(0);
      } finally {
        await own.close();
      }
    },
    SEED_TIMEOUT_MS,
  );
});

describe('seedDemo without reference data', () => {
  it(
    'creates the settings itself, with banners that lead to seeded goods',
    async () => {
      const database = await createTestDatabase();
      try {
        expect(await seedDemo(database.db)).toEqual({ seeded: true });
        const [row] = await database.db.select().from(shopSettings);
        expect(row!.data.banners.every((banner) => banner.link.startsWith('/detail?id='))).toBe(true);
        expect(await rowCount(database, regions)).toBe(0);
      } finally {
        await database.close();
      }
    },
    SEED_TIMEOUT_MS,
  );
});
