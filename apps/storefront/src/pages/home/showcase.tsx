import type { GoodsSort, Systems } from '@shop/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { LoadFailed } from '../../components/load-failed.tsx';
import { RecentlyViewedGoods } from '../../features/browsing/goods-strips.tsx';
import { categoryTree } from '../../features/catalog/category-tree.ts';
import { GoodsGrid, GoodsGridSkeleton } from '../../features/catalog/goods-grid.tsx';
import { listingPath } from '../../features/catalog/listing-params.ts';
import { useMoney } from '../../features/catalog/price.tsx';
import { goodsRowQuery, ROW_SIZE } from '../../features/catalog/queries.ts';
import { useCategories, useSystems } from '../../features/shop/queries.ts';
import type { MessageId } from '../../i18n/message-id.ts';
import { CouponList } from './coupon-list.tsx';

/** A banner's link: a storefront path stays in the app, a web address opens normally, anything else is dropped. */
function BannerLink({ link, children }: { link: string; children: ReactNode }) {
  if (link.startsWith('/') && !link.startsWith('//')) return <Link to={link}>{children}</Link>;
  if (/^https?:\/\//i.test(link)) return <a href={link}>{children}</a>;
  return <>{children}</>;
}

/**
 * The banners, scrolled sideways. The first is the largest paint of the page, so it is fetched first and the
 * others (out of view until scrolled to) only ask for their pictures once it has arrived.
 */
function Banners({ banners }: { banners: Systems['banners'] }) {
  const [firstShown, setFirstShown] = useState(false);
  if (banners.length === 0) return null;
  return (
    <ul className="banners">
      {banners.map((banner, index) => (
        <li key={`${banner.image}-${index}`}>
          <BannerLink link={banner.link}>
            {index === 0 || firstShown ? (
              <img
                src={banner.image}
                alt=""
                width={1200}
                height={400}
                decoding="async"
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'low'}
                onLoad={index === 0 ? () => setFirstShown(true) : undefined}
                onError={index === 0 ? () => setFirstShown(true) : undefined}
              />
            ) : (
              <span className="banner-pending" />
            )}
            <span className="banner-title">{banner.title}</span>
          </BannerLink>
        </li>
      ))}
    </ul>
  );
}

function Hero() {
  const intl = useIntl();
  const money = useMoney();
  const systems = useSystems();
  const shopName = systems.data?.shopName || intl.formatMessage({ id: 'app.name' });
  return (
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
      {systems.data ? (
        <Banners banners={systems.data.banners} />
      ) : (
        // The banner's place, kept while the settings load so nothing below it moves.
        <div className="banners-placeholder skeleton" aria-hidden="true" />
      )}
    </section>
  );
}

function CategoryGrid() {
  const categories = useCategories();
  if (categories.isError) return null;
  const topLevel = categories.data ? categoryTree(categories.data) : [];
  if (categories.data && topLevel.length === 0) return null;
  return (
    <section aria-labelledby="home-categories" className="section">
      <h2 id="home-categories">
        <FormattedMessage id="home.categories" />
      </h2>
      <ul className="category-grid" aria-busy={categories.isPending}>
        {categories.isPending
          ? Array.from({ length: 8 }, (_, index) => (
              <li key={index} aria-hidden="true">
                <span className="category">
                  <span className="category-icon skeleton" />
                  <span className="skeleton skeleton-line" />
                </span>
              </li>
            ))
          : topLevel.map((category) => (
              <li key={category.id}>
                <Link to={listingPath({ categoryId: category.id })} className="category">
                  {category.icon ? (
                    <img src={category.icon} alt="" width={48} height={48} loading="lazy" decoding="async" />
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

function GoodsRow({ sort, title, id }: { sort: GoodsSort; title: MessageId; id: string }) {
  const goods = useQuery(goodsRowQuery(sort));
  if (goods.data && goods.data.data.length === 0) return null;
  return (
    <section aria-labelledby={id} className="section lazy-section">
      <div className="section-head">
        <h2 id={id}>
          <FormattedMessage id={title} />
        </h2>
        <Link to={listingPath({ sort })} className="see-all">
          <FormattedMessage id="home.seeAll" />
          <span className="visually-hidden">
            {' '}
            <FormattedMessage id={title} />
          </span>
        </Link>
      </div>
      {goods.isPending ? (
        <GoodsGridSkeleton count={ROW_SIZE} className="goods-grid goods-row" />
      ) : goods.isError ? (
        <LoadFailed onRetry={() => void goods.refetch()} />
      ) : (
        <GoodsGrid goods={goods.data.data} className="goods-grid goods-row" />
      )}
    </section>
  );
}

/** The home page without a search: banners, categories, coupons on offer, new and best-selling goods. */
export function Showcase() {
  return (
    <>
      <Hero />
      <CategoryGrid />
      <CouponList />
      <RecentlyViewedGoods />
      <GoodsRow sort="newest" title="home.newest" id="home-newest" />
      <GoodsRow sort="sales" title="home.bestSelling" id="home-best" />
    </>
  );
}
