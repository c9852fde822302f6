/**
 * The first script of the page, run while the app's bundle is still downloading: it starts the downloads the
 * landing page will need (its locale's catalog, the page's chunks, its API replies), which the app would
 * otherwise only start once its bundle has arrived and run. The app's requests then find their replies under
 * way or done (`takeEarly`). It also does start-up work that needs none of the app's code.
 *
 * It must stay tiny and import nothing, or it would wait for the bundle itself. What it knows of the app it
 * repeats, and boot.test.ts checks each repetition against the app: the locale rules of the contract, the page
 * of each route, and the requests each page starts with. Nothing depends on it: if it fails, runs late or
 * guesses wrong, the app asks for everything itself, as it would without it.
 */

/** The contract's `LOCALE_STORAGE_KEY`, `SUPPORTED_LOCALES` and `API_BASE`. */
export const STORAGE_KEY = 'umi_locale';
export const LOCALES = ['en-US', 'pt-BR', 'zh-CN', 'zh-TW'] as const;
export const API = '/v1';
/** `SIGNED_IN_HINT_COOKIE` of the contract: without it the visitor is a guest and the app asks no one. */
export const SIGNED_IN_HINT = 'shop_signed_in';
/** `ROW_SIZE` of the home page's goods rows. */
export const ROW_SIZE = 8;

type BootLocale = (typeof LOCALES)[number];

/** Each route's page folder under src/pages (routes.tsx). */
export const PAGE_OF_PATH: Record<string, string> = {
  '/': 'home',
  '/home': 'home',
  '/user': 'user',
  '/detail': 'detail',
  '/address': 'address',
  '/cart': 'cart',
  '/order': 'order',
  '/my/order': 'my-order',
  '/tips': 'tips',
  '/forget': 'forget',
  '/forgetsucess': 'forget-success',
  '/passwordchange': 'password-change',
  '/register': 'register',
  '/registersucess': 'register-success',
  '/login': 'login',
  '/registerchange': 'register-change',
  '/wishlist/shared': 'shared-wishlist',
  '/stock-alerts/unsubscribe': 'stock-alerts',
};

/** The chunks of each page and catalog, written into index.html by build/boot-script.ts. */
export interface ChunkMap {
  pages: Record<string, string[]>;
  catalogs: Record<string, string>;
}
export const CHUNK_MAP_ID = 'boot-chunks';

/** The contract's `matchLocale` and `resolveLocale`, without the shop's default (asking for it is the app's). */
export function bootLocale(saved: string | null, languages: readonly string[]): BootLocale | null {
  const exact = (tag: string) => LOCALES.find((locale) => locale.toLowerCase() === tag.toLowerCase());
  if (saved !== null && LOCALES.some((locale) => locale === saved)) return saved as BootLocale;
  for (const tag of languages) {
    const normalized = tag.trim().replace('_', '-');
    const lower = normalized.toLowerCase();
    const match =
      exact(normalized) ??
      (lower.startsWith('zh')
        ? /-(tw|hk|mo|hant)/.test(lower)
          ? 'zh-TW'
          : 'zh-CN'
        : LOCALES.find((locale) => locale.toLowerCase().startsWith(`${lower.split('-')[0]}-`)));
    if (match) return match;
  }
  return null;
}

/**
 * The API replies the page at this address asks for first (routes.tsx loaders and main.tsx), as the API client
 * writes their URLs. A listing's query is left to the app, which parses it.
 */
export function startUpRequests(pathname: string, search: string, signedIn: boolean): string[] {
  const common = [`${API}/home/systems`, ...(signedIn ? [`${API}/home/users/me`] : [])];
  const query = new URLSearchParams(search);
  const page = PAGE_OF_PATH[pathname];
  if (page === 'home') {
    const listing = ['keyword', 'categoryId', 'minPrice', 'maxPrice', 'sort', 'page'].some((key) =>
      query.has(key),
    );
    if (listing) return common;
    return [
      ...common,
      `${API}/home/categories`,
      `${API}/home/goods?sort=newest&pageSize=${ROW_SIZE}`,
      `${API}/home/goods?sort=sales&pageSize=${ROW_SIZE}`,
      // The same request for guests and shoppers: the session cookie tells the server whose copy to send.
      `${API}/home/coupons`,
    ];
  }
  if (page === 'detail') {
    const id = query.get('id')?.trim();
    return [
      ...common,
      `${API}/home/categories`,
      ...(id ? [`${API}/home/goods/${encodeURIComponent(id)}`] : []),
    ];
  }
  return common;
}

/**
 * Where the replies go: a global, because the app must not import this script (it would join the bundle).
 * src/features/start-up/early-replies.ts hands them out.
 */
declare global {
  interface Window {
    __shopEarlyReplies?: Map<string, Promise<Response>>;
    /** Set by the app as it starts: from then on it sends its own requests, so these would be wasted. */
    __shopAppStarted?: boolean;
  }
}
const EARLY_FOR_MS = 10_000;
/** `earlyKey` of early-replies.ts. */
export const replyKey = (url: string, locale: string) => `${locale} ${url}`;

function preload(href: string): void {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = href;
  link.crossOrigin = '';
  document.head.append(link);
}

function readChunkMap(): ChunkMap | null {
  const text = document.getElementById(CHUNK_MAP_ID)?.textContent;
  return text ? (JSON.parse(text) as ChunkMap) : null;
}

export function boot(): void {
  let saved: string | null = null;
  try {
    saved = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage switched off: the app chooses the locale without it.
  }
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  const locale = bootLocale(saved, languages);
  // Only the shop's default locale is left: finding it is a request of its own, left to the app.
  if (!locale) return;

  // On a fast connection the bundle can arrive and start first; then there is nothing to get ahead of.
  if (window.__shopAppStarted) return;
  const chunks = readChunkMap();
  const { pathname, search } = window.location;
  const catalog = chunks?.catalogs[locale];
  if (catalog) preload(catalog);
  const page = PAGE_OF_PATH[pathname] ?? 'not-found';
  for (const chunk of chunks?.pages[page] ?? []) preload(chunk);

  const signedIn = document.cookie.split(';').some((pair) => pair.trim().startsWith(`${SIGNED_IN_HINT}=`));
  const early = new Map<string, Promise<Response>>();
  window.__shopEarlyReplies = early;
  for (const url of startUpRequests(pathname, search, signedIn)) {
    const reply = fetch(url, {
      headers: { Accept: 'application/json', 'Accept-Language': locale },
      credentials: 'same-origin',
    });
    // A failed early request is only a missed head start: the app's own request reports what went wrong.
    reply.catch(() => undefined);
    early.set(replyKey(url, locale), reply);
  }
  setTimeout(() => early.clear(), EARLY_FOR_MS);

  // react-intl asks which locales Intl supports when the app creates its formatter; the first such question
  // loads Intl's locale list (tens of milliseconds on a phone), better spent now, while the bundle downloads.
  Intl.NumberFormat.supportedLocalesOf([locale]);
  Intl.DateTimeFormat.supportedLocalesOf([locale]);
}

if (typeof window !== 'undefined' && !import.meta.env?.VITEST) {
  try {
    boot();
  } catch {
    // Only a head start is lost.
  }
}
