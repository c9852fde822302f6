import type { Region } from '@shop/contract';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/message-id.ts';
import { useRegionChildren } from '../orders/queries.ts';
import { chosenAt, regionLevels } from './regions.ts';

const LEVEL_LABELS: MessageId[] = ['address.country', 'address.state', 'address.city', 'address.district'];

/**
 * The choices of each select: countries and their states from the tree, then the cities of the chosen state and
 * the districts of the chosen city, fetched from the API as they are chosen (`pending` while they load).
 */
export function useRegionLevels(
  tree: Region[],
  codes: readonly string[],
): { levels: Region[][]; pending: boolean; failed: boolean; retry: () => void } {
  const top = regionLevels(tree, codes);
  const state = top.length === 2 ? chosenAt(top, codes, 1) : undefined;
  const cities = useRegionChildren(state);
  const levels = [...top];
  if (state && cities.data && cities.data.length > 0) levels.push(cities.data);
  const city = levels.length === 3 ? chosenAt(levels, codes, 2) : undefined;
  const districts = useRegionChildren(city);
  if (city && districts.data && districts.data.length > 0) levels.push(districts.data);
  return {
    levels,
    pending: (state !== undefined && cities.isPending) || (city !== undefined && districts.isPending),
    failed: (state !== undefined && cities.isError) || (city !== undefined && districts.isError),
    retry: () => {
      if (cities.isError) void cities.refetch();
      if (districts.isError) void districts.refetch();
    },
  };
}

/**
 * Cascading selects over the region tree: country, then state or province, then city and district where the
 * country has them (`levels`, see `useRegionLevels`). Choosing at one level clears the levels below it.
 * `invalidLevel` marks the select still to choose.
 */
export function RegionSelect({
  idPrefix,
  levels,
  value,
  onChange,
  error,
  invalidLevel,
}: {
  idPrefix: string;
  levels: Region[][];
  value: string[];
  onChange: (codes: string[]) => void;
  error?: string | undefined;
  invalidLevel?: number | undefined;
}) {
  const intl = useIntl();
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
