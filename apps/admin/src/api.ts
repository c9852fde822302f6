import { createAdminClient } from '@shop/api-client';
import { API_BASE } from '@shop/contract';
import { currentLocale } from './app/locale.ts';
import { queryClient } from './app/query-client.ts';
import { failureText } from './app/intl.ts';
import { showErrorToast } from './app/toast.ts';

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => undefined;

/** The router registers how to get to the login page (src/router.tsx); kept here to avoid an import cycle. */
export function handleUnauthorized(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/**
 * The back office's one API client. Every request carries the UI locale; codes 2 and 500 (and 1 unless the
 * caller handles it, see src/components/form-errors.ts) show their text as a 1 s toast; any 401 sends the user
 * to the login page and back afterwards. Pages call `adminApi.http.get/list/post/put/delete/upload` for their
 * own endpoints, typed with the contract's types.
 */
export const adminApi = createAdminClient({
  baseUrl: API_BASE,
  getLocale: currentLocale,
  onError: (message, error) => {
    showErrorToast(message);
    // The shop has just required two-step sign-in: who-am-I again, so the layout shows the set-up screen.
    const data: unknown = error.data;
    if (typeof data === 'object' && data !== null && 'otpSetupRequired' in data) {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'me'] });
    }
  },
  onUnauthorized: () => onUnauthorized(),
  translateFailure: failureText,
});
