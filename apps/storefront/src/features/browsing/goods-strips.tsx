import type { ListedGoods } from '@shop/contract';
import { FormattedMessage } from 'react-intl';
import { GoodsGrid } from '../catalog/goods-grid.tsx';
import type { MessageId } from '../../i18n/message-id.ts';
import { useRecentlyViewed, useRecordView, useRelatedGoods } from './queries.ts';

function GoodsStrip({ id, title, goods }: { id: string; title: MessageId; goods: ListedGoods[] }) {
  if (goods.length === 0) return null;
  return (
    // As home's rows: `lazy-section` also contains the cards' visually hidden texts, which would otherwise reach
    // past a phone's edge from the sideways-scrolling row.
    <section aria-labelledby={id} className="section lazy-section">
      <h2 id={id}>
        <FormattedMessage id={title} />
      </h2>
      <GoodsGrid goods={goods} className="goods-grid goods-row" />
    </section>
  );
}

/**
 * "Recently viewed": nothing until there is something to show (and never a failure of its own: the list is a
 * convenience). On a detail page the goods shown there is left out.
 */
export function RecentlyViewedGoods({ exclude }: { exclude?: string }) {
  const viewed = useRecentlyViewed();
  const goods = (viewed.data ?? []).filter((g) => g.id !== exclude);
  return <GoodsStrip id="recently-viewed" title="browsing.recentlyViewed" goods={goods} />;
}

/** The detail page's own part: related goods and the visitor's recently viewed ones; records this view. */
export function DetailBrowsing({ goodsId }: { goodsId: string }) {
  useRecordView(goodsId);
  const related = useRelatedGoods(goodsId);
  return (
    <>
      <GoodsStrip id="related-goods" title="browsing.related" goods={related.data ?? []} />
      <RecentlyViewedGoods exclude={goodsId} />
    </>
  );
}
