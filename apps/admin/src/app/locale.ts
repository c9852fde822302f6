import {
  assertLocaleFormat,
  isLocale,
  LOCALE_STORAGE_KEY,
  matchLocale,
  resolveLocale,
  startFailureText,
  SUPPORTED_LOCALES,
} from '@shop/contract';
import type { Locale } from '@shop/contract';

export { SUPPORTED_LOCALES };

/** The language switcher's labels: each locale named in its own language. */
export const LOCALE_LABELS: Record<Locale, string> = {
  'en-US': 'English',
  'pt-BR': 'Português',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
};

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be switched off: the locale is then chosen afresh on every visit.
    return null;
  }
}

const browserLanguages = () => (navigator.languages?.length ? navigator.languages : [navigator.language]);

/** The start-up failure's texts in the reader's language, known without the shop's help. */
export const startFailureTextHere = () => startFailureText(savedLocale(), browserLanguages());

function savedLocale(): string | null {
  try {
    return storage()?.getItem(LOCALE_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/**
 * The spec's order (§4), shared with the storefront (same `umi_locale` key): the saved locale, the browser's
 * language if supported, the shop's configured default, then zh-CN. `fetchDefault` is only asked when the first
 * two name nothing supported.
 */
export async function resolveStartupLocale(fetchDefault: () => Promise<string | null>): Promise<Locale> {
  const saved = savedLocale();
  const languages = browserLanguages();
  const decidedEarly = isLocale(saved) || languages.some((tag) => matchLocale(tag) !== null);
  const configuredDefault = decidedEarly ? null : await fetchDefault().catch(() => null);
  return resolveLocale({ saved, browser: languages, configuredDefault });
}

/** Saves the choice and reloads the back office in it (the spec's default on a change of locale). */
export function setLocale(lang: string): void {
  assertLocaleFormat(lang);
  try {
    storage()?.setItem(LOCALE_STORAGE_KEY, matchLocale(lang) ?? lang);
  } catch {
    // Not saved: the reload then picks the locale as at start.
  }
  window.location.reload();
}

let current: Locale | undefined;

/** The UI locale, sent as `Accept-Language` so the server's messages match the page. */
export function currentLocale(): Locale | undefined {
  return current;
}

export function setCurrentLocale(locale: Locale): void {
  current = locale;
  document.documentElement.lang = locale;
}
