import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { RELATIVE_TIME_REFRESH_MS } from '@shop/contract';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/** The current time, renewed every 10 s (spec §9: relative times refresh every 10 seconds). */
export function useNow(every = RELATIVE_TIME_REFRESH_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), every);
    return () => clearInterval(timer);
  }, [every]);
  return now;
}

/** "3 minutes ago" for `at`, in the UI locale, as of `now`. */
export function relativeTime(
  format: (value: number, unit: Intl.RelativeTimeFormatUnit) => string,
  at: string,
  now: number,
) {
  // `now` moves every 10 s: something newer than it happened just now, not in the future.
  const seconds = Math.min(0, Math.round((Date.parse(at) - now) / 1000));
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') {
      return format(Math.round(seconds / size), unit);
    }
  }
  return format(0, 'second');
}

/** A `<time>` showing how long ago `at` was, refreshed every 10 s; the exact time is its tooltip. */
export function RelativeTime({ at, now }: { at: string; now: number }) {
  const intl = useIntl();
  const text = relativeTime(
    (value, unit) => intl.formatRelativeTime(value, unit, { numeric: 'auto' }),
    at,
    now,
  );
  const exact = intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'medium' });
  return (
    <time dateTime={at} title={exact}>
      {text}
    </time>
  );
}
