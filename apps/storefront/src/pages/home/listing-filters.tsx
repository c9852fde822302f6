import type { Category, GoodsSort } from '@shop/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { categoryTree } from '../../features/catalog/category-tree.ts';
import { GOODS_SORTS, listingSearch } from '../../features/catalog/listing-params.ts';
import type { ListingFilter } from '../../features/catalog/listing-params.ts';
import { currencySign, parseMajorUnits, toMajorUnits } from '../../features/catalog/money.ts';
import { IN_PLACE } from '../../features/navigation/use-navigation-effects.ts';
import { useSystems } from '../../features/shop/queries.ts';
import type { MessageId } from '../../i18n/message-id.ts';

const SORT_LABELS: Record<GoodsSort, MessageId> = {
  newest: 'listing.sort.newest',
  sales: 'listing.sort.sales',
  price_asc: 'listing.sort.priceAsc',
  price_desc: 'listing.sort.priceDesc',
};

type PriceError = 'listing.price.invalid' | 'listing.price.order' | null;

/**
 * The price range in the shop's currency, typed in major units as the locale writes them and sent in minor
 * units. Applied with its button (or Enter), so a half-typed amount never reloads the list.
 */
function PriceRange({
  filter,
  currency,
  apply,
}: {
  filter: ListingFilter;
  currency: string;
  apply: (change: Partial<ListingFilter>) => void;
}) {
  const intl = useIntl();
  const [min, setMin] = useState(
    filter.minPrice === undefined ? '' : toMajorUnits(filter.minPrice, currency),
  );
  const [max, setMax] = useState(
    filter.maxPrice === undefined ? '' : toMajorUnits(filter.maxPrice, currency),
  );
  const [error, setError] = useState<PriceError>(null);
  const sign = currencySign(currency, intl.locale);

  const submit = () => {
    const minPrice = parseMajorUnits(min, currency, intl.locale);
    const maxPrice = parseMajorUnits(max, currency, intl.locale);
    if (minPrice === null || maxPrice === null) return setError('listing.price.invalid');
    if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
      return setError('listing.price.order');
    }
    setError(null);
    apply({ minPrice, maxPrice });
  };

  return (
    <form
      className="price-range"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <fieldset aria-describedby={error ? 'price-error' : undefined}>
        <legend>
          <FormattedMessage id="listing.price" values={{ currency: sign }} />
        </legend>
        <div className="price-fields">
          <label>
            <span className="visually-hidden">
              <FormattedMessage id="listing.price.min" values={{ currency: sign }} />
            </span>
            <input
              inputMode="decimal"
              autoComplete="off"
              placeholder={intl.formatMessage({ id: 'listing.price.minShort' })}
              value={min}
              aria-invalid={error !== null}
              onChange={(event) => setMin(event.target.value)}
            />
          </label>
          <span aria-hidden="true">–</span>
          <label>
            <span className="visually-hidden">
              <FormattedMessage id="listing.price.max" values={{ currency: sign }} />
            </span>
            <input
              inputMode="decimal"
              autoComplete="off"
              placeholder={intl.formatMessage({ id: 'listing.price.maxShort' })}
              value={max}
              aria-invalid={error !== null}
              onChange={(event) => setMax(event.target.value)}
            />
          </label>
          <button type="submit" className="button">
            <FormattedMessage id="listing.price.apply" />
          </button>
        </div>
        {error && (
          <p id="price-error" className="field-error" role="alert">
            <FormattedMessage id={error} />
          </p>
        )}
      </fieldset>
    </form>
  );
}

/**
 * Category, price range and sort order of the listing. Each change is a new address (page 1 again), made in
 * place: the page does not jump and the focus stays on the control; the result count is announced.
 */
export function ListingFilters({ filter, categories }: { filter: ListingFilter; categories: Category[] }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const currency = useSystems().data?.currency;
  const tree = categoryTree(categories);
  const apply = (change: Partial<ListingFilter>) =>
    void navigate({ search: listingSearch({ ...filter, ...change, page: 1 }) }, { state: IN_PLACE });

  return (
    <div className="filters">
      <div className="filter-selects">
        <label className="field">
          <span>
            <FormattedMessage id="listing.category" />
          </span>
          <select
            value={filter.categoryId ?? ''}
            onChange={(event) => apply({ categoryId: event.target.value || undefined })}
          >
            <option value="">{intl.formatMessage({ id: 'listing.allCategories' })}</option>
            {tree.map((parent) => (
              <optgroup key={parent.id} label={parent.name}>
                <option value={parent.id}>
                  {intl.formatMessage({ id: 'listing.allIn' }, { category: parent.name })}
                </option>
                {parent.children.map((child) => (
                  <option key={child.id} value={child.id}>
                    {child.name}
                  </option>
                ))}
              </optgroup>
            ))}
            {/* A category id from a shared link, before the names have loaded. */}
            {filter.categoryId && !categories.some((c) => c.id === filter.categoryId) && (
              <option value={filter.categoryId}>{intl.formatMessage({ id: 'common.loading' })}</option>
            )}
          </select>
        </label>
        <label className="field">
          <span>
            <FormattedMessage id="listing.sort" />
          </span>
          <select value={filter.sort} onChange={(event) => apply({ sort: event.target.value as GoodsSort })}>
            {GOODS_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {intl.formatMessage({ id: SORT_LABELS[sort] })}
              </option>
            ))}
          </select>
        </label>
      </div>
      {currency && (
        <PriceRange
          // A new address (back button, a shared link) starts the fields afresh from it.
          key={`${filter.minPrice ?? ''}-${filter.maxPrice ?? ''}`}
          filter={filter}
          currency={currency}
          apply={apply}
        />
      )}
    </div>
  );
}
