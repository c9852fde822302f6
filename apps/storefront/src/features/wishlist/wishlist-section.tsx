import type { WishlistItem } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { effects } from '../../api.ts';
import { LoadFailed } from '../../components/load-failed.tsx';
import { CART_KEY } from '../orders/queries.ts';
import { reportFailure } from '../toast/report.ts';
import { showToast } from '../toast/toast-store.ts';
import { useWishlist, WISHLIST_KEY } from './queries.ts';
import { WishlistLines } from './wishlist-lines.tsx';

/** Share link: made on request (its token is shown once), copied, or stopped. */
function ShareWishlist({ shared }: { shared: boolean }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [link, setLink] = useState<string | null>(null);
  const share = useMutation({
    mutationFn: () => effects.shareWishlist(),
    onSuccess: ({ token }) => {
      setLink(`${window.location.origin}/wishlist/shared?token=${encodeURIComponent(token)}`);
      void queryClient.invalidateQueries({ queryKey: WISHLIST_KEY });
    },
    onError: reportFailure,
  });
  const stop = useMutation({
    mutationFn: () => effects.unshareWishlist(),
    onSuccess: () => {
      setLink(null);
      showToast(intl.formatMessage({ id: 'wishlist.shareStopped' }), { tone: 'success' });
      void queryClient.invalidateQueries({ queryKey: WISHLIST_KEY });
    },
    onError: reportFailure,
  });
  return (
    <div className="wishlist-share">
      <p className="field-hint">
        <FormattedMessage id={shared ? 'wishlist.sharedHint' : 'wishlist.shareHint'} />
      </p>
      {link && (
        <div className="field">
          <label htmlFor="wishlist-share-link">
            <FormattedMessage id="wishlist.shareLink" />
          </label>
          <input
            id="wishlist-share-link"
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
      )}
      <div className="actions">
        {link && (
          <button
            type="button"
            className="button"
            onClick={() =>
              void navigator.clipboard
                ?.writeText(link)
                .then(() => showToast(intl.formatMessage({ id: 'wishlist.copied' }), { tone: 'success' }))
                .catch(() => undefined)
            }
          >
            <FormattedMessage id="wishlist.copy" />
          </button>
        )}
        <button type="button" className="button" disabled={share.isPending} onClick={() => share.mutate()}>
          <FormattedMessage id={shared ? 'wishlist.shareAgain' : 'wishlist.share'} />
        </button>
        {shared && (
          <button
            type="button"
            className="button button-link"
            disabled={stop.isPending}
            onClick={() => stop.mutate()}
          >
            <FormattedMessage id="wishlist.stopSharing" />
          </button>
        )}
      </div>
    </div>
  );
}

/**
 * The shopper's wishlist in the account area: each goods with price and stock, "move to cart" (straight in when
 * there is nothing to choose, else to the detail page to choose options) and "remove".
 */
export function WishlistSection() {
  const intl = useIntl();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useWishlist();
  const remove = useMutation({
    mutationFn: (goodsId: string) => effects.removeFromWishlist(goodsId),
    onSuccess: (updated) => queryClient.setQueryData(WISHLIST_KEY, updated),
    onError: reportFailure,
  });
  const move = useMutation({
    mutationFn: async (item: WishlistItem) => {
      await effects.addCartItem({ skuId: item.skuId!, quantity: 1 });
      return effects.removeFromWishlist(item.goodsId);
    },
    onSuccess: (updated) => {
      queryClient.setQueryData(WISHLIST_KEY, updated);
      void queryClient.invalidateQueries({ queryKey: CART_KEY });
      showToast(intl.formatMessage({ id: 'wishlist.moved' }), { tone: 'success' });
    },
    onError: reportFailure,
  });
  const busy = remove.isPending || move.isPending;

  return (
    <section aria-labelledby="wishlist-title" className="card">
      <h2 id="wishlist-title">
        <FormattedMessage id="wishlist.title" />
      </h2>
      {list.isPending ? (
        <p role="status">
          <FormattedMessage id="common.loading" />
        </p>
      ) : list.isError ? (
        <LoadFailed onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <p className="empty">
          <FormattedMessage id="wishlist.empty" />
        </p>
      ) : (
        <>
          <WishlistLines
            items={list.data.items}
            actions={(item) => (
              <>
                <button
                  type="button"
                  className="button button-primary"
                  disabled={busy || (item.skuId !== null && item.stock <= 0)}
                  aria-describedby={`wishlist-item-${item.goodsId}`}
                  onClick={() => {
                    if (item.skuId) move.mutate(item);
                    else void navigate(`/detail?id=${encodeURIComponent(item.goodsId)}`);
                  }}
                >
                  <FormattedMessage id={item.skuId ? 'wishlist.moveToCart' : 'wishlist.chooseOptions'} />
                </button>
                <button
                  type="button"
                  className="button button-link"
                  disabled={busy}
                  aria-describedby={`wishlist-item-${item.goodsId}`}
                  onClick={() => remove.mutate(item.goodsId)}
                >
                  <FormattedMessage id="wishlist.remove" />
                </button>
              </>
            )}
          />
          <ShareWishlist shared={list.data.shared} />
        </>
      )}
    </section>
  );
}
