import type { GoodsSummary } from '@shop/contract';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { GOODS_IMAGE_SIZES, GoodsImage } from './goods-image.tsx';
import { Price } from './price.tsx';

export function GoodsCard({ goods }: { goods: GoodsSummary }) {
  return (
    <Link to={`/detail?id=${encodeURIComponent(goods.id)}`} className="goods-card">
      {/* The name follows in the same link, so the picture adds nothing a screen reader should read twice. */}
      <GoodsImage
        src={goods.image}
        sizes={GOODS_IMAGE_SIZES.card}
        width={400}
        height={400}
        loading="lazy"
        decoding="async"
      />
      <span className="goods-name">{goods.name}</span>
      <Price amount={goods.price} original={goods.originalPrice} currency={goods.currency} />
      <span className="goods-meta">
        {goods.stock > 0 ? (
          <FormattedMessage id="goods.sales" values={{ count: goods.sales }} />
        ) : (
          <FormattedMessage id="goods.soldOut" />
        )}
      </span>
    </Link>
  );
}
