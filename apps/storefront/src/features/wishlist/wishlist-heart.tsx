import { useIntl } from 'react-intl';
import './wishlist.css';
import { useWishlist, useWishlistToggle } from './queries.ts';

/**
 * The heart toggle: saves the goods to the wishlist (guests too) or takes it off. A real button with
 * `aria-pressed`, named after the goods, so a list of cards does not read as a row of identical hearts.
 */
export function WishlistHeart({
  goodsId,
  name,
  className,
}: {
  goodsId: string;
  name: string;
  className?: string;
}) {
  const intl = useIntl();
  const list = useWishlist();
  const toggle = useWishlistToggle();
  const pending = toggle.isPending ? toggle.variables : undefined;
  const saved =
    pending?.goodsId === goodsId
      ? pending.saved
      : (list.data?.items.some((i) => i.goodsId === goodsId) ?? false);
  return (
    <button
      type="button"
      className={['wishlist-heart', saved ? 'wishlist-heart-on' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
      aria-pressed={saved}
      aria-label={intl.formatMessage({ id: 'wishlist.heart' }, { name })}
      // Not disabled while busy: a disabled button would drop the keyboard's focus.
      onClick={() => {
        if (!toggle.isPending) toggle.mutate({ goodsId, saved: !saved });
      }}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M12 21s-7.5-4.6-9.6-9.1C.9 8.6 2.9 4.5 6.7 4.5c2.2 0 3.6 1.2 4.3 2.4h2c.7-1.2 2.1-2.4 4.3-2.4 3.8 0 5.8 4.1 4.3 7.4C19.5 16.4 12 21 12 21z"
          fill={saved ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
