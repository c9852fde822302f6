import type { Category, GoodsSort, Systems } from '@shop/contract';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '../../components/load-failed.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { GoodsCard } from '../../features/catalog/goods-card.tsx';
import { useMoney } from '../../features/catalog/price.tsx';
import { useGoodsList } from '../../features/catalog/queries.ts';
import { useShopper } from '../../features/session/use-shopper.ts';
import { useCategories, useSystems } from '../../features/shop/queries.ts';
import type { MessageId } from '../../i18n/message-id.ts';
import { CouponList } from './coupon-list.tsx';

const SORT_LABELS: Record<GoodsSort, MessageId> = {
  newest: 'home.sort.newest',
  sales: 'home.sort.sales',
  price_asc: 'home.sort.priceAsc',
  price_desc: 'home.sort.priceDesc',
};

// The contract's sort values, from its type: importing its value list would bring the contract's schemas along.
const SORTS = Object.keys(SORT_LABELS) as GoodsSort[];
const isSort = (value: string | null): value is GoodsSort => SORTS.some((sort) => sort === value);

/** A banner's link: a storefront path stays in the app, a web address opens normally, anything else is dropped. */
function BannerLink({ link, children }: { link: string; children: ReactNode }) {
  if (link.startsWith('/') && !link.startsWith('//')) return <Link to={link}>{children}</Link>;
  if (/^https?:\/\//i.test(link)) return <a href={link}>{children}</a>;
  return <>{children}</>;
}

function Banners({ banners }: { banners: Systems['banners'] }) {
  if (banners.length === 0) return null;
  return (
    <ul className="banners">
      {banners.map((banner, index) => (
        <li key={`${banner.image}-${index}`}>
          <BannerLink link={banner.link}>
            <img
              src={banner.image}
              alt={banner.title}
              width={1200}
              height={400}
              // The first banner is the largest thing above the fold; the rest wait until scrolled to.
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'auto'}
            />
            <span className="banner-title">{banner.title}</span>
          </BannerLink>
        </li>
      ))}
    </ul>
  );
}

function CategoryGrid({ categories, activeId }: { categories: Category[]; activeId: string | undefined }) {
  const topLevel = categories
    .filter((category) => category.parentId === null)
    .sort((a, b) => a.sort - b.sort);
  if (topLevel.length === 0) return null;
  return (
    <section aria-labelledby="home-categories" className="section">
      <h2 id="home-categories">
        <FormattedMessage id="home.categories" />
      </h2>
      <ul className="category-grid">
        <li>
          <Link to="/" className="category" aria-current={activeId === undefined ? 'page' : undefined}>
            <span className="category-icon category-icon-all" aria-hidden="true" />
            <FormattedMessage id="home.allCategories" />
          </Link>
        </li>
        {topLevel.map((category) => (
          <li key={category.id}>
            <Link
              to={`/?categoryId=${encodeURIComponent(category.id)}`}
              className="category"
              aria-current={activeId === category.id ? 'page' : undefined}
            >
              {category.icon ? (
                <img src={category.icon} alt="" width={48} height={48} loading="lazy" />
              ) : (
                <span className="category-icon" aria-hidden="true" />
              )}
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function GoodsSection({ categoryName }: { categoryName: string | undefined }) {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const categoryId = params.get('categoryId') ?? undefined;
  const keyword = params.get('keyword') ?? undefined;
  const sortParam = params.get('sort');
  const sort: GoodsSort = isSort(sortParam) ? sortParam : 'newest';
  const [search, setSearch] = useState(keyword ?? '');
  const goods = useGoodsList({ categoryId, keyword, sort: sort === 'newest' ? undefined : sort });

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };

  const items = goods.data?.pages.flatMap((page) => page.data) ?? [];
  const total = goods.data?.pages[0]?.meta.total ?? 0;

  return (
    <section aria-labelledby="home-goods" className="section">
      <div className="section-head">
        <h2 id="home-goods">{categoryName ?? <FormattedMessage id="home.goods" />}</h2>
        <form
          role="search"
          className="goods-tools"
          onSubmit={(event) => {
            event.preventDefault();
            update({ keyword: search.trim() || undefined });
          }}
        >
          <label htmlFor="home-search" className="visually-hidden">
            <FormattedMessage id="home.search" />
          </label>
          <input
            id="home-search"
            type="search"
            value={search}
            placeholder={intl.formatMessage({ id: 'home.searchPlaceholder' })}
            onChange={(event) => setSearch(event.target.value)}
          />
          <button type="submit" className="button">
            <FormattedMessage id="home.search" />
          </button>
          <label htmlFor="home-sort" className="visually-hidden">
            <FormattedMessage id="home.sort" />
          </label>
          <select
            id="home-sort"
            value={sort}
            onChange={(event) =>
              update({ sort: event.target.value === 'newest' ? undefined : event.target.value })
            }
          >
            {SORTS.map((value) => (
              <option key={value} value={value}>
                {intl.formatMessage({ id: SORT_LABELS[value] })}
              </option>
            ))}
          </select>
        </form>
      </div>
      {goods.isPending ? (
        <PageLoading />
      ) : goods.isError ? (
        <LoadFailed onRetry={() => void goods.refetch()} />
      ) : items.length === 0 ? (
        <p className="empty">
          <FormattedMessage id={keyword ? 'home.noResults' : 'home.empty'} values={{ keyword }} />
        </p>
      ) : (
        <>
          <p className="visually-hidden" aria-live="polite">
            <FormattedMessage id="home.count" values={{ shown: items.length, total }} />
          </p>
          <ul className="goods-grid">
            {items.map((item) => (
              <li key={item.id}>
                <GoodsCard goods={item} />
              </li>
            ))}
          </ul>
          {goods.hasNextPage && (
            <p className="actions center">
              <button
                type="button"
                className="button"
                disabled={goods.isFetchingNextPage}
                onClick={() => void goods.fetchNextPage()}
              >
                <FormattedMessage id="home.more" />
              </button>
            </p>
          )}
        </>
      )}
    </section>
  );
}

export default function HomePage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const systems = useSystems();
  const categories = useCategories();
  const shopper = useShopper();
  const categoryId = params.get('categoryId') ?? undefined;
  const categoryName = categories.data?.find((category) => category.id === categoryId)?.name;
  const shopName = systems.data?.shopName || intl.formatMessage({ id: 'app.name' });
  const money = useMoney();

  return (
    <>
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title">{shopName}</h1>
        {systems.data && systems.data.freeShippingOver > 0 && (
          <p className="hero-note">
            <FormattedMessage
              id="home.freeShipping"
              values={{ amount: money(systems.data.freeShippingOver, systems.data.currency) }}
            />
          </p>
        )}
        {systems.data && <Banners banners={systems.data.banners} />}
      </section>
      {categories.data && <CategoryGrid categories={categories.data} activeId={categoryId} />}
      {systems.data && !shopper.isPending && (
        <CouponList
          currency={systems.data.currency}
          signedIn={Boolean(shopper.data)}
          shopperId={shopper.data?.id ?? null}
        />
      )}
      <GoodsSection key={categoryId ?? ''} categoryName={categoryName} />
    </>
  );
}
