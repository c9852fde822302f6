import { isLocale, shopperMessages } from '@shop/contract';
import type { Locale, ShopperMessageKey } from '@shop/contract';
import { useIntl } from 'react-intl';

/**
 * Texts of the contract's catalog (validation messages, strength labels) in the page's locale: a rule reads the
 * same in the form as in the server's reply.
 */
export function useContractText(): (key: ShopperMessageKey) => string {
  const locale = useIntl().locale as Locale;
  return (key) => shopperMessages[locale][key];
}

/**
 * The contract key of a text the server sent in `locale`. Refusals all arrive as code 2 with a translated text,
 * and the server words them from this same catalog, so the text tells which refusal it is (say, "email already
 * registered", to show under the email field).
 */
export function contractKeyOf(text: string, locale: string): ShopperMessageKey | undefined {
  if (!isLocale(locale)) return undefined;
  const catalog = shopperMessages[locale];
  return (Object.keys(catalog) as ShopperMessageKey[]).find((key) => catalog[key] === text);
}
