import type { Region } from '@shop/contract';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/message-id.ts';

const LEVEL_LABELS: MessageId[] = ['address.country', 'address.state', 'address.city', 'address.district'];

/** Cascading selects over the region tree: country, then state or province, then city where known. */
export function RegionSelect({
  idPrefix,
  regions,
  value,
  onChange,
  error,
}: {
  idPrefix: string;
  regions: Region[];
  value: string[];
  onChange: (codes: string[]) => void;
  error?: string | undefined;
}) {
  const intl = useIntl();
  const levels: Region[][] = [regions];
  for (const code of value) {
    const children = levels.at(-1)?.find((region) => region.code === code)?.children;
    if (!children || children.length === 0 || levels.length >= LEVEL_LABELS.length) break;
    levels.push(children);
  }
  return (
    <fieldset className={error ? 'field field-invalid' : 'field'}>
      <legend>{intl.formatMessage({ id: 'address.region' })}</legend>
      <div className="region-row">
        {levels.map((options, level) => {
          const id = level === 0 ? idPrefix : `${idPrefix}-${level}`;
          const label = LEVEL_LABELS[level] ?? 'address.region';
          return (
            <div key={level} className="region-level">
              <label htmlFor={id}>{intl.formatMessage({ id: label })}</label>
              <select
                id={id}
                value={value[level] ?? ''}
                aria-invalid={error && !value[level] ? true : undefined}
                aria-describedby={error ? `${idPrefix}-error` : undefined}
                onChange={(event) =>
                  onChange(
                    event.target.value
                      ? [...value.slice(0, level), event.target.value]
                      : value.slice(0, level),
                  )
                }
              >
                <option value="">{intl.formatMessage({ id: 'address.choose' })}</option>
                {options.map((region) => (
                  <option key={region.code} value={region.code}>
                    {region.name}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </div>
      {error && (
        <p id={`${idPrefix}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
