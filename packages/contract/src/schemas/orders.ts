import { z } from 'zod';
import { changingSomething, idField, phoneField, textParam, intParam } from '../validation.ts';
import { moneySchema } from './catalog.ts';

export const addressBodySchema = z.strictObject({
  name: textParam(60).min(1, { error: 'validation.required' }),
  phone: phoneField,
  /** Codes from the region tree, country first. */
  regionCodes: z.array(z.string().max(20)).min(1, { error: 'validation.required' }).max(4),
  detail: textParam(200).min(1, { error: 'validation.required' }),
  postcode: textParam(20),
  isDefault: z.boolean(),
});

export const addressSchema = addressBodySchema.extend({
  id: z.string(),
  regionNames: z.array(z.string()),
});
export type Address = z.infer<typeof addressSchema>;

export const cartItemSchema = z.object({
  skuId: z.string(),
  goodsId: z.string(),
  name: z.string(),
  image: z.string(),
  /** Option value names of the SKU, for display. */
  options: z.array(z.string()),
  price: moneySchema,
  quantity: z.number().int(),
  stock: z.number().int(),
  /** False when the goods went off shelf or the SKU is out of stock. */
  available: z.boolean(),
  selected: z.boolean(),
});
export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  subtotal: moneySchema,
  currency: z.string().length(3),
});
export type Cart = z.infer<typeof cartSchema>;

const quantityField = z.number({ error: 'validation.integer' }).int().min(1).max(999);
export const addCartItemBodySchema = z.strictObject({ skuId: idField, quantity: quantityField });
export const updateCartItemBodySchema = changingSomething(
  z.strictObject({
    quantity: quantityField.optional(),
    selected: z.boolean().optional(),
  }),
);

export const orderLineInputSchema = z.strictObject({ skuId: idField, quantity: quantityField });

export const orderPreviewBodySchema = z.strictObject({
  addressId: idField,
  couponId: idField.optional(),
  items: z.array(orderLineInputSchema).min(1).max(100).optional(),
});
export const placeOrderBodySchema = orderPreviewBodySchema.extend({
  note: textParam(500).optional(),
});

export const orderTotalsSchema = z.object({
  subtotal: moneySchema,
  discount: moneySchema,
  shipping: moneySchema,
  total: moneySchema,
  currency: z.string().length(3),
});

export const orderStatusValues = [
  'pending_payment',
  'paid',
  'shipped',
  'completed',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof orderStatusValues)[number];

export const ordersQuerySchema = z.strictObject({
  status: z.enum(orderStatusValues, { error: 'validation.invalid' }).optional(),
  page: intParam(1, 100_000).default(1),
  pageSize: intParam(1, 100).default(20),
});

export const orderLineSchema = z.object({
  skuId: z.string(),
  goodsId: z.string(),
  name: z.string(),
  image: z.string(),
  options: z.array(z.string()),
  price: moneySchema,
  quantity: z.number().int(),
});

/** Set when staff ship the order. */
export const shipmentSchema = z.object({ carrier: z.string(), trackingNumber: z.string() });
export type Shipment = z.infer<typeof shipmentSchema>;

export const orderSchema = orderTotalsSchema.extend({
  id: z.string(),
  status: z.enum(orderStatusValues),
  lines: z.array(orderLineSchema),
  address: addressSchema.omit({ id: true, isDefault: true }),
  note: z.string(),
  createdAt: z.string(),
  payBy: z.string().nullable(),
  shipment: shipmentSchema.nullable(),
  history: z.array(z.object({ status: z.enum(orderStatusValues), at: z.string(), actor: z.string() })),
});
export type Order = z.infer<typeof orderSchema>;

export const chargeBodySchema = z.strictObject({
  orderId: idField,
  channel: z.enum(['sandbox'], { error: 'validation.invalid' }),
  /** Optional check: when given it must equal the order's total, or the charge is refused. */
  amount: moneySchema.optional(),
});
export const chargesQuerySchema = z.strictObject({ orderId: idField });
export const chargeSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  amount: moneySchema,
  currency: z.string().length(3),
  channel: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  payUrl: z.string(),
});
export type Charge = z.infer<typeof chargeSchema>;

export const orderDetailSchema = orderSchema.extend({ charges: z.array(chargeSchema) });
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** What checkout shows before placing: the priced lines, totals, and the shopper's coupons that fit. */
export const orderPreviewSchema = orderTotalsSchema.extend({
  lines: z.array(orderLineSchema),
  coupons: z.array(z.object({ couponId: z.string(), title: z.string(), discount: moneySchema })),
  /** The usable coupon with the largest discount, suggested by default. */
  bestCouponId: z.string().nullable(),
});
export type OrderPreview = z.infer<typeof orderPreviewSchema>;
