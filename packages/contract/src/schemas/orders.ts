import { z } from 'zod';
import { changingSomething, emailField, idField, phoneField, textParam, intParam } from '../validation.ts';
import { moneySchema } from './catalog.ts';
import { orderTaxSchema } from './taxes.ts';
import { orderShippingMethodSchema, shippingMethodOfferSchema } from './shipping.ts';
import { returnReasonValues } from '../order-values.ts';
import { cpfProblem, postcodeProblem } from '../address-rules.ts';

const addressFields = z.strictObject({
  name: textParam(60).min(1, { error: 'validation.required' }),
  phone: phoneField,
  /**
   * Codes from the region tree, country first: country, state or province (`GET /v1/home/regions`), then city
   * and district where the country has them (`GET /v1/home/regions?parent=…`).
   */
  regionCodes: z.array(z.string().max(20)).min(1, { error: 'validation.required' }).max(4),
  detail: textParam(200).min(1, { error: 'validation.required' }),
  /** Checked by country: CEP `00000-000` (BR), ZIP `00000[-0000]` (US), 6 digits (CN), 3 or 5 digits (TW). */
  postcode: textParam(20),
  isDefault: z.boolean(),
});

/** A CPF, optional and only for Brazil, checked by its check digits; stored as `000.000.000-00`. */
const cpfField = textParam(20);

/** The postcode and CPF rules of the address's country (its first region code). */
function checkByCountry(
  input: { regionCodes: string[]; postcode: string; cpf?: string | undefined },
  ctx: z.RefinementCtx,
) {
  const country = input.regionCodes[0];
  const postcode = postcodeProblem(country, input.postcode);
  if (postcode) ctx.addIssue({ code: 'custom', path: ['postcode'], message: postcode });
  const cpf = cpfProblem(country, input.cpf ?? '');
  if (cpf) ctx.addIssue({ code: 'custom', path: ['cpf'], message: cpf });
}

export const addressBodySchema = addressFields
  .extend({ cpf: cpfField.optional() })
  .superRefine(checkByCountry);

/**
 * A guest checkout's delivery address: an address book entry's fields and rules (region path, phone, postcode and
 * CPF by country), kept with the order only, so there is no default to choose.
 */
export const guestAddressSchema = addressFields
  .omit({ isDefault: true })
  .extend({ cpf: cpfField.optional() })
  .superRefine(checkByCountry);
export type GuestAddress = z.infer<typeof guestAddressSchema>;

export const addressSchema = addressFields.extend({
  id: z.string(),
  /** `''` when none was given. */
  cpf: z.string(),
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

/** A shipping method's id, as `shippingMethods` in a preview names it. */
const shippingMethodIdField = z
  .string({ error: 'validation.invalid' })
  .max(40, { error: 'validation.invalid' });

export const orderPreviewBodySchema = z.strictObject({
  addressId: idField,
  couponId: idField.optional(),
  items: z.array(orderLineInputSchema).min(1).max(100).optional(),
  /**
   * One of the preview's `shippingMethods`. A preview given one the address cannot use answers with its first
   * method (`shippingMethodId` says which); placing an order with one is refused (code 2).
   */
  shippingMethodId: shippingMethodIdField.optional(),
});
export const placeOrderBodySchema = orderPreviewBodySchema.extend({
  note: textParam(500).optional(),
});

/**
 * `POST /v1/home/guest-orders/preview`: the totals of `items`, or of the guest cart's selected lines. Guests have
 * no coupons (a coupon is a claimed copy in an account), so none is offered.
 */
export const guestOrderPreviewBodySchema = z.strictObject({
  items: z.array(orderLineInputSchema).min(1).max(100).optional(),
  /** The delivery country chosen so far: its market's currency and prices, as the order will have them. */
  country: z
    .string({ error: 'validation.invalid' })
    .regex(/^[A-Z]{2}$/, { error: 'validation.invalid' })
    .optional(),
  /** The state or province chosen so far (a level-2 region code): its taxes and shipping zone. */
  region: z.string({ error: 'validation.invalid' }).max(20, { error: 'validation.invalid' }).optional(),
  shippingMethodId: shippingMethodIdField.optional(),
});

/**
 * `POST /v1/home/guest-orders`: buying without an account. The order belongs to the user of `email` (a guest row
 * when the address is new; registering with it later keeps the order), and its mails go there.
 */
export const placeGuestOrderBodySchema = guestOrderPreviewBodySchema
  .omit({ country: true, region: true })
  .extend({
    email: emailField,
    address: guestAddressSchema,
    note: textParam(500).optional(),
  });
export type PlaceGuestOrderBody = z.infer<typeof placeGuestOrderBodySchema>;

export const orderTotalsSchema = z.object({
  subtotal: moneySchema,
  discount: moneySchema,
  shipping: moneySchema,
  /**
   * Taxes per name and rate, computed per line on its price less its share of the discount (shipping untaxed),
   * each line's amount rounded half up: included in the prices where the market's prices include tax, else
   * added to `total`.
   */
  taxes: z.array(orderTaxSchema),
  taxInclusive: z.boolean(),
  total: moneySchema,
  currency: z.string().length(3),
  /** The method the parcel goes by (its fee is `shipping`); null when no method can take it to the address. */
  shippingMethod: orderShippingMethodSchema.nullable(),
});

export const orderStatusValues = [
  'pending_payment',
  'paid',
  'shipped',
  'completed',
  'cancelled',
  'refunded',
  /** Part of the money went back (a line, a return, a goodwill amount); the rest stays with the shop. */
  'partially_refunded',
] as const;
export type OrderStatus = (typeof orderStatusValues)[number];

export const ordersQuerySchema = z.strictObject({
  status: z.enum(orderStatusValues, { error: 'validation.invalid' }).optional(),
  page: intParam(1, 100_000).default(1),
  pageSize: intParam(1, 100).default(20),
});

export const orderLineSchema = z.object({
  /** The line's own id: refunds and returns name lines by it. */
  id: z.string(),
  skuId: z.string(),
  goodsId: z.string(),
  name: z.string(),
  image: z.string(),
  options: z.array(z.string()),
  price: moneySchema,
  quantity: z.number().int(),
  /** Units of this line whose money went back (refunds that succeeded). */
  refundedQuantity: z.number().int(),
});

/** Set when staff ship the order. */
export const shipmentSchema = z.object({ carrier: z.string(), trackingNumber: z.string() });
export type Shipment = z.infer<typeof shipmentSchema>;

export const orderSchema = orderTotalsSchema.extend({
  id: z.string(),
  /**
   * The order's number, the one people read and say ("order 10001"): digits, counted by the shop from 10001.
   * Shoppers, staff and mails all name the order by it; links and API paths keep using `id`.
   */
  number: z.string(),
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

/**
 * A charge's life: `pending` (its pay link is live) → `succeeded` | `failed`; `voided` when a newer pay link
 * replaced it or its order was cancelled before any money moved; a succeeded charge becomes `partially_refunded`
 * or `refunded` as money goes back.
 */
export const chargeStatusValues = [
  'pending',
  'succeeded',
  'failed',
  'voided',
  'refunded',
  'partially_refunded',
] as const;
export type ChargeStatus = (typeof chargeStatusValues)[number];

export const chargeSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  amount: moneySchema,
  currency: z.string().length(3),
  channel: z.string(),
  status: z.enum(chargeStatusValues),
  /** Minor units of this charge given back so far (refunds that succeeded). */
  refundedAmount: moneySchema,
  payUrl: z.string(),
});
export type Charge = z.infer<typeof chargeSchema>;

/** A refund goes to the provider as `pending` and becomes `succeeded` or `failed` by its signed webhook. */
export const refundStatusValues = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof refundStatusValues)[number];

/**
 * Why money went back: `staff` (a member of staff refunded), `return` (the refund of a return), `automatic` (a
 * payment the order could not keep: a second capture, or money for an order already cancelled or expired).
 */
export const refundKindValues = ['staff', 'return', 'automatic'] as const;
export type RefundKind = (typeof refundKindValues)[number];

/** The lines a refund covers: units, and whether they went back on sale. */
export const refundLineSchema = z.object({
  lineId: z.string(),
  quantity: z.number().int(),
  restock: z.boolean(),
});
export type RefundLine = z.infer<typeof refundLineSchema>;

export const orderRefundSchema = z.object({
  id: z.string(),
  chargeId: z.string(),
  amount: moneySchema,
  currency: z.string().length(3),
  reason: z.string(),
  kind: z.enum(refundKindValues),
  status: z.enum(refundStatusValues),
  createdAt: z.string(),
  lines: z.array(refundLineSchema),
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

/** `new` → `approved` | `rejected`; `approved` → `received` (goods back) → `refunded`. */
export const returnStatusValues = ['new', 'approved', 'rejected', 'received', 'refunded'] as const;
export type ReturnStatus = (typeof returnStatusValues)[number];

export const returnLineSchema = z.object({
  lineId: z.string(),
  name: z.string(),
  options: z.array(z.string()),
  price: moneySchema,
  quantity: z.number().int(),
  /** Set when staff received the goods: whether these units went back on sale. */
  restock: z.boolean().nullable(),
});

export const orderReturnSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  /** The number of the order the return is of (see `orderSchema.number`). */
  orderNumber: z.string(),
  status: z.enum(returnStatusValues),
  reason: z.enum(returnReasonValues),
  note: z.string(),
  lines: z.array(returnLineSchema),
  /** What staff wrote to the shopper when approving or rejecting. */
  staffMessage: z.string(),
  /** The value of the returned units: what a refund of the return gives back by default. */
  amount: moneySchema,
  currency: z.string().length(3),
  refundId: z.string().nullable(),
  createdAt: z.string(),
  history: z.array(z.object({ status: z.enum(returnStatusValues), at: z.string() })),
});
export type OrderReturn = z.infer<typeof orderReturnSchema>;

export const orderDetailSchema = orderSchema.extend({
  charges: z.array(chargeSchema),
  /** Money given back for this order (refunds of kind `staff` and `return` that succeeded). */
  refundedAmount: moneySchema,
  refunds: z.array(orderRefundSchema),
  returns: z.array(orderReturnSchema),
  /** Until when the shopper may ask to return goods; null when the order cannot be returned. */
  returnableUntil: z.string().nullable(),
  /**
   * Only when the order was opened with its token (`X-Order-Token`, a guest checkout's link) and not by its
   * owner's session: the address its mails go to, which the guest gave.
   */
  email: z.string().optional(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/**
 * A guest checkout's order. `accessToken` opens this one order without a session: send it as `X-Order-Token` to
 * `GET /v1/home/orders/:id`, `POST /v1/home/orders/:id/cancel` and `POST /v1/home/charges`. The order's mails
 * carry the same token in their link (`/my/order?id=…&token=…`).
 */
export const guestOrderSchema = orderDetailSchema.extend({
  email: z.string(),
  accessToken: z.string(),
});
export type GuestOrder = z.infer<typeof guestOrderSchema>;

/** `POST /v1/home/orders/:id/returns`. */
export const createReturnBodySchema = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        lineId: idField,
        quantity: z.number({ error: 'validation.integer' }).int().min(1).max(999),
      }),
    )
    .min(1, { error: 'validation.required' })
    .max(100),
  reason: z.enum(returnReasonValues, { error: 'validation.invalid' }),
  note: textParam(500).optional(),
});
export type CreateReturnBody = z.infer<typeof createReturnBodySchema>;

/** What checkout shows before placing: the priced lines, totals, and the shopper's coupons that fit. */
export const orderPreviewSchema = orderTotalsSchema.extend({
  lines: z.array(orderLineSchema.omit({ id: true, refundedQuantity: true })),
  coupons: z.array(z.object({ couponId: z.string(), title: z.string(), discount: moneySchema })),
  /** The usable coupon with the largest discount, suggested by default. */
  bestCouponId: z.string().nullable(),
  /** The ways the parcel can go to the address, in the shop's order; `shippingMethod` is the chosen one. */
  shippingMethods: z.array(shippingMethodOfferSchema),
});
export type OrderPreview = z.infer<typeof orderPreviewSchema>;
