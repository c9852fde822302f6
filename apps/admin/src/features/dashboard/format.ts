import { useMemo } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { Activity } from '@shop/contract';
import { toMajor } from '../shop/money.ts';

/** The UTC day `offset` days from today, `YYYY-MM-DD` (the API's days are UTC). */
export function utcDay(offset = 0, from = new Date()): string {
  return new Date(from.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
}

/** A `YYYY-MM-DD` day shown as a date in the UI locale (the day itself, not shifted by the time zone). */
export function formatDay(intl: IntlShape, day: string, style: 'medium' | 'short' = 'medium'): string {
  return intl.formatDate(`${day}T00:00:00Z`, { dateStyle: style, timeZone: 'UTC' });
}

/** Money (integer minor units) and ratios in the UI locale. */
export function useDashboardFormat() {
  const intl = useIntl();
  return useMemo(
    () => ({
      money: (minor: number, currency: string, compact = false) =>
        intl.formatNumber(toMajor(minor, currency), {
          style: 'currency',
          currency,
          ...(compact ? { notation: 'compact', maximumFractionDigits: 1 } : {}),
        }),
      count: (n: number) => intl.formatNumber(n),
      percent: (ratio: number) => intl.formatNumber(ratio, { style: 'percent', maximumFractionDigits: 1 }),
    }),
    [intl],
  );
}

/** "Ana placed order 10001": one activity line in the UI locale. */
export function activityText(intl: IntlShape, activity: Activity): string {
  const { actor } = activity;
  const name =
    actor.kind === 'system'
      ? intl.formatMessage({ id: 'dashboard.actor.system' })
      : actor.kind === 'payment'
        ? intl.formatMessage({ id: 'dashboard.actor.payment' })
        : actor.name || intl.formatMessage({ id: 'dashboard.actor.unknown' });
  const values = { actor: name, number: activity.label ?? '', action: activity.action };
  // An action the catalogs have no text for (one added to the API later) is still shown, in general words.
  const id = `dashboard.action.${activity.action}`;
  return intl.formatMessage({ id: id in intl.messages ? id : 'dashboard.action.other' }, values);
}

/** Where an activity line leads: the order, the goods, the coupon list… or nowhere. */
export function activityLink(activity: Activity): string | null {
  switch (activity.entity) {
    case 'order':
      return `/profile/order/${activity.entityId}`;
    case 'goods':
      return activity.action === 'goods.delete' ? null : `/form/goods/${activity.entityId}`;
    case 'coupon':
      return '/list/coupons';
    case 'category':
      return '/list/categories';
    case 'return':
      return '/list/returns';
    case 'goal':
      return activity.action === 'goal.delete' ? null : `/form/goal?id=${activity.entityId}`;
    default:
      return null;
  }
}
