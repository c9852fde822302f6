import { useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import { useCart } from '../orders/queries.ts';

/**
 * The header's cart link with the number of units in the cart beside it ("Cart 3"), named "Cart, 3 items" for
 * screen readers (just "Cart" while it is empty). The count follows the cart query, which adding, changing and removing lines refresh.
 */
export function CartNavLink() {
  const intl = useIntl();
  const cart = useCart();
  const count = cart.data?.items.reduce((sum, item) => sum + item.quantity, 0) ?? 0;
  return (
    // Empty, the link is simply "Cart".
    <NavLink
      to="/cart"
      aria-label={count > 0 ? intl.formatMessage({ id: 'nav.cartCount' }, { count }) : undefined}
    >
      {intl.formatMessage({ id: 'nav.cart' })}
      {count > 0 && (
        <span className="cart-badge" aria-hidden="true" data-testid="cart-badge">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </NavLink>
  );
}
