import type { Region } from '@shop/contract';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/message-id.ts';
import { regionLevels } from './regions.ts';

const LEVEL_LABELS: MessageId[] = ['address.country', 'address.state', 'address.city', 'address.district'];

/**
 * Cascading selects over the region tree: country, then state or province, then city where the tree has
 * them. Choosing at one level clears the levels below it. `invalidLevel` marks the select still to choose.
 */
export function RegionSelect({
  idPrefix,
  regions,
  value,
  onChange,
  error,
  invalidLevel,
}: {
  idPrefix: string;
  regions: Region[];
  value: string[];
  onChange: (codes: string[]) => void;
  error?: string | undefined;
  invalidLevel?: number | undefined;
}) {
  const intl = useIntl();
  const levels = regionLevels(regions, value);
  const errorId = `${idPrefix}-error`;
  return (
    <fieldset className={error ? 'field field-invalid' : 'field'}>
      <legend>{intl.formatMessage({ id: 'address.region' })}</legend>
      <div className="region-row">
        {levels.map((options, level) => {
          const id = level === 0 ? idPrefix : `${idPrefix}-${level}`;
          const invalid = error !== undefined && level === invalidLevel;
          return (
            <div key={level} className="region-level">
              <label htmlFor={id}>
                {intl.formatMessage({ id: LEVEL_LABELS[level] ?? 'address.region' })}
              </label>
              <select
                id={id}
                value={value[level] ?? ''}
                aria-invalid={invalid ? true : undefined}
                aria-describedby={invalid ? errorId : undefined}
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
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
