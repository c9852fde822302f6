import { useIntl } from 'react-intl';

/**
 * A rating as five stars (filled to the nearest half), with its value as text for screen readers; `count`
 * adds how many reviews it averages, as listing cards show it.
 */
export function Stars({ value, count }: { value: number; count?: number }) {
  const intl = useIntl();
  const label =
    count === undefined
      ? intl.formatMessage({ id: 'reviews.stars' }, { value: intl.formatNumber(value) })
      : intl.formatMessage({ id: 'reviews.starsCount' }, { value: intl.formatNumber(value), count });
  const percent = Math.max(0, Math.min(100, (Math.round(value * 2) / 2) * 20));
  return (
    <span className="stars" role="img" aria-label={label}>
      <span className="stars-track" aria-hidden="true">
        ★★★★★
        <span className="stars-fill" style={{ width: `${percent}%` }}>
          ★★★★★
        </span>
      </span>
      {count !== undefined && (
        <span className="stars-count" aria-hidden="true">
          {intl.formatNumber(value, { maximumFractionDigits: 1 })} ({count})
        </span>
      )}
    </span>
  );
}
