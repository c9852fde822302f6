import { SUPPORTED_LOCALES } from '@shop/contract';
import type { Locale } from '@shop/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import { setLocale } from '../i18n/locale.ts';

/** Each language named in itself, so a shopper finds theirs whatever the page is in. */
const NATIVE_NAMES: Record<Locale, string> = {
  'en-US': 'English (US)',
  'pt-BR': 'Português (Brasil)',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
};

export function LocaleSwitcher() {
  const intl = useIntl();
  return (
    <label className="locale-switcher">
      <span className="visually-hidden">
        <FormattedMessage id="locale.label" />
      </span>
      <select value={intl.locale} onChange={(event) => setLocale(event.target.value)}>
        {SUPPORTED_LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {NATIVE_NAMES[locale]}
          </option>
        ))}
      </select>
    </label>
  );
}
