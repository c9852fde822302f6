import { inShopCurrency } from '../markets/in-shop-currency.ts';
import { and, asc, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  AppError,
  Code,
  type AdminOrderDetail,
  type AdminOrderEvent,
  type AdminOrderRow,
  type AdminRefund,
  type CreateRefundBody,
  type AdminOrdersExportQuery,
  type AdminOrdersQuery,
  type OrderStatus,
  type PageMeta,
  type PersonRef,
  type ShipOrderBody,
} from '@shop/contract';
import { schema, transact, type Db } from '@shop/db';
import type { ShopLocale } from '../catalog/catalog.service.ts';
import { toRefund, type PaymentsService, type RefundRow } from '../payments/payments.service.ts';
import type { PromotionsService } from '../promotions/promotions.service.ts';
import type { AuditLog } from '../staff/audit-log.ts';
import { STAFF_ACTIONS, staffMay } from './order-states.ts';
import { toOrder, type OrderAftersale, type OrdersService } from './orders.service.ts';

const { orders, orderLines, orderEvents } = schema;
type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;

/** Who an order points at, from the accounts module (orders never read the users table). */
export interface PeopleDirectory {
  /** The people with these ids; unknown ids are left out. */
  find(ids: string[]): Promise<Map<string, PersonRef>>;
  /** Shoppers whose email, phone or nickname contains `keyword`, at most `limit` of them. */
  idsMatching(keyword: string, limit: number): Promise<string[]>;
}

/** The order filters without paging, as the table and the CSV export share them. */
type OrderFilters = AdminOrdersExportQuery;

/** One order as the CSV export writes it. */
export interface OrderExportRecord {
  order: OrderRow;
  lines: LineRow[];
  shopper: PersonRef | null;
}

/** Shoppers matched by keyword, at most: a keyword matching more is too vague to narrow orders by person. */
const MAX_MATCHED_SHOPPERS = 1000;
const EXPORT_BATCH = 500;
const ACTORS_BY_NAME = new Set(['shopper', 'system', 'payment']);
/** The states in which a shopper's money stays with the shop. */
const SPENDING_STATES: OrderStatus[] = ['paid', 'shipped', 'completed', 'partially_refunded'];

/** An order number as staff type it: its digits, perhaps after a `#` ("#10001"). */
const ORDER_NUMBER = /^#?\s*(\d{1,10})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The staff's side of orders: the searchable table, the detail page, shipping and refunding. Every change is
 * one transaction that locks the order, moves it along the lifecycle table (order-states.ts) with the member
 * of staff as the actor, and writes the audit entry; the shopper's mail goes out after it commits.
 */
export class OrdersAdminService {
  constructor(
    private readonly db: Db,
    private readonly orders: OrdersService,
    private readonly payments: PaymentsService,
    private readonly aftersale: () => OrderAftersale,
    private readonly promotions: PromotionsService,
    private readonly people: PeopleDirectory,
    private readonly audit: AuditLog,
    /** The shop's currency: totals are filtered and sorted in it, each order at its own rate. */
    private readonly shopCurrency: () => string,
  ) {}

  /**
   * An order's total in the shop's currency at the order's own rate: what the total filters and sorts compare, so
   * that an order of R$ 149,90 sorts and filters beside one of US$ 27.76, not beside one of US$ 149.90.
   */
  private totalInShopCurrency(): SQL {
    return inShopCurrency(orders.total, this.shopCurrency());
  }

  private sortOf(sort: OrderFilters['sort']): SQL[] {
    const total = this.totalInShopCurrency();
    return {
      newest: [desc(orders.createdAt), desc(orders.id)],
      oldest: [asc(orders.createdAt), asc(orders.id)],
      total_desc: [desc(total), desc(orders.id)],
      total_asc: [asc(total), asc(orders.id)],
    }[sort];
  }

  async list(query: AdminOrdersQuery): Promise<{ items: AdminOrderRow[]; meta: PageMeta }> {
    const where = await this.whereOf(query);
    const [rows, [count]] = await Promise.all([
      this.db
        .select()
        .from(orders)
        .where(where)
        .orderBy(...this.sortOf(query.sort))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(where),
    ]);
    return {
      items: await this.toRows(rows),
      meta: { page: query.page, pageSize: query.pageSize, total: count?.n ?? 0 },
    };
  }

  /**
   * Every order the filters match, in their sort, read in batches by keyset (the sort's columns and the id,
   * compared with the last order sent), so an export of any size holds one batch in memory at a time.
   */
  async *exportRecords(query: OrderFilters): AsyncGenerator<OrderExportRecord> {
    const where = await this.whereOf(query);
    const [first, second] = this.sortOf(query.sort);
    const column = query.sort.startsWith('total') ? this.totalInShopCurrency() : orders.createdAt;
    const after = query.sort === 'newest' || query.sort === 'total_desc' ? '<' : '>';
    let last: string | null = null;
    for (;;) {
      // Compared with the row itself rather than with values sent back: timestamps keep microseconds.
      const keyset: SQL | undefined = last
        ? sql`(${column}, ${orders.id}) ${sql.raw(after)} (select ${column}, ${orders.id} from ${orders} where ${orders.id} = ${last})`
        : undefined;
      const batch = await this.db
        .select()
        .from(orders)
        .where(and(where, keyset))
        .orderBy(first!, second!)
        .limit(EXPORT_BATCH);
      if (batch.length === 0) return;
      const ids = batch.map((o) => o.id);
      const [lines, shoppers] = await Promise.all([
        this.db.select().from(orderLines).where(inArray(orderLines.orderId, ids)),
        this.people.find([...new Set(batch.map((o) => o.userId))]),
      ]);
      for (const order of batch) {
        yield {
          order,
          lines: lines.filter((l) => l.orderId === order.id),
          shopper: shoppers.get(order.userId) ?? null,
        };
      }
      if (batch.length < EXPORT_BATCH) return;
      last = batch[batch.length - 1]!.id;
    }
  }

  async detail(id: string, at: ShopLocale): Promise<AdminOrderDetail> {
    const [row] = await this.db.select().from(orders).where(eq(orders.id, id));
    if (!row) throw new AppError(Code.notFound, 'error.notFound');
    const [lines, events, chargeRows, refundRows, returns, refundable, coupons] = await Promise.all([
      this.orders.linesOf(id),
      this.db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.at)),
      this.payments.chargesOf(id),
      this.payments.refundsOf(id),
      this.aftersale()
        .of(id)
        .then((money) => money.returns),
      this.payments.refundable(row),
      row.couponClaimId
        ? this.promotions.claimsOf({ claimIds: [row.couponClaimId] }, at)
        : Promise.resolve([]),
    ]);
    const staffIds = events.map((e) => e.actor).filter((actor) => !ACTORS_BY_NAME.has(actor));
    for (const refund of refundRows) if (refund.actorId) staffIds.push(refund.actorId);
    const people = await this.people.find([row.userId, ...new Set(staffIds)]);
    const staffRef = (staffId: string) => {
      const person = people.get(staffId);
      return { id: staffId, name: person ? person.nickname || person.email : staffId };
    };
    const { history: _history, ...order } = toOrder(row, lines, []);
    order.address = await this.orders.namedAddress(order.address, at.locale);
    const coupon = coupons[0];
    return {
      ...order,
      shopper: people.get(row.userId) ?? null,
      coupon: coupon ? { couponId: coupon.couponId, title: coupon.title } : null,
      charges: chargeRows.map((c) => ({
        id: c.id,
        orderId: c.orderId,
        amount: c.amount,
        currency: c.currency,
        channel: c.channel,
        status: c.status,
        refundedAmount: c.refundedAmount,
        createdAt: c.createdAt.toISOString(),
      })),
      refundedAmount: row.refundedAmount,
      refunds: refundRows.map((r) => ({ ...toRefund(r), staff: r.actorId ? staffRef(r.actorId) : null })),
      returns,
      returnableUntil: this.aftersale().returnableUntil(row)?.toISOString() ?? null,
      history: events.map((e): AdminOrderEvent =>
        ACTORS_BY_NAME.has(e.actor)
          ? {
              status: e.status,
              at: e.at.toISOString(),
              actor: e.actor as 'shopper' | 'system' | 'payment',
              staff: null,
            }
          : { status: e.status, at: e.at.toISOString(), actor: 'staff', staff: staffRef(e.actor) },
      ),
      updatedAt: row.updatedAt.toISOString(),
      actions: {
        ship: staffMay('ship', row.status) && !row.shippedAt,
        refund: staffMay('refund', row.status) && refundable > 0,
        refundable,
      },
    };
  }

  /** Paid → shipped with the carrier and tracking number; the shopper is told by mail. */
  async ship(id: string, body: ShipOrderBody, staffId: string, at: ShopLocale): Promise<AdminOrderDetail> {
    await this.db.transaction(async (tx) => {
      const row = await this.lockOrder(tx, id);
      if (!staffMay('ship', row.status) || row.shippedAt) {
        throw new AppError(Code.refused, 'error.order.notShippable', undefined, 409);
      }
      await this.orders.transition(tx, id, STAFF_ACTIONS.ship.to, staffId, [row.status]);
      await tx
        .update(orders)
        .set({ carrier: body.carrier, trackingNumber: body.trackingNumber, shippedAt: new Date() })
        .where(eq(orders.id, id));
      await this.audit.record(tx, {
        actorId: staffId,
        action: 'order.ship',
        entity: 'order',
        entityId: id,
        before: { status: row.status, carrier: row.carrier, trackingNumber: row.trackingNumber },
        after: { status: 'shipped', carrier: body.carrier, trackingNumber: body.trackingNumber },
      });
    });
    await this.orders.announce('shipped', id);
    return this.detail(id, at);
  }

  /**
   * Asks the provider to refund part or all of what is left on a paid order, with the member of staff's reason
   * and, optionally, the lines it covers (units back to stock or not). Recorded with its audit entry in one
   * transaction; the order changes when the provider confirms. More than what is left is refused (code 1).
   */
  async refund(id: string, body: CreateRefundBody, staffId: string): Promise<AdminRefund> {
    let created: RefundRow | undefined;
    await transact(this.db, async (tx) => {
      created = await this.payments.requestRefund(
        id,
        { amount: body.amount, reason: body.reason, lines: body.lines, kind: 'staff', actorId: staffId },
        tx,
      );
      await this.audit.record(tx, {
        actorId: staffId,
        action: 'order.refund',
        entity: 'order',
        entityId: id,
        before: {},
        after: {
          refund: {
            id: created.id,
            amount: created.amount,
            currency: created.currency,
            reason: created.reason,
          },
          lines: created.lines,
        },
      });
    });
    await this.payments.sendToProvider(created!);
    const people = await this.people.find([staffId]);
    const person = people.get(staffId);
    return {
      ...toRefund(created!),
      staff: { id: staffId, name: person ? person.nickname || person.email : staffId },
    };
  }

  /** A shopper's newest orders, for the shopper detail page. */
  async newestOf(userId: string, limit: number): Promise<AdminOrderRow[]> {
    const rows = await this.db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit);
    return this.toRows(rows);
  }

  /** The numbers people use for these orders, by id (by the primary key); unknown ids are left out. */
  async numbersOf(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: orders.id, number: orders.number })
      .from(orders)
      .where(inArray(orders.id, [...new Set(ids)]));
    return new Map(rows.map((r) => [r.id, String(r.number)]));
  }

  /**
   * Orders placed and money spent (paid and not refunded), per shopper, for the shoppers' pages: in the shop's
   * currency, each order at its own rate (a shopper may have bought in several markets).
   */
  async statsFor(
    userIds: string[],
    shopCurrency: string,
  ): Promise<Map<string, { orderCount: number; totalSpent: number }>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .select({
        userId: orders.userId,
        orderCount: sql<number>`count(*)::int`,
        totalSpent: sql<number>`coalesce(sum(${inShopCurrency(sql`${orders.total} - ${orders.refundedAmount}`, shopCurrency)}) filter (where ${inArray(orders.status, SPENDING_STATES)}), 0)::bigint`,
      })
      .from(orders)
      .where(inArray(orders.userId, userIds))
      .groupBy(orders.userId);
    return new Map(
      rows.map((r) => [r.userId, { orderCount: r.orderCount, totalSpent: Number(r.totalSpent) }]),
    );
  }

  private async lockOrder(tx: Db, id: string): Promise<OrderRow> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!row) throw new AppError(Code.notFound, 'error.notFound');
    return row;
  }

  private async whereOf(query: OrderFilters): Promise<SQL | undefined> {
    const filters: (SQL | undefined)[] = [
      query.status ? eq(orders.status, query.status) : undefined,
      query.shopperId ? eq(orders.userId, query.shopperId) : undefined,
      query.from ? gte(orders.createdAt, query.from) : undefined,
      query.to ? lte(orders.createdAt, query.to) : undefined,
      query.minTotal !== undefined ? gte(this.totalInShopCurrency(), query.minTotal) : undefined,
      query.maxTotal !== undefined ? lte(this.totalInShopCurrency(), query.maxTotal) : undefined,
      query.total !== undefined ? eq(this.totalInShopCurrency(), query.total) : undefined,
    ];
    if (query.keyword) filters.push(await this.keywordFilter(query.keyword));
    return and(...filters);
  }

  /**
   * An order's number ("10001", or "#10001", which means only the number), its id, a shopper's email, phone or
   * nickname, or the recipient's name or phone. Number and id are looked up by their unique indexes.
   */
  private async keywordFilter(keyword: string): Promise<SQL> {
    const matches: SQL[] = [];
    const trimmed = keyword.trim();
    const number = ORDER_NUMBER.exec(trimmed)?.[1];
    if (number !== undefined && Number(number) <= 2_147_483_647) {
      const byNumber = eq(orders.number, Number(number));
      if (trimmed.startsWith('#')) return byNumber;
      matches.push(byNumber);
    }
    if (UUID.test(trimmed)) matches.push(eq(orders.id, trimmed.toLowerCase()));
    const shoppers = await this.people.idsMatching(keyword, MAX_MATCHED_SHOPPERS);
    if (shoppers.length > 0) matches.push(inArray(orders.userId, shoppers));
    matches.push(ilike(sql`${orders.address}->>'name'`, likeContains(keyword)));
    const digits = keyword.replace(/\D/g, '');
    if (digits.length >= 4 && /^[\d\s()+-]+$/.test(keyword)) {
      matches.push(
        sql`regexp_replace(${orders.address}->>'phone', '\\D', '', 'g') like ${likeContains(digits)}`,
      );
    }
    return or(...matches)!;
  }

  private async toRows(rows: OrderRow[]): Promise<AdminOrderRow[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [counts, people] = await Promise.all([
      this.db
        .select({ orderId: orderLines.orderId, units: sql<number>`sum(${orderLines.quantity})::int` })
        .from(orderLines)
        .where(inArray(orderLines.orderId, ids))
        .groupBy(orderLines.orderId),
      this.people.find([...new Set(rows.map((r) => r.userId))]),
    ]);
    const units = new Map(counts.map((c) => [c.orderId, c.units]));
    return rows.map((row) => ({
      id: row.id,
      number: String(row.number),
      status: row.status,
      total: row.total,
      currency: row.currency,
      itemCount: units.get(row.id) ?? 0,
      createdAt: row.createdAt.toISOString(),
      shopper: people.get(row.userId) ?? null,
      recipient: row.address.name,
      shipment:
        row.carrier && row.trackingNumber
          ? { carrier: row.carrier, trackingNumber: row.trackingNumber }
          : null,
    }));
  }
}
