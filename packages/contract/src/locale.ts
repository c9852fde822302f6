/** Locales the shop is translated into; order is the order shown in the language switcher. */
export const SUPPORTED_LOCALES = ['en-US', 'pt-BR', 'zh-CN', 'zh-TW'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];

/** The spec's last resort when nothing else names a supported locale. */
export const FALLBACK_LOCALE: Locale = 'zh-CN';
export const LOCALE_SEPARATOR = '-';

/** Text stored once per locale; a missing locale falls back (see `pickText`). */
export type LocalizedText = Partial<Record<Locale, string>>;

const LOCALE_FORMAT = /^[a-z]{2}[-_]?([A-Z]{2})?$/;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** The spec's rule: two lowercase letters, an optional separator, an optional two-letter uppercase region. */
export function assertLocaleFormat(lang: string): void {
  if (!LOCALE_FORMAT.test(lang)) throw new Error('setLocale lang format error');
}

/** Maps a language tag such as `pt`, `zh-Hant-TW` or `en_us` to a supported locale, or null. */
export function matchLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const normalized = tag.trim().replace('_', '-');
  const exact = SUPPORTED_LOCALES.find((l) => l.toLowerCase() === normalized.toLowerCase());
  if (exact) return exact;
  const lower = normalized.toLowerCase();
  if (lower.startsWith('zh')) {
    return /-(tw|hk|mo|hant)/.test(lower) ? 'zh-TW' : 'zh-CN';
  }
  const language = lower.split('-')[0];
  return SUPPORTED_LOCALES.find((l) => l.toLowerCase().startsWith(`${language}-`)) ?? null;
}

/**
 * The spec's order: the saved choice, then the browser's languages, then the configured default, then zh-CN.
 * Each candidate may be missing or unsupported; the first supported one wins.
 */
export function resolveLocale(candidates: {
  saved?: string | null;
  browser?: readonly string[];
  configuredDefault?: string | null;
}): Locale {
  if (isLocale(candidates.saved)) return candidates.saved;
  for (const tag of candidates.browser ?? []) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return isLocale(candidates.configuredDefault) ? candidates.configuredDefault : FALLBACK_LOCALE;
}

/** Picks the request's locale from an `Accept-Language` header, honouring q-values. */
export function negotiateLocale(acceptLanguage: string | undefined, shopDefault: Locale): Locale {
  if (!acceptLanguage) return shopDefault;
  const ranked = acceptLanguage
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag, q: q ? Number(q.trim().slice(2)) || 0 : 1, index };
    })
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return shopDefault;
}

/**
 * The order in which a translated text is looked for, the one place it is written (README, "Translations"):
 * the reader's language; for zh-CN and zh-TW the other script of Chinese; en-US; the shop's default language;
 * then any other, in `SUPPORTED_LOCALES` order. Every translated field (goods names and descriptions, option
 * names and values, category names) falls back field by field in this order, so a goods saved with only a
 * Chinese name still shows its English description instead of an empty one.
 */
export function localeFallbacks(locale: Locale, shopDefault: Locale = locale): Locale[] {
  const otherScript: Locale[] = locale === 'zh-CN' ? ['zh-TW'] : locale === 'zh-TW' ? ['zh-CN'] : [];
  return [...new Set<Locale>([locale, ...otherScript, 'en-US', shopDefault, ...SUPPORTED_LOCALES])];
}

/** The text in the first language of `localeFallbacks` that has a non-blank one, or ''. */
export function pickText(text: LocalizedText, locale: Locale, shopDefault: Locale): string {
  for (const candidate of localeFallbacks(locale, shopDefault)) {
    const value = text[candidate];
    if (value?.trim()) return value;
  }
  return '';
}
