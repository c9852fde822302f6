import type { Category } from '@shop/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { LoadFailed } from '../../components/load-failed.tsx';
import { categoryPath } from '../../features/catalog/category-tree.ts';
import { GoodsGrid, GoodsGridSkeleton } from '../../features/catalog/goods-grid.tsx';
import { activeFilterCount, listingPath, listingSearch } from '../../features/catalog/listing-params.ts';
import type { ListingFilter } from '../../features/catalog/listing-params.ts';
import { goodsListingQuery, LISTING_PAGE_SIZE } from '../../features/catalog/queries.ts';
import { useBusy } from '../../features/loading/loading-store.ts';
import { usePageTitle } from '../../features/navigation/page-title.ts';
import { useCategories } from '../../features/shop/queries.ts';
import { ListingFilters } from './listing-filters.tsx';

function ListingTitle({ filter, category }: { filter: ListingFilter; category: Category | undefined }) {
  if (filter.keyword) {
    return <FormattedMessage id="listing.resultsFor" values={{ keyword: filter.keyword }} />;
  }
  if (category) return <>{category.name}</>;
  return <FormattedMessage id="listing.all" />;
}

/** Previous and next page as links, so every page of a listing has its own address. */
function Pager({ filter, pages }: { filter: ListingFilter; pages: number }) {
  const intl = useIntl();
  if (pages <= 1) return null;
  const page = Math.min(filter.page, pages);
  return (
    <nav className="pager" aria-label={intl.formatMessage({ id: 'listing.pages' })}>
      {page > 1 ? (
        <Link className="button" to={listingSearch({ ...filter, page: page - 1 })} rel="prev">
          <FormattedMessage id="listing.previous" />
        </Link>
      ) : (
        <span className="button" aria-disabled="true">
          <FormattedMessage id="listing.previous" />
        </span>
      )}
      <span aria-current="page">
        <FormattedMessage id="listing.pageOf" values={{ page, total: pages }} />
      </span>
      {page < pages ? (
        <Link className="button" to={listingSearch({ ...filter, page: page + 1 })} rel="next">
          <FormattedMessage id="listing.next" />
        </Link>
      ) : (
        <span className="button" aria-disabled="true">
          <FormattedMessage id="listing.next" />
        </span>
      )}
    </nav>
  );
}

function Empty({ filter, total }: { filter: ListingFilter; total: number }) {
  // A page past the end of a list that has goods (a shared link to page 9 of what is now 3 pages).
  if (total > 0) {
    return (
      <div className="empty">
        <p>
          <FormattedMessage id="listing.pastEnd" />
        </p>
        <Link to={listingSearch({ ...filter, page: 1 })} className="button">
          <FormattedMessage id="listing.firstPage" />
        </Link>
      </div>
    );
  }
  const narrowed = activeFilterCount(filter) > 0;
  return (
    <div className="empty">
      <p>
        {filter.keyword ? (
          <FormattedMessage id="listing.noMatch" values={{ keyword: filter.keyword }} />
        ) : (
          <FormattedMessage id="listing.none" />
        )}
      </p>
      <p className="actions center">
        {narrowed && (
          <Link to={listingPath({ keyword: filter.keyword, sort: filter.sort })} className="button">
            <FormattedMessage id="listing.clearFilters" />
          </Link>
        )}
        {filter.keyword && !narrowed && (
          <Link to={listingPath({ sort: filter.sort })} className="button">
            <FormattedMessage id="detail.browse" />
          </Link>
        )}
        <Link to="/" className="button button-link">
          <FormattedMessage id="common.backHome" />
        </Link>
      </p>
    </div>
  );
}

/**
 * "Did you mean …?": the API's keyword spelt like the shopper's that finds more. Following it lists that keyword
 * with the same filters; the header's box then shows it.
 */
function DidYouMean({ filter, suggestion }: { filter: ListingFilter; suggestion: string | undefined }) {
  if (!suggestion || suggestion === filter.keyword) return null;
  return (
    <p className="did-you-mean">
      <FormattedMessage
        id="listing.didYouMean"
        values={{
          suggestion: (
            <Link to={listingPath({ ...filter, keyword: suggestion, page: 1 })}>
              <b>{suggestion}</b>
            </Link>
          ),
        }}
      />
    </p>
  );
}

/** The goods matching the URL's search and filters, a page at a time, with the filters to change them. */
export function Listing({ filter }: { filter: ListingFilter }) {
  const categories = useCategories();
  const goods = useQuery({ ...goodsListingQuery(filter), placeholderData: keepPreviousData });
  // The spec's loading flag: while goods are being fetched, the list on show is the previous one.
  const fetching = useBusy('common/fetchGoods');
  const path = categoryPath(categories.data ?? [], filter.categoryId);
  const category = path.at(-1);
  const total = goods.data?.meta.total ?? 0;
  const pages = Math.ceil(total / LISTING_PAGE_SIZE);
  const subcategories = category ? (categories.data ?? []).filter((c) => c.parentId === category.id) : [];
  const intl = useIntl();
  usePageTitle(
    filter.keyword
      ? intl.formatMessage({ id: 'listing.resultsFor' }, { keyword: filter.keyword })
      : category?.name,
  );

  return (
    <div className="listing">
      <div className="listing-head">
        <h1>
          <ListingTitle filter={filter} category={category} />
        </h1>
        <p className="listing-count" role="status">
          {goods.data && !goods.isPlaceholderData && (
            <FormattedMessage id="listing.count" values={{ count: total }} />
          )}
        </p>
      </div>
      {subcategories.length > 0 && (
        <ul className="chips subcategories">
          {subcategories.map((child) => (
            <li key={child.id}>
              <Link className="chip-link" to={listingPath({ ...filter, categoryId: child.id, page: 1 })}>
                {child.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <ListingFilters
        filter={filter}
        categories={categories.data ?? []}
        // An older API (or a reply still in a cache) may send no facets: the filters then show no counts.
        facets={goods.data?.meta.facets}
      />
      <DidYouMean
        filter={filter}
        suggestion={goods.isPlaceholderData ? undefined : goods.data?.meta.suggestion}
      />
      <section
        className="listing-results"
        aria-labelledby="listing-results-title"
        aria-busy={goods.isPlaceholderData && fetching}
      >
        <h2 id="listing-results-title" className="visually-hidden">
          <FormattedMessage id="listing.results" />
        </h2>
        {goods.isPending ? (
          <GoodsGridSkeleton count={LISTING_PAGE_SIZE} />
        ) : goods.isError ? (
          <LoadFailed onRetry={() => void goods.refetch()} />
        ) : goods.data.data.length === 0 ? (
          <Empty filter={filter} total={total} />
        ) : (
          <div className={goods.isPlaceholderData ? 'stale' : undefined}>
            <GoodsGrid goods={goods.data.data} />
            <Pager filter={filter} pages={pages} />
          </div>
        )}
      </section>
    </div>
  );
}
