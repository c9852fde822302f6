import { SUPPORTED_LOCALES } from '@shop/contract';
import type { Locale } from '@shop/contract';
import { useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { effects } from '../api.ts';
import { SHOPPER_KEY } from '../features/session/use-shopper.ts';
import { setLocale } from '../i18n/locale.ts';
import { HeaderSelect, returnsToHeaderMenu } from './header-select.tsx';

/** Each language named in itself, so a shopper finds theirs whatever the page is in. */
const NATIVE_NAMES: Record<Locale, string> = {
  'en-US': 'English (US)',
  'pt-BR': 'Português (Brasil)',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
};

const MENU = 'language';

/** Whether this page load follows a language choice (the header menu opens for it). */
export const returnsToLanguageMenu = returnsToHeaderMenu(MENU);

/**
 * The language menu: the page reloads in the language chosen, on the same page. A signed-in shopper's choice is
 * told to the shop first, so that its mails to them are written in it too.
 */
export function LocaleSwitcher() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  return (
    <HeaderSelect
      name={MENU}
      className="locale-switcher"
      label={<FormattedMessage id="locale.label" />}
      hint={<FormattedMessage id="locale.hint" />}
      value={intl.locale}
      options={SUPPORTED_LOCALES.map((locale) => ({
        value: locale,
        label: NATIVE_NAMES[locale],
        lang: locale,
      }))}
      onChoose={async (locale) => {
        if (queryClient.getQueryData(SHOPPER_KEY)) {
          // The page still changes language when the shop cannot be told (offline, session ended).
          await effects.rememberLocale(locale as Locale).catch(() => undefined);
        }
        setLocale(locale);
      }}
    />
  );
}
