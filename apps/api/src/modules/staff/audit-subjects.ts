import { eq, inArray } from 'drizzle-orm';
import {
  pickText,
  type AuditSubject,
  type AuditSubjectKind,
  type Locale,
  type LocalizedText,
} from '@shop/contract';
import { schema, type Db } from '@shop/db';

/** What `nameSubjects` needs of a log entry. */
export interface SubjectRow {
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

const KIND_OF_ENTITY: Readonly<Record<string, AuditSubjectKind>> = {
  goods: 'product',
  order: 'order',
  coupon: 'coupon',
  category: 'category',
  return: 'return',
  goal: 'goal',
  settings: 'settings',
  session: 'session',
  market: 'market',
  tax_rate: 'taxRate',
  shipping_zone: 'shippingZone',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Markets are named by their codes (`BR`), not by ids. */
const MARKET_CODE = /^[A-Z]{2,8}$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A text of a record that is either plain or per locale. */
function textOf(value: unknown, locale: Locale): string | null {
  if (typeof value === 'string') return value || null;
  if (isObject(value)) return pickText(value as LocalizedText, locale, locale) || null;
  return null;
}

/**
 * The name a log entry's own before/after record gives the thing (for things deleted since): goods'
 * translations, a `name` or `title` (plain or per locale), an order's `number`, a member's nickname or email.
 */
export function nameFromRecord(record: unknown, locale: Locale): string | null {
  if (!isObject(record)) return null;
  const { translations } = record;
  if (isObject(translations)) {
    const names = Object.fromEntries(
      Object.entries(translations).map(([key, value]) => [key, isObject(value) ? value.name : undefined]),
    );
    const name = textOf(names, locale);
    if (name) return name;
  }
  if (typeof record.number === 'number') return String(record.number);
  return (
    textOf(record.name, locale) ??
    textOf(record.names, locale) ??
    textOf(record.title, locale) ??
    textOf(record.nickname, locale) ??
    textOf(record.email, locale)
  );
}

/**
 * A tax rate's name in `locale` and where it applies, "ICMS · BR-SP" (a region) or "VAT · CN" (a whole country):
 * several places have rates of the same name.
 */
export function taxRateLabel(record: unknown, locale: Locale): string | null {
  if (!isObject(record)) return null;
  const name = textOf(record.names, locale);
  const place = textOf(record.region, locale) ?? textOf(record.country, locale);
  return name && place ? `${name} · ${place}` : name;
}

/**
 * Names what each entry acted on, in `locale`: one query per kind of thing present on the page (at most ten,
 * whatever the page size), never one per entry. Names are read now rather than copied into the log when it is
 * written, so every entry (those written before names were kept too) reads the same, renamed things show their
 * current name, and the reader's language is used; a thing deleted since is named from the entry's record.
 */
export async function nameSubjects(db: Db, rows: SubjectRow[], locale: Locale): Promise<AuditSubject[]> {
  const idsOf = (entity: string) => [
    ...new Set(
      rows.filter((row) => row.entity === entity && UUID.test(row.entityId)).map((row) => row.entityId),
    ),
  ];
  const goodsIds = idsOf('goods');
  const orderIds = idsOf('order');
  const returnIds = idsOf('return');
  const couponIds = idsOf('coupon');
  const categoryIds = idsOf('category');
  const userIds = idsOf('user');
  const goalIds = idsOf('goal');
  const taxRateIds = idsOf('tax_rate');
  const shippingZoneIds = idsOf('shipping_zone');
  const marketCodes = [
    ...new Set(
      rows
        .filter((row) => row.entity === 'market' && MARKET_CODE.test(row.entityId))
        .map((row) => row.entityId),
    ),
  ];
  const none = Promise.resolve([]);
  const {
    goodsTranslations,
    orders,
    orderReturns,
    coupons,
    categories,
    users,
    salesGoals,
    markets,
    taxRates,
    shippingZones,
  } = schema;
  const [
    goodsNames,
    orderRows,
    returnRows,
    couponRows,
    categoryRows,
    userRows,
    goalRows,
    marketRows,
    taxRateRows,
    shippingZoneRows,
  ] = await Promise.all([
    goodsIds.length
      ? db
          .select({
            id: goodsTranslations.goodsId,
            locale: goodsTranslations.locale,
            name: goodsTranslations.name,
          })
          .from(goodsTranslations)
          .where(inArray(goodsTranslations.goodsId, goodsIds))
      : none,
    orderIds.length
      ? db.select({ id: orders.id, number: orders.number }).from(orders).where(inArray(orders.id, orderIds))
      : none,
    returnIds.length
      ? db
          .select({ id: orderReturns.id, number: orders.number })
          .from(orderReturns)
          .innerJoin(orders, eq(orders.id, orderReturns.orderId))
          .where(inArray(orderReturns.id, returnIds))
      : none,
    couponIds.length
      ? db
          .select({ id: coupons.id, title: coupons.title })
          .from(coupons)
          .where(inArray(coupons.id, couponIds))
      : none,
    categoryIds.length
      ? db
          .select({ id: categories.id, name: categories.name })
          .from(categories)
          .where(inArray(categories.id, categoryIds))
      : none,
    userIds.length
      ? db
          .select({ id: users.id, nickname: users.nickname, email: users.email, role: users.role })
          .from(users)
          .where(inArray(users.id, userIds))
      : none,
    goalIds.length
      ? db
          .select({ id: salesGoals.id, title: salesGoals.title })
          .from(salesGoals)
          .where(inArray(salesGoals.id, goalIds))
      : none,
    marketCodes.length
      ? db
          .select({ code: markets.code, names: markets.names })
          .from(markets)
          .where(inArray(markets.code, marketCodes))
      : none,
    taxRateIds.length
      ? db
          .select({
            id: taxRates.id,
            names: taxRates.names,
            country: taxRates.country,
            region: taxRates.region,
          })
          .from(taxRates)
          .where(inArray(taxRates.id, taxRateIds))
      : none,
    shippingZoneIds.length
      ? db
          .select({ id: shippingZones.id, names: shippingZones.names })
          .from(shippingZones)
          .where(inArray(shippingZones.id, shippingZoneIds))
      : none,
  ]);

  const goodsTexts = new Map<string, LocalizedText>();
  for (const row of goodsNames) goodsTexts.set(row.id, { ...goodsTexts.get(row.id), [row.locale]: row.name });
  const labels = new Map<string, string>();
  for (const [id, names] of goodsTexts) labels.set(`goods:${id}`, pickText(names, locale, locale));
  for (const row of orderRows) labels.set(`order:${row.id}`, String(row.number));
  for (const row of returnRows) labels.set(`return:${row.id}`, String(row.number));
  for (const row of couponRows) labels.set(`coupon:${row.id}`, pickText(row.title, locale, locale));
  for (const row of categoryRows) labels.set(`category:${row.id}`, pickText(row.name, locale, locale));
  for (const row of userRows) labels.set(`user:${row.id}`, row.nickname || row.email);
  for (const row of goalRows) labels.set(`goal:${row.id}`, row.title);
  for (const row of marketRows) labels.set(`market:${row.code}`, pickText(row.names, locale, locale));
  for (const row of taxRateRows) labels.set(`tax_rate:${row.id}`, taxRateLabel(row, locale) ?? '');
  for (const row of shippingZoneRows)
    labels.set(`shipping_zone:${row.id}`, pickText(row.names, locale, locale));
  const shoppers = new Set(userRows.filter((row) => row.role === 'shopper').map((row) => row.id));

  return rows.map((row) => {
    const kind: AuditSubjectKind =
      row.entity === 'user'
        ? row.action.startsWith('shopper.') || shoppers.has(row.entityId)
          ? 'shopper'
          : 'staff'
        : (KIND_OF_ENTITY[row.entity] ?? 'other');
    const fromRecord = row.entity === 'tax_rate' ? taxRateLabel : nameFromRecord;
    const label =
      labels.get(`${row.entity}:${row.entityId}`) ||
      fromRecord(row.after, locale) ||
      fromRecord(row.before, locale);
    return { kind, label: label || null };
  });
}
