import type { ListedGoods } from '@shop/contract';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { GOODS_IMAGE_SIZES, GoodsImage } from './goods-image.tsx';
import { HighlightedName } from './highlighted-name.tsx';
import { WishlistHeart } from '../wishlist/wishlist-heart.tsx';
import { Price } from './price.tsx';
import { Stars } from '../reviews/stars.tsx';

/** A goods in a grid, its name with the words a search matched marked. */
export function GoodsCard({ goods }: { goods: ListedGoods }) {
  return (
    <div className="goods-card-frame">
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
        <span className="goods-name">
          <HighlightedName name={goods.name} highlights={goods.highlights} />
        </span>
        <Price amount={goods.price} original={goods.originalPrice} currency={goods.currency} />
        {goods.rating && <Stars value={goods.rating.average} count={goods.rating.count} />}
        <span className="goods-meta">
          {goods.stock > 0 ? (
            <FormattedMessage id="goods.sales" values={{ count: goods.sales }} />
          ) : (
            <FormattedMessage id="goods.soldOut" />
          )}
        </span>
      </Link>
      <WishlistHeart goodsId={goods.id} name={goods.name} className="goods-card-heart" />
    </div>
  );
}
