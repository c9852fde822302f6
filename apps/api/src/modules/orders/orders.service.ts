import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import {
  AppError,
  Code,
  type Charge,
  type Order,
  type OrderRefund,
  type OrderReturn,
  type OrderDetail,
  type OrderPreview,
  type OrderStatus,
  type PageMeta,
} from '@shop/contract';
import { schema, transact, type AddressSnapshot, type Db } from '@shop/db';
import type { AddressesService } from '../addresses/addresses.service.ts';
import type { CartService } from '../cart/cart.service.ts';
import type { ShopLocale } from '../catalog/catalog.service.ts';
import type { Locale } from '@shop/contract';
import { lineOf, type InventoryService } from '../catalog/inventory.service.ts';
import type { OrderNotice } from '../mail/mail-templates.ts';
import type { PromotionsService } from '../promotions/promotions.service.ts';
import { sourcesOf } from './order-states.ts';

const { orders, orderLines, orderEvents } = schema;
export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

/**
 * What the payments and returns modules add to an order, given to this module as an interface so that orders
 * never import them (they import orders).
 */
export interface OrderAftersale {
  /** Voids the order's live pay link inside the caller's transaction, which holds the order's row lock. */
  voidPendingCharges(tx: Db, orderId: string): Promise<void>;
  /** The order's charges, refunds and returns, for its detail page. */
  of(orderId: string): Promise<{ charges: Charge[]; refunds: OrderRefund[]; returns: OrderReturn[] }>;
  /** Until when the shopper may ask to return goods of this order, or null. */
  returnableUntil(order: OrderRow): Date | null;
}

/** A refund the payment provider confirmed, as it changes the order. */
export interface SettledRefund {
  amount: number;
  lines: { lineId: string; quantity: number; restock: boolean }[];
  actor: string;
}

export interface LineInput {
  skuId: string;
  quantity: number;
}

export interface ShopTerms {
  shippingFee: number;
  freeShippingOver: number;
  paymentWindowMinutes: number;
}

export interface OrderRequest {
  addressId: string;
  couponId?: string | undefined;
  items?: LineInput[] | undefined;
  note?: string | undefined;
}

/** What happened to an order: the changes shoppers are mailed about, and their own confirmation of receipt. */
export type OrderChangeNotice = OrderNotice | 'completed';
/** What a notice says beyond the order itself: the amount of a refund, staff's message about a return. */
export interface NoticeDetails {
  amount?: number;
  message?: string;
}
export type OrderNotifier = (
  notice: OrderChangeNotice,
  order: OrderRow,
  extra?: NoticeDetails,
) => Promise<void>;

/**
 * Stock or sales of these goods changed (committed): the catalog reads them again and drops the replies showing
 * them. Resolves once listings show the new figures; never rejects.
 */
export type StockChanged = (goodsIds: string[]) => Promise<void>;

export class OrdersService {
  constructor(
    private readonly db: Db,
    private readonly inventory: InventoryService,
    private readonly cart: CartService,
    private readonly addresses: AddressesService,
    private readonly promotions: PromotionsService,
    private readonly terms: () => ShopTerms,
    private readonly notify: OrderNotifier,
    private readonly stockChanged: StockChanged,
    private readonly aftersale: () => OrderAftersale,
  ) {}

  /** Prices, discount and shipping as the server computes them; nothing is reserved. */
  async preview(userId: string, request: OrderRequest, at: ShopLocale): Promise<OrderPreview> {
    await this.addresses.get(userId, request.addressId, at.locale);
    const lines = await this.priceLines(await this.wantedLines(userId, request), at, this.db);
    const subtotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
    const coupons = await this.promotions.usableFor(userId, subtotal, at, new Date());
    const best = coupons.reduce<(typeof coupons)[number] | null>(
      (a, c) => (!a || c.discount > a.discount ? c : a),
      null,
    );
    const chosen = request.couponId ? coupons.find((c) => c.couponId === request.couponId) : undefined;
    if (request.couponId && !chosen) throw new AppError(Code.refused, 'error.coupon.notUsable');
    const totals = this.totals(subtotal, chosen?.discount ?? 0, at.currency);
    return {
      ...totals,
      lines,
      coupons: coupons.map(({ couponId, title, discount }) => ({ couponId, title, discount })),
      bestCouponId: best?.couponId ?? null,
    };
  }

  /**
   * Places an order in one transaction: the idempotency key is taken first (a retry waits for, then finds,
   * the first attempt's order), stock is reserved, the coupon spent, prices and address snapshotted and the
   * bought cart lines removed. Any failure rolls all of it back.
   */
  async place(
    userId: string,
    request: OrderRequest,
    idempotencyKey: string,
    at: ShopLocale,
  ): Promise<OrderDetail> {
    const existing = await this.findByKey(userId, idempotencyKey);
    if (existing) return this.detail(userId, existing.id);
    const address = await this.addresses.get(userId, request.addressId, at.locale);
    const wanted = await this.wantedLines(userId, request);
    const fromCart = !request.items;
    const terms = this.terms();
    let placed: { row: OrderRow; detail: OrderDetail };
    try {
      placed = await transact(this.db, async (tx) => {
        const lines = await this.priceLines(wanted, at, tx);
        if (!(await this.inventory.reserve(tx, lines))) {
          throw new AppError(Code.refused, 'error.stock.insufficient', undefined, 409);
        }
        const subtotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
        const now = new Date();
        const coupon = request.couponId
          ? (await this.promotions.usableFor(userId, subtotal, at, now, tx)).find(
              (c) => c.couponId === request.couponId,
            )
          : undefined;
        if (request.couponId && !coupon) throw new AppError(Code.refused, 'error.coupon.notUsable');
        // The order is written once, with its final figures: the id is made here so that the coupon's claim,
        // spent below, can name it.
        const [order] = await tx
          .insert(orders)
          .values({
            id: randomUUID(),
            userId,
            status: 'pending_payment',
            ...this.totals(subtotal, coupon?.discount ?? 0, at.currency),
            couponClaimId: coupon?.claimId ?? null,
            address: {
              name: address.name,
              phone: address.phone,
              regionCodes: address.regionCodes,
              regionNames: address.regionNames,
              detail: address.detail,
              postcode: address.postcode,
              cpf: address.cpf,
            } satisfies AddressSnapshot,
            note: request.note ?? '',
            idempotencyKey,
            payBy: new Date(now.getTime() + terms.paymentWindowMinutes * 60_000),
          })
          .returning();
        if (coupon && !(await this.promotions.spend(tx, coupon.claimId, order!.id))) {
          throw new AppError(Code.refused, 'error.coupon.notUsable');
        }
        const orderedLines = await tx
          .insert(orderLines)
          .values(lines.map((l) => ({ ...l, orderId: order!.id })))
          .returning();
        const events = await tx
          .insert(orderEvents)
          .values({ orderId: order!.id, status: 'pending_payment', actor: 'shopper' })
          .returning();
        if (fromCart)
          await this.cart.removeBought(
            tx,
            userId,
            lines.map((l) => l.skuId),
          );
        return {
          row: order!,
          detail: {
            ...toOrder(order!, orderedLines, events),
            charges: [],
            refundedAmount: 0,
            refunds: [],
            returns: [],
            returnableUntil: null,
          },
        };
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        const first = await this.findByKey(userId, idempotencyKey);
        if (first) return this.detail(userId, first.id);
      }
      throw error;
    }
    await this.stockChanged([...new Set(placed.detail.lines.map((line) => line.goodsId))]);
    await this.notify('placed', placed.row);
    return placed.detail;
  }

  async list(
    userId: string,
    query: { status?: OrderStatus | undefined; page: number; pageSize: number },
  ): Promise<{ items: Order[]; meta: PageMeta }> {
    const where = and(eq(orders.userId, userId), query.status ? eq(orders.status, query.status) : undefined);
    const [rows, [count]] = await Promise.all([
      this.db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(where),
    ]);
    const ids = rows.map((r) => r.id);
    const [lines, events] = ids.length
      ? await Promise.all([
          this.db.select().from(orderLines).where(inArray(orderLines.orderId, ids)),
          this.db
            .select()
            .from(orderEvents)
            .where(inArray(orderEvents.orderId, ids))
            .orderBy(asc(orderEvents.at)),
        ])
      : [[], []];
    return {
      items: rows.map((row) =>
        toOrder(
          row,
          lines.filter((l) => l.orderId === row.id),
          events.filter((e) => e.orderId === row.id),
        ),
      ),
      meta: { page: query.page, pageSize: query.pageSize, total: count?.n ?? 0 },
    };
  }

  /**
   * One of the shopper's orders; someone else's is "not found". With `locale`, the address's regions are named
   * in it (the reader's language); without, as placed.
   */
  async detail(userId: string, id: string, locale?: Locale): Promise<OrderDetail> {
    const [row] = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.userId, userId)));
    if (!row) throw new AppError(Code.notFound, 'error.notFound');
    const [lines, events, money] = await Promise.all([
      this.linesOf(id),
      this.db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.at)),
      this.aftersale().of(id),
    ]);
    const returnableUntil = this.aftersale().returnableUntil(row);
    const order = toOrder(row, lines, events);
    if (locale) order.address = await this.addresses.named(order.address, locale);
    return {
      ...order,
      ...money,
      refundedAmount: row.refundedAmount,
      returnableUntil: returnableUntil?.toISOString() ?? null,
    };
  }

  /** An order's address with its regions named in `locale`. */
  namedAddress<T extends { regionCodes: string[]; regionNames: string[] }>(
    address: T,
    locale: Locale,
  ): Promise<T> {
    return this.addresses.named(address, locale);
  }

  /** An order's lines in a stable order (as placed: by SKU id). */
  linesOf(id: string, db: Db = this.db): Promise<OrderLineRow[]> {
    return db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.skuId));
  }

  /**
   * Locks an order's row for the caller's transaction. The order is the first lock of every transaction that
   * changes an order (then its charges, SKUs by id, goods by id, coupon claims), so none of them can deadlock.
   */
  async lock(tx: Db, id: string, userId?: string): Promise<OrderRow | null> {
    const [row] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), userId ? eq(orders.userId, userId) : undefined))
      .for('update');
    return row ?? null;
  }

  /** A payment that succeeded, inside the payments module's transaction (the order is locked and unpaid). */
  async payIn(tx: Db, order: OrderRow): Promise<void> {
    await this.transition(tx, order.id, 'paid', 'payment', ['pending_payment']);
    await this.inventory.recordSales(tx, await this.linesOf(order.id, tx));
  }

  /**
   * A refund the provider confirmed, inside the payments module's transaction (the order is locked): the money
   * and units are counted as given back, restocked units go back on sale, and the order becomes `refunded` once
   * nothing is left, else `partially_refunded`.
   */
  async refundIn(tx: Db, order: OrderRow, refund: SettledRefund): Promise<'refunded' | 'partially_refunded'> {
    const refundedAmount = order.refundedAmount + refund.amount;
    const to = refundedAmount >= order.total ? 'refunded' : 'partially_refunded';
    const lines = await this.linesOf(order.id, tx);
    // Units given back: the lines the refund names; once nothing is left, every unit not yet counted.
    const units = new Map(refund.lines.map((l) => [l.lineId, l.quantity]));
    if (to === 'refunded') {
      for (const line of lines) units.set(line.id, line.quantity - line.refundedQuantity);
    }
    const returned: { skuId: string; goodsId: string; quantity: number }[] = [];
    for (const line of lines) {
      const quantity = Math.min(units.get(line.id) ?? 0, line.quantity - line.refundedQuantity);
      if (quantity <= 0) continue;
      await tx
        .update(orderLines)
        .set({ refundedQuantity: sql`${orderLines.refundedQuantity} + ${quantity}` })
        .where(eq(orderLines.id, line.id));
      returned.push({ skuId: line.skuId, goodsId: line.goodsId, quantity });
    }
    const restocked = refund.lines
      .filter((l) => l.restock)
      .map((l) => ({ skuId: lines.find((line) => line.id === l.lineId)?.skuId ?? '', quantity: l.quantity }))
      .filter((l) => l.skuId);
    await tx.update(orders).set({ refundedAmount }).where(eq(orders.id, order.id));
    await this.transition(tx, order.id, to, refund.actor, [order.status]);
    if (restocked.length) await this.inventory.release(tx, restocked);
    if (returned.length) await this.inventory.withdrawSales(tx, returned);
    return to;
  }

  /** Returned units go back on sale, inside the caller's transaction (which holds the order's lock). */
  restock(tx: Db, lines: { skuId: string; quantity: number }[]): Promise<void> {
    return this.inventory.release(tx, lines);
  }

  /** After units went back on sale outside the order's own steps (a received return): listings read stock again. */
  afterRestock(id: string): Promise<void> {
    return this.stockMoved(id);
  }

  /** The order's goods' stock or sales moved: the catalog reads them again. */
  private async stockMoved(id: string): Promise<void> {
    const lines = await this.linesOf(id);
    await this.stockChanged([...new Set(lines.map((line) => line.goodsId))]);
  }

  /** After a payment committed: listings read sales again, the shopper gets the mail. */
  async afterPaid(id: string): Promise<void> {
    await this.stockMoved(id);
    await this.notifyById('paid', id);
  }

  /** After a refund committed: the shopper gets the mail; stock and sales may have changed. */
  async afterRefund(id: string, notice: OrderChangeNotice, extra?: NoticeDetails): Promise<void> {
    await this.stockMoved(id);
    await this.notifyById(notice, id, extra);
  }

  /** Tells the shopper about an order by mail (and the live monitor), after the change committed. */
  announce(notice: OrderChangeNotice, id: string, extra?: NoticeDetails): Promise<void> {
    return this.notifyById(notice, id, extra);
  }

  async cancel(userId: string, id: string): Promise<OrderDetail> {
    await this.ownedOrThrow(userId, id);
    await this.cancelOrder(id, 'shopper');
    return this.detail(userId, id);
  }

  async confirmReceipt(userId: string, id: string): Promise<OrderDetail> {
    await this.ownedOrThrow(userId, id);
    await transact(this.db, async (tx) => {
      const row = await this.lock(tx, id);
      // A partly refunded order can be confirmed once it was shipped.
      if (row?.status === 'partially_refunded' && !row.shippedAt) {
        throw new AppError(Code.refused, 'error.order.transition', undefined, 409);
      }
      await this.transition(tx, id, 'completed', 'shopper');
    });
    await this.notifyById('completed', id);
    return this.detail(userId, id);
  }

  /** Cancels unpaid orders whose payment window has passed; run on a timer, so it resumes after a restart. */
  async cancelExpired(now = new Date()): Promise<number> {
    const due = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, 'pending_payment'), lt(orders.payBy, now)))
      .limit(100);
    let cancelled = 0;
    for (const { id } of due) {
      if (
        await this.cancelOrder(id, 'system').then(
          () => true,
          () => false,
        )
      )
        cancelled++;
    }
    return cancelled;
  }

  /**
   * Cancels an unpaid order: its live pay link is voided, stock and coupon come back. Locks in the global order:
   * the order, its charges, SKUs, goods, the coupon claim.
   */
  private async cancelOrder(id: string, actor: string) {
    await transact(this.db, async (tx) => {
      if (!(await this.lock(tx, id))) throw new AppError(Code.notFound, 'error.notFound');
      await this.transition(tx, id, 'cancelled', actor);
      await this.aftersale().voidPendingCharges(tx, id);
      await this.inventory.release(tx, await this.linesOf(id, tx));
      await this.promotions.giveBack(tx, id);
    });
    await this.stockMoved(id);
    await this.notifyById('cancelled', id);
  }

  /**
   * Moves an order along the lifecycle table in one conditional UPDATE: a concurrent change cannot slip in.
   * `from` narrows the states it may leave (staff acting on the state they saw); staff changes
   * (orders-admin.service.ts) call this inside their own transaction, with the member's id as `actor`.
   */
  async transition(tx: Db, id: string, to: OrderStatus, actor: string, from = sourcesOf(to)) {
    const allowed = from.filter((status) => sourcesOf(to).includes(status));
    const [moved] = await tx
      .update(orders)
      .set({ status: to, updatedAt: new Date() })
      .where(and(eq(orders.id, id), inArray(orders.status, allowed)))
      .returning({ id: orders.id });
    if (!moved) throw new AppError(Code.refused, 'error.order.transition', undefined, 409);
    await tx.insert(orderEvents).values({ orderId: id, status: to, actor });
  }

  private async ownedOrThrow(userId: string, id: string) {
    const [row] = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.userId, userId)));
    if (!row) throw new AppError(Code.notFound, 'error.notFound');
  }

  private async notifyById(notice: OrderChangeNotice, id: string, extra?: NoticeDetails) {
    const [row] = await this.db.select().from(orders).where(eq(orders.id, id));
    if (row) await this.notify(notice, row, extra);
  }

  private async findByKey(userId: string, key: string) {
    const [row] = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
    return row;
  }

  private async wantedLines(userId: string, request: OrderRequest): Promise<LineInput[]> {
    const lines = request.items ?? (await this.cart.selectedLines(userId));
    if (lines.length === 0) throw new AppError(Code.refused, 'error.cart.empty');
    const merged = new Map<string, number>();
    for (const l of lines) merged.set(l.skuId, (merged.get(l.skuId) ?? 0) + l.quantity);
    return [...merged].map(([skuId, quantity]) => ({ skuId, quantity }));
  }

  /** Today's prices and names; a line that cannot be bought stops the order. */
  private async priceLines(lines: LineInput[], at: ShopLocale, db: Db) {
    const offers = await this.inventory.describeSkus(
      lines.map((l) => l.skuId),
      at.locale,
      at.shopDefault,
      db,
    );
    return lines.map((line) => {
      const offer = offers.get(line.skuId);
      if (!offer || !offer.onShelf || offer.stock < line.quantity) {
        throw new AppError(Code.refused, 'error.stock.insufficient', undefined, 409);
      }
      return lineOf(offer, line.quantity);
    });
  }

  private totals(subtotal: number, discount: number, currency: string) {
    const terms = this.terms();
    const afterDiscount = subtotal - discount;
    const shipping = afterDiscount >= terms.freeShippingOver ? 0 : terms.shippingFee;
    return { subtotal, discount, shipping, total: afterDiscount + shipping, currency };
  }
}

export function toOrder(
  row: OrderRow,
  lines: (typeof orderLines.$inferSelect)[],
  events: (typeof orderEvents.$inferSelect)[],
): Order {
  const { regionCodes, regionNames, name, phone, detail, postcode, cpf = '' } = row.address;
  return {
    id: row.id,
    number: String(row.number),
    status: row.status,
    subtotal: row.subtotal,
    discount: row.discount,
    shipping: row.shipping,
    total: row.total,
    currency: row.currency,
    lines: lines.map(
      ({ id, skuId, goodsId, name: lineName, image, options, price, quantity, refundedQuantity }) => ({
        id,
        refundedQuantity,
        skuId,
        goodsId,
        name: lineName,
        image,
        options,
        price,
        quantity,
      }),
    ),
    address: { name, phone, regionCodes, regionNames, detail, postcode, cpf },
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    payBy: row.status === 'pending_payment' && row.payBy ? row.payBy.toISOString() : null,
    shipment:
      row.carrier && row.trackingNumber ? { carrier: row.carrier, trackingNumber: row.trackingNumber } : null,
    history: events.map((e) => ({ status: e.status, at: e.at.toISOString(), actor: e.actor })),
  };
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}
