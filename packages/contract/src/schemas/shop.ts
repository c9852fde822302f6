import { z } from 'zod';
import { SUPPORTED_LOCALES } from '../locale.ts';
import { moneySchema } from './catalog.ts';

export const bannerSchema = z.object({
  image: z.string(),
  title: z.string(),
  /** A storefront path such as `/detail?id=…`. */
  link: z.string(),
});

/** `GET /v1/home/systems`: public shop settings. */
export const systemsSchema = z.object({
  shopName: z.string(),
  logo: z.string(),
  /** The asking shopper's market's: `shippingFee` and `freeShippingOver` are in it. */
  currency: z.string().length(3),
  /** The currency the shop keeps its prices in, whatever the market: what staff type prices in. */
  shopCurrency: z.string().length(3),
  defaultLocale: z.enum(SUPPORTED_LOCALES),
  banners: z.array(bannerSchema),
  shippingFee: moneySchema,
  freeShippingOver: moneySchema,
  paymentWindowMinutes: z.number().int(),
  /** Days after shipping in which goods may be returned; 0 means the shop takes no returns. */
  returnWindowDays: z.number().int(),
  contact: z.object({ email: z.string(), phone: z.string(), address: z.string() }),
});
export type Systems = z.infer<typeof systemsSchema>;

export const couponKindValues = ['amount', 'percent'] as const;

export const couponSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** `amount`: `value` minor units off; `percent`: `value` percent off. */
  kind: z.enum(couponKindValues),
  value: z.number().int(),
  minSpend: moneySchema,
  startsAt: z.string(),
  endsAt: z.string(),
  total: z.number().int(),
  remaining: z.number().int(),
  perUserLimit: z.number().int(),
  /** Present when a shopper is logged in. */
  claimed: z.boolean().optional(),
  usable: z.boolean().optional(),
});
export type Coupon = z.infer<typeof couponSchema>;

export interface Region {
  code: string;
  name: string;
  children?: Region[];
}
export const regionSchema: z.ZodType<Region> = z.lazy(() =>
  z.object({ code: z.string(), name: z.string(), children: z.array(regionSchema).optional() }),
);

/**
 * `GET /v1/home/regions`: without `parent`, the tree of countries and their states or provinces; with
 * `parent` (a state, province or city code), the cities or districts directly below it, without children of
 * their own (ask again with the chosen one's code); `[]` where the data stops.
 */
export const regionsQuerySchema = z.strictObject({
  parent: z
    .string({ error: 'validation.invalid' })
    .regex(/^[A-Z0-9-]{2,20}$/, { error: 'validation.invalid' })
    .optional(),
});
