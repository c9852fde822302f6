import type { ListedGoods } from '@shop/contract';
import { FormattedMessage } from 'react-intl';
import { GoodsCard } from './goods-card.tsx';

export function GoodsGrid({ goods, className = 'goods-grid' }: { goods: ListedGoods[]; className?: string }) {
  return (
    <ul className={className}>
      {goods.map((item) => (
        <li key={item.id}>
          <GoodsCard goods={item} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Grey cards in the shape of the goods cards, shown while a goods list has nothing to show yet: the page keeps
 * its layout when the goods arrive. Screen readers hear "Loading…" once instead of empty cards.
 */
export function GoodsGridSkeleton({
  count,
  className = 'goods-grid',
}: {
  count: number;
  className?: string;
}) {
  return (
    <div role="status">
      <span className="visually-hidden">
        <FormattedMessage id="common.loading" />
      </span>
      <ul className={className} aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index}>
            <div className="goods-card skeleton-card">
              <span className="skeleton skeleton-image" />
              <span className="skeleton skeleton-line" />
              <span className="skeleton skeleton-line skeleton-short" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
