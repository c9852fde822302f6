import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  AppError,
  Code,
  type AdminOrderRow,
  type AdminShopperDetail,
  type AdminShopperRow,
  type AdminShoppersQuery,
  type PageMeta,
  type PersonRef,
  type ShopperStatus,
} from '@shop/contract';
import { schema, type Db } from '@shop/db';
import type { SessionRecord } from '../../plugins/session.ts';
import type { AddressesService } from '../addresses/addresses.service.ts';
import type { ShopLocale } from '../catalog/catalog.service.ts';
import type { PromotionsService } from '../promotions/promotions.service.ts';
import type { AuditLog } from '../staff/audit-log.ts';

const { users } = schema;
type UserRow = typeof users.$inferSelect;

/** A shopper's live sessions, wherever the shop keeps them (database or Redis): `Sessions` fits. */
export interface ShopperSessions {
  listForUser(userId: string): Promise<SessionRecord[]>;
  endOthers(userId: string): Promise<void>;
}

/** What the orders module tells about a shopper's orders (accounts never read the orders tables). */
export interface ShopperOrders {
  /** Money in `shopCurrency`. */
  statsFor(
    userIds: string[],
    shopCurrency: string,
  ): Promise<Map<string, { orderCount: number; totalSpent: number }>>;
  newestOf(userId: string, limit: number): Promise<AdminOrderRow[]>;
  /** The numbers people use for these orders, by id; unknown ids are left out. */
  numbersOf(orderIds: string[]): Promise<Map<string, string>>;
}

/** Orders shown on the shopper detail page itself; its orders tab pages through the rest. */
const NEWEST_ORDERS = 10;

const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function shopperStatusOf(row: Pick<UserRow, 'activatedAt' | 'disabledAt'>): ShopperStatus {
  if (row.disabledAt) return 'disabled';
  return row.activatedAt ? 'active' : 'not_activated';
}

const statusFilters: Record<ShopperStatus, SQL> = {
  active: and(isNotNull(users.activatedAt), isNull(users.disabledAt))!,
  disabled: isNotNull(users.disabledAt),
  not_activated: and(isNull(users.activatedAt), isNull(users.disabledAt))!,
};

const toPerson = (row: Pick<UserRow, 'id' | 'email' | 'phone' | 'nickname' | 'passwordHash'>): PersonRef => ({
  id: row.id,
  email: row.email,
  phone: row.phone ?? '',
  nickname: row.nickname,
  guest: row.passwordHash === null,
});

/**
 * Shoppers as staff see them: the searchable table, the detail page, and disabling an account. Staff accounts
 * are never listed or changed here (they have their own pages, for admins only).
 */
export class AccountsAdminService {
  constructor(
    private readonly db: Db,
    private readonly sessions: ShopperSessions,
    private readonly orders: ShopperOrders,
    private readonly addresses: AddressesService,
    private readonly promotions: PromotionsService,
    private readonly audit: AuditLog,
  ) {}

  async list(
    query: AdminShoppersQuery,
    at: ShopLocale,
  ): Promise<{ items: AdminShopperRow[]; meta: PageMeta }> {
    const where = and(
      eq(users.role, 'shopper'),
      query.keyword ? this.keywordFilter(query.keyword) : undefined,
      query.status ? statusFilters[query.status] : undefined,
      query.from ? gte(users.createdAt, query.from) : undefined,
      query.to ? lte(users.createdAt, query.to) : undefined,
    );
    const order =
      query.sort === 'oldest'
        ? [asc(users.createdAt), asc(users.id)]
        : [desc(users.createdAt), desc(users.id)];
    const [rows, [count]] = await Promise.all([
      this.db
        .select()
        .from(users)
        .where(where)
        .orderBy(...order)
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(where),
    ]);
    const stats = await this.orders.statsFor(
      rows.map((r) => r.id),
      at.currency,
    );
    return {
      items: rows.map((row) => this.toRow(row, stats.get(row.id), at.currency)),
      meta: { page: query.page, pageSize: query.pageSize, total: count?.n ?? 0 },
    };
  }

  async detail(id: string, at: ShopLocale): Promise<AdminShopperDetail> {
    const row = await this.findShopper(this.db, id);
    const [stats, orders, addresses, claims, sessions] = await Promise.all([
      this.orders.statsFor([id], at.currency),
      this.orders.newestOf(id, NEWEST_ORDERS),
      this.addresses.list(id, at.locale),
      this.promotions.claimsOf({ userId: id }, at),
      this.sessions.listForUser(id),
    ]);
    const numbers = await this.orders.numbersOf(claims.flatMap((c) => (c.orderId ? [c.orderId] : [])));
    const coupons = claims.map((c) => ({
      ...c,
      orderNumber: c.orderId ? (numbers.get(c.orderId) ?? null) : null,
    }));
    return {
      ...this.toRow(row, stats.get(id), at.currency),
      gender: row.gender,
      birthday: row.birthday,
      locale: row.locale,
      activatedAt: row.activatedAt?.toISOString() ?? null,
      disabledAt: row.disabledAt?.toISOString() ?? null,
      orders,
      addresses,
      coupons,
      sessions: sessions.map((s) => ({
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
        userAgent: s.userAgent,
        ip: s.ip,
      })),
    };
  }

  /**
   * Disables or enables a shopper. Disabling ends every session of theirs at once, and their next login is
   * refused with the "disabled" message (accounts.service.ts). Repeating it changes nothing and logs nothing.
   */
  async setDisabled(
    id: string,
    disabled: boolean,
    staffId: string,
    at: ShopLocale,
  ): Promise<AdminShopperDetail> {
    await this.db.transaction(async (tx) => {
      const row = await this.findShopper(tx, id, true);
      if ((row.disabledAt !== null) === disabled) return;
      const disabledAt = disabled ? new Date() : null;
      await tx.update(users).set({ disabledAt, updatedAt: new Date() }).where(eq(users.id, id));
      await this.audit.record(tx, {
        actorId: staffId,
        action: disabled ? 'shopper.disable' : 'shopper.enable',
        entity: 'user',
        entityId: id,
        before: { status: shopperStatusOf(row), disabledAt: row.disabledAt },
        after: { status: shopperStatusOf({ ...row, disabledAt }), disabledAt },
      });
    });
    // After the commit: a login that starts from now on sees the account disabled, so none can slip in.
    if (disabled) await this.sessions.endOthers(id);
    return this.detail(id, at);
  }

  /** People by id, staff included (an order's history names the member of staff who changed it). */
  async find(ids: string[]): Promise<Map<string, PersonRef>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({
        id: users.id,
        email: users.email,
        phone: users.phone,
        nickname: users.nickname,
        passwordHash: users.passwordHash,
      })
      .from(users)
      .where(inArray(users.id, ids));
    return new Map(rows.map((row) => [row.id, toPerson(row)]));
  }

  /** Shoppers whose email, phone or nickname contains `keyword`. */
  async idsMatching(keyword: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'shopper'), this.keywordFilter(keyword)))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  private keywordFilter(keyword: string): SQL {
    const pattern = likeContains(keyword);
    const digits = keyword.replace(/\D/g, '');
    return or(
      ilike(users.email, pattern),
      ilike(users.nickname, pattern),
      digits.length >= 3 && /^[\d\s()+-]+$/.test(keyword)
        ? sql`${users.phone} like ${likeContains(digits)}`
        : undefined,
    )!;
  }

  private async findShopper(db: Db, id: string, forUpdate = false): Promise<UserRow> {
    const query = db.select().from(users).where(eq(users.id, id));
    const [row] = forUpdate ? await query.for('update') : await query;
    if (!row) throw new AppError(Code.notFound, 'error.notFound');
    if (row.role !== 'shopper')
      throw new AppError(Code.refused, 'error.shopper.staffAccount', undefined, 409);
    return row;
  }

  private toRow(
    row: UserRow,
    stats: { orderCount: number; totalSpent: number } | undefined,
    currency: string,
  ): AdminShopperRow {
    return {
      ...toPerson(row),
      avatar: row.avatar,
      status: shopperStatusOf(row),
      createdAt: row.createdAt.toISOString(),
      orderCount: stats?.orderCount ?? 0,
      totalSpent: stats?.totalSpent ?? 0,
      currency,
    };
  }
}
