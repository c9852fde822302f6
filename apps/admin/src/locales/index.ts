import type { Locale } from '@shop/contract';

/** One area's texts in one locale: message id → ICU message (react-intl). */
export type Messages = Readonly<Record<string, string>>;

/**
 * The type of an area's pt-BR, zh-CN and zh-TW files: exactly the keys of its en-US file, so a missing or
 * stray key is a type error (and src/locales/locales.test.ts also refuses untranslated copies).
 *
 * ```ts
 * // src/locales/catalog/zh-CN.ts
 * import type enUS from './en-US.ts';
 * import type { Translation } from '../index.ts';
 * export default { 'goods.list.title': '商品列表' } satisfies Translation<typeof enUS>;
 * ```
 */
export type Translation<T> = { readonly [K in keyof T]: string };

// Every area's file of every locale, each loaded only when its locale is (vite.config.ts puts all the areas of
// one locale into one chunk).
const areaFiles = import.meta.glob<{ default: Messages }>('./*/*.ts');

/** All the back office's texts in `locale`, every area merged (ids are unique across areas: a test says so). */
export async function loadMessages(locale: Locale): Promise<Record<string, string>> {
  const loaders = Object.entries(areaFiles)
    .filter(([path]) => path.endsWith(`/${locale}.ts`))
    .map(([, load]) => load());
  const areas = await Promise.all(loaders);
  return Object.assign({}, ...areas.map((area) => area.default)) as Record<string, string>;
}
