import { useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink, useLocation } from 'react-router';
import { CartNavLink } from '../features/browsing/cart-nav-link.tsx';
import { useLoading } from '../features/loading/loading-store.ts';
import { useStickyHeaderHeight } from '../features/navigation/sticky-header.ts';
import { useNavigationEffects } from '../features/navigation/use-navigation-effects.ts';
import { SearchBox } from '../features/search/search-box.tsx';
import { AccountNav } from '../features/session/account-nav.tsx';
import { useSystems } from '../features/shop/queries.ts';
import { ToastRegion } from '../features/toast/toast-region.tsx';
import type { MessageId } from '../i18n/message-id.ts';
import { LocaleSwitcher, returnsToLanguageMenu } from './locale-switcher.tsx';
import { MarketSwitcher, returnsToMarketMenu } from './market-switcher.tsx';

function ProgressBar() {
  const { global } = useLoading();
  return <div className={global ? 'progress progress-active' : 'progress'} aria-hidden="true" />;
}

/**
 * On a phone, the header's links and language box fold into a menu behind a disclosure button (from 640 px they
 * sit in the header and the button is hidden). The menu belongs to the page it was opened on, so following one
 * of its links folds it away; Escape folds it too and gives focus back to the button.
 */
function useHeaderMenu(button: RefObject<HTMLButtonElement | null>) {
  const { key } = useLocation();
  // After a language or market choice the page reloads with the menu open, so focus can go back to the language box.
  const [openOn, setOpenOn] = useState<string | null>(
    returnsToLanguageMenu || returnsToMarketMenu ? key : null,
  );
  const open = openOn === key;
  const toggle = () => setOpenOn(open ? null : key);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open || event.defaultPrevented) return;
    event.preventDefault();
    setOpenOn(null);
    button.current?.focus();
  };
  return { open, toggle, onKeyDown };
}

/**
 * The frame of every page: skip link, header with search, navigation and language, main region, footer,
 * toasts.
 */
export function Layout({ pageTitle, children }: { pageTitle: MessageId; children: ReactNode }) {
  useNavigationEffects(pageTitle);
  const intl = useIntl();
  const systems = useSystems().data;
  const shopName = systems?.shopName || intl.formatMessage({ id: 'app.name' });
  const menuButton = useRef<HTMLButtonElement>(null);
  const menu = useHeaderMenu(menuButton);
  const menuId = useId();
  const header = useRef<HTMLElement>(null);
  useStickyHeaderHeight(header);

  return (
    <>
      <a className="skip-link" href="#main">
        <FormattedMessage id="layout.skip" />
      </a>
      <ProgressBar />
      <header ref={header} className="site-header">
        <div className="container header-inner" onKeyDown={menu.onKeyDown}>
          <Link to="/" className="brand">
            {/* The logo's place is kept while the settings load, so the name beside it does not move. */}
            {systems?.logo ? (
              <img src={systems.logo} alt="" width={32} height={32} decoding="async" />
            ) : (
              !systems && <span className="brand-logo" aria-hidden="true" />
            )}
            <span>{shopName}</span>
          </Link>
          <SearchBox />
          <button
            ref={menuButton}
            type="button"
            className="menu-toggle"
            aria-expanded={menu.open}
            aria-controls={menuId}
            onClick={menu.toggle}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path
                d={menu.open ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'}
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
            <FormattedMessage id="layout.menu" />
          </button>
          <div id={menuId} className={menu.open ? 'site-menu site-menu-open' : 'site-menu'}>
            <nav aria-label={intl.formatMessage({ id: 'layout.nav' })} className="site-nav">
              <ul>
                <li>
                  <NavLink to="/" end>
                    <FormattedMessage id="nav.home" />
                  </NavLink>
                </li>
                <li>
                  <CartNavLink />
                </li>
                <li>
                  <NavLink to="/my/order">
                    <FormattedMessage id="nav.orders" />
                  </NavLink>
                </li>
                <AccountNav />
              </ul>
            </nav>
            <MarketSwitcher />
            <LocaleSwitcher />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="container site-main">
        {children}
      </main>
      <footer className="site-footer">
        <div className="container">
          {systems && (
            <address>
              {systems.contact.email && (
                <span>
                  <FormattedMessage id="footer.email" />{' '}
                  <a href={`mailto:${systems.contact.email}`}>{systems.contact.email}</a>
                </span>
              )}
              {systems.contact.phone && (
                <span>
                  <FormattedMessage id="footer.phone" /> {systems.contact.phone}
                </span>
              )}
              {systems.contact.address && <span>{systems.contact.address}</span>}
            </address>
          )}
          <p>
            <FormattedMessage
              id="footer.copyright"
              values={{ year: new Date().getFullYear(), shop: shopName }}
            />
          </p>
        </div>
      </footer>
      <ToastRegion />
    </>
  );
}
