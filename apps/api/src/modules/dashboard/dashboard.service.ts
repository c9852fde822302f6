import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  EXPIRING_COUPON_DAYS,
  pickText,
  SKU_LOW_STOCK_THRESHOLD,
  TOP_GOODS_LIMIT,
  type Activity,
  type ActivityActor,
  type Analysis,
  type AnalysisQuery,
  type DashboardOrder,
  type Granularity,
  type Locale,
  type MonitorSnapshot,
  type OrderStatus,
  type RankedGoods,
  type StaffMember,
  type Workplace,
} from '@shop/contract';
import { schema, type Db } from '@shop/db';
import { inShopCurrency as inReporting } from '../markets/in-shop-currency.ts';
import type { CatalogService, ShopLocale } from '../catalog/catalog.service.ts';
import type { InventoryService } from '../catalog/inventory.service.ts';
import type { GoalsService } from './goals.service.ts';
import type { OrderChange, ShopEventInput, ShopEvents } from './shop-events.ts';
import { utcDay } from './visits.ts';

const {
  orders,
  orderLines,
  orderEvents,
  refunds,
  dailyVisits,
  auditLog,
  users,
  goods,
  goodsTranslations,
  skus,
  coupons,
} = schema;
type OrderRow = typeof orders.$inferSelect;

/** Orders that count as sales: paid and not refunded. */
export const SOLD_STATUSES: OrderStatus[] = ['paid', 'shipped', 'completed'];
/**
 * Audit entries about orders are left out of the activity feed: the order's own status events already say
 * what happened (and who did it).
 */
const ORDER_AUDIT_ENTITIES = ['order', 'orders'];
const DAY_MS = 86_400_000;
/** Orders to ship and low-stock SKUs the workplace lists (the counts are of all of them). */
const WORKPLACE_LIST = 5;
const MONITOR_ORDERS = 20;
const ACTIVITY_ITEMS = 15;

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + DAY_MS);
const STAFF_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Net sales and number of sold orders in a window of days. */
export interface SalesFigures {
  sales: number;
  orders: number;
}

/** The orders counted as sales in `[start, end)`, in every currency; uses `orders_status_created_idx`. */
function soldBetween(start: Date, end: Date) {
  return and(inArray(orders.status, SOLD_STATUSES), gte(orders.createdAt, start), lt(orders.createdAt, end));
}

/** Net sales and sold orders over the whole days `from`…`to` (goal progress). */
export async function salesFigures(
  db: Db,
  from: string,
  to: string,
  currency: string,
): Promise<SalesFigures> {
  const [row] = await db
    .select({
      orders: sql<number>`count(*)`.mapWith(Number),
      sales:
        sql<number>`coalesce(sum(${inReporting(orders.total, currency)}), 0) - coalesce(sum(${inReporting(refunds.amount, currency)}), 0)`.mapWith(
          Number,
        ),
    })
    .from(orders)
    .leftJoin(refunds, eq(refunds.orderId, orders.id))
    .where(soldBetween(dayStart(from), dayAfter(to)));
  return { sales: row?.sales ?? 0, orders: row?.orders ?? 0 };
}

/**
 * The dashboard's figures. It only reads. Orders, refunds, visits and the audit log are read here with
 * aggregate queries (the owning modules have no such questions to answer, and the sums must be made in SQL
 * over the orders indexes, not over rows fetched through a service); catalog names come through the catalog's
 * services where they offer them. Each read-only query on another module's table says why it is here.
 */
export class DashboardService {
  constructor(
    private readonly db: Db,
    private readonly catalog: Pick<CatalogService, 'listCategories'>,
    private readonly inventory: InventoryService,
    private readonly goals: GoalsService,
    private readonly shop: (locale: Locale) => ShopLocale,
    private readonly events: ShopEvents,
  ) {}

  async analysis(query: AnalysisQuery, locale: Locale): Promise<Analysis> {
    const at = this.shop(locale);
    const start = dayStart(query.from);
    const end = dayAfter(query.to);
    const sold = soldBetween(start, end);
    const currency = at.currency;
    const units = sql<number>`sum(${orderLines.quantity})`.mapWith(Number);
    const revenue =
      sql<number>`sum(${inReporting(sql`${orderLines.price} * ${orderLines.quantity}`, currency)})`.mapWith(
        Number,
      );
    const ranking = () =>
      this.db
        .select({
          goodsId: orderLines.goodsId,
          // The name at the time of sale, for goods since deleted.
          soldAs: sql<string>`max(${orderLines.name})`,
          units,
          revenue,
        })
        .from(orders)
        .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
        .where(sold)
        .groupBy(orderLines.goodsId);
    const [days, refunded, visits, byUnits, byRevenue, byCategory] = await Promise.all([
      this.db
        .select({
          day: sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
          orders: sql<number>`count(*)`.mapWith(Number),
          // A refund on an order still counted (a partial one) is taken off; refunded orders are not counted.
          sales:
            sql<number>`coalesce(sum(${inReporting(orders.total, currency)}), 0) - coalesce(sum(${inReporting(refunds.amount, currency)}), 0)`.mapWith(
              Number,
            ),
        })
        .from(orders)
        .leftJoin(refunds, eq(refunds.orderId, orders.id))
        .where(sold)
        .groupBy(sql`1`),
      this.db
        .select({
          amount: sql<number>`coalesce(sum(${inReporting(refunds.amount, currency)}), 0)`.mapWith(Number),
        })
        .from(orders)
        .innerJoin(refunds, eq(refunds.orderId, orders.id))
        .where(and(gte(orders.createdAt, start), lt(orders.createdAt, end))),
      this.db
        .select({ day: dailyVisits.day, visitors: sql<number>`count(*)`.mapWith(Number) })
        .from(dailyVisits)
        .where(and(gte(dailyVisits.day, query.from), lte(dailyVisits.day, query.to)))
        .groupBy(dailyVisits.day),
      ranking().orderBy(desc(units), desc(revenue), asc(orderLines.goodsId)).limit(TOP_GOODS_LIMIT),
      ranking().orderBy(desc(revenue), desc(units), asc(orderLines.goodsId)).limit(TOP_GOODS_LIMIT),
      // Read-only join on the catalog's goods: the category of each sold line must be known inside the sum.
      this.db
        .select({ categoryId: goods.categoryId, units, revenue })
        .from(orders)
        .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
        .leftJoin(goods, eq(goods.id, orderLines.goodsId))
        .where(sold)
        .groupBy(goods.categoryId),
    ]);

    const series = periodsOf(query.from, query.to, query.granularity).map((period) => ({
      period,
      sales: 0,
      orders: 0,
      visitors: 0,
    }));
    const slot = new Map(series.map((point) => [point.period, point]));
    const pointOf = (day: string) => slot.get(periodKey(day, query.from, query.granularity));
    for (const row of days) {
      const point = pointOf(row.day);
      if (point) {
        point.sales += row.sales;
        point.orders += row.orders;
      }
    }
    for (const row of visits) {
      const point = pointOf(row.day);
      if (point) point.visitors += row.visitors;
    }
    const sales = series.reduce((sum, p) => sum + p.sales, 0);
    const orderCount = series.reduce((sum, p) => sum + p.orders, 0);
    const visitors = series.reduce((sum, p) => sum + p.visitors, 0);

    const names = await this.goodsNames([...new Set([...byUnits, ...byRevenue].map((r) => r.goodsId))], at);
    const ranked = (rows: typeof byUnits): RankedGoods[] =>
      rows.map((r) => ({
        goodsId: r.goodsId,
        name: names.get(r.goodsId) ?? r.soldAs,
        units: r.units,
        revenue: r.revenue,
      }));

    return {
      from: query.from,
      to: query.to,
      granularity: query.granularity,
      currency: at.currency,
      totals: {
        sales,
        refunds: refunded[0]?.amount ?? 0,
        orders: orderCount,
        averageOrderValue: orderCount ? Math.round(sales / orderCount) : 0,
        visitors,
        conversion: visitors ? Math.round((orderCount / visitors) * 10_000) / 10_000 : 0,
      },
      series,
      topGoodsByUnits: ranked(byUnits),
      topGoodsByRevenue: ranked(byRevenue),
      salesByCategory: await this.byTopCategory(byCategory, at),
    };
  }

  async workplace(member: StaffMember, locale: Locale): Promise<Workplace> {
    const at = this.shop(locale);
    const now = new Date();
    const lowStockWhere = and(lte(skus.stock, SKU_LOW_STOCK_THRESHOLD), eq(goods.onShelf, true));
    const [[toShip], oldest, [low], lowSkus, expiring, activity, goals] = await Promise.all([
      this.db.select({ n: count() }).from(orders).where(eq(orders.status, 'paid')),
      this.db
        .select()
        .from(orders)
        .where(eq(orders.status, 'paid'))
        .orderBy(asc(orders.createdAt))
        .limit(WORKPLACE_LIST),
      // Read-only: "which SKUs run low" is a dashboard question; the catalog's InventoryService names them.
      this.db
        .select({ n: count() })
        .from(skus)
        .innerJoin(goods, eq(goods.id, skus.goodsId))
        .where(lowStockWhere),
      this.db
        .select({ id: skus.id })
        .from(skus)
        .innerJoin(goods, eq(goods.id, skus.goodsId))
        .where(lowStockWhere)
        .orderBy(asc(skus.stock), asc(skus.id))
        .limit(WORKPLACE_LIST),
      // Read-only: the promotions module lists coupons on offer to shoppers, not those about to end.
      this.db
        .select()
        .from(coupons)
        .where(
          and(
            gt(coupons.endsAt, now),
            lte(coupons.endsAt, new Date(now.getTime() + EXPIRING_COUPON_DAYS * DAY_MS)),
          ),
        )
        .orderBy(asc(coupons.endsAt))
        .limit(WORKPLACE_LIST),
      this.recentActivity(ACTIVITY_ITEMS),
      this.goals.current(member),
    ]);
    const offers = await this.inventory.describeSkus(
      lowSkus.map((s) => s.id),
      at.locale,
      at.shopDefault,
    );
    return {
      currency: at.currency,
      toShip: { count: toShip?.n ?? 0, oldest: await this.describeOrders(oldest) },
      lowStock: {
        threshold: SKU_LOW_STOCK_THRESHOLD,
        count: low?.n ?? 0,
        skus: lowSkus.flatMap(({ id }) => {
          const offer = offers.get(id);
          return offer
            ? [
                {
                  skuId: id,
                  goodsId: offer.goodsId,
                  name: offer.name,
                  options: offer.options,
                  stock: offer.stock,
                },
              ]
            : [];
        }),
      },
      expiringCoupons: {
        days: EXPIRING_COUPON_DAYS,
        coupons: expiring.map((c) => ({
          id: c.id,
          title: pickText(c.title, at.locale, at.shopDefault),
          endsAt: c.endsAt.toISOString(),
          claimed: c.claimed,
          total: c.total,
        })),
      },
      activity,
      goals,
    };
  }

  /** Today's running totals (UTC day) and the latest orders and activity: the monitor's first paint. */
  async monitorSnapshot(locale: Locale, now = new Date()): Promise<MonitorSnapshot> {
    const at = this.shop(locale);
    const currency = at.currency;
    const day = utcDay(now);
    const start = dayStart(day);
    const end = dayAfter(day);
    const lastEventId = this.events.snapshotId();
    const [[placed], [paid], [visits], latest, activity] = await Promise.all([
      this.db
        .select({ n: count() })
        .from(orders)
        .where(and(gte(orders.createdAt, start), lt(orders.createdAt, end))),
      this.db
        .select({
          n: count(),
          sales:
            sql<number>`coalesce(sum(${inReporting(orders.total, currency)}), 0) - coalesce(sum(${inReporting(refunds.amount, currency)}), 0)`.mapWith(
              Number,
            ),
        })
        .from(orders)
        .leftJoin(refunds, eq(refunds.orderId, orders.id))
        .where(soldBetween(start, end)),
      this.db.select({ n: count() }).from(dailyVisits).where(eq(dailyVisits.day, day)),
      this.db.select().from(orders).orderBy(desc(orders.createdAt)).limit(MONITOR_ORDERS),
      this.recentActivity(ACTIVITY_ITEMS),
    ]);
    return {
      day,
      currency: at.currency,
      today: {
        placed: placed?.n ?? 0,
        paid: paid?.n ?? 0,
        sales: paid?.sales ?? 0,
        visitors: visits?.n ?? 0,
      },
      orders: await this.describeOrders(latest),
      activity,
      lastEventId,
    };
  }

  /** The event of an order change, with the order as it is now (the shop event bus calls this). */
  async describeOrderChange(change: OrderChange): Promise<ShopEventInput | null> {
    const [row] = await this.db.select().from(orders).where(eq(orders.id, change.orderId));
    if (!row) return null;
    const [latest] = await this.db
      .select({ id: orderEvents.id, actor: orderEvents.actor, at: orderEvents.at })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, row.id))
      .orderBy(desc(orderEvents.at))
      .limit(1);
    const actorId = change.actor ?? latest?.actor ?? 'system';
    const type = change.type === 'order.cancelled' && actorId === 'system' ? 'order.expired' : change.type;
    const [order] = await this.describeOrders([row]);
    const at = (latest?.at ?? new Date()).toISOString();
    const [actor] = await this.actorsOf([{ actor: actorId, customer: order!.customer }]);
    return {
      type,
      at,
      order: order!,
      activity: {
        // The same id as the status event's line in the activity lists, so a page shows it once.
        id: latest ? `order-event:${latest.id}` : `order:${row.id}:${type}`,
        at,
        action: type,
        entity: 'order',
        entityId: row.id,
        label: String(row.number),
        actor: actor!,
      },
    };
  }

  /** Audit entries newer than `after` (oldest first) as activity, for the live monitor. */
  async auditActivitySince(after: Date, limit = 200): Promise<Activity[]> {
    const rows = await this.auditRows(gt(auditLog.at, after), asc(auditLog.at), limit);
    return rows.map(auditActivity);
  }

  /** Newest first: order status changes and staff changes, merged. */
  async recentActivity(limit: number): Promise<Activity[]> {
    const [events, audits] = await Promise.all([
      this.latestOrderEvents(limit),
      this.auditRows(undefined, desc(auditLog.at), limit),
    ]);
    const actors = await this.actorsOf(
      events.map((e) => ({ actor: e.actor, customer: e.nickname || e.email || '' })),
    );
    const fromOrders: Activity[] = events.map((e, i) => {
      const action =
        e.status === 'pending_payment'
          ? 'order.placed'
          : e.status === 'cancelled' && e.actor === 'system'
            ? 'order.expired'
            : `order.${e.status}`;
      return {
        id: `order-event:${e.id}`,
        at: e.at.toISOString(),
        action,
        entity: 'order',
        entityId: e.orderId,
        label: String(e.number),
        actor: actors[i]!,
      };
    });
    return [...fromOrders, ...audits.map(auditActivity)]
      .sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id))
      .slice(0, limit);
  }

  /**
   * The newest order status events with each order's shopper. Read-only, for "who did what" lines. The newest
   * events are picked first and joined afterwards; `order_events` has no index on its time, so picking them
   * reads the whole table (an index on `order_events (at desc)` would make it a few index reads).
   */
  private latestOrderEvents(limit: number) {
    const latest = this.db
      .select({
        id: orderEvents.id,
        orderId: orderEvents.orderId,
        status: orderEvents.status,
        actor: orderEvents.actor,
        at: orderEvents.at,
      })
      .from(orderEvents)
      .orderBy(desc(orderEvents.at))
      .limit(limit)
      .as('latest');
    return this.db
      .select({
        id: latest.id,
        orderId: latest.orderId,
        status: latest.status,
        actor: latest.actor,
        at: latest.at,
        number: orders.number,
        nickname: users.nickname,
        email: users.email,
      })
      .from(latest)
      .innerJoin(orders, eq(orders.id, latest.orderId))
      .leftJoin(users, eq(users.id, orders.userId));
  }

  private async auditRows(where: SQL | undefined, order: SQL, limit: number) {
    // Read-only: the audit log's own list is paged with a total for the audit page; the feed needs neither.
    // The newest entries come from `audit_log_at_idx` first; names are looked up for those few only.
    const latest = this.db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        entity: auditLog.entity,
        entityId: auditLog.entityId,
        at: auditLog.at,
        actorId: auditLog.actorId,
      })
      .from(auditLog)
      .where(and(notInArray(auditLog.entity, ORDER_AUDIT_ENTITIES), where))
      .orderBy(order)
      .limit(limit)
      .as('latest');
    return this.db
      .select({
        id: latest.id,
        action: latest.action,
        entity: latest.entity,
        entityId: latest.entityId,
        at: latest.at,
        actorId: latest.actorId,
        nickname: users.nickname,
        email: users.email,
      })
      .from(latest)
      .innerJoin(users, eq(users.id, latest.actorId));
  }

  /** Orders as the dashboard lists them: number, shopper and units. */
  async describeOrders(rows: OrderRow[]): Promise<DashboardOrder[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [people, lineCounts] = await Promise.all([
      // Read-only: shoppers' display names; the accounts module has no batch lookup.
      this.db
        .select({ id: users.id, nickname: users.nickname, email: users.email })
        .from(users)
        .where(inArray(users.id, [...new Set(rows.map((r) => r.userId))])),
      this.db
        .select({
          orderId: orderLines.orderId,
          units: sql<number>`sum(${orderLines.quantity})`.mapWith(Number),
        })
        .from(orderLines)
        .where(inArray(orderLines.orderId, ids))
        .groupBy(orderLines.orderId),
    ]);
    const person = new Map(people.map((p) => [p.id, p.nickname || p.email]));
    const units = new Map(lineCounts.map((l) => [l.orderId, l.units]));
    return rows.map((row) => ({
      id: row.id,
      number: String(row.number),
      status: row.status,
      total: row.total,
      currency: row.currency,
      items: units.get(row.id) ?? 0,
      customer: person.get(row.userId) ?? '',
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /** Who an order event's `actor` is: the order's shopper, the shop itself, the payment provider or staff. */
  private async actorsOf(items: { actor: string; customer: string }[]): Promise<ActivityActor[]> {
    const staffIds = [...new Set(items.map((i) => i.actor).filter((a) => STAFF_ID.test(a)))];
    const staff = staffIds.length
      ? await this.db
          .select({ id: users.id, nickname: users.nickname, email: users.email })
          .from(users)
          .where(inArray(users.id, staffIds))
      : [];
    const names = new Map(staff.map((s) => [s.id, s.nickname || s.email]));
    return items.map(({ actor, customer }): ActivityActor => {
      if (actor === 'shopper') return { kind: 'shopper', id: null, name: customer };
      if (actor === 'payment') return { kind: 'payment', id: null, name: '' };
      if (STAFF_ID.test(actor)) return { kind: 'staff', id: actor, name: names.get(actor) ?? '' };
      return { kind: 'system', id: null, name: '' };
    });
  }

  /** Goods names in the request's locale (else the shop's default, else any). */
  private async goodsNames(ids: string[], at: ShopLocale): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    // Read-only: the catalog has no "names of these goods" call; picked the way the catalog picks them.
    const rows = await this.db
      .select({
        goodsId: goodsTranslations.goodsId,
        locale: goodsTranslations.locale,
        name: goodsTranslations.name,
      })
      .from(goodsTranslations)
      .where(inArray(goodsTranslations.goodsId, ids));
    const names = new Map<string, string>();
    for (const id of ids) {
      const mine = rows.filter((r) => r.goodsId === id);
      const name =
        mine.find((r) => r.locale === at.locale)?.name ??
        mine.find((r) => r.locale === at.shopDefault)?.name ??
        mine[0]?.name;
      if (name) names.set(id, name);
    }
    return names;
  }

  /** Sums by category rolled up to the top-level categories, largest first. */
  private async byTopCategory(
    rows: { categoryId: string | null; units: number; revenue: number }[],
    at: ShopLocale,
  ): Promise<Analysis['salesByCategory']> {
    if (rows.length === 0) return [];
    const categories = await this.catalog.listCategories(at);
    const byId = new Map(categories.map((c) => [c.id, c]));
    const rootOf = (id: string | null) => {
      let current = id ? byId.get(id) : undefined;
      for (let depth = 0; current?.parentId && depth < 10; depth++) {
        const parent = byId.get(current.parentId);
        if (!parent) break;
        current = parent;
      }
      return current;
    };
    const sums = new Map<string, { categoryId: string; name: string; revenue: number; units: number }>();
    for (const row of rows) {
      const root = rootOf(row.categoryId);
      // Goods deleted since, or a category gone: an entry with an empty id the page names "Other".
      const key = root?.id ?? '';
      const sum = sums.get(key) ?? { categoryId: key, name: root?.name ?? '', revenue: 0, units: 0 };
      sum.revenue += row.revenue;
      sum.units += row.units;
      sums.set(key, sum);
    }
    return [...sums.values()].sort((a, b) => b.revenue - a.revenue || a.name.localeCompare(b.name));
  }
}

function auditActivity(row: {
  id: string;
  action: string;
  entity: string;
  entityId: string;
  at: Date;
  actorId: string;
  nickname: string;
  email: string;
}): Activity {
  return {
    id: `audit:${row.id}`,
    at: row.at.toISOString(),
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    // Audit entries about orders are not in the feed (see ORDER_AUDIT_ENTITIES): nothing here has a number.
    label: null,
    actor: { kind: 'staff', id: row.actorId, name: row.nickname || row.email },
  };
}

/** The first day of the period `day` falls in, clipped to `from`. */
export function periodKey(day: string, from: string, granularity: Granularity): string {
  if (granularity === 'day') return day;
  const date = dayStart(day);
  if (granularity === 'week') date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  else date.setUTCDate(1);
  const key = utcDay(date);
  return key < from ? from : key;
}

/** Every period of `from`…`to`, in order. */
export function periodsOf(from: string, to: string, granularity: Granularity): string[] {
  const periods: string[] = [];
  for (let t = dayStart(from).getTime(); t <= dayStart(to).getTime(); t += DAY_MS) {
    const key = periodKey(utcDay(new Date(t)), from, granularity);
    if (periods.at(-1) !== key) periods.push(key);
  }
  return periods;
}
