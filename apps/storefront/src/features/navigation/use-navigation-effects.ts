import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import type { MessageId } from '../../i18n/message-id.ts';
import { trackPageView } from '../analytics/analytics.ts';
import { useSystems } from '../shop/queries.ts';
import { useSpecificPageTitle } from './page-title.ts';

/**
 * Navigation state of a change made in place (a filter, the sort order): the page stays where it is and the
 * focus stays on the control that made it.
 */
export const IN_PLACE = { inPlace: true } as const;

const isInPlace = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as { inPlace?: unknown }).inPlace === true;

/**
 * Runs on every navigation (spec §2): scrolls to the top, moves focus to the main region for screen-reader
 * and keyboard users, reports a page view, and titles the document "<page> · <shop>": <page> is what the page
 * says it shows (`usePageTitle`: a goods' name, a search, a category), else the route's title. A change made in
 * place (`IN_PLACE` state) neither scrolls nor moves the focus.
 */
export function useNavigationEffects(pageTitle: MessageId): void {
  const location = useLocation();
  const intl = useIntl();
  const shopName = useSystems().data?.shopName || intl.formatMessage({ id: 'app.name' });
  const firstNavigation = useRef(true);

  const inPlace = isInPlace(location.state);
  useEffect(() => {
    if (!inPlace) window.scrollTo(0, 0);
    if (firstNavigation.current) firstNavigation.current = false;
    else if (!inPlace) document.getElementById('main')?.focus({ preventScroll: true });
    trackPageView(location.pathname + location.search);
  }, [location.key, location.pathname, location.search, inPlace]);

  const specificTitle = useSpecificPageTitle();
  const title = specificTitle ?? intl.formatMessage({ id: pageTitle });
  useEffect(() => {
    document.title = `${title} · ${shopName}`;
  }, [title, shopName]);
}
