import type { TransportFailure } from '@shop/api-client';
import { intlStore } from './intl-store.ts';

/** The API client's text for a reply that never came or was not the shop's JSON, in the current locale. */
export function failureText(reason: TransportFailure): string {
  const intl = intlStore.get();
  if (!intl) return reason;
  return intl.formatMessage({ id: reason === 'network' ? 'error.network' : 'error.badResponse' });
}
