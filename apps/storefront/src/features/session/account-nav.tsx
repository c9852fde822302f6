import { FormattedMessage } from 'react-intl';
import { NavLink } from 'react-router';
import { useFinishLogout, useLogout } from './use-logout.ts';
import { useShopper } from './use-shopper.ts';

/**
 * The header's account entries: "My account" and "Log out" for a shopper, "Log in" for a guest. Being on every
 * page, it also finishes each logout.
 */
export function AccountNav() {
  const shopper = useShopper().data;
  const { logout, leaving } = useLogout();
  useFinishLogout();
  if (!shopper) {
    return (
      <li>
        <NavLink to="/login">
          <FormattedMessage id="nav.login" />
        </NavLink>
      </li>
    );
  }
  return (
    <>
      <li>
        <NavLink to="/user">
          <FormattedMessage id="nav.account" />
        </NavLink>
      </li>
      <li>
        <button type="button" className="nav-button" onClick={logout} disabled={leaving}>
          <FormattedMessage id="user.logout" />
        </button>
      </li>
    </>
  );
}
