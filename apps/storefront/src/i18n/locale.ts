import {
  assertLocaleFormat,
  isLocale,
  LOCALE_STORAGE_KEY,
  matchLocale,
  resolveLocale,
  startFailureText,
} from '@shop/contract';
import type { Locale } from '@shop/contract';
import { intlStore } from './intl-store.ts';

interface LocaleEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  languages: readonly string[];
  reload: () => void;
}

function browserEnvironment(): LocaleEnvironment {
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    // Storage can be switched off; the locale is then chosen afresh on each visit.
  }
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  return { storage, languages, reload: () => window.location.reload() };
}

function readSaved(storage: LocaleEnvironment['storage']): string | null {
  try {
    return storage?.getItem(LOCALE_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/**
 * The spec's order (§4): the saved locale, the browser's language if supported, the configured default, then
 * zh-CN. `fetchDefault` (the shop's `defaultLocale`) is only asked when the first two name nothing supported.
 */
export async function resolveStartupLocale(
  fetchDefault: () => Promise<string | null>,
  env: LocaleEnvironment = browserEnvironment(),
): Promise<Locale> {
  const saved = readSaved(env.storage);
  const decidedEarly = isLocale(saved) || env.languages.some((tag) => matchLocale(tag) !== null);
  const configuredDefault = decidedEarly ? null : await fetchDefault().catch(() => null);
  return resolveLocale({ saved, browser: env.languages, configuredDefault });
}

/** The start-up failure's texts in the shopper's language, known without the shop's help. */
export function startFailureTextHere() {
  const env = browserEnvironment();
  return startFailureText(readSaved(env.storage), env.languages);
}

/**
 * Saves the shopper's language and, by default, reloads the page in it. `lang` must look like `en-US`, `en_US`
 * or `en`; anything else throws 'setLocale lang format error'. Without a reload the UI switches in place.
 */
export function setLocale(lang: string, reload = true, env: LocaleEnvironment = browserEnvironment()): void {
  assertLocaleFormat(lang);
  const locale = matchLocale(lang);
  try {
    env.storage?.setItem(LOCALE_STORAGE_KEY, locale ?? lang);
  } catch {
    // Not saved; the choice still applies to this page.
  }
  if (reload) env.reload();
  else if (locale) void intlStore.activate(locale);
}
