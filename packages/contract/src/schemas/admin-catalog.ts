import { z } from 'zod';
import { SUPPORTED_LOCALES, type Locale, type LocalizedText } from '../locale.ts';
import { MEDIA_ID_PATTERN } from '../media.ts';
import type { MessageKey } from '../messages.ts';
import { isEmail } from '../field-checks.ts';
import { idField, intParam, textParam } from '../validation.ts';
import { couponKindValues } from './shop.ts';
import { adminPageQuery } from './staff.ts';

/**
 * The back office's catalog, coupons and shop settings (`/v1/admin/goods`, `/categories`, `/coupons`, `/settings`,
 * `/media`). Texts staff enter are kept per locale; a text must at least exist in the shop's default locale, which
 * the server checks (the default locale is a setting, so no static schema can).
 */

const msg = (key: MessageKey) => ({ error: key });

/** Money typed by staff: whole minor units, never negative, at most ten million major units. */
export const MAX_MONEY = 1_000_000_000;
export const moneyField = z
  .number(msg('validation.integer'))
  .int(msg('validation.integer'))
  .min(0, msg('validation.outOfRange'))
  .max(MAX_MONEY, msg('validation.outOfRange'));
export const countField = (min: number, max: number) =>
  z
    .number(msg('validation.integer'))
    .int(msg('validation.integer'))
    .min(min, msg('validation.outOfRange'))
    .max(max, msg('validation.outOfRange'));

/** Goods whose stock across all SKUs is at most this are "low stock" in the goods table's filter. */
export const GOODS_LOW_STOCK_THRESHOLD = 10;
export const MAX_GOODS_IMAGES = 12;
export const MAX_GOODS_OPTIONS = 3;
export const MAX_OPTION_VALUES = 30;
export const MAX_GOODS_SKUS = 300;
export const MAX_GOODS_NAME = 200;
export const MAX_GOODS_DESCRIPTION = 5_000;
export const MAX_BANNERS = 10;
/** Stock staff may type for one SKU. */
export const MAX_SKU_STOCK = 10_000_000;

/** An image stored by the shop: `/media/<id>`, as `POST /v1/admin/media` answers. */
export const MEDIA_URL_PATTERN = new RegExp(`^/media/${MEDIA_ID_PATTERN.source.slice(1, -1)}$`);
export const mediaUrlField = z
  .string(msg('validation.media'))
  .regex(MEDIA_URL_PATTERN, msg('validation.media'));

/** HTML tags and comments: descriptions are plain text shown as text, so markup would only show as code. */
const HTML_TAG = /<\/?[a-z!][^>]*>/i;
export const isPlainText = (text: string) => !HTML_TAG.test(text);

/**
 * Banner links: a path inside the shop (`/detail?id=…`, not `//host`), or an http(s) address. Anything else
 * (`javascript:`, `data:`) is refused.
 */
export function isSafeLink(link: string): boolean {
  if (link.startsWith('/')) return !link.startsWith('//') && !link.startsWith('/\\');
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * One short text per locale, each optional. Blank entries are dropped, so `pickText`'s fallback finds a real
 * translation instead of an empty string.
 */
export function localizedTextField(max: number) {
  const entry = z.string(msg('validation.invalid')).trim().max(max, msg('validation.tooLong')).optional();
  const shape = Object.fromEntries(SUPPORTED_LOCALES.map((l) => [l, entry])) as Record<Locale, typeof entry>;
  return z
    .strictObject(shape, msg('validation.required'))
    .transform((text) => withoutBlanks(text as LocalizedText));
}

export function withoutBlanks(text: LocalizedText): LocalizedText {
  return Object.fromEntries(Object.entries(text).filter(([, value]) => value)) as LocalizedText;
}

/** The same, with at least one non-blank translation. */
export function requiredLocalizedText(max: number) {
  return localizedTextField(max).refine((text) => Object.keys(text).length > 0, msg('validation.required'));
}

export const localizedTextSchema = z.partialRecord(z.enum(SUPPORTED_LOCALES), z.string());

// ---------------------------------------------------------------------------------------------------------------
// Goods

export const adminGoodsSortValues = [
  'newest',
  'oldest',
  'updated',
  'price_asc',
  'price_desc',
  'stock_asc',
  'stock_desc',
  'sales_desc',
] as const;
export type AdminGoodsSort = (typeof adminGoodsSortValues)[number];

const flagParam = z.enum(['true', 'false'], msg('validation.invalid')).transform((v) => v === 'true');

/** `GET /v1/admin/goods` and its CSV export: every goods, on shelf or not. */
export const adminGoodsQuerySchema = z.strictObject({
  /** Words each found in the goods' names in some locale (or the goods' id). */
  keyword: textParam(100).optional(),
  /** The category or any of its children. */
  categoryId: idField.optional(),
  onShelf: flagParam.optional(),
  /** Stock across all SKUs at most `GOODS_LOW_STOCK_THRESHOLD`. */
  lowStock: flagParam.optional(),
  minPrice: intParam(0, MAX_MONEY).optional(),
  maxPrice: intParam(0, MAX_MONEY).optional(),
  sort: z.enum(adminGoodsSortValues, msg('validation.invalid')).default('newest'),
  ...adminPageQuery,
});
export type AdminGoodsQuery = z.infer<typeof adminGoodsQuerySchema>;
export type AdminGoodsQueryInput = z.input<typeof adminGoodsQuerySchema>;
/** The export takes the same filters and sort, and no paging: it holds every match. */
export const adminGoodsExportQuerySchema = adminGoodsQuerySchema.omit({ page: true, pageSize: true });
export type AdminGoodsExportQuery = z.infer<typeof adminGoodsExportQuerySchema>;

export const adminGoodsRowSchema = z.object({
  id: z.string(),
  /** In the request's locale, else the shop's default, else any. */
  name: z.string(),
  image: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  price: z.number().int(),
  originalPrice: z.number().int().nullable(),
  currency: z.string().length(3),
  stock: z.number().int(),
  sales: z.number().int(),
  skuCount: z.number().int(),
  onShelf: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminGoodsRow = z.infer<typeof adminGoodsRowSchema>;

const optionIdField = z
  .string(msg('validation.invalid'))
  .regex(/^[A-Za-z0-9_-]{1,40}$/, msg('validation.invalid'));

export const goodsTranslationInputSchema = z.strictObject({
  name: z.string(msg('validation.required')).trim().max(MAX_GOODS_NAME, msg('validation.tooLong')),
  /** Plain text; paragraphs separated by blank lines. */
  description: z
    .string(msg('validation.invalid'))
    .trim()
    .max(MAX_GOODS_DESCRIPTION, msg('validation.tooLong'))
    .transform((text) => text.replace(/\r\n?/g, '\n'))
    .refine(isPlainText, msg('validation.plainText')),
});

const translationsShape = Object.fromEntries(
  SUPPORTED_LOCALES.map((l) => [l, goodsTranslationInputSchema.optional()]),
) as Record<Locale, ReturnType<typeof goodsTranslationInputSchema.optional>>;

export const goodsOptionInputSchema = z.strictObject({
  /** Kept by the goods; new options and values get ids chosen by the client (letters, digits, - and _). */
  id: optionIdField,
  name: requiredLocalizedText(40),
  values: z
    .array(
      z.strictObject({
        id: optionIdField,
        name: requiredLocalizedText(40),
        /** The value's own picture (a colour's photo), shown when a shopper chooses it; null or omitted: none. */
        image: mediaUrlField.nullish(),
      }),
      msg('validation.invalid'),
    )
    .min(1, msg('validation.required'))
    .max(MAX_OPTION_VALUES, msg('validation.outOfRange')),
});

/** A SKU's price in one currency set by staff: the price and its list price before discount (above it, or null). */
export const skuPriceInputSchema = z.strictObject({
  price: moneyField,
  originalPrice: moneyField.nullable(),
});

export const skuPricesInputSchema = z
  .record(
    z.string(msg('validation.currency')).refine(isCurrencyCode, msg('validation.currency')),
    skuPriceInputSchema,
    msg('validation.invalid'),
  )
  .refine((prices) => Object.keys(prices).length <= 20, msg('validation.outOfRange'));

export const goodsSkuInputSchema = z.strictObject({
  /** An existing SKU of this goods keeps its id (carts and order lines point at it); omitted for a new one. */
  id: idField.optional(),
  /** One value id per option, in the options' order. */
  options: z
    .array(optionIdField, msg('validation.invalid'))
    .max(MAX_GOODS_OPTIONS, msg('validation.invalid')),
  price: moneyField,
  /** The list price before discount: above `price`, or null. */
  originalPrice: moneyField.nullable(),
  stock: countField(0, MAX_SKU_STOCK),
  /** A packed unit's weight in grams, for shipping priced by weight. Left out: unchanged (0 for a new SKU). */
  weightGrams: countField(0, 1_000_000).optional(),
  /**
   * Staff's own prices in other currencies (minor units), by ISO 4217 code: a market in one of them sells the SKU
   * at this price instead of converting `price` at its rate. Not the shop's own currency (that is `price`). Left
   * out: unchanged (none for a new SKU); `{}` takes every own price away.
   */
  prices: skuPricesInputSchema.optional(),
  /**
   * With `id` (required there, as the server checks like the id itself; refused without): the SKU's stock as the
   * editor loaded it, the detail reply's figure. Orders take and give back stock while a form is open, so `stock`
   * is written only if the SKU still holds this figure; otherwise the whole save is refused with code 2 (HTTP 409)
   * and the editor reloads the figures. A `stock` equal to it means "not changed": the SKU keeps whatever orders
   * have left it.
   */
  expectedStock: countField(0, 2 ** 31 - 1).optional(),
});

/** `POST /v1/admin/goods` and `PUT /v1/admin/goods/:id`: the whole goods, written in one transaction. */
export const goodsInputSchema = z
  .strictObject({
    categoryId: idField,
    /** Name and description per locale; the shop's default locale must have a name. */
    translations: z.strictObject(translationsShape, msg('validation.required')),
    /** Ordered; the first is the cover. */
    images: z
      .array(mediaUrlField, msg('validation.goods.images'))
      .min(1, msg('validation.goods.images'))
      .max(MAX_GOODS_IMAGES, msg('validation.outOfRange')),
    options: z
      .array(goodsOptionInputSchema, msg('validation.invalid'))
      .max(MAX_GOODS_OPTIONS, msg('validation.outOfRange')),
    skus: z
      .array(goodsSkuInputSchema, msg('validation.goods.skus'))
      .min(1, msg('validation.goods.skus'))
      .max(MAX_GOODS_SKUS, msg('validation.outOfRange')),
    onShelf: z.boolean(msg('validation.invalid')),
  })
  .superRefine((input, ctx) => {
    const issue = (path: (string | number)[], key: MessageKey) =>
      ctx.addIssue({ code: 'custom', path, message: key });
    for (const [locale, translation] of Object.entries(input.translations)) {
      if (translation && !translation.name) issue(['translations', locale, 'name'], 'validation.required');
    }
    const optionIds = new Set<string>();
    input.options.forEach((option, o) => {
      if (optionIds.has(option.id)) issue(['options', o, 'id'], 'validation.goods.duplicateId');
      optionIds.add(option.id);
      const valueIds = new Set<string>();
      option.values.forEach((value, v) => {
        if (valueIds.has(value.id)) issue(['options', o, 'values', v, 'id'], 'validation.goods.duplicateId');
        valueIds.add(value.id);
      });
    });
    const combinations = new Set<string>();
    const skuIds = new Set<string>();
    input.skus.forEach((sku, s) => {
      if (sku.id) {
        if (skuIds.has(sku.id)) issue(['skus', s, 'id'], 'validation.goods.duplicateId');
        skuIds.add(sku.id);
      } else if (sku.expectedStock !== undefined) {
        issue(['skus', s, 'expectedStock'], 'validation.invalid');
      }
      const fits =
        sku.options.length === input.options.length &&
        sku.options.every((valueId, o) => input.options[o]?.values.some((v) => v.id === valueId));
      if (!fits) issue(['skus', s, 'options'], 'validation.goods.skuOptions');
      const combination = JSON.stringify(sku.options);
      if (fits && combinations.has(combination)) {
        issue(['skus', s, 'options'], 'validation.goods.duplicateCombination');
      }
      combinations.add(combination);
      if (sku.originalPrice !== null && sku.originalPrice <= sku.price) {
        issue(['skus', s, 'originalPrice'], 'validation.goods.originalPrice');
      }
      for (const [currency, own] of Object.entries(sku.prices ?? {})) {
        if (own.originalPrice !== null && own.originalPrice <= own.price) {
          issue(['skus', s, 'prices', currency, 'originalPrice'], 'validation.goods.originalPrice');
        }
      }
    });
  });
export type GoodsInput = z.infer<typeof goodsInputSchema>;
export type GoodsInputBody = z.input<typeof goodsInputSchema>;

export const adminGoodsOptionSchema = z.object({
  id: z.string(),
  name: localizedTextSchema,
  values: z.array(z.object({ id: z.string(), name: localizedTextSchema, image: z.string().optional() })),
});

export const adminSkuSchema = z.object({
  id: z.string(),
  options: z.array(z.string()),
  price: z.number().int(),
  originalPrice: z.number().int().nullable(),
  /** Now; the editor sends it back as the SKU's `expectedStock`. */
  stock: z.number().int(),
  sales: z.number().int(),
  weightGrams: z.number().int(),
  /** Staff's own prices by currency (`goodsSkuInputSchema.prices`); `{}` when every market converts `price`. */
  prices: z.record(
    z.string(),
    z.object({ price: z.number().int(), originalPrice: z.number().int().nullable() }),
  ),
});

/** `GET /v1/admin/goods/:id`: everything the editor needs, every translation included. */
export const adminGoodsDetailSchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  translations: z.partialRecord(
    z.enum(SUPPORTED_LOCALES),
    z.object({ name: z.string(), description: z.string() }),
  ),
  images: z.array(z.string()),
  options: z.array(adminGoodsOptionSchema),
  skus: z.array(adminSkuSchema),
  onShelf: z.boolean(),
  /** Kept in step with the SKUs: the cheapest SKU's price and list price, and the stock of all. */
  price: z.number().int(),
  originalPrice: z.number().int().nullable(),
  stock: z.number().int(),
  sales: z.number().int(),
  currency: z.string().length(3),
  /** Goods that were ever ordered cannot be deleted, only taken off shelf. */
  ordered: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminGoodsDetail = z.infer<typeof adminGoodsDetailSchema>;

/** `POST /v1/admin/goods/shelf`: puts goods on or off shelf, one or many. */
export const goodsShelfBodySchema = z.strictObject({
  ids: z
    .array(idField, msg('validation.required'))
    .min(1, msg('validation.required'))
    .max(200, msg('validation.outOfRange')),
  onShelf: z.boolean(msg('validation.invalid')),
});
export type GoodsShelfBody = z.infer<typeof goodsShelfBodySchema>;
export const goodsShelfResultSchema = z.object({ updated: z.array(z.string()) });

/** `POST /v1/admin/media`: a stored image and its WebP copies. */
export const storedImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  contentType: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  variants: z.array(z.object({ id: z.string(), url: z.string(), width: z.number().int() })),
});
export type StoredImageReply = z.infer<typeof storedImageSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Categories

export interface AdminCategory {
  id: string;
  parentId: string | null;
  name: LocalizedText;
  icon: string;
  sort: number;
  /** Goods in this category itself (not its children). */
  goodsCount: number;
  children: AdminCategory[];
}
export const adminCategorySchema: z.ZodType<AdminCategory> = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string().nullable(),
    name: localizedTextSchema,
    icon: z.string(),
    sort: z.number().int(),
    goodsCount: z.number().int(),
    children: z.array(adminCategorySchema),
  }),
);

/** Categories are two levels deep: a parent must be a top-level category. */
export const categoryInputSchema = z.strictObject({
  name: requiredLocalizedText(60),
  parentId: idField.nullable(),
  /** An image stored by the shop, or none. */
  icon: z.union([z.literal(''), mediaUrlField], msg('validation.media')),
  sort: countField(-100_000, 100_000),
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;
export type CategoryInputBody = z.input<typeof categoryInputSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Coupons

export const couponStatusValues = ['upcoming', 'active', 'soldOut', 'ended'] as const;
export type CouponStatus = (typeof couponStatusValues)[number];

export const adminCouponQuerySchema = z.strictObject({
  status: z.enum(couponStatusValues, msg('validation.invalid')).optional(),
  ...adminPageQuery,
});
export type AdminCouponQuery = z.infer<typeof adminCouponQuerySchema>;

export const adminCouponSchema = z.object({
  id: z.string(),
  /** In the request's locale; `titles` has every translation. */
  title: z.string(),
  titles: localizedTextSchema,
  kind: z.enum(couponKindValues),
  value: z.number().int(),
  minSpend: z.number().int(),
  currency: z.string().length(3),
  /** Staff's own amounts in other currencies (minor units); a currency left out uses the market's rate. */
  amounts: z.record(z.string(), z.object({ value: z.number().int().optional(), minSpend: z.number().int() })),
  startsAt: z.string(),
  endsAt: z.string(),
  total: z.number().int(),
  claimed: z.number().int(),
  remaining: z.number().int(),
  /** Claimed copies spent by an order. */
  used: z.number().int(),
  perUserLimit: z.number().int(),
  status: z.enum(couponStatusValues),
  createdAt: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

const instantField = z.iso.datetime({ offset: true, error: 'validation.date' });
export const MAX_COUPON_TOTAL = 10_000_000;

/**
 * `POST /v1/admin/coupons`: mirrors the coupons table's check constraints as field messages (a positive value, at
 * most 100 for a percentage, a window that ends after it starts), plus what makes a campaign sensible.
 */
export const couponInputSchema = z
  .strictObject({
    title: requiredLocalizedText(80),
    kind: z.enum(couponKindValues, msg('validation.invalid')),
    /** Minor units off for `amount`; percent off for `percent`. */
    value: z
      .number(msg('validation.integer'))
      .int(msg('validation.integer'))
      .min(1, msg('validation.coupon.value'))
      .max(MAX_MONEY, msg('validation.outOfRange')),
    minSpend: moneyField,
    /**
     * The coupon's amounts in other currencies, in their minor units: `value` (required for an `amount` coupon,
     * refused for a percentage) and `minSpend`. A market in a currency left out converts the shop's amounts at
     * its rate and rounding. Not the shop's own currency: `value` and `minSpend` are in it.
     */
    amounts: z
      .record(
        z.string(msg('validation.currency')).refine(isCurrencyCode, msg('validation.currency')),
        z.strictObject({
          value: z
            .number(msg('validation.integer'))
            .int(msg('validation.integer'))
            .min(1, msg('validation.coupon.value'))
            .max(MAX_MONEY, msg('validation.outOfRange'))
            .optional(),
          minSpend: moneyField,
        }),
        msg('validation.invalid'),
      )
      .refine((amounts) => Object.keys(amounts).length <= 20, msg('validation.outOfRange'))
      .default({}),
    startsAt: instantField,
    endsAt: instantField,
    total: countField(1, MAX_COUPON_TOTAL),
    perUserLimit: countField(1, 100),
  })
  .superRefine((input, ctx) => {
    for (const [currency, amount] of Object.entries(input.amounts)) {
      if ((input.kind === 'amount') !== (amount.value !== undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: ['amounts', currency, 'value'],
          message: 'validation.coupon.value',
        });
      }
    }
    if (input.kind === 'percent' && input.value > 100) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'validation.coupon.percent' });
    }
    if (Date.parse(input.endsAt) <= Date.parse(input.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'validation.coupon.window' });
    }
    if (input.perUserLimit > input.total) {
      ctx.addIssue({ code: 'custom', path: ['perUserLimit'], message: 'validation.coupon.perUserLimit' });
    }
  });
export type CouponInput = z.infer<typeof couponInputSchema>;
export type CouponInputBody = z.input<typeof couponInputSchema>;

/** `PUT /v1/admin/coupons/:id/total`: never below the copies already claimed. */
export const couponTotalBodySchema = z.strictObject({ total: countField(1, MAX_COUPON_TOTAL) });

// ---------------------------------------------------------------------------------------------------------------
// Shop settings (admin only)

const ISO_4217 = /^[A-Z]{3}$/;
/** A currency code `Intl` knows, so that every price can be formatted. */
export function isCurrencyCode(code: string): boolean {
  if (!ISO_4217.test(code)) return false;
  try {
    return (Intl.supportedValuesOf('currency') as string[]).includes(code);
  } catch {
    return true;
  }
}

export const bannerInputSchema = z.strictObject({
  image: mediaUrlField,
  title: localizedTextField(80),
  link: z
    .string(msg('validation.link'))
    .trim()
    .max(500, msg('validation.tooLong'))
    .refine(isSafeLink, msg('validation.link')),
});

/** `PUT /v1/admin/settings` and its reply (the webhook secret is never part of either). */
export const shopSettingsInputSchema = z.strictObject({
  shopName: requiredLocalizedText(60),
  logo: z.union([z.literal(''), mediaUrlField], msg('validation.media')),
  currency: z
    .string(msg('validation.currency'))
    .trim()
    .toUpperCase()
    .refine(isCurrencyCode, msg('validation.currency')),
  defaultLocale: z.enum(SUPPORTED_LOCALES, msg('validation.invalid')),
  banners: z
    .array(bannerInputSchema, msg('validation.invalid'))
    .max(MAX_BANNERS, msg('validation.outOfRange')),
  shippingFee: moneyField,
  /** Orders whose subtotal reaches this ship free; 0 means every order ships free. */
  freeShippingOver: moneyField,
  /** How long an order may stay unpaid before it is cancelled. */
  paymentWindowMinutes: countField(5, 7 * 24 * 60),
  /** Days after shipping in which shoppers may ask to return goods; 0 turns returns off. */
  returnWindowDays: countField(0, 365).optional(),
  contact: z.strictObject({
    email: z
      .string(msg('validation.email.invalid'))
      .trim()
      .refine((v) => v === '' || isEmail(v), msg('validation.email.invalid')),
    phone: z.string(msg('validation.invalid')).trim().max(40, msg('validation.tooLong')),
    address: localizedTextField(300),
  }),
});
export type ShopSettingsInput = z.infer<typeof shopSettingsInputSchema>;
export type ShopSettingsInputBody = z.input<typeof shopSettingsInputSchema>;

export const adminShopSettingsSchema = z.object({
  shopName: localizedTextSchema,
  logo: z.string(),
  currency: z.string().length(3),
  defaultLocale: z.enum(SUPPORTED_LOCALES),
  banners: z.array(z.object({ image: z.string(), title: localizedTextSchema, link: z.string() })),
  shippingFee: z.number().int(),
  freeShippingOver: z.number().int(),
  paymentWindowMinutes: z.number().int(),
  returnWindowDays: z.number().int(),
  contact: z.object({ email: z.string(), phone: z.string(), address: localizedTextSchema }),
  updatedAt: z.string(),
});
export type AdminShopSettings = z.infer<typeof adminShopSettingsSchema>;

/**
 * `POST /v1/admin/settings/webhook-secret`: a new random secret, in force at once. It is shown this once (to set up
 * a payment provider) and never again; the audit log records that it changed, not its value.
 */
export const webhookSecretReplySchema = z.object({ secret: z.string(), rotatedAt: z.string() });

// ---------------------------------------------------------------------------------------------------------------
// Price sheet (`GET` and `POST /v1/admin/goods/prices.csv`)

/**
 * The price sheet: one row per SKU, its prices in the shop's currency and in every other currency a market sells
 * in, to edit in a spreadsheet and upload again. The headers are fixed machine names in every language, so a sheet
 * downloaded in one language uploads in any: `sku_id`, `goods_id`, `name` and `options` (the last three only help
 * people find the row and are ignored on upload), then `price_<CUR>` and `original_price_<CUR>` per currency, the
 * shop's first. Amounts are plain decimals in major units with at most the currency's decimals (`69.90`, `500`
 * for yen); an empty cell is no amount: no list price, or for another currency no own price (its market converts
 * the shop's price at its rate).
 */
export const PRICE_SHEET_COLUMNS = {
  skuId: 'sku_id',
  goodsId: 'goods_id',
  name: 'name',
  options: 'options',
} as const;
/** How option value names are joined in the `options` column. */
export const PRICE_SHEET_OPTION_SEPARATOR = ' / ';
export const priceSheetPriceColumn = (currency: string) => `price_${currency}`;
export const priceSheetOriginalPriceColumn = (currency: string) => `original_price_${currency}`;
/** The largest sheet accepted, in bytes of the file, and in rows below its header. */
export const PRICE_SHEET_MAX_BYTES = 5 * 1024 * 1024;
export const PRICE_SHEET_MAX_ROWS = 20_000;

/**
 * The reply of an upload, applied whole in one transaction: how many SKUs it changed and how many rows changed
 * nothing. A refused sheet changes nothing and answers code 1 with fields `rows.<row>.<column>` (the row as a
 * spreadsheet numbers it: the header is row 1), `columns.<header>` for the header row, or `body` for the file.
 */
export const priceSheetResultSchema = z.object({
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type PriceSheetResult = z.infer<typeof priceSheetResultSchema>;
