import type { Locale } from '@shop/contract';
import { createIntl, createIntlCache } from 'react-intl';
import type { IntlShape } from 'react-intl';
import { loadMessages } from './messages.ts';

const cache = createIntlCache();
const listeners = new Set<() => void>();
let intl: IntlShape | null = null;
/** The locale being switched to: requests already speak it while its catalog downloads. */
let requested: Locale | undefined;

/**
 * The active locale and its formatter, outside React so that non-React code (the API client's failure texts)
 * translates with the same catalog. `null` only until the first catalog has loaded.
 */
export const intlStore = {
  get: (): IntlShape | null => intl,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Loads the locale's catalog (one chunk) and switches every `useIntl` to it. */
  async activate(locale: Locale): Promise<void> {
    requested = locale;
    const messages = await loadMessages(locale);
    intl = createIntl({ locale, defaultLocale: locale, messages }, cache);
    document.documentElement.lang = locale;
    for (const listener of listeners) listener();
  },
};

/** The locale requests are sent in: the one chosen, even before its catalog has arrived. */
export function currentLocale(): Locale | undefined {
  return requested ?? (intl?.locale as Locale | undefined);
}
