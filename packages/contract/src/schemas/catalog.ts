import { z } from 'zod';
import { envelopeSchema, pageMetaSchema } from '../envelope.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants.ts';
import { goodsSortValues, MAX_OPTION_FILTERS, OPTIONS_PARAM } from '../catalog-values.ts';
import { idField, intParam, textParam } from '../validation.ts';

/** `GET /v1/home/goods` query. Unknown parameters are refused so that typos are noticed. */
export const goodsQuerySchema = z.strictObject({
  keyword: textParam(100).optional(),
  categoryId: idField.optional(),
  minPrice: intParam(0, 1_000_000_000).optional(),
  maxPrice: intParam(0, 1_000_000_000).optional(),
  /** Without it: `relevance` when there is a keyword, `newest` otherwise (`listingSort`). */
  sort: z.enum(goodsSortValues, { error: 'validation.invalid' }).optional(),
  /** `true`: only goods with units in stock. */
  inStock: z.enum(['true'], { error: 'validation.invalid' }).optional(),
  /**
   * Option values the goods must offer, as `option:value` facet keys joined by commas: values of one option are
   * alternatives (black or white), different options must all hold (black and size M).
   */
  options: z
    .string({ error: 'validation.invalid' })
    .max(MAX_OPTION_FILTERS * 40, { error: 'validation.tooLong' })
    .regex(OPTIONS_PARAM, { error: 'validation.invalid' })
    .refine((value) => value.split(',').length <= MAX_OPTION_FILTERS, { error: 'validation.outOfRange' })
    .optional(),
  page: intParam(1, 100_000).default(1),
  pageSize: intParam(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type GoodsQuery = z.infer<typeof goodsQuerySchema>;
export type GoodsQueryInput = z.input<typeof goodsQuerySchema>;

export const idParamsSchema = z.strictObject({ id: idField });

/** Money: integer minor units; the currency is the shop's ISO 4217 code. */
export const moneySchema = z.number().int();

export const goodsSummarySchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  name: z.string(),
  /** Cover image URL. */
  image: z.string(),
  /** The lowest SKU price. */
  price: moneySchema,
  /** The list price before discount, when the goods is discounted. */
  originalPrice: moneySchema.nullable(),
  currency: z.string().length(3),
  sales: z.number().int(),
  /** Units in stock across all SKUs. */
  stock: z.number().int(),
  createdAt: z.string(),
  /** Average and count of its published reviews; absent while it has none. */
  rating: z.object({ average: z.number(), count: z.number().int() }).optional(),
});
export type GoodsSummary = z.infer<typeof goodsSummarySchema>;

/**
 * A goods in a listing. With a keyword, `highlights` are the stretches of `name` that matched a word of it, as
 * [start, end) offsets in UTF-16 code units (what `String.prototype.slice` takes), in order and apart.
 */
export const listedGoodsSchema = goodsSummarySchema.extend({
  highlights: z.array(z.tuple([z.number().int(), z.number().int()])).optional(),
});
export type ListedGoods = z.infer<typeof listedGoodsSchema>;

/**
 * What the goods matching a listing's keyword and filters hold, for narrowing it down. Each facet counts with
 * every filter applied but its own, so a count is what the listing's total becomes once that value alone is
 * chosen in its facet (a category's count includes its children's goods).
 */
export const goodsFacetsSchema = z.object({
  categories: z.array(z.object({ id: z.string(), count: z.number().int() })),
  /** Bands with at least one goods, cheapest first. */
  priceBands: z.array(
    z.object({ minPrice: z.number().int(), maxPrice: z.number().int().nullable(), count: z.number().int() }),
  ),
  /** Options by how many goods offer them, each value named in the shopper's language. */
  options: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      values: z.array(z.object({ key: z.string(), name: z.string(), count: z.number().int() })),
    }),
  ),
  /** How many goods have units in stock. */
  inStock: z.number().int(),
});
export type GoodsFacets = z.infer<typeof goodsFacetsSchema>;

export const goodsPageMetaSchema = pageMetaSchema.extend({
  facets: goodsFacetsSchema,
  /**
   * "Did you mean": a keyword spelt like this one that finds more, when this one finds nothing or little. The
   * words of the shopper's keyword that were not changed are kept as typed.
   */
  suggestion: z.string().optional(),
});
export type GoodsPageMeta = z.infer<typeof goodsPageMetaSchema>;

export const goodsListEnvelopeSchema = /* @__PURE__ */ envelopeSchema(z.array(listedGoodsSchema)).extend({
  meta: goodsPageMetaSchema,
});

export const goodsOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** `image`: the value's own picture, shown when it is chosen (a colour's photo); absent when it has none. */
  values: z.array(z.object({ id: z.string(), name: z.string(), image: z.string().optional() })),
});
export type GoodsOption = z.infer<typeof goodsOptionSchema>;

export const skuSchema = z.object({
  id: z.string(),
  /** One value id per goods option, in the options' order. */
  options: z.array(z.string()),
  price: moneySchema,
  originalPrice: moneySchema.nullable(),
  stock: z.number().int(),
});
export type Sku = z.infer<typeof skuSchema>;

export const goodsDetailSchema = goodsSummarySchema.extend({
  /** Plain text; paragraphs separated by blank lines. Rendered as text, never as HTML. */
  description: z.string(),
  images: z.array(z.string()),
  options: z.array(goodsOptionSchema),
  skus: z.array(skuSchema),
});
export type GoodsDetail = z.infer<typeof goodsDetailSchema>;

export const categorySchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  name: z.string(),
  icon: z.string(),
  sort: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;
