import type { GoodsDetail } from '@shop/contract';
import { FormattedMessage } from 'react-intl';
import { StockAlertForm } from '../stock-alerts/stock-alert-form.tsx';
import { WishlistHeart } from './wishlist-heart.tsx';

/** On the detail page: the wishlist heart, and "tell me when it is back" while a SKU is sold out. */
export function DetailKeep({ goods }: { goods: GoodsDetail }) {
  return (
    <div className="detail-keep">
      <p className="actions">
        <WishlistHeart goodsId={goods.id} name={goods.name} />
        <span aria-hidden="true" className="goods-meta">
          <FormattedMessage id="wishlist.save" />
        </span>
      </p>
      <StockAlertForm goods={goods} />
    </div>
  );
}
