import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink } from 'react-router';
import { useLoading } from '../features/loading/loading-store.ts';
import { useNavigationEffects } from '../features/navigation/use-navigation-effects.ts';
import { SearchBox } from '../features/search/search-box.tsx';
import { AccountNav } from '../features/session/account-nav.tsx';
import { useSystems } from '../features/shop/queries.ts';
import { ToastRegion } from '../features/toast/toast-region.tsx';
import type { MessageId } from '../i18n/message-id.ts';
import { LocaleSwitcher } from './locale-switcher.tsx';

function ProgressBar() {
  const { global } = useLoading();
  return <div className={global ? 'progress progress-active' : 'progress'} aria-hidden="true" />;
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

  return (
    <>
      <a className="skip-link" href="#main">
        <FormattedMessage id="layout.skip" />
      </a>
      <ProgressBar />
      <header className="site-header">
        <div className="container header-inner">
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
          <nav aria-label={intl.formatMessage({ id: 'layout.nav' })} className="site-nav">
            <ul>
              <li>
                <NavLink to="/" end>
                  <FormattedMessage id="nav.home" />
                </NavLink>
              </li>
              <li>
                <NavLink to="/cart">
                  <FormattedMessage id="nav.cart" />
                </NavLink>
              </li>
              <li>
                <NavLink to="/my/order">
                  <FormattedMessage id="nav.orders" />
                </NavLink>
              </li>
              <AccountNav />
            </ul>
          </nav>
          <LocaleSwitcher />
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
