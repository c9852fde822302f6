import { SUPPORTED_LOCALES } from '@shop/contract';
import type { Locale } from '@shop/contract';
import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { moveFocus } from '../features/navigation/focus.ts';
import { setLocale } from '../i18n/locale.ts';

/** Each language named in itself, so a shopper finds theirs whatever the page is in. */
const NATIVE_NAMES: Record<Locale, string> = {
  'en-US': 'English (US)',
  'pt-BR': 'Português (Brasil)',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
};

/** Set just before the reload a choice causes, so the reloaded page gives focus back to the menu. */
const RETURN_KEY = 'shop.focusLanguageMenu';

function takeReturn(): boolean {
  try {
    const returning = window.sessionStorage.getItem(RETURN_KEY) === '1';
    window.sessionStorage.removeItem(RETURN_KEY);
    return returning;
  } catch {
    return false;
  }
}

/** Read once per page load: whether this load follows a language choice (the header menu opens for it). */
let returning = typeof window === 'undefined' ? false : takeReturn();
export const returnsToLanguageMenu = returning;

/** Keys that move through a closed select's options, each firing `change` at once in Chromium. */
const BROWSING_KEYS = new Set([
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

/**
 * The language menu. A language is taken only when chosen: picked from the open list (click, or Enter in it),
 * or browsed to with the arrow keys and confirmed with Enter. Browsing alone only shows the language in the box.
 * The page then reloads in that language, on the same page, with focus back on this menu.
 */
export function LocaleSwitcher() {
  const intl = useIntl();
  const hintId = useId();
  const select = useRef<HTMLSelectElement>(null);
  const browsing = useRef(false);
  const [shown, setShown] = useState(intl.locale);

  useEffect(() => {
    if (!returning) return;
    returning = false;
    moveFocus(select.current);
  }, []);

  const choose = (locale: string) => {
    if (locale === intl.locale) return;
    try {
      window.sessionStorage.setItem(RETURN_KEY, '1');
    } catch {
      // Without session storage the page still changes language; focus then starts at the top.
    }
    setLocale(locale);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
    if (event.key === 'Enter' && shown !== intl.locale) {
      event.preventDefault();
      choose(shown);
    } else if (event.key === 'Escape' && shown !== intl.locale) {
      setShown(intl.locale);
    }
    // Space, Alt+↓ and F4 open the list; a pick there is a choice. Letters jump like arrows do.
    browsing.current =
      (BROWSING_KEYS.has(event.key) && !event.altKey) || (event.key.length === 1 && event.key !== ' ');
  };

  return (
    <label className="locale-switcher">
      <span className="visually-hidden">
        <FormattedMessage id="locale.label" />
      </span>
      <select
        ref={select}
        value={shown}
        aria-describedby={hintId}
        onKeyDown={onKeyDown}
        onPointerDown={() => (browsing.current = false)}
        onBlur={() => setShown(intl.locale)}
        onChange={(event) => {
          const locale = event.target.value;
          setShown(locale);
          if (!browsing.current) choose(locale);
          browsing.current = false;
        }}
      >
        {SUPPORTED_LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {NATIVE_NAMES[locale]}
          </option>
        ))}
      </select>
      <span id={hintId} className="visually-hidden">
        <FormattedMessage id="locale.hint" />
      </span>
    </label>
  );
}
