import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import {
  AppError,
  Code,
  type Charge,
  type GuestAddress,
  type GuestOrder,
  type Order,
  type OrderRefund,
  type OrderReturn,
  type OrderDetail,
  type OrderPreview,
  type OrderStatus,
  type PageMeta,
  type TaxClass,
} from '@shop/contract';
import { schema, transact, type AddressSnapshot, type Db } from '@shop/db';
import type { AddressesService } from '../addresses/addresses.service.ts';
import type { CartOwner, CartService } from '../cart/cart.service.ts';
import type { PricedMarket } from '../markets/markets.service.ts';
import type { Destination, TaxesService } from '../taxes/taxes.service.ts';
import type { ShippingService } from '../shipping/shipping.service.ts';
import { skuPriceIn } from '../markets/priced.ts';
import type { ShopLocale } from '../catalog/catalog.service.ts';
import type { Locale } from '@shop/contract';
import { lineOf, type InventoryService } from '../catalog/inventory.service.ts';
import type { OrderNotice } from '../mail/mail-templates.ts';
import type { PromotionsService } from '../promotions/promotions.service.ts';
import type { OrderAccess, OrderReader } from './order-access.ts';
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
  shippingMethodId?: string | undefined;
}

/** A guest checkout: who to mail, where to deliver; no coupon (coupons are claimed into accounts). */
export interface GuestOrderRequest {
  email: string;
  address: GuestAddress;
  items?: LineInput[] | undefined;
  note?: string | undefined;
  shippingMethodId?: string | undefined;
}

/**
 * What the accounts module does for a guest checkout, given to this module as an interface (orders never import
 * accounts).
 */
export interface GuestAccounts {
  /** The user the order is written to, inside its transaction: the address's row, created as a guest if new. */
  ownerOf(tx: Db, email: string, locale: Locale): Promise<string>;
  /** The user of this address, if any (no row is made). */
  findIdByEmail(email: string): Promise<string | null>;
  /** The address of a user's mails. */
  emailOf(userId: string): Promise<string>;
}

/** One order as it is about to be written, whoever places it. */
interface NewOrder {
  id: string;
  /** The user it belongs to, found (or made) inside the order's transaction. */
  ownerOf: (tx: Db) => Promise<string>;
  /** The cart whose bought lines go; null when the lines were named in the request. */
  cart: CartOwner | null;
  wanted: LineInput[];
  address: AddressSnapshot;
  couponId?: string | undefined;
  note?: string | undefined;
  shippingMethodId?: string | undefined;
  idempotencyKey: string;
  accessTokenHash: string | null;
}

/** What happened to an order: the changes shoppers are mailed about, and their own confirmation of receipt. */
export type OrderChangeNotice = OrderNotice | 'completed';
/** What a notice says beyond the order itself: the amount of a refund, staff's message about a return. */
export interface NoticeDetails {
  amount?: number;
  message?: string;
  /** The order's lines, when the caller has just written them: its mail need not read them again. */
  lines?: OrderLineRow[];
}
export type OrderNotifier = (
  notice: OrderChangeNotice,
  order: OrderRow,
  extra?: NoticeDetails,
) => Promise<void>;

/**
 * Stock or sales of these goods changed (committed): the catalog reads them again and drops the replies showing
 * them. Resolves once listings show the new figures; never rejects. `taken`: stock only went down (an order took
 * it), so no back-in-stock alert can have become due.
 */
export type StockChanged = (goodsIds: string[], taken?: boolean) => Promise<void>;

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
    private readonly guests: GuestAccounts,
    private readonly access: OrderAccess,
    /** The market selling to a country, if any: an order is priced in its delivery country's market. */
    private readonly marketOf: (country: string | undefined) => PricedMarket | undefined,
    private readonly taxes: TaxesService,
    private readonly shipping: ShippingService,
  ) {}

  /** `at` in the market of the delivery country, or the shopper's own when no market sells there. */
  private deliveredTo(at: ShopLocale, country: string | undefined): ShopLocale {
    const market = this.marketOf(country);
    return market ? { ...at, market, currency: market.currency } : at;
  }

  /** Prices, discount and shipping as the server computes them; nothing is reserved. */
  async preview(userId: string, request: OrderRequest, shopper: ShopLocale): Promise<OrderPreview> {
    const address = await this.addresses.get(userId, request.addressId, shopper.locale);
    const at = this.deliveredTo(shopper, address.regionCodes[0]);
    const to = { country: address.regionCodes[0], region: address.regionCodes[1] };
    const lines = await this.priceLines(await this.wantedLines({ userId }, request), at, this.db);
    const subtotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
    const coupons = await this.promotions.usableFor(userId, subtotal, at, new Date());
    const best = coupons.reduce<(typeof coupons)[number] | null>(
      (a, c) => (!a || c.discount > a.discount ? c : a),
      null,
    );
    const chosen = request.couponId ? coupons.find((c) => c.couponId === request.couponId) : undefined;
    if (request.couponId && !chosen) throw new AppError(Code.refused, 'error.coupon.notUsable');
    const totals = this.totals(lines, subtotal, chosen?.discount ?? 0, at, to, request.shippingMethodId);
    return {
      ...totals,
      lines: lines.map(asOrderLine),
      coupons: coupons.map(({ couponId, title, discount }) => ({ couponId, title, discount })),
      bestCouponId: best?.couponId ?? null,
    };
  }

  /**
   * A guest's totals: the lines named, or the guest cart's selected ones (`cartTokenHash`, none without a
   * cart). Guests have no coupons.
   */
  async previewAsGuest(
    cartTokenHash: string | null,
    request: {
      items?: LineInput[] | undefined;
      country?: string | undefined;
      region?: string | undefined;
      shippingMethodId?: string | undefined;
    },
    shopper: ShopLocale,
  ): Promise<OrderPreview> {
    const at = this.deliveredTo(shopper, request.country);
    const cart = cartTokenHash ? { guestTokenHash: cartTokenHash } : null;
    const lines = await this.priceLines(await this.wantedLines(cart, request), at, this.db);
    const subtotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
    const to = { country: request.country, region: request.region };
    return {
      ...this.totals(lines, subtotal, 0, at, to, request.shippingMethodId),
      lines: lines.map(asOrderLine),
      coupons: [],
      bestCouponId: null,
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
    shopper: ShopLocale,
  ): Promise<OrderDetail> {
    const existing = await this.findByKey(userId, idempotencyKey);
    if (existing) return this.detail(userId, existing.id);
    const address = await this.addresses.get(userId, request.addressId, shopper.locale);
    const at = this.deliveredTo(shopper, address.regionCodes[0]);
    const cart: CartOwner = { userId };
    const placed = await this.write(
      {
        id: randomUUID(),
        ownerOf: async () => userId,
        cart: request.items ? null : cart,
        wanted: await this.wantedLines(cart, request),
        address: snapshotOf(address),
        couponId: request.couponId,
        note: request.note,
        shippingMethodId: request.shippingMethodId,
        idempotencyKey,
        accessTokenHash: null,
      },
      at,
      () => this.findByKey(userId, idempotencyKey),
    );
    return 'firstId' in placed ? this.detail(userId, placed.firstId) : placed.detail;
  }

  /**
   * Places a guest's order, exactly as `place` does, for the user of `request.email` (a guest row when the
   * address is new, else the account's: the reply is the same either way). The reply carries the token that
   * opens the order without a session; its mails carry it too. A retry with the same key and address answers
   * with the first order. `cartTokenHash`: the guest cart, whose bought lines go.
   */
  async placeAsGuest(
    request: GuestOrderRequest,
    cartTokenHash: string | null,
    idempotencyKey: string,
    shopper: ShopLocale,
  ): Promise<GuestOrder> {
    const at = this.deliveredTo(shopper, request.address.regionCodes[0]);
    // A guest's keys are kept apart from shoppers' own: a retry here can only find a guest checkout's order.
    const key = `guest:${idempotencyKey}`;
    const findFirst = async () => {
      const ownerId = await this.guests.findIdByEmail(request.email);
      return ownerId ? this.findByKey(ownerId, key) : undefined;
    };
    const existing = await findFirst();
    if (existing) return this.asGuestOrder(existing.id);
    const address = await this.addresses.snapshotOf(request.address, at.locale);
    const cart: CartOwner | null = cartTokenHash ? { guestTokenHash: cartTokenHash } : null;
    const id = randomUUID();
    const placed = await this.write(
      {
        id,
        ownerOf: (tx) => this.guests.ownerOf(tx, request.email, at.locale),
        cart: request.items ? null : cart,
        wanted: await this.wantedLines(cart, request),
        address,
        note: request.note,
        shippingMethodId: request.shippingMethodId,
        idempotencyKey: key,
        accessTokenHash: this.access.hashOf(this.access.tokenFor(id)),
      },
      at,
      findFirst,
    );
    return this.asGuestOrder('firstId' in placed ? placed.firstId : placed.detail.id);
  }

  /** A guest checkout's order as its reply shows it: with the address it mails to and its token. */
  private async asGuestOrder(id: string): Promise<GuestOrder> {
    const accessToken = this.access.tokenFor(id);
    const detail = await this.detailFor({ userId: null, token: accessToken }, id);
    return { ...detail, email: detail.email ?? '', accessToken };
  }

  /**
   * Writes an order in one transaction: the owner is found first (a guest's row is made here), stock is
   * reserved, the coupon spent, prices and address snapshotted and the bought cart lines removed. Any failure
   * rolls all of it back. A retry that lost the race for the idempotency key gets `firstId`, the order the
   * first attempt made (`findFirst`). After the commit the catalog reads the stock again and the mail goes out.
   */
  private async write(
    order: NewOrder,
    at: ShopLocale,
    findFirst: () => Promise<{ id: string } | undefined>,
  ): Promise<{ detail: OrderDetail } | { firstId: string }> {
    const terms = this.terms();
    let placed: { row: OrderRow; lines: OrderLineRow[]; detail: OrderDetail };
    try {
      placed = await transact(this.db, async (tx) => {
        const userId = await order.ownerOf(tx);
        const lines = await this.priceLines(order.wanted, at, tx);
        if (!(await this.inventory.reserve(tx, lines))) {
          throw new AppError(Code.refused, 'error.stock.insufficient', undefined, 409);
        }
        const subtotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
        const now = new Date();
        const coupon = order.couponId
          ? (await this.promotions.usableFor(userId, subtotal, at, now, tx)).find(
              (c) => c.couponId === order.couponId,
            )
          : undefined;
        if (order.couponId && !coupon) throw new AppError(Code.refused, 'error.coupon.notUsable');
        // The order is written once, with its final figures: the id is made beforehand so that the coupon's
        // claim, spent below, and a guest's token can name it. A shipping method named that cannot take the
        // parcel there is refused rather than swapped: the shopper saw its fee.
        const { shippingMethods: _offers, ...totals } = this.totals(
          lines,
          subtotal,
          coupon?.discount ?? 0,
          at,
          { country: order.address.regionCodes[0], region: order.address.regionCodes[1] },
          order.shippingMethodId,
          true,
        );
        const [row] = await tx
          .insert(orders)
          .values({
            id: order.id,
            userId,
            status: 'pending_payment',
            ...totals,
            taxAdded: totals.taxInclusive ? 0 : totals.taxes.reduce((sum, tax) => sum + tax.amount, 0),
            // The market and its rate as they are now: the order's figures never change with them.
            market: at.market.code || null,
            rateMillionths: at.market.conversion.rateMillionths,
            couponClaimId: coupon?.claimId ?? null,
            address: order.address,
            note: order.note ?? '',
            idempotencyKey: order.idempotencyKey,
            accessTokenHash: order.accessTokenHash,
            payBy: new Date(now.getTime() + terms.paymentWindowMinutes * 60_000),
          })
          .returning();
        if (coupon && !(await this.promotions.spend(tx, coupon.claimId, row!.id))) {
          throw new AppError(Code.refused, 'error.coupon.notUsable');
        }
        const orderedLines = await tx
          .insert(orderLines)
          .values(lines.map((l) => ({ ...asOrderLine(l), orderId: row!.id })))
          .returning();
        const events = await tx
          .insert(orderEvents)
          .values({ orderId: row!.id, status: 'pending_payment', actor: 'shopper' })
          .returning();
        if (order.cart)
          await this.cart.removeBought(
            tx,
            order.cart,
            lines.map((l) => l.skuId),
          );
        return {
          row: row!,
          lines: orderedLines,
          detail: {
            ...toOrder(row!, orderedLines, events),
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
        const first = await findFirst();
        if (first) return { firstId: first.id };
      }
      throw error;
    }
    await this.stockChanged([...new Set(placed.detail.lines.map((line) => line.goodsId))], true);
    await this.notify('placed', placed.row, { lines: placed.lines });
    return { detail: placed.detail };
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
  detail(userId: string, id: string, locale?: Locale): Promise<OrderDetail> {
    return this.detailFor({ userId, token: undefined }, id, locale);
  }

  /**
   * An order its owner's session or its token opens; any other is "not found", the same answer as for no order
   * at all. Opened by token alone, the reply names the address the order's mails go to.
   */
  async detailFor(reader: OrderReader, id: string, locale?: Locale): Promise<OrderDetail> {
    const row = await this.readable(reader, id);
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
      ...(row.userId !== reader.userId && { email: await this.guests.emailOf(row.userId) }),
    };
  }

  /** Whether the reader may see and act on this order: it is their own, or their token is the order's. */
  mayOpen(reader: OrderReader, row: Pick<OrderRow, 'userId' | 'accessTokenHash'>): boolean {
    return (
      (reader.userId !== null && row.userId === reader.userId) ||
      this.access.opens(row.accessTokenHash, reader.token)
    );
  }

  private async readable(reader: OrderReader, id: string): Promise<OrderRow> {
    const [row] = await this.db.select().from(orders).where(eq(orders.id, id));
    if (!row || !this.mayOpen(reader, row)) throw new AppError(Code.notFound, 'error.notFound');
    return row;
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

  /** The shopper (or the guest holding the order's token) cancels an unpaid order. */
  async cancel(reader: OrderReader, id: string): Promise<OrderDetail> {
    await this.readable(reader, id);
    await this.cancelOrder(id, 'shopper');
    return this.detailFor(reader, id);
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

  private async wantedLines(
    cart: CartOwner | null,
    request: { items?: LineInput[] | undefined },
  ): Promise<LineInput[]> {
    const lines = request.items ?? (cart ? await this.cart.selectedLines(cart) : []);
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
      return {
        ...lineOf(offer, line.quantity),
        price: skuPriceIn(at.market, offer),
        taxClass: offer.taxClass,
        grams: offer.weightGrams,
      };
    });
  }

  /**
   * Shipping, taxes and total in the market's currency. Shipping: the methods of the destination's zone priced for
   * this parcel (shipping.service.ts), the one named if it is among them, else the first; `strict` (placing an
   * order) refuses a method named that is not among them, and a destination no method reaches. Taxes of the
   * destination (taxes.service.ts), in the prices or added to the total as the market says.
   */
  private totals(
    lines: { price: number; quantity: number; taxClass: TaxClass; grams: number }[],
    subtotal: number,
    discount: number,
    at: ShopLocale,
    to: Destination,
    shippingMethodId: string | undefined,
    strict = false,
  ) {
    const terms = this.terms();
    const afterDiscount = subtotal - discount;
    const parcel = { grams: lines.reduce((sum, l) => sum + l.grams * l.quantity, 0), value: afterDiscount };
    const general = { fee: terms.shippingFee, freeOver: terms.freeShippingOver };
    const shippingMethods = this.shipping.offersFor(
      to,
      parcel,
      at.market,
      general,
      at.locale,
      at.shopDefault,
    );
    const named = shippingMethods.find((method) => method.id === shippingMethodId);
    if (strict && shippingMethodId && !named) {
      throw new AppError(Code.refused, 'error.shipping.method', undefined, 409);
    }
    const shippingMethod = named ?? shippingMethods[0] ?? null;
    if (strict && !shippingMethod) throw new AppError(Code.refused, 'error.shipping.none', undefined, 409);
    const shipping = shippingMethod?.fee ?? 0;
    const taxInclusive = at.market.taxInclusive;
    const { taxes, taxTotal } = this.taxes.taxesOf(
      lines.map((l) => ({ amount: l.price * l.quantity, taxClass: l.taxClass })),
      discount,
      to,
      taxInclusive,
      at.locale,
      at.shopDefault,
    );
    const total = afterDiscount + shipping + (taxInclusive ? 0 : taxTotal);
    return {
      subtotal,
      discount,
      shipping,
      taxes,
      taxInclusive,
      total,
      currency: at.currency,
      shippingMethod,
      shippingMethods,
    };
  }
}

/** What an order keeps of an address book entry: its fields as they were, regions named as when placed. */
function snapshotOf(address: AddressSnapshot & { cpf: string }): AddressSnapshot {
  const { name, phone, regionCodes, regionNames, detail, postcode, cpf } = address;
  return { name, phone, regionCodes, regionNames, detail, postcode, cpf };
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
    taxes: row.taxes,
    taxInclusive: row.taxInclusive,
    shippingMethod: row.shippingMethod,
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

/** A priced line as replies and the order's lines hold it: the tax class and weight were for the totals only. */
function asOrderLine<T extends { taxClass: TaxClass; grams: number }>({
  taxClass: _taxClass,
  grams: _grams,
  ...line
}: T): Omit<T, 'taxClass' | 'grams'> {
  return line;
}
