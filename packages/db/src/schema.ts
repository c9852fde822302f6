import { sql } from 'drizzle-orm';
import {
  bigint,
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
import type {
  Locale,
  LocalizedText,
  MarketRounding,
  OrderShippingMethod,
  OrderTax,
  ShippingPricing,
  TaxClass,
} from '@shop/contract';

/** A coupon's amounts in one currency: what it takes off (amount coupons) and the least spend. */
export type CouponAmounts = Record<string, { value?: number; minSpend: number }>;

/** A shipping method as its zone keeps it (amounts in the shop's currency; see `shippingZones`). */
export interface ShippingMethodRecord {
  id: string;
  names: LocalizedText;
  pricing: ShippingPricing;
  fee: number;
  bands: { upTo: number | null; fee: number }[];
  freeOverThreshold: boolean;
  minDays: number;
  maxDays: number;
}

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
  /** `image`: the value's own picture (a `/media/…` URL), shown when a shopper chooses it. */
  values: { id: string; name: LocalizedText; image?: string }[];
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
    /** Which of a country's tax rates applies to it (`tax_rates.tax_class`). */
    taxClass: text('tax_class').$type<TaxClass>().notNull().default('standard'),
    /**
     * Search documents, lower-cased: the names in every locale, and the names with the descriptions. A trigger
     * on goods_translations (migration 0004_search) keeps them in step, whoever writes: seeds, staff, SQL.
     */
    searchNames: text('search_names').notNull().default(''),
    searchText: text('search_text').notNull().default(''),
    /** goods_search_grams(search_names), stored so that no query has to compute it goods by goods. */
    searchGrams: text('search_grams')
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One index per shopper sort, holding only goods on shelf, so a page is read in order and the scan stops
    // after it; the catalog service orders ties by id in the same direction, so one index serves both ways.
    index('goods_shelf_newest_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.onShelf}`),
    index('goods_shelf_sales_idx')
      .on(t.sales, t.createdAt, t.id)
      .where(sql`${t.onShelf}`),
    index('goods_shelf_price_idx')
      .on(t.price, t.id)
      .where(sql`${t.onShelf}`),
    // Category filters and their totals, with or without a price range, as index-only scans.
    index('goods_category_idx').on(t.categoryId, t.onShelf, t.price),
    // Keywords of three or more characters (LIKE), and typos in names (word similarity).
    index('goods_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('goods_search_names_trgm_idx').using('gin', t.searchNames.op('gin_trgm_ops')),
    // Keywords too short for trigrams: Chinese and Japanese characters and pairs, Latin words of one or two.
    index('goods_search_grams_idx').using('gin', t.searchGrams),
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

/** A SKU's own price in one currency, minor units of it. */
export interface SkuPriceRecord {
  price: number;
  originalPrice: number | null;
}
export type SkuPriceRecords = Record<string, SkuPriceRecord>;

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
    /** The packed unit's weight in grams, for shipping priced by weight; 0 when not given. */
    weightGrams: integer('weight_grams').notNull().default(0),
    /** Staff's own prices in other currencies, by ISO 4217 code; a market in a currency left out converts `price`. */
    prices: jsonb().$type<SkuPriceRecords>().notNull().default({}),
  },
  (t) => [
    index('skus_goods_idx').on(t.goodsId),
    check('skus_weight_nonnegative', sql`${t.weightGrams} >= 0`),
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
  /** Days after shipping in which a shopper may ask to return goods; 30 when not set. */
  returnWindowDays?: number;
  contact: { email: string; phone: string; address: LocalizedText };
  /** Signs payment webhooks; generated at first start, never sent to clients. */
  webhookSecret?: string;
}

/** One row: the shop's settings document. */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: smallint().primaryKey().default(1),
    data: jsonb().$type<ShopSettingsRecord>().notNull(),
    /** Every member of staff must use two-step sign-in (set by admins, apart from the settings document). */
    staffOtpRequired: boolean('staff_otp_required').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [check('shop_settings_single_row', sql`${t.id} = 1`)],
);

/** Staff's search synonyms: per language, groups of words a shopper may use for one another. */
export const searchSynonyms = pgTable('search_synonyms', {
  locale: text().$type<Locale>().primaryKey(),
  groups: jsonb().$type<string[][]>().notNull(),
  updatedAt: updatedAt(),
});

export const coupons = pgTable(
  'coupons',
  {
    id: uuid().primaryKey().defaultRandom(),
    title: jsonb().$type<LocalizedText>().notNull(),
    kind: text().$type<'amount' | 'percent'>().notNull(),
    value: integer().notNull(),
    minSpend: integer('min_spend').notNull().default(0),
    /** Staff's own amounts per other currency (minor units); a currency left out is converted at its market's rate. */
    amounts: jsonb().$type<CouponAmounts>().notNull().default({}),
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
/**
 * Tax rates by destination and tax class: a country's (region null) or a state's or province's, which wins over
 * its country's. Rates are parts per million (18 % → 180 000).
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: uuid().primaryKey().defaultRandom(),
    country: text().notNull(),
    /** A level-2 region code (`BR-SP`), or '' for the whole country. */
    region: text().notNull().default(''),
    taxClass: text('tax_class').$type<TaxClass>().notNull(),
    names: jsonb().$type<LocalizedText>().notNull(),
    ratePpm: integer('rate_ppm').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tax_rates_place_class_unique').on(t.country, t.region, t.taxClass)],
);

/**
 * Markets: where the shop sells in one currency, with its rate from the shop's currency and its rounding. A
 * market's prices are derived from the base prices (packages/contract market-prices.ts).
 */
export const markets = pgTable('markets', {
  code: text().primaryKey(),
  names: jsonb().$type<LocalizedText>().notNull(),
  currency: text().notNull(),
  taxInclusive: boolean('tax_inclusive').notNull(),
  defaultLocale: text('default_locale').$type<Locale>().notNull(),
  /** Units of `currency` for one of the shop's currency, in millionths (5.4 → 5 400 000). */
  rateMillionths: bigint('rate_millionths', { mode: 'number' }).notNull(),
  rounding: text().$type<MarketRounding>().notNull(),
  /**
   * From this order value after discount (in `currency`'s minor units) shipping methods that take part go free;
   * null: the shop's general threshold at the market's rate.
   */
  freeShippingOver: integer('free_shipping_over'),
  position: integer().notNull().default(0),
  createdAt: createdAt(),
});

/**
 * Shipping zones: where parcels go by the same methods. Methods are few and always read with their zone, so they
 * are kept in it (fees and band limits in the shop's currency, converted at the order's market rate).
 */
export const shippingZones = pgTable('shipping_zones', {
  id: uuid().primaryKey().defaultRandom(),
  names: jsonb().$type<LocalizedText>().notNull(),
  methods: jsonb().$type<ShippingMethodRecord[]>().notNull(),
  createdAt: createdAt(),
});

/**
 * A zone's countries and states. The place is the key, so no two zones can hold the same place; a state's zone
 * wins over its country's.
 */
export const shippingZonePlaces = pgTable(
  'shipping_zone_places',
  {
    country: text().notNull(),
    /** A level-2 region code (`BR-SP`), or '' for the whole country. */
    region: text().notNull().default(''),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.country, t.region] }),
    index('shipping_zone_places_zone_idx').on(t.zoneId),
  ],
);

/** A market's countries. A country is the key, so no two markets can hold the same country. */
export const marketCountries = pgTable(
  'market_countries',
  {
    country: text().primaryKey(),
    market: text()
      .notNull()
      .references(() => markets.code, { onDelete: 'cascade', onUpdate: 'cascade' }),
  },
  (t) => [index('market_countries_market_idx').on(t.market)],
);

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

export interface StaffProfileRecord {
  bio?: string;
  country?: string;
  province?: string;
  street?: string;
  notifications?: { messages: boolean; system: boolean; todos: boolean };
}

/** Shoppers and staff. Email is stored lower-cased and phone in E.164, so uniqueness is exact. */
export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    phone: text(),
    /**
     * Null for a guest: someone who bought with this address without ever choosing a password. Registering with the
     * address (or a password reset mailed to it) sets one and makes the row a normal account, orders included.
     */
    passwordHash: text('password_hash'),
    role: text().$type<'shopper' | 'staff' | 'admin'>().notNull().default('shopper'),
    nickname: text().notNull().default(''),
    avatar: text().notNull().default(''),
    gender: text().$type<'unspecified' | 'female' | 'male' | 'other'>().notNull().default('unspecified'),
    birthday: text(),
    /** The locale mails to this user are written in: the one they registered in. */
    locale: text().$type<Locale>().notNull(),
    /** The market the shopper chose in the header (`PUT /v1/home/market`); null until they choose one. */
    market: text(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Staff only: the account settings pages' extra fields and notification switches. */
    staffProfile: jsonb('staff_profile').$type<StaffProfileRecord>().notNull().default({}),
    /** Wrong passwords in a row; each one past the threshold slows the next attempt down further. */
    failedLogins: integer('failed_logins').notNull().default(0),
    loginBlockedUntil: timestamp('login_blocked_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_phone_unique').on(t.phone),
    // The back office finds shoppers (and their orders) by any part of an email, nickname or phone.
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_nickname_trgm_idx').using('gin', t.nickname.op('gin_trgm_ops')),
    index('users_phone_trgm_idx').using('gin', t.phone.op('gin_trgm_ops')),
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

/**
 * A member of staff's authenticator (TOTP, RFC 6238). `secret` is encrypted (AES-256-GCM, key derived from a
 * shop secret); the second step is on once `confirmedAt` is set. `lastUsedStep` is the time step of the last
 * accepted code, so a code is accepted once.
 */
export const staffOtp = pgTable('staff_otp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text().notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Single-use recovery codes of a member's second step; only a keyed hash of each is stored. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_recovery_codes_user_code_unique').on(t.userId, t.codeHash)],
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
  (t) => [index('mailbox_to_sent_idx').on(t.to, t.sentAt)],
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

export const addresses = pgTable(
  'addresses',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    phone: text().notNull(),
    regionCodes: jsonb('region_codes').$type<string[]>().notNull(),
    detail: text().notNull(),
    postcode: text().notNull().default(''),
    /** Brazil's taxpayer number (000.000.000-00), optional; '' when none. */
    cpf: text().notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    uniqueIndex('addresses_one_default')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

/** A shopper's cart, or a guest's: the guest cookie holds a random token whose SHA-256 is `guestTokenHash`. */
export const carts = pgTable(
  'carts',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestTokenHash: text('guest_token_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('carts_user_unique').on(t.userId),
    uniqueIndex('carts_guest_unique').on(t.guestTokenHash),
    check('carts_owner', sql`(${t.userId} is null) <> (${t.guestTokenHash} is null)`),
  ],
);

export const cartItems = pgTable(
  'cart_items',
  {
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    skuId: uuid('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    selected: boolean().notNull().default(true),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.skuId] }),
    check('cart_items_quantity', sql`${t.quantity} between 1 and 999`),
  ],
);

export type OrderStatus =
  'pending_payment' | 'paid' | 'shipped' | 'completed' | 'cancelled' | 'refunded' | 'partially_refunded';
export type ChargeStatus = 'pending' | 'succeeded' | 'failed' | 'voided' | 'refunded' | 'partially_refunded';

export interface AddressSnapshot {
  name: string;
  phone: string;
  regionCodes: string[];
  regionNames: string[];
  detail: string;
  postcode: string;
  /** Absent in orders placed before addresses had one. */
  cpf?: string;
}

export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    /**
     * The order's number, the one people use: shoppers, staff and mails all say "order 10001". Counted by the
     * database from 10001, so a number is never taken twice, even by orders placed at once on several instances.
     */
    number: integer().generatedAlwaysAsIdentity({ startWith: 10001 }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text().$type<OrderStatus>().notNull(),
    subtotal: integer().notNull(),
    discount: integer().notNull(),
    shipping: integer().notNull(),
    total: integer().notNull(),
    currency: text().notNull(),
    couponClaimId: uuid('coupon_claim_id').references(() => couponClaims.id),
    address: jsonb().$type<AddressSnapshot>().notNull(),
    note: text().notNull().default(''),
    /** The shopper's `Idempotency-Key`: a retried submit finds the order it already made. */
    idempotencyKey: text('idempotency_key').notNull(),
    payBy: timestamp('pay_by', { withTimezone: true }),
    carrier: text(),
    trackingNumber: text('tracking_number'),
    /** When staff shipped it: the return window counts from here. */
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    /** Money given back to the shopper (refunds of kind staff and return that succeeded). */
    refundedAmount: integer('refunded_amount').notNull().default(0),
    /**
     * Set for an order placed as a guest: the SHA-256 of the token in its mails' link, which opens this one order
     * without a session (`X-Order-Token`). Null for orders placed signed in.
     */
    accessTokenHash: text('access_token_hash'),
    /** The market the order was placed in (its delivery country's), and its rate then: kept for life. */
    market: text(),
    /** The taxes in or on its total, per name and rate, as computed when placed. */
    taxes: jsonb().$type<OrderTax[]>().notNull().default([]),
    /** Whether `taxes` are included in the line prices (else they were added to the total). */
    taxInclusive: boolean('tax_inclusive').notNull().default(false),
    /** The taxes added on top of the total (0 where prices include them): the total's check counts them. */
    taxAdded: integer('tax_added').notNull().default(0),
    /** Units of `currency` for one of the shop's currency when placed, in millionths (1 000 000 = 1). */
    rateMillionths: bigint('rate_millionths', { mode: 'number' }).notNull().default(1_000_000),
    /** The shipping method chosen, its name in the shopper's language then and its fee; null before shipping zones. */
    shippingMethod: jsonb('shipping_method').$type<OrderShippingMethod>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_idempotency_unique').on(t.userId, t.idempotencyKey),
    uniqueIndex('orders_number_unique').on(t.number),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    // The back office's order lists and dashboard figures, by status and over time. Time columns are indexed in
    // plain order: a B-tree read backwards serves `ORDER BY … DESC` too, whereas a `DESC NULLS LAST` index serves
    // neither a plain `DESC` nor `ASC`.
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    index('orders_unpaid_idx')
      .on(t.payBy)
      .where(sql`${t.status} = 'pending_payment'`),
    // The orders table's keyword: any part of the recipient's name or phone digits (orders-admin.service.ts
    // writes the same expressions, which the planner must see word for word to use these).
    index('orders_recipient_name_trgm_idx').using('gin', sql`(${t.address}->>'name') gin_trgm_ops`),
    index('orders_recipient_phone_trgm_idx').using(
      'gin',
      sql`regexp_replace(${t.address}->>'phone', '\\D', '', 'g') gin_trgm_ops`,
    ),
    check(
      'orders_status',
      sql`${t.status} in ('pending_payment', 'paid', 'shipped', 'completed', 'cancelled', 'refunded', 'partially_refunded')`,
    ),
    check('orders_refunded_amount', sql`${t.refundedAmount} between 0 and ${t.total}`),
    check(
      'orders_total',
      sql`${t.total} = ${t.subtotal} - ${t.discount} + ${t.shipping} + ${t.taxAdded} and ${t.total} >= 0 and ${t.taxAdded} >= 0`,
    ),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    /** Refunds and returns name a line by this id. */
    id: uuid().notNull().defaultRandom().unique('order_lines_id_unique'),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    skuId: uuid('sku_id').notNull(),
    goodsId: uuid('goods_id').notNull(),
    name: text().notNull(),
    image: text().notNull(),
    options: jsonb().$type<string[]>().notNull(),
    price: integer().notNull(),
    quantity: integer().notNull(),
    /** Units whose money went back (refunds that succeeded). */
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.skuId] }),
    check('order_lines_quantity', sql`${t.quantity} > 0`),
    check('order_lines_refunded_quantity', sql`${t.refundedQuantity} between 0 and ${t.quantity}`),
    // "Was this goods ever ordered?" (deleting goods asks it) finds the first line without a scan.
    index('order_lines_goods_idx').on(t.goodsId),
  ],
);

/** Every status change of an order: when, and who made it (`shopper`, `system`, `payment`, or a staff id). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text().$type<OrderStatus>().notNull(),
    actor: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.at), index('order_events_at_idx').on(t.at)],
);

export const charges = pgTable(
  'charges',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    amount: integer().notNull(),
    currency: text().notNull(),
    channel: text().notNull(),
    status: text().$type<ChargeStatus>().notNull().default('pending'),
    /** Given back so far, by refunds that succeeded. */
    refundedAmount: integer('refunded_amount').notNull().default(0),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('charges_idempotency_unique').on(t.orderId, t.idempotencyKey),
    index('charges_order_idx').on(t.orderId),
    // At most one live pay link per order: a new one voids the old in the same transaction.
    uniqueIndex('charges_one_pending_per_order')
      .on(t.orderId)
      .where(sql`${t.status} = 'pending'`),
    check(
      'charges_status',
      sql`${t.status} in ('pending', 'succeeded', 'failed', 'voided', 'refunded', 'partially_refunded')`,
    ),
    check('charges_refunded_amount', sql`${t.refundedAmount} between 0 and ${t.amount}`),
  ],
);

/** Webhook events already applied: a replayed event id changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text().primaryKey(),
  chargeId: uuid('charge_id').notNull(),
  type: text().notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox gateway's outgoing webhooks, kept until delivered so they survive restarts; retried with
 * growing pauses like a real provider's.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    body: text().notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    /**
     * The sandbox gateway's own record of what it did: `capture:<charge>` or `refund:<refund>`, unique, so it
     * captures a pay link at most once and returns a refund's money at most once, as a real provider does.
     */
    dedupeKey: text('dedupe_key').unique('webhook_deliveries_dedupe_unique'),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} is null`),
  ],
);

/**
 * Money given back, one row per request to the provider: `pending` until its signed webhook says `succeeded` or
 * `failed`. Staff refunds and returns name the lines they cover; automatic refunds return a charge the order
 * could not keep. The refund's id is the provider's idempotency key.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    chargeId: uuid('charge_id')
      .notNull()
      .references(() => charges.id),
    amount: integer().notNull(),
    currency: text().notNull(),
    reason: text().notNull().default(''),
    kind: text().$type<'staff' | 'return' | 'automatic'>().notNull(),
    status: text().$type<'pending' | 'succeeded' | 'failed'>().notNull().default('pending'),
    lines: jsonb().$type<{ lineId: string; quantity: number; restock: boolean }[]>().notNull().default([]),
    returnId: uuid('return_id'),
    /** Null for automatic refunds. */
    actorId: uuid('actor_id').references(() => users.id),
    /** When the provider accepted the request; null means it must still be sent (after a crash, it is resent). */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    index('refunds_unsent_idx')
      .on(t.createdAt)
      .where(sql`${t.sentAt} is null and ${t.status} = 'pending'`),
    // One automatic refund per charge: a surplus charge is given back once, however often its news arrives.
    uniqueIndex('refunds_automatic_once')
      .on(t.chargeId)
      .where(sql`${t.kind} = 'automatic'`),
    check('refunds_amount', sql`${t.amount} > 0`),
    check('refunds_status', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check('refunds_kind', sql`${t.kind} in ('staff', 'return', 'automatic')`),
  ],
);

/** A shopper's request to send goods back, and how staff handled it. */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text()
      .$type<'new' | 'approved' | 'rejected' | 'received' | 'refunded'>()
      .notNull()
      .default('new'),
    reason: text().notNull(),
    note: text().notNull().default(''),
    lines: jsonb().$type<{ lineId: string; quantity: number; restock: boolean | null }[]>().notNull(),
    staffMessage: text('staff_message').notNull().default(''),
    refundId: uuid('refund_id'),
    history: jsonb().$type<{ status: string; at: string }[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('order_returns_order_idx').on(t.orderId),
    index('order_returns_status_created_idx').on(t.status, t.createdAt),
    check(
      'order_returns_status',
      sql`${t.status} in ('new', 'approved', 'rejected', 'received', 'refunded')`,
    ),
  ],
);

/**
 * Every change staff make: who, when, what, and the record before and after (secrets left out). Rows are only
 * ever inserted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    /** What was done, e.g. `goods.update`, `order.ship`, `settings.update`. */
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb().$type<unknown>(),
    after: jsonb().$type<unknown>(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The order entries were written in. Changes of one transaction (a bulk action) share `at`, and PGlite's clock
     * can give quick successive ones the same instant; the log still lists them as they happened.
     */
    seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
  ],
);

/** Sales goals staff set themselves (the template's goal form), shown on the workplace. */
export const salesGoals = pgTable(
  'sales_goals',
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    startsOn: text('starts_on').notNull(),
    endsOn: text('ends_on').notNull(),
    description: text().notNull(),
    /** What counts, e.g. `revenue` or `orders`, and the figure to reach (minor units for revenue). */
    metric: text().notNull(),
    target: integer().notNull(),
    client: text().notNull().default(''),
    /** Staff ids invited to review the goal; at most 5 (spec: maximum invited critics). */
    invitees: jsonb().$type<string[]>().notNull().default([]),
    weight: integer().notNull().default(0),
    visibility: text().$type<'public' | 'partial' | 'private'>().notNull(),
    /** With `partial`: the staff ids who may see it. */
    visibleTo: jsonb('visible_to').$type<string[]>().notNull().default([]),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('sales_goals_ends_idx').on(t.endsOn),
    check('sales_goals_visibility', sql`${t.visibility} in ('public', 'partial', 'private')`),
    check('sales_goals_window', sql`${t.startsOn} <= ${t.endsOn}`),
    check('sales_goals_invitees', sql`jsonb_array_length(${t.invitees}) <= 5`),
    check('sales_goals_weight', sql`${t.weight} between 0 and 100`),
  ],
);

/**
 * Storefront visitors per day, for the dashboard's visitors and conversion figures: a keyed hash of address and
 * browser, never the address itself.
 */
export const dailyVisits = pgTable(
  'daily_visits',
  {
    day: text().notNull(),
    visitor: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.visitor] })],
);

/**
 * Goods a signed-in shopper looked at, newest first on their detail pages and home; guests keep theirs in the
 * browser, merged in here at login. The API keeps the latest few per shopper.
 */
export const recentlyViewed = pgTable(
  'recently_viewed',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    goodsId: uuid('goods_id')
      .notNull()
      .references(() => goods.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.goodsId] }),
    index('recently_viewed_user_idx').on(t.userId, t.viewedAt),
  ],
);

/**
 * Shoppers' reviews of goods they received: one per shopper and goods (editing it sends it back to moderation),
 * with up to three re-encoded photos (`/media/…` URLs) and the shop's public reply.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid().primaryKey().defaultRandom(),
    goodsId: uuid('goods_id')
      .notNull()
      .references(() => goods.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The delivered order that makes the review a verified purchase. */
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    rating: smallint().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    photos: jsonb().$type<string[]>().notNull().default([]),
    status: text().$type<'pending' | 'published' | 'rejected'>().notNull().default('pending'),
    reply: text(),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_goods_user_unique').on(t.goodsId, t.userId),
    index('reviews_goods_status_created_idx').on(t.goodsId, t.status, t.createdAt),
    index('reviews_status_created_idx').on(t.status, t.createdAt),
    check('reviews_status', sql`${t.status} in ('pending', 'published', 'rejected')`),
    check('reviews_rating', sql`${t.rating} between 1 and 5`),
    check('reviews_photos', sql`jsonb_array_length(${t.photos}) <= 3`),
  ],
);

/**
 * Published reviews per goods, kept by the moderation transaction: listings read it into the shelf in memory
 * instead of counting reviews. `stars[i]` counts the reviews giving i + 1 stars.
 */
export const goodsRatings = pgTable('goods_ratings', {
  goodsId: uuid('goods_id')
    .primaryKey()
    .references(() => goods.id, { onDelete: 'cascade' }),
  count: integer().notNull().default(0),
  total: integer().notNull().default(0),
  stars: integer()
    .array()
    .notNull()
    .default(sql`'{0,0,0,0,0}'`),
  updatedAt: updatedAt(),
});

/**
 * A shopper's wishlist, or a guest's: guests are known by the same httpOnly cookie as their cart
 * (`guestTokenHash` is its SHA-256), and their list joins the account's at login. `shareTokenHash` is the
 * SHA-256 of the live share link's token, null when the list is not shared.
 */
export const wishlists = pgTable(
  'wishlists',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestTokenHash: text('guest_token_hash'),
    shareTokenHash: text('share_token_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('wishlists_user_unique').on(t.userId),
    uniqueIndex('wishlists_guest_unique').on(t.guestTokenHash),
    uniqueIndex('wishlists_share_unique').on(t.shareTokenHash),
    check('wishlists_owner', sql`(${t.userId} is null) <> (${t.guestTokenHash} is null)`),
  ],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    wishlistId: uuid('wishlist_id')
      .notNull()
      .references(() => wishlists.id, { onDelete: 'cascade' }),
    goodsId: uuid('goods_id')
      .notNull()
      .references(() => goods.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.wishlistId, t.goodsId] })],
);

/**
 * "Tell me when it is back": one row per subscription to a sold-out SKU. It is due once the SKU is in stock
 * again; `claimedUntil` is a sender's lease (so two senders never mail the same row) and `sentAt` is set in its
 * own transaction after the mail went out. `unsubscribeTokenHash` is the SHA-256 of the mail's unsubscribe token.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: uuid().primaryKey().defaultRandom(),
    skuId: uuid('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text().notNull(),
    locale: text().$type<Locale>().notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    unsubscribeTokenHash: text('unsubscribe_token_hash').notNull(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // Idempotent per SKU and address while the alert waits; also finds a restocked SKU's waiting alerts.
    uniqueIndex('stock_alerts_waiting_unique')
      .on(t.skuId, t.email)
      .where(sql`${t.sentAt} is null and ${t.cancelledAt} is null`),
    uniqueIndex('stock_alerts_unsubscribe_unique').on(t.unsubscribeTokenHash),
    index('stock_alerts_email_idx').on(t.email),
  ],
);
