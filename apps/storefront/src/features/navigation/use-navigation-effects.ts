import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import type { MessageId } from '../../i18n/message-id.ts';
import { trackPageView } from '../analytics/analytics.ts';
import { useSystems } from '../shop/queries.ts';

/**
 * Runs on every navigation (spec §2): scrolls to the top, moves focus to the main region for screen-reader
 * and keyboard users, reports a page view, and titles the document "<page> · <shop>".
 */
export function useNavigationEffects(pageTitle: MessageId): void {
  const location = useLocation();
  const intl = useIntl();
  const shopName = useSystems().data?.shopName || intl.formatMessage({ id: 'app.name' });
  const firstNavigation = useRef(true);

  useEffect(() => {
    window.scrollTo(0, 0);
    if (firstNavigation.current) firstNavigation.current = false;
    else document.getElementById('main')?.focus({ preventScroll: true });
    trackPageView(location.pathname + location.search);
  }, [location.key, location.pathname, location.search]);

  const title = intl.formatMessage({ id: pageTitle });
  useEffect(() => {
    document.title = `${title} · ${shopName}`;
  }, [title, shopName]);
}
