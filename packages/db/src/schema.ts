import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Locale, LocalizedText } from '@shop/contract';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Small translated labels (category names, option names, coupon titles) are JSON per locale; goods names and
 * descriptions have their own table because search indexes them.
 */
export const categories = pgTable(
  'categories',
  {
    id: uuid().primaryKey().defaultRandom(),
    parentId: uuid('parent_id').references((): never => categories.id as never),
    name: jsonb().$type<LocalizedText>().notNull(),
    icon: text().notNull().default(''),
    sort: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('categories_parent_idx').on(t.parentId)],
);

export interface GoodsOptionRecord {
  id: string;
  name: LocalizedText;
  values: { id: string; name: LocalizedText }[];
}

export const goods = pgTable(
  'goods',
  {
    id: uuid().primaryKey().defaultRandom(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    /** Cover image URL, also first of `images`. */
    image: text().notNull(),
    images: jsonb().$type<string[]>().notNull(),
    options: jsonb().$type<GoodsOptionRecord[]>().notNull(),
    /** Lowest SKU price and its list price: kept in step with the SKUs by the catalog service. */
    price: integer().notNull(),
    originalPrice: integer('original_price'),
    stock: integer().notNull().default(0),
    sales: integer().notNull().default(0),
    onShelf: boolean('on_shelf').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('goods_shelf_created_idx').on(t.onShelf, t.createdAt.desc()),
    index('goods_category_idx').on(t.categoryId),
    index('goods_price_idx').on(t.price),
    index('goods_sales_idx').on(t.sales.desc()),
    check('goods_price_nonnegative', sql`${t.price} >= 0`),
  ],
);

export const goodsTranslations = pgTable(
  'goods_translations',
  {
    goodsId: uuid('goods_id')
      .notNull()
      .references(() => goods.id, { onDelete: 'cascade' }),
    locale: text().$type<Locale>().notNull(),
    name: text().notNull(),
    description: text().notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.goodsId, t.locale] })],
);

export const skus = pgTable(
  'skus',
  {
    id: uuid().primaryKey().defaultRandom(),
    goodsId: uuid('goods_id')
      .notNull()
      .references(() => goods.id, { onDelete: 'cascade' }),
    /** One value id per goods option, in the options' order. */
    options: jsonb().$type<string[]>().notNull(),
    price: integer().notNull(),
    originalPrice: integer('original_price'),
    stock: integer().notNull().default(0),
    sales: integer().notNull().default(0),
    sort: integer().notNull().default(0),
  },
  (t) => [
    index('skus_goods_idx').on(t.goodsId),
    check('skus_stock_nonnegative', sql`${t.stock} >= 0`),
    check('skus_price_nonnegative', sql`${t.price} >= 0`),
  ],
);

export interface BannerRecord {
  image: string;
  title: LocalizedText;
  link: string;
}

export interface ShopSettingsRecord {
  shopName: LocalizedText;
  logo: string;
  currency: string;
  defaultLocale: Locale;
  banners: BannerRecord[];
  shippingFee: number;
  freeShippingOver: number;
  paymentWindowMinutes: number;
  contact: { email: string; phone: string; address: LocalizedText };
}

/** One row: the shop's settings document. */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: smallint().primaryKey().default(1),
    data: jsonb().$type<ShopSettingsRecord>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('shop_settings_single_row', sql`${t.id} = 1`)],
);

export const coupons = pgTable(
  'coupons',
  {
    id: uuid().primaryKey().defaultRandom(),
    title: jsonb().$type<LocalizedText>().notNull(),
    kind: text().$type<'amount' | 'percent'>().notNull(),
    value: integer().notNull(),
    minSpend: integer('min_spend').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    total: integer().notNull(),
    claimed: integer().notNull().default(0),
    perUserLimit: integer('per_user_limit').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    check('coupons_kind', sql`${t.kind} in ('amount', 'percent')`),
    check('coupons_value', sql`${t.value} > 0 and (${t.kind} = 'amount' or ${t.value} <= 100)`),
    check('coupons_claimed_within_total', sql`${t.claimed} >= 0 and ${t.claimed} <= ${t.total}`),
    check('coupons_window', sql`${t.startsAt} < ${t.endsAt}`),
  ],
);

/** Country → state/province (→ city where known). Names are English; countries are localised with Intl. */
export const regions = pgTable(
  'regions',
  {
    code: text().primaryKey(),
    parentCode: text('parent_code'),
    name: text().notNull(),
    level: smallint().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [index('regions_parent_idx').on(t.parentCode)],
);

/**
 * Uploaded and generated images, kept in the database so every instance serves the same files. The id is a
 * content hash plus extension, so a URL never changes meaning and can be cached forever.
 */
export const media = pgTable('media', {
  id: text().primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea().notNull(),
  createdAt: createdAt(),
});

/** Shoppers and staff. Email is stored lower-cased and phone in E.164, so uniqueness is exact. */
export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    phone: text(),
    passwordHash: text('password_hash').notNull(),
    role: text().$type<'shopper' | 'staff' | 'admin'>().notNull().default('shopper'),
    nickname: text().notNull().default(''),
    avatar: text().notNull().default(''),
    gender: text().$type<'unspecified' | 'female' | 'male' | 'other'>().notNull().default('unspecified'),
    birthday: text(),
    /** The locale mails to this user are written in: the one they registered in. */
    locale: text().$type<Locale>().notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Wrong passwords in a row; each one past the threshold slows the next attempt down further. */
    failedLogins: integer('failed_logins').notNull().default(0),
    loginBlockedUntil: timestamp('login_blocked_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_phone_unique').on(t.phone),
    check('users_role', sql`${t.role} in ('shopper', 'staff', 'admin')`),
  ],
);

/** Server-side sessions. The cookie holds a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent').notNull().default(''),
    ip: text().notNull().default(''),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use links sent by mail (activation, password reset). Only the token's SHA-256 is stored. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: text().primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text().$type<'activate' | 'reset'>().notNull(),
    /** The address the link was sent to: activation of a changed address must not activate the old one. */
    email: text().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_tokens_user_idx').on(t.userId, t.purpose),
    check('user_tokens_purpose', sql`${t.purpose} in ('activate', 'reset')`),
  ],
);

/** Codes texted to a phone during registration; one live code per phone. */
export const verificationCodes = pgTable('verification_codes', {
  phone: text().primaryKey(),
  codeHash: text('code_hash').notNull(),
  attempts: integer().notNull().default(0),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** The dev mailbox: mail and text messages kept in the database when no SMTP server is configured. */
export const mailbox = pgTable(
  'mailbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull().default(''),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mailbox_to_sent_idx').on(t.to, t.sentAt.desc())],
);

/** A shopper's copy of a coupon. Used by at most one order; `orderId` is set when an order spends it. */
export const couponClaims = pgTable(
  'coupon_claims',
  {
    id: uuid().primaryKey().defaultRandom(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    orderId: uuid('order_id'),
  },
  (t) => [index('coupon_claims_user_idx').on(t.userId, t.couponId)],
);
