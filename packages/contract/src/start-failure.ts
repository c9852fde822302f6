import { resolveLocale, SUPPORTED_LOCALES, type Locale } from './locale.ts';

/**
 * What the storefront and the back office say when they cannot start (their messages or their first request
 * failed to load): the spec's "Loading chunk failed" and a way to try again, in each locale. The texts live here
 * rather than in the apps' catalogs because they are shown exactly when a catalog could not be loaded.
 */
export const startFailureTexts: Readonly<Record<Locale, { title: string; retry: string }>> = {
  'en-US': { title: 'Loading chunk failed', retry: 'Retry' },
  'pt-BR': { title: 'Falha ao carregar a página', retry: 'Tentar de novo' },
  'zh-CN': { title: '页面加载失败', retry: '重试' },
  'zh-TW': { title: '頁面載入失敗', retry: '重試' },
};

/** The texts in the reader's language, as far as the browser alone can tell it: the saved choice, then its languages. */
export function startFailureText(saved: string | null, browserLanguages: readonly string[]) {
  const locale = resolveLocale({ saved, browser: browserLanguages, configuredDefault: SUPPORTED_LOCALES[0] });
  return startFailureTexts[locale];
}
