import { AppError, Code } from '@shop/contract';
import type { GoodsDetail } from '@shop/contract';
import { lazy, Suspense } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '../../components/load-failed.tsx';
import { Result } from '../../components/result.tsx';
import { DetailBrowsing } from '../../features/browsing/goods-strips.tsx';
import { categoryPath } from '../../features/catalog/category-tree.ts';
import { listingPath } from '../../features/catalog/listing-params.ts';
import { useGoods } from '../../features/catalog/queries.ts';
import { usePageTitle } from '../../features/navigation/page-title.ts';
import { useCategories } from '../../features/shop/queries.ts';
import { ProductJsonLd } from '../../features/reviews/product-json-ld.tsx';
import { Stars } from '../../features/reviews/stars.tsx';
import { Gallery } from './gallery.tsx';
import { DetailKeep } from '../../features/wishlist/detail-keep.tsx';
import { Purchase } from './purchase.tsx';

/** Reviews come in their own chunk, after the goods is shown. */
const ReviewsSection = lazy(() => import('../../features/reviews/reviews-section.tsx'));

function GoodsNotFound() {
  return (
    <Result
      tone="warning"
      title={<FormattedMessage id="detail.notFound" />}
      actions={
        <>
          <Link to={listingPath({})} className="button button-primary">
            <FormattedMessage id="detail.browse" />
          </Link>
          <Link to="/" className="button">
            <FormattedMessage id="common.backHome" />
          </Link>
        </>
      }
    >
      <p>
        <FormattedMessage id="detail.notFoundHint" />
      </p>
    </Result>
  );
}

/** Plain text, paragraphs separated by blank lines; rendered as text, never as HTML. */
function Description({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return null;
  return (
    <section aria-labelledby="detail-description" className="section description">
      <h2 id="detail-description">
        <FormattedMessage id="detail.description" />
      </h2>
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </section>
  );
}

function Breadcrumb({ goods }: { goods: GoodsDetail }) {
  const intl = useIntl();
  const path = categoryPath(useCategories().data ?? [], goods.categoryId);
  return (
    <nav aria-label={intl.formatMessage({ id: 'detail.breadcrumb' })} className="breadcrumb">
      <ol>
        <li>
          <Link to="/">
            <FormattedMessage id="nav.home" />
          </Link>
        </li>
        {path.map((category) => (
          <li key={category.id}>
            <Link to={listingPath({ categoryId: category.id })}>{category.name}</Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The page's shape while the goods load: picture, name, price and buttons keep their places. */
function DetailSkeleton() {
  return (
    <div className="detail" role="status">
      <span className="visually-hidden">
        <FormattedMessage id="common.loading" />
      </span>
      <div className="gallery" aria-hidden="true">
        <div className="gallery-main skeleton" />
      </div>
      <div className="detail-info" aria-hidden="true">
        <span className="skeleton skeleton-title" />
        <span className="skeleton skeleton-line skeleton-short" />
        <span className="skeleton skeleton-price" />
        <span className="skeleton skeleton-block" />
      </div>
    </div>
  );
}

function GoodsView({ id }: { id: string }) {
  const goods = useGoods(id);
  // The picture of the option value chosen last that has one (colour "Red"): the gallery shows it.
  const [optionImage, setOptionImage] = useState<string>();
  usePageTitle(goods.data?.name);
  if (goods.isPending) return <DetailSkeleton />;
  if (goods.isError) {
    const { error } = goods;
    // 404: no such goods (or no longer on sale); 1: the id is malformed. Both mean nothing to show.
    if (error instanceof AppError && (error.code === Code.notFound || error.code === Code.validation)) {
      return <GoodsNotFound />;
    }
    return (
      <>
        <h1 className="visually-hidden">
          <FormattedMessage id="page.detail" />
        </h1>
        <LoadFailed onRetry={() => void goods.refetch()} />
      </>
    );
  }
  const detail = goods.data;
  return (
    <>
      <Breadcrumb goods={detail} />
      <article className="detail">
        <Gallery goods={detail} chosenImage={optionImage} />
        <div className="detail-info">
          <h1>{detail.name}</h1>
          <p className="goods-meta">
            <FormattedMessage id="goods.sales" values={{ count: detail.sales }} />
          </p>
          {detail.rating && (
            <p>
              <a href="#detail-reviews">
                <Stars value={detail.rating.average} count={detail.rating.count} />
              </a>
            </p>
          )}
          <Purchase goods={detail} onOptionImage={setOptionImage} />
          <DetailKeep goods={detail} />
        </div>
        <Description text={detail.description} />
      </article>
      <ProductJsonLd goods={detail} />
      <Suspense fallback={null}>
        <ReviewsSection goodsId={detail.id} />
      </Suspense>
      <DetailBrowsing goodsId={detail.id} />
    </>
  );
}

export default function DetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim();
  if (!id) return <GoodsNotFound />;
  return <GoodsView key={id} id={id} />;
}
