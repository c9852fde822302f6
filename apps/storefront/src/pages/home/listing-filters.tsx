import type { Category, GoodsFacets, GoodsSort } from '@shop/contract';
import { useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { IntlShape } from 'react-intl';
import { useNavigate } from 'react-router';
import { categoryTree } from '../../features/catalog/category-tree.ts';
import {
  activeFilterCount,
  GOODS_SORTS,
  parseListing,
  listingSearch,
  toggleOption,
} from '../../features/catalog/listing-params.ts';
import type { ListingFilter } from '../../features/catalog/listing-params.ts';
import { currencySign, formatMoney, parseMajorUnits, toMajorUnits } from '../../features/catalog/money.ts';
import { IN_PLACE } from '../../features/navigation/use-navigation-effects.ts';
import { useSystems } from '../../features/shop/queries.ts';
import type { MessageId } from '../../i18n/message-id.ts';

const SORT_LABELS: Record<GoodsSort, MessageId> = {
  relevance: 'listing.sort.relevance',
  newest: 'listing.sort.newest',
  sales: 'listing.sort.sales',
  price_asc: 'listing.sort.priceAsc',
  price_desc: 'listing.sort.priceDesc',
};

/** Screens at least this wide have room for the filters open beside the results from the start. */
const WIDE_SCREEN = '(min-width: 960px)';

type PriceError = 'listing.price.invalid' | 'listing.price.order' | null;
type PriceBand = GoodsFacets['priceBands'][number];
/** A change to the listing's filters, or one worked out from the filters as they now stand. */
type Apply = (change: Partial<ListingFilter> | ((current: ListingFilter) => Partial<ListingFilter>)) => void;

/** A count after a facet's value, part of its label so that screen readers read it with the name. */
const countText = (intl: IntlShape, count: number | undefined) =>
  count === undefined ? '' : intl.formatMessage({ id: 'listing.facet.count' }, { count });

function bandLabel(
  band: { minPrice?: number | undefined; maxPrice?: number | null | undefined },
  currency: string,
  intl: IntlShape,
) {
  const money = (amount: number) => formatMoney(amount, currency, intl.locale);
  if (band.maxPrice == null)
    return intl.formatMessage({ id: 'listing.band.from' }, { min: money(band.minPrice ?? 0) });
  if (!band.minPrice) return intl.formatMessage({ id: 'listing.band.upTo' }, { max: money(band.maxPrice) });
  return intl.formatMessage(
    { id: 'listing.band.between' },
    { min: money(band.minPrice), max: money(band.maxPrice) },
  );
}

const priceKey = (filter: ListingFilter) => `${filter.minPrice ?? ''}-${filter.maxPrice ?? ''}`;

const isBand = (filter: ListingFilter, band: PriceBand) =>
  filter.minPrice === band.minPrice && filter.maxPrice === (band.maxPrice ?? undefined);

/**
 * The price: the bands the listing counts (one choice each), then any range in the shop's currency, typed in
 * major units as the locale writes them and sent in minor units. The range is applied with its button (or Enter),
 * so a half-typed amount never reloads the list.
 */
function PriceRange({
  filter,
  currency,
  bands,
  apply,
}: {
  filter: ListingFilter;
  currency: string;
  bands: PriceBand[] | undefined;
  apply: Apply;
}) {
  const intl = useIntl();
  const bandName = useId();
  const [min, setMin] = useState(
    filter.minPrice === undefined ? '' : toMajorUnits(filter.minPrice, currency),
  );
  const [max, setMax] = useState(
    filter.maxPrice === undefined ? '' : toMajorUnits(filter.maxPrice, currency),
  );
  const [error, setError] = useState<PriceError>(null);
  const [shownFor, setShownFor] = useState(priceKey(filter));
  const sign = currencySign(currency, intl.locale);

  // A new address (back button, a shared link, a band) starts the fields afresh from it; the focus stays put.
  if (shownFor !== priceKey(filter)) {
    setShownFor(priceKey(filter));
    setMin(filter.minPrice === undefined ? '' : toMajorUnits(filter.minPrice, currency));
    setMax(filter.maxPrice === undefined ? '' : toMajorUnits(filter.maxPrice, currency));
    setError(null);
  }
  const anyPrice = filter.minPrice === undefined && filter.maxPrice === undefined;

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
        {bands && bands.length > 0 && (
          <div className="facet-values">
            <label className="check">
              <input
                type="radio"
                name={bandName}
                checked={anyPrice}
                onChange={() => apply({ minPrice: undefined, maxPrice: undefined })}
              />
              <span>
                <FormattedMessage id="listing.band.any" />
              </span>
            </label>
            {bands.map((band) => (
              <label className="check" key={band.minPrice}>
                <input
                  type="radio"
                  name={bandName}
                  checked={isBand(filter, band)}
                  onChange={() => apply({ minPrice: band.minPrice, maxPrice: band.maxPrice ?? undefined })}
                />
                <span>
                  {bandLabel(band, currency, intl)}
                  {countText(intl, band.count)}
                </span>
              </label>
            ))}
          </div>
        )}
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

/** One option (colour, size…): a checkbox per value; values of one option are alternatives. */
function OptionFacet({
  option,
  filter,
  apply,
}: {
  option: GoodsFacets['options'][number];
  filter: ListingFilter;
  apply: Apply;
}) {
  const intl = useIntl();
  return (
    <fieldset className="facet">
      <legend>{option.name}</legend>
      <div className="facet-values">
        {option.values.map((value) => {
          const pair = `${option.key}:${value.key}`;
          return (
            <label className="check" key={value.key}>
              <input
                type="checkbox"
                checked={filter.options?.includes(pair) ?? false}
                onChange={(event) => {
                  const checked = event.target.checked;
                  apply((current) => ({ options: toggleOption(current, pair, checked) }));
                }}
              />
              <span>
                {value.name}
                {countText(intl, value.count)}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * The filters in use, each a button that drops it, and a way to drop them all. The focus, whose button goes
 * away, moves to the filters' toggle.
 */
function ChosenFilters({
  filter,
  categories,
  facets,
  currency,
  apply,
  afterRemove,
}: {
  filter: ListingFilter;
  categories: Category[];
  facets: GoodsFacets | undefined;
  currency: string | undefined;
  apply: Apply;
  afterRemove: () => void;
}) {
  const intl = useIntl();
  const chosen: { key: string; label: string; change: Parameters<Apply>[0] }[] = [];
  if (filter.categoryId) {
    const name = categories.find((category) => category.id === filter.categoryId)?.name;
    chosen.push({
      key: 'category',
      label: name ?? intl.formatMessage({ id: 'listing.category' }),
      change: { categoryId: undefined },
    });
  }
  if ((filter.minPrice !== undefined || filter.maxPrice !== undefined) && currency) {
    chosen.push({
      key: 'price',
      label: bandLabel(filter, currency, intl),
      change: { minPrice: undefined, maxPrice: undefined },
    });
  }
  if (filter.inStock) {
    chosen.push({
      key: 'inStock',
      label: intl.formatMessage({ id: 'listing.inStock' }),
      change: { inStock: undefined },
    });
  }
  for (const pair of filter.options ?? []) {
    const [optionKey, valueKey] = pair.split(':');
    const option = facets?.options.find((o) => o.key === optionKey);
    const value = option?.values.find((v) => v.key === valueKey)?.name ?? valueKey;
    chosen.push({
      key: pair,
      label: `${option?.name ?? optionKey}: ${value}`,
      change: (current) => ({ options: toggleOption(current, pair, false) }),
    });
  }
  if (chosen.length === 0) return null;

  return (
    <ul className="chosen-filters" aria-label={intl.formatMessage({ id: 'listing.filters.chosen' })}>
      {chosen.map(({ key, label, change }) => (
        <li key={key}>
          <button
            type="button"
            className="chosen-filter"
            aria-label={intl.formatMessage({ id: 'listing.filters.remove' }, { filter: label })}
            onClick={() => {
              apply(change);
              afterRemove();
            }}
          >
            {label}
            <span aria-hidden="true"> ×</span>
          </button>
        </li>
      ))}
      {chosen.length > 1 && (
        <li>
          <button
            type="button"
            className="button-text"
            onClick={() => {
              apply({
                categoryId: undefined,
                minPrice: undefined,
                maxPrice: undefined,
                inStock: undefined,
                options: undefined,
              });
              afterRemove();
            }}
          >
            <FormattedMessage id="listing.filters.clearAll" />
          </button>
        </li>
      )}
    </ul>
  );
}

/**
 * The listing's sort order and its filters: category, price, in stock and option values, each with how many goods
 * it would leave when the API counts them (`meta.facets`). The filters sit behind a "Filters (n)" toggle that
 * starts open on wide screens and closed on phones. Each change is a new address (page 1 again), made in place:
 * the page does not jump and the focus stays on the control; the result count is announced.
 */
export function ListingFilters({
  filter,
  categories,
  facets,
}: {
  filter: ListingFilter;
  categories: Category[];
  facets: GoodsFacets | undefined;
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const currency = useSystems().data?.currency;
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(() => window.matchMedia(WIDE_SCREEN).matches);
  const tree = categoryTree(categories);
  // From the address as it stands, not from `filter`: a change made while the previous one is still rendering
  // (React Router navigates in a transition) would otherwise undo it (category chosen, then the sort: no category).
  const apply: Apply = (change) => {
    const current = parseListing(new URLSearchParams(window.location.search));
    const changed = typeof change === 'function' ? change(current) : change;
    void navigate({ search: listingSearch({ ...current, ...changed, page: 1 }) }, { state: IN_PLACE });
  };
  const categoryCount = (id: string) =>
    facets ? (facets.categories.find((category) => category.id === id)?.count ?? 0) : undefined;
  const categoryLabel = (name: string, id: string) => `${name}${countText(intl, categoryCount(id))}`;
  // Relevance is an order only a search has.
  const sorts = GOODS_SORTS.filter((sort) => sort !== 'relevance' || filter.keyword);

  return (
    <div className="listing-controls">
      <div className="listing-tools">
        <button
          ref={toggle}
          type="button"
          className="button filters-toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          <FormattedMessage id="listing.filters" values={{ count: activeFilterCount(filter) }} />
        </button>
        <label className="field inline">
          <span>
            <FormattedMessage id="listing.sort" />
          </span>
          <select value={filter.sort} onChange={(event) => apply({ sort: event.target.value as GoodsSort })}>
            {sorts.map((sort) => (
              <option key={sort} value={sort}>
                {intl.formatMessage({ id: SORT_LABELS[sort] })}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ChosenFilters
        filter={filter}
        categories={categories}
        facets={facets}
        currency={currency}
        apply={apply}
        afterRemove={() => toggle.current?.focus()}
      />
      <div id={panelId} className="filters" hidden={!open}>
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
                  {categoryLabel(
                    intl.formatMessage({ id: 'listing.allIn' }, { category: parent.name }),
                    parent.id,
                  )}
                </option>
                {parent.children.map((child) => (
                  <option key={child.id} value={child.id}>
                    {categoryLabel(child.name, child.id)}
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
        {currency && (
          <PriceRange filter={filter} currency={currency} bands={facets?.priceBands} apply={apply} />
        )}
        <label className="check in-stock">
          <input
            type="checkbox"
            checked={filter.inStock ?? false}
            onChange={(event) => apply({ inStock: event.target.checked ? true : undefined })}
          />
          <span>
            <FormattedMessage id="listing.inStock" />
            {countText(intl, facets?.inStock)}
          </span>
        </label>
        {facets?.options.map((option) => (
          <OptionFacet key={option.key} option={option} filter={filter} apply={apply} />
        ))}
      </div>
    </div>
  );
}
