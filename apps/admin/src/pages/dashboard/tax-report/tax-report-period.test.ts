import { describe, expect, it } from 'vitest';
import { isReportable, periodPresets, presetPeriod } from './tax-report-period.ts';

describe('the tax report periods', () => {
  it('opens on this month up to today, in UTC days', () => {
    // Still the 30th of November in UTC, though the 1st of December in Taipei.
    const now = new Date('2026-11-30T20:00:00Z');
    expect(presetPeriod('thisMonth', now)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(presetPeriod('thisMonth', new Date('2026-12-01T00:00:00Z'))).toEqual({
      from: '2026-12-01',
      to: '2026-12-01',
    });
  });

  it('takes last month whole, across a year and a leap day', () => {
    expect(presetPeriod('lastMonth', new Date('2026-01-15T12:00:00Z'))).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(presetPeriod('lastMonth', new Date('2028-03-31T23:59:59Z'))).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
  });

  it('takes this year up to today', () => {
    expect(presetPeriod('thisYear', new Date('2026-11-28T09:00:00Z'))).toEqual({
      from: '2026-01-01',
      to: '2026-11-28',
    });
  });

  it('gives every preset a period the API takes, whatever the day', () => {
    for (const now of ['2024-12-31T23:59:59Z', '2025-01-01T00:00:00Z', '2028-02-29T12:00:00Z']) {
      for (const preset of periodPresets)
        expect(isReportable(presetPeriod(preset, new Date(now)))).toBe(true);
    }
  });

  it('refuses periods the API refuses: backwards, or over 366 days', () => {
    expect(isReportable({ from: '2024-01-01', to: '2024-12-31' })).toBe(true);
    expect(isReportable({ from: '2024-01-01', to: '2025-01-01' })).toBe(false);
    expect(isReportable({ from: '2025-01-01', to: '2025-12-31' })).toBe(true);
    expect(isReportable({ from: '2025-07-01', to: '2025-06-30' })).toBe(false);
  });
});
