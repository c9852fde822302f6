import { z } from 'zod';
import type { MessageKey } from '../messages.ts';
import { idField } from '../validation.ts';
import { countField, localizedTextSchema, moneyField, requiredLocalizedText } from './admin-catalog.ts';

const msg = (key: MessageKey) => ({ error: key });

/**
 * How a shipping method's fee is found: one fee (`flat`), or the band the parcel's weight in grams (`weight`) or
 * the order's value after discount (`value`) falls in. Bands are in ascending `upTo`; the last may be open
 * (`upTo: null`). A parcel heavier than every closed band with no open one cannot go by that method.
 */
export const shippingPricingValues = ['flat', 'weight', 'value'] as const;
export type ShippingPricing = (typeof shippingPricingValues)[number];

/** Days from payment to delivery, as the shopper is told at checkout and in the order. */
export const estimatedDaysSchema = z.object({ min: z.number().int(), max: z.number().int() });
export type EstimatedDays = z.infer<typeof estimatedDaysSchema>;

/**
 * A way the parcel can go, priced for one order in its market's currency (`fee` is 0 when the order reaches the
 * market's free-shipping threshold and the method takes part in it). `estimatedDays` is null for the shop's
 * general fee, used where no shipping zone covers the address.
 */
export const shippingMethodOfferSchema = z.object({
  id: z.string(),
  name: z.string(),
  fee: z.number().int(),
  estimatedDays: estimatedDaysSchema.nullable(),
});
export type ShippingMethodOffer = z.infer<typeof shippingMethodOfferSchema>;

/** The method an order goes by, as it was when placed. */
export const orderShippingMethodSchema = shippingMethodOfferSchema;
export type OrderShippingMethod = z.infer<typeof orderShippingMethodSchema>;

/** The id of the shop's general fee, offered where no shipping zone covers the address. */
export const GENERAL_SHIPPING_METHOD_ID = 'general';

const bandSchema = z.strictObject({
  /** Grams (weight) or the shop's currency's minor units (value); null: no upper limit. */
  upTo: countField(1, 1_000_000_000).nullable(),
  fee: moneyField,
});

/** `GET /v1/admin/shipping-zones`: a zone's method as staff edit it. Amounts are in the shop's currency. */
export const adminShippingMethodSchema = z.object({
  id: z.string(),
  names: localizedTextSchema,
  pricing: z.enum(shippingPricingValues),
  /** The fee of a flat method; unused by banded ones. */
  fee: z.number().int(),
  bands: z.array(z.object({ upTo: z.number().int().nullable(), fee: z.number().int() })),
  /** Whether the order is sent free by this method once it reaches its market's free-shipping threshold. */
  freeOverThreshold: z.boolean(),
  minDays: z.number().int(),
  maxDays: z.number().int(),
});
export type AdminShippingMethod = z.infer<typeof adminShippingMethodSchema>;

/** A country, or one of its states or provinces (`region`, a level-2 region code such as BR-SP). */
export const shippingPlaceSchema = z.object({ country: z.string(), region: z.string() });

/** `GET /v1/admin/shipping-zones`. A place belongs to one zone at most; a state's zone wins over its country's. */
export const adminShippingZoneSchema = z.object({
  id: z.string(),
  names: localizedTextSchema,
  places: z.array(shippingPlaceSchema),
  methods: z.array(adminShippingMethodSchema),
});
export type AdminShippingZone = z.infer<typeof adminShippingZoneSchema>;

const methodInputSchema = z
  .strictObject({
    /** An existing method keeps its id (an order in checkout may have chosen it); omitted for a new one. */
    id: idField.optional(),
    names: requiredLocalizedText(40),
    pricing: z.enum(shippingPricingValues, msg('validation.invalid')),
    fee: moneyField.default(0),
    bands: z.array(bandSchema, msg('validation.invalid')).max(20, msg('validation.outOfRange')).default([]),
    freeOverThreshold: z.boolean(msg('validation.invalid')),
    minDays: countField(0, 365),
    maxDays: countField(0, 365),
  })
  .superRefine((method, ctx) => {
    const issue = (path: (string | number)[], key: MessageKey) =>
      ctx.addIssue({ code: 'custom', path, message: key });
    if (method.maxDays < method.minDays) issue(['maxDays'], 'validation.shipping.days');
    if (method.pricing === 'flat') return;
    if (method.bands.length === 0) issue(['bands'], 'validation.shipping.bands');
    method.bands.forEach((band, b) => {
      const previous = method.bands[b - 1];
      const last = b === method.bands.length - 1;
      if (band.upTo === null && !last) issue(['bands', b, 'upTo'], 'validation.shipping.bands');
      if (previous && (previous.upTo === null || (band.upTo !== null && band.upTo <= previous.upTo))) {
        issue(['bands', b, 'upTo'], 'validation.shipping.bands');
      }
    });
  });

const placeInputSchema = z.strictObject({
  country: z
    .string(msg('validation.market.country'))
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, msg('validation.market.country')),
  region: z
    .string(msg('validation.tax.region'))
    .trim()
    .toUpperCase()
    .max(20, msg('validation.tax.region'))
    .default(''),
});

/** `POST /v1/admin/shipping-zones` and `PUT /v1/admin/shipping-zones/:id`. */
export const shippingZoneInputSchema = z.strictObject({
  names: requiredLocalizedText(40),
  places: z
    .array(placeInputSchema, msg('validation.shipping.places'))
    .min(1, msg('validation.shipping.places'))
    .max(300, msg('validation.outOfRange'))
    .refine(
      (places) => new Set(places.map((p) => `${p.country} ${p.region}`)).size === places.length,
      msg('validation.market.countryTwice'),
    ),
  methods: z
    .array(methodInputSchema, msg('validation.shipping.methods'))
    .min(1, msg('validation.shipping.methods'))
    .max(10, msg('validation.outOfRange')),
});
export type ShippingZoneInput = z.infer<typeof shippingZoneInputSchema>;
export type ShippingZoneInputBody = z.input<typeof shippingZoneInputSchema>;
