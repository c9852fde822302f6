import { z } from 'zod';
import { MAX_INVITEES } from '../constants.ts';
import type { MessageKey } from '../messages.ts';
import { idField, textParam } from '../validation.ts';
import { adminPageQuery } from './staff.ts';

/**
 * The back office's dashboard: analysis figures, the workplace, the live monitor and sales goals. Days are
 * UTC calendar days written `YYYY-MM-DD`; money is integer minor units in the shop's currency.
 */

const msg = (key: MessageKey) => ({ error: key });

/** Longest range the analysis accepts: two years and a leap day. */
export const MAX_ANALYSIS_DAYS = 731;
/** A SKU (not a whole goods) with this many units or fewer is "low stock" on the workplace. */
export const SKU_LOW_STOCK_THRESHOLD = 5;
/** Coupons ending within this many days are listed on the workplace. */
export const EXPIRING_COUPON_DAYS = 7;
/** Rows of each ranking (top goods) in the analysis. */
export const TOP_GOODS_LIMIT = 10;
/** Events the monitor's first paint shows, and the most a reconnecting stream is sent. */
export const MONITOR_RECENT_EVENTS = 30;
/** The monitor stream's heartbeat comment interval; proxies and browsers keep a quiet stream open. */
export const MONITOR_HEARTBEAT_MS = 15_000;
/** How long the browser waits before reconnecting a dropped monitor stream (`retry:`). */
export const MONITOR_RETRY_MS = 3_000;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day as `YYYY-MM-DD` (2026-02-30 is refused). */
export function isDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Whole days from `from` to `to`, both included (1 for the same day). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

const dayField = (requiredKey: MessageKey) =>
  z.string(msg(requiredKey)).min(1, { error: requiredKey, abort: true }).refine(isDay, msg('validation.day'));

export const granularityValues = ['day', 'week', 'month'] as const;
export type Granularity = (typeof granularityValues)[number];

/** `GET /v1/admin/dashboard/analysis`: `from` and `to` included, at most two years apart. */
export const analysisQuerySchema = z
  .strictObject({
    from: dayField('validation.required'),
    to: dayField('validation.required'),
    granularity: z.enum(granularityValues, msg('validation.invalid')).default('day'),
  })
  .superRefine((query, ctx) => {
    if (!isDay(query.from) || !isDay(query.to)) return;
    if (query.from > query.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dateRange' });
    } else if (daysInRange(query.from, query.to) > MAX_ANALYSIS_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dayRange.tooLong' });
    }
  });
export type AnalysisQuery = z.infer<typeof analysisQuerySchema>;
export type AnalysisQueryInput = z.input<typeof analysisQuerySchema>;

const money = z.number().int();

export const rankedGoodsSchema = z.object({
  goodsId: z.string(),
  name: z.string(),
  units: z.number().int(),
  /** Line revenue: unit price × quantity, before order discounts and shipping. */
  revenue: money,
});
export type RankedGoods = z.infer<typeof rankedGoodsSchema>;

export const analysisSchema = z.object({
  from: z.string(),
  to: z.string(),
  granularity: z.enum(granularityValues),
  currency: z.string().length(3),
  totals: z.object({
    /** Totals of paid, shipped and completed orders placed in the range, less their refunds. */
    sales: money,
    /** Money refunded on orders placed in the range. */
    refunds: money,
    /** Paid, shipped and completed orders placed in the range. */
    orders: z.number().int(),
    averageOrderValue: money,
    /** Distinct visitors per day, summed over the days. */
    visitors: z.number().int(),
    /** Orders per visitor (0 without visitors). */
    conversion: z.number(),
  }),
  /** One point per day, week (from Monday) or month of the range, empty periods included. */
  series: z.array(
    z.object({
      /** First day of the period (clipped to `from`). */
      period: z.string(),
      sales: money,
      orders: z.number().int(),
      visitors: z.number().int(),
    }),
  ),
  topGoodsByUnits: z.array(rankedGoodsSchema),
  topGoodsByRevenue: z.array(rankedGoodsSchema),
  /** Line revenue by top-level category, largest first. */
  salesByCategory: z.array(
    z.object({ categoryId: z.string(), name: z.string(), revenue: money, units: z.number().int() }),
  ),
});
export type Analysis = z.infer<typeof analysisSchema>;

/** A person an activity is attributed to. */
export const activityActorSchema = z.object({
  kind: z.enum(['staff', 'shopper', 'system', 'payment']),
  id: z.string().nullable(),
  name: z.string(),
});
export type ActivityActor = z.infer<typeof activityActorSchema>;

/**
 * Something that happened in the shop: an order changing state, or a change made by staff (from the audit
 * log). `action` is `order.<status>` for orders (`order.expired` for an unpaid order the shop cancelled) or the
 * audit action (`goods.update`, `goal.create`, …).
 */
export const activitySchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  /**
   * What people call the entity, when it has a name of its own besides its id: the order's number (see
   * `orderSchema.number`) when `entity` is `order`; null otherwise.
   */
  label: z.string().nullable(),
  actor: activityActorSchema,
});
export type Activity = z.infer<typeof activitySchema>;

export const dashboardOrderSchema = z.object({
  id: z.string(),
  /** The order's number people use: digits, counted from 10001 (see `orderSchema.number`). */
  number: z.string(),
  status: z.string(),
  total: money,
  currency: z.string(),
  items: z.number().int(),
  customer: z.string(),
  createdAt: z.string(),
});
export type DashboardOrder = z.infer<typeof dashboardOrderSchema>;

export const goalMetricValues = ['revenue', 'orders'] as const;
export type GoalMetric = (typeof goalMetricValues)[number];
export const goalVisibilityValues = ['public', 'partial', 'private'] as const;
export type GoalVisibility = (typeof goalVisibilityValues)[number];

const requiredText = (key: MessageKey, max: number) =>
  z.string(msg(key)).trim().min(1, { error: key, abort: true }).max(max, msg('validation.tooLong'));

/**
 * The template's goal form as a sales goal. Its messages are the spec's (§5 template goal form); the date range
 * is two fields so that each end is validated and stored as a day.
 */
export const goalBodySchema = z
  .strictObject({
    title: requiredText('validation.goal.title', 100),
    startsOn: dayField('validation.goal.dates'),
    endsOn: dayField('validation.goal.dates'),
    description: requiredText('validation.goal.description', 2000),
    metric: z.enum(goalMetricValues, msg('validation.goal.metric')),
    /** Revenue in minor units, or a number of orders. */
    target: z
      .number(msg('validation.goal.metric'))
      .int(msg('validation.integer'))
      .min(1, msg('validation.goal.metric'))
      .max(2_000_000_000, msg('validation.outOfRange')),
    client: textParam(200).default(''),
    invitees: z
      .array(idField, msg('validation.invalid'))
      .max(MAX_INVITEES, msg('validation.goal.invitees'))
      .default([]),
    weight: z
      .number(msg('validation.integer'))
      .int(msg('validation.integer'))
      .min(0, msg('validation.outOfRange'))
      .max(100, msg('validation.outOfRange'))
      .default(0),
    visibility: z.enum(goalVisibilityValues, msg('validation.required')),
    /** With `partial`: the members of staff who may see the goal. */
    visibleTo: z.array(idField, msg('validation.invalid')).max(50, msg('validation.tooLong')).default([]),
  })
  .superRefine((goal, ctx) => {
    if (isDay(goal.startsOn) && isDay(goal.endsOn) && goal.startsOn > goal.endsOn) {
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'validation.dateRange' });
    }
    if (goal.visibility === 'partial' && goal.visibleTo.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['visibleTo'], message: 'validation.required' });
    }
  });
export type GoalBody = z.infer<typeof goalBodySchema>;
export type GoalBodyInput = z.input<typeof goalBodySchema>;

export const goalsQuerySchema = z.strictObject({ ...adminPageQuery });

export const staffPersonSchema = z.object({
  id: z.string(),
  nickname: z.string(),
  email: z.string(),
  avatar: z.string(),
});
export type StaffPerson = z.infer<typeof staffPersonSchema>;

export const goalSchema = z.object({
  id: z.string(),
  title: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  description: z.string(),
  metric: z.enum(goalMetricValues),
  target: z.number().int(),
  client: z.string(),
  invitees: z.array(staffPersonSchema),
  weight: z.number().int(),
  visibility: z.enum(goalVisibilityValues),
  visibleTo: z.array(staffPersonSchema),
  createdBy: staffPersonSchema,
  createdAt: z.string(),
  /** Paid orders (or their net sales) placed within the goal's days so far. */
  progress: z.number().int(),
  currency: z.string().length(3),
  /** Whether the caller may change or delete it: its creator, or an admin. */
  canEdit: z.boolean(),
});
export type Goal = z.infer<typeof goalSchema>;

export const workplaceSchema = z.object({
  currency: z.string().length(3),
  toShip: z.object({ count: z.number().int(), oldest: z.array(dashboardOrderSchema) }),
  lowStock: z.object({
    threshold: z.number().int(),
    count: z.number().int(),
    skus: z.array(
      z.object({
        skuId: z.string(),
        goodsId: z.string(),
        name: z.string(),
        options: z.array(z.string()),
        stock: z.number().int(),
      }),
    ),
  }),
  expiringCoupons: z.object({
    days: z.number().int(),
    coupons: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        endsAt: z.string(),
        claimed: z.number().int(),
        total: z.number().int(),
      }),
    ),
  }),
  activity: z.array(activitySchema),
  goals: z.array(goalSchema),
});
export type Workplace = z.infer<typeof workplaceSchema>;

export const monitorEventTypeValues = [
  'order.placed',
  'order.paid',
  'order.cancelled',
  'order.expired',
  'order.shipped',
  'order.completed',
  'order.refunded',
  'staff.activity',
] as const;
export type MonitorEventType = (typeof monitorEventTypeValues)[number];

/**
 * One event of the monitor's stream (`GET /v1/admin/monitor/events`, server-sent events named `shop`). Order
 * events carry the order as it is now; every event carries its activity line.
 */
export const monitorEventSchema = z.object({
  id: z.string(),
  type: z.enum(monitorEventTypeValues),
  at: z.string(),
  activity: activitySchema,
  order: dashboardOrderSchema.nullable(),
});
export type MonitorEvent = z.infer<typeof monitorEventSchema>;

/** `GET /v1/admin/monitor`: the monitor's first paint. */
export const monitorSnapshotSchema = z.object({
  /** The UTC day the totals are for. */
  day: z.string(),
  currency: z.string().length(3),
  today: z.object({
    /** Orders placed today, in any state. */
    placed: z.number().int(),
    /** Of those, paid (or shipped, completed). */
    paid: z.number().int(),
    sales: money,
    visitors: z.number().int(),
  }),
  orders: z.array(dashboardOrderSchema),
  activity: z.array(activitySchema),
  /** Give it to the stream as `lastEventId` so nothing between this reply and the stream is missed. */
  lastEventId: z.string().nullable(),
});
export type MonitorSnapshot = z.infer<typeof monitorSnapshotSchema>;

export const monitorStreamQuerySchema = z.strictObject({
  lastEventId: textParam(100).optional(),
});
