import type { AuditEntry, AuditSubjectKind } from '@shop/contract';
import { diffEntries } from './diff.ts';

/** Actions with a sentence of their own (`audit.sentence.<action>`); any other reads as its kind's generic one. */
export const SENTENCE_ACTIONS = [
  'goods.create',
  'goods.update',
  'goods.update.price',
  'goods.shelve',
  'goods.unshelve',
  'goods.delete',
  'category.create',
  'category.update',
  'category.delete',
  'coupon.create',
  'coupon.end',
  'coupon.changeTotal',
  'order.ship',
  'order.refund',
  'return.approve',
  'return.reject',
  'return.receive',
  'return.refund',
  'shopper.disable',
  'shopper.enable',
  'staff.create',
  'staff.update',
  'staff.otp.reset',
  'staff.otp.require',
  'account.update',
  'account.password',
  'account.session.end',
  'account.otp.enable',
  'account.otp.disable',
  'settings.update',
  'settings.rotateWebhookSecret',
  'search.synonyms.update',
  'goal.create',
  'goal.update',
  'goal.delete',
  'market.create',
  'market.update',
  'market.delete',
  'tax_rate.create',
  'tax_rate.update',
  'tax_rate.delete',
  'shipping_zone.create',
  'shipping_zone.update',
  'shipping_zone.delete',
  'goods.prices',
] as const;

const KNOWN = new Set<string>(SENTENCE_ACTIONS);

/** Fields that change with any save and say nothing about what was changed. */
const INCIDENTAL = /(^|\.)(updatedAt|createdAt)$/;

/** A product change that only touched prices (of the product or its SKUs). */
function onlyPricesChanged(entry: Pick<AuditEntry, 'before' | 'after'>): boolean {
  const changed = diffEntries(entry.before, entry.after)
    .filter((row) => row.changed && !INCIDENTAL.test(row.path))
    .map((row) => row.path);
  return changed.length > 0 && changed.every((path) => /(^|\.)price$/.test(path));
}

/**
 * The message id of an entry's sentence: its action's own (`audit.sentence.goods.update.price` when only prices
 * changed), else the generic one of the kind of thing it acted on, so an action added later still reads as a
 * sentence, never as a code.
 */
export function sentenceId(entry: Pick<AuditEntry, 'action' | 'before' | 'after' | 'subject'>): string {
  if (entry.action === 'goods.update' && onlyPricesChanged(entry)) return 'audit.sentence.goods.update.price';
  if (KNOWN.has(entry.action)) return `audit.sentence.${entry.action}`;
  return `audit.generic.${entry.subject.kind}`;
}

/** The name of the entry's actor: their nickname, else their email. */
export function actorName(entry: Pick<AuditEntry, 'actor'>): string {
  return entry.actor.nickname || entry.actor.email;
}

/** The subject's name as the sentence shows it: an order or return by its order's number (`#10001`). */
export function subjectText(subject: AuditEntry['subject']): string | null {
  if (subject.label === null) return null;
  return subject.kind === 'order' || subject.kind === 'return' ? `#${subject.label}` : subject.label;
}

const PAGE_OF_KIND: Partial<Record<AuditSubjectKind, (id: string) => string>> = {
  product: (id) => `/form/goods/${encodeURIComponent(id)}`,
  order: (id) => `/profile/order/${encodeURIComponent(id)}`,
  shopper: (id) => `/profile/shopper/${encodeURIComponent(id)}`,
  coupon: () => '/list/coupons',
  category: () => '/list/categories',
  return: () => '/list/returns',
  goal: () => '/dashboard/workplace',
  staff: () => '/account/staff',
  market: () => '/list/markets',
  taxRate: () => '/list/tax-rates',
  shippingZone: () => '/list/shipping',
};

/**
 * Where the thing acted on is shown in the back office (a path under `/admin`), or null: deleted things, things
 * without a page, and pages the reader may not open (`staffPages`: the staff list is for admins).
 */
export function subjectPath(
  entry: Pick<AuditEntry, 'action' | 'entityId' | 'subject'>,
  { staffPages }: { staffPages: boolean },
): string | null {
  if (entry.action.endsWith('.delete')) return null;
  if (entry.subject.kind === 'staff' && !staffPages) return null;
  return PAGE_OF_KIND[entry.subject.kind]?.(entry.entityId) ?? null;
}
