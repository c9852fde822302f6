import type { WishlistItem } from '@shop/contract';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { GOODS_IMAGE_SIZES, GoodsImage } from '../catalog/goods-image.tsx';
import { Price } from '../catalog/price.tsx';
import './wishlist.css';

const goodsPath = (goodsId: string) => `/detail?id=${encodeURIComponent(goodsId)}`;

/** The goods of a list with price and stock; `actions` adds the owner's buttons to each line. */
export function WishlistLines({
  items,
  actions,
}: {
  items: WishlistItem[];
  actions?: (item: WishlistItem) => ReactNode;
}) {
  return (
    <ul className="wishlist-lines">
      {items.map((item) => (
        <li key={item.goodsId} className="wishlist-line">
          <GoodsImage
            src={item.image}
            sizes={GOODS_IMAGE_SIZES.cartLine}
            width={64}
            height={64}
            loading="lazy"
          />
          <div className="wishlist-line-info">
            <Link id={`wishlist-item-${item.goodsId}`} to={goodsPath(item.goodsId)}>
              {item.name}
            </Link>
            <p>
              <Price amount={item.price} original={item.originalPrice} currency={item.currency} />
            </p>
            <p className={item.stock > 0 ? 'stock' : 'stock stock-out'}>
              {item.stock > 0 ? (
                <FormattedMessage id="detail.stock" values={{ count: item.stock }} />
              ) : (
                <FormattedMessage id="goods.soldOut" />
              )}
            </p>
          </div>
          {actions && <div className="wishlist-line-actions">{actions(item)}</div>}
        </li>
      ))}
    </ul>
  );
}
