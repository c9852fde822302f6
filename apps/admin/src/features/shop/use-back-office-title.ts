import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import type { Locale } from '@shop/contract';
import { shopQuery } from './queries.ts';

/** The back office's name: the shop's own (staff set it in the settings), a generic one until it is known. */
export function useBackOfficeTitle(): string {
  const intl = useIntl();
  const shop = useQuery(shopQuery(intl.locale as Locale)).data?.shopName;
  return shop ? intl.formatMessage({ id: 'app.title' }, { shop }) : intl.formatMessage({ id: 'app.name' });
}
