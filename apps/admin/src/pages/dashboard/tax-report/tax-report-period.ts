import { daysInRange, MAX_TAX_REPORT_DAYS } from '@shop/contract';

/** A period of UTC days, `YYYY-MM-DD`, both included: what `GET /v1/admin/reports/taxes` takes. */
export interface Period {
  from: string;
  to: string;
}

export const periodPresets = ['thisMonth', 'lastMonth', 'thisYear'] as const;
export type PeriodPreset = (typeof periodPresets)[number];

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A preset period in UTC days (the API's days): this month and this year up to today, last month whole. The page
 * opens on this month.
 */
export function presetPeriod(preset: PeriodPreset, now = new Date()): Period {
  const today = day(now);
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  switch (preset) {
    case 'thisMonth':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'lastMonth':
      return {
        from: day(new Date(Date.UTC(year, month - 1, 1))),
        to: day(new Date(Date.UTC(year, month, 0))),
      };
    case 'thisYear':
      return { from: `${year}-01-01`, to: today };
  }
}

/** Whether the API takes this period: `from` not after `to`, at most 366 days. */
export function isReportable(period: Period): boolean {
  return period.from <= period.to && daysInRange(period.from, period.to) <= MAX_TAX_REPORT_DAYS;
}
