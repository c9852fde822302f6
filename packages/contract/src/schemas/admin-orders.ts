import { z } from 'zod';
import { idField, intParam, textParam } from '../validation.ts';
import { SUPPORTED_LOCALES } from '../locale.ts';
import { genderValues } from './accounts.ts';
import { adminGoodsRowSchema } from './admin-catalog.ts';
import { moneySchema } from './catalog.ts';
import {
  addressSchema,
  chargeSchema,
  orderDetailSchema,
  orderRefundSchema,
  orderReturnSchema,
  orderStatusValues,
  returnStatusValues,
  shipmentSchema,
} from './orders.ts';
import { adminPageQuery } from './staff.ts';

/*
 * The back office's orders, shoppers and global search (`/v1/admin/orders`, `/v1/admin/shoppers`,
 * `/v1/admin/search`).
 */

const MAX_MONEY = 1_000_000_000;

/**
 * A moment in a query string: an ISO date (`2026-12-01`, the whole day in UTC) or an ISO date-time with its
 * offset. `end` makes a bare date mean the end of that day, so `to=2026-12-01` includes the day.
 */
function momentParam(end: boolean) {
  return z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'validation.invalid' })
    .transform((text) => {
      if (text.length > 10) return new Date(text);
      const day = new Date(`${text}T00:00:00.000Z`);
      return end ? new Date(day.getTime() + 86_400_000 - 1) : day;
    });
}

/** `from` ≤ `to` and `minTotal` ≤ `maxTotal`; a reversed range is a mistake worth telling, not an empty list. */
function withOrderedRanges<
  T extends z.ZodType<{
    from?: Date | undefined;
    to?: Date | undefined;
    minTotal?: number;
    maxTotal?: number;
  }>,
>(schema: T) {
  return schema
    .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], error: 'validation.dateRange' })
    .refine((q) => q.minTotal === undefined || q.maxTotal === undefined || q.minTotal <= q.maxTotal, {
      path: ['maxTotal'],
      error: 'validation.totalRange',
    });
}

// ---------------------------------------------------------------------------------------------- orders

export const adminOrderSortValues = ['newest', 'oldest', 'total_desc', 'total_asc'] as const;
export type AdminOrderSort = (typeof adminOrderSortValues)[number];

/** The filters shared by the orders table and its CSV export. */
const adminOrderFilters = {
  status: z.enum(orderStatusValues, { error: 'validation.invalid' }).optional(),
  /** An order number (or its first characters), a shopper's email or phone, or the recipient's name. */
  keyword: textParam(100).optional(),
  /** Orders of one shopper (the shopper detail's orders tab). */
  shopperId: idField.optional(),
  /** Placed at or after `from`, at or before `to`. */
  from: momentParam(false).optional(),
  to: momentParam(true).optional(),
  /**
   * Totals in the shop's currency's minor units, each order's total at its own rate (an order in reais is compared
   * by its dollars): a range, or one exact amount. Sorting by total compares the same amounts.
   */
  minTotal: intParam(0, MAX_MONEY).optional(),
  maxTotal: intParam(0, MAX_MONEY).optional(),
  total: intParam(0, MAX_MONEY).optional(),
  sort: z.enum(adminOrderSortValues, { error: 'validation.invalid' }).default('newest'),
};

/** `GET /v1/admin/orders`. */
export const adminOrdersQuerySchema = withOrderedRanges(
  z.strictObject({ ...adminOrderFilters, ...adminPageQuery }),
);
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;
export type AdminOrdersQueryInput = z.input<typeof adminOrdersQuerySchema>;

/** `GET /v1/admin/orders/export`: the same filters, every matching order, as CSV. */
export const adminOrdersExportQuerySchema = withOrderedRanges(z.strictObject(adminOrderFilters));
export type AdminOrdersExportQuery = z.infer<typeof adminOrdersExportQuerySchema>;
export type AdminOrdersExportQueryInput = z.input<typeof adminOrdersExportQuerySchema>;

/** A person an order or a shopper record points at, as staff see them. */
export const personRefSchema = z.object({
  id: z.string(),
  email: z.string(),
  phone: z.string(),
  nickname: z.string(),
  /** An address that bought as a guest and never became an account (no password was ever set). */
  guest: z.boolean(),
});
export type PersonRef = z.infer<typeof personRefSchema>;

/** One row of the orders table. */
export const adminOrderRowSchema = z.object({
  id: z.string(),
  /** The order's number people use (see `orderSchema.number`). */
  number: z.string(),
  status: z.enum(orderStatusValues),
  total: moneySchema,
  currency: z.string().length(3),
  /** Units across all lines. */
  itemCount: z.number().int(),
  createdAt: z.string(),
  /** Null only if the shopper's account was deleted. */
  shopper: personRefSchema.nullable(),
  recipient: z.string(),
  shipment: shipmentSchema.nullable(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

/** Who changed an order: the shopper, the scheduler (`system`), the payment provider, or a member of staff. */
export const orderActorKindValues = ['shopper', 'system', 'payment', 'staff'] as const;
export type OrderActorKind = (typeof orderActorKindValues)[number];

export const adminOrderEventSchema = z.object({
  status: z.enum(orderStatusValues),
  at: z.string(),
  actor: z.enum(orderActorKindValues),
  /** The member of staff's name (nickname, else email) when `actor` is `staff`. */
  staff: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type AdminOrderEvent = z.infer<typeof adminOrderEventSchema>;

/** A member of staff as an order's pages name them. */
const staffRefSchema = z.object({ id: z.string(), name: z.string() });

/** A refund as staff see it: who made it (null for automatic refunds and the provider's own). */
export const adminRefundSchema = orderRefundSchema.extend({ staff: staffRefSchema.nullable() });
export type AdminRefund = z.infer<typeof adminRefundSchema>;

/** `GET /v1/admin/orders/:id`: everything the order detail page shows. */
export const adminOrderDetailSchema = orderDetailSchema
  .omit({ history: true, charges: true, refunds: true })
  .extend({
    shopper: personRefSchema.nullable(),
    coupon: z.object({ couponId: z.string(), title: z.string() }).nullable(),
    charges: z.array(chargeSchema.omit({ payUrl: true }).extend({ createdAt: z.string() })),
    refunds: z.array(adminRefundSchema),
    history: z.array(adminOrderEventSchema),
    updatedAt: z.string(),
    /** What staff may do next, from the lifecycle table; `refundable` is what is left to give back. */
    actions: z.object({ ship: z.boolean(), refund: z.boolean(), refundable: moneySchema }),
  });
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

/** Letters, digits and hyphens, as carriers print them. */
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{2,38}[A-Za-z0-9]$/;

/** `POST /v1/admin/orders/:id/ship`. */
export const shipOrderBodySchema = z.strictObject({
  carrier: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required', abort: true })
    .max(60, { error: 'validation.tooLong' }),
  trackingNumber: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required', abort: true })
    .regex(TRACKING_NUMBER_PATTERN, { error: 'validation.trackingNumber' }),
});
export type ShipOrderBody = z.infer<typeof shipOrderBodySchema>;

/**
 * `POST /v1/admin/orders/:id/refunds`: any amount up to what is left, optionally naming lines (units, and
 * whether they go back on sale). More than what is left is refused with code 1 and changes nothing.
 */
export const createRefundBodySchema = z.strictObject({
  amount: z
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'validation.outOfRange' })
    .max(MAX_MONEY, { error: 'validation.outOfRange' }),
  reason: textParam(200).min(1, { error: 'validation.required' }),
  lines: z
    .array(
      z.strictObject({
        lineId: idField,
        quantity: z.number({ error: 'validation.integer' }).int().min(1).max(999),
        restock: z.boolean({ error: 'validation.invalid' }),
      }),
    )
    .max(100)
    .optional(),
});
export type CreateRefundBody = z.infer<typeof createRefundBodySchema>;

/** `GET /v1/admin/returns`: the returns queue. */
export const adminReturnsQuerySchema = z.strictObject({
  status: z.enum(returnStatusValues, { error: 'validation.invalid' }).optional(),
  orderId: idField.optional(),
  ...adminPageQuery,
});
export type AdminReturnsQuery = z.infer<typeof adminReturnsQuerySchema>;

export const adminReturnSchema = orderReturnSchema.extend({
  shopper: personRefSchema.nullable(),
  orderStatus: z.enum(orderStatusValues),
  /** What is left to refund on the order. */
  refundable: moneySchema,
});
export type AdminReturn = z.infer<typeof adminReturnSchema>;

/** `POST /v1/admin/returns/:id/approve`. */
export const approveReturnBodySchema = z.strictObject({ message: textParam(500).optional() });
/** `POST /v1/admin/returns/:id/reject`: the shopper is told why. */
export const rejectReturnBodySchema = z.strictObject({
  message: textParam(500).min(1, { error: 'validation.required' }),
});
/** `POST /v1/admin/returns/:id/receive`: per returned line, whether its units go back on sale. */
export const receiveReturnBodySchema = z.strictObject({
  lines: z
    .array(z.strictObject({ lineId: idField, restock: z.boolean({ error: 'validation.invalid' }) }))
    .min(1, { error: 'validation.required' })
    .max(100),
});
/** `POST /v1/admin/returns/:id/refund`: the returned units' value unless staff give another amount. */
export const refundReturnBodySchema = z.strictObject({
  amount: z
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'validation.outOfRange' })
    .max(MAX_MONEY, { error: 'validation.outOfRange' })
    .optional(),
});
export type ReceiveReturnBody = z.infer<typeof receiveReturnBodySchema>;

/** One order whose money does not add up: captured − refunded ≠ what its status says the shop holds. */
export const reconciliationMismatchSchema = z.object({
  orderId: z.string(),
  /** The order's number people use (see `orderSchema.number`). */
  orderNumber: z.string(),
  status: z.enum(orderStatusValues),
  currency: z.string().length(3),
  /** What the order says the shop holds: its total less its refunds while paid, nothing while unpaid or cancelled. */
  holds: moneySchema,
  captured: moneySchema,
  refunded: moneySchema,
});

/** `GET /v1/admin/payments/reconciliation`. */
export const reconciliationSchema = z.object({
  checkedOrders: z.number().int(),
  /** Orders whose refunds are still with the provider: their figures settle when its webhook arrives. */
  settling: z.number().int(),
  mismatches: z.array(reconciliationMismatchSchema),
  /** Per currency: money captured, refunded, and held by orders. */
  totals: z.array(
    z.object({
      currency: z.string().length(3),
      captured: moneySchema,
      refunded: moneySchema,
      holds: moneySchema,
    }),
  ),
  checkedAt: z.string(),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

export const shopperStatusValues = ['active', 'disabled', 'not_activated'] as const;
export type ShopperStatus = (typeof shopperStatusValues)[number];

/** `GET /v1/admin/shoppers`. */
export const adminShoppersQuerySchema = z
  .strictObject({
    /** Part of an email, phone or nickname. */
    keyword: textParam(100).optional(),
    status: z.enum(shopperStatusValues, { error: 'validation.invalid' }).optional(),
    /** Registered at or after `from`, at or before `to`. */
    from: momentParam(false).optional(),
    to: momentParam(true).optional(),
    sort: z.enum(['newest', 'oldest'], { error: 'validation.invalid' }).default('newest'),
    ...adminPageQuery,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], error: 'validation.dateRange' });
export type AdminShoppersQuery = z.infer<typeof adminShoppersQuerySchema>;
export type AdminShoppersQueryInput = z.input<typeof adminShoppersQuerySchema>;

/** Orders and money a shopper brought: spent counts orders paid and not refunded. */
export const shopperStatsSchema = z.object({
  orderCount: z.number().int(),
  totalSpent: moneySchema,
  currency: z.string().length(3),
});
export type ShopperStats = z.infer<typeof shopperStatsSchema>;

export const adminShopperRowSchema = personRefSchema.extend({
  avatar: z.string(),
  status: z.enum(shopperStatusValues),
  createdAt: z.string(),
  ...shopperStatsSchema.shape,
});
export type AdminShopperRow = z.infer<typeof adminShopperRowSchema>;

export const shopperSessionSchema = z.object({
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string(),
  ip: z.string(),
});
export type ShopperSession = z.infer<typeof shopperSessionSchema>;

export const claimedCouponSchema = z.object({
  claimId: z.string(),
  couponId: z.string(),
  title: z.string(),
  kind: z.enum(['amount', 'percent']),
  value: z.number().int(),
  endsAt: z.string(),
  claimedAt: z.string(),
  usedAt: z.string().nullable(),
  orderId: z.string().nullable(),
  /** The number of the order the coupon was spent on; null while unused. */
  orderNumber: z.string().nullable(),
});
export type ClaimedCoupon = z.infer<typeof claimedCouponSchema>;

/** `GET /v1/admin/shoppers/:id`. */
export const adminShopperDetailSchema = adminShopperRowSchema.extend({
  gender: z.enum(genderValues),
  birthday: z.string().nullable(),
  locale: z.enum(SUPPORTED_LOCALES),
  activatedAt: z.string().nullable(),
  disabledAt: z.string().nullable(),
  /** The newest orders; the orders tab pages through the rest with `GET /v1/admin/orders?shopperId=`. */
  orders: z.array(adminOrderRowSchema),
  addresses: z.array(addressSchema),
  coupons: z.array(claimedCouponSchema),
  sessions: z.array(shopperSessionSchema),
});
export type AdminShopperDetail = z.infer<typeof adminShopperDetailSchema>;

// ------------------------------------------------------------------------------------------ global search

/** `GET /v1/admin/search`. */
export const adminSearchQuerySchema = z.strictObject({
  q: textParam(100).min(1, { error: 'validation.required' }),
  /** How many of each kind to return. */
  limit: intParam(1, 20).default(5),
});
export type AdminSearchQueryInput = z.input<typeof adminSearchQuerySchema>;

const found = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

export const adminSearchResultSchema = z.object({
  goods: found(adminGoodsRowSchema),
  orders: found(adminOrderRowSchema),
  shoppers: found(adminShopperRowSchema),
});
export type AdminSearchResult = z.infer<typeof adminSearchResultSchema>;
