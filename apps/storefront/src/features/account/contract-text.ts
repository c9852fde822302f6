import { serverMessages } from '@shop/contract';
import type { Locale, MessageKey } from '@shop/contract';
import { useIntl } from 'react-intl';

/**
 * Texts of the contract's catalog (validation messages, strength labels) in the page's locale: a rule reads the
 * same in the form as in the server's reply.
 */
export function useContractText(): (key: MessageKey) => string {
  const locale = useIntl().locale as Locale;
  return (key) => serverMessages[locale][key];
}
