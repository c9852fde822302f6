import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants.ts';
import { idField, intParam, textParam } from '../validation.ts';

export const goodsSortValues = ['newest', 'sales', 'price_asc', 'price_desc'] as const;
export type GoodsSort = (typeof goodsSortValues)[number];

/** `GET /v1/home/goods` query. Unknown parameters are refused so that typos are noticed. */
export const goodsQuerySchema = z.strictObject({
  keyword: textParam(100).optional(),
  categoryId: idField.optional(),
  minPrice: intParam(0, 1_000_000_000).optional(),
  maxPrice: intParam(0, 1_000_000_000).optional(),
  sort: z.enum(goodsSortValues, { error: 'validation.invalid' }).default('newest'),
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
});
export type GoodsSummary = z.infer<typeof goodsSummarySchema>;

export const goodsOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  values: z.array(z.object({ id: z.string(), name: z.string() })),
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
