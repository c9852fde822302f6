import { readFileSync } from 'node:fs';
import {
  API_BASE,
  LOCALE_STORAGE_KEY,
  resolveLocale,
  SIGNED_IN_HINT_COOKIE,
  STOREFRONT_PATHS,
  SUPPORTED_LOCALES,
} from '@shop/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API,
  boot,
  bootLocale,
  CHUNK_MAP_ID,
  LOCALES,
  PAGE_OF_PATH,
  replyKey,
  ROW_SIZE,
  SIGNED_IN_HINT,
  startUpRequests,
  STORAGE_KEY,
} from './boot.ts';
import { ROW_SIZE as APP_ROW_SIZE } from './features/catalog/queries.ts';
import { earlyKey, takeEarly } from './features/start-up/early-replies.ts';

describe('what the boot script repeats of the app', () => {
  it('uses the contract’s names and the app’s page size', () => {
    expect(STORAGE_KEY).toBe(LOCALE_STORAGE_KEY);
    expect(LOCALES).toEqual([...SUPPORTED_LOCALES]);
    expect(API).toBe(API_BASE);
    expect(SIGNED_IN_HINT).toBe(SIGNED_IN_HINT_COOKIE);
    expect(ROW_SIZE).toBe(APP_ROW_SIZE);
    expect(replyKey('/v1/x', 'pt-BR')).toBe(earlyKey('/v1/x', 'pt-BR'));
  });

  it('knows the page of every route', () => {
    const routes = readFileSync(`${import.meta.dirname}/routes.tsx`, 'utf8');
    expect(Object.keys(PAGE_OF_PATH).sort()).toEqual([...STOREFRONT_PATHS].sort());
    for (const [path, page] of Object.entries(PAGE_OF_PATH)) {
      const pattern =
        page === 'home'
          ? new RegExp(`'${path}': \\{[^}]*Page: HomePage`)
          : new RegExp(`'${path}': \\{[^}]*import\\('\\./pages/${page}/${page}-page\\.tsx'\\)`);
      expect(routes, path).toMatch(pattern);
    }
  });

  it.each([
    ['pt-BR', ['en-US']],
    ['xx', ['fr-FR', 'zh-HK', 'en']],
    [null, ['zh']],
    [null, ['zh-Hant-TW']],
    [null, ['en_gb']],
    [null, ['PT-pt']],
    [null, ['fr', 'de']],
    [null, []],
  ] as const)('chooses the locale as the contract does (saved %s, browser %j)', (saved, languages) => {
    const withDefault = (configuredDefault: string) =>
      resolveLocale({ saved, browser: languages, configuredDefault });
    // When the shop's default decides, the app has to ask the server for it: the boot script gives up (null).
    const decidedByDefault = withDefault('en-US') !== withDefault('pt-BR');
    expect(bootLocale(saved, languages)).toBe(decidedByDefault ? null : withDefault('en-US'));
  });
});

describe('the requests the boot script sends ahead', () => {
  const sent: string[] = [];

  beforeEach(() => {
    sent.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        sent.push(String(input));
        return new Response(JSON.stringify({ code: 200, data: {}, msg: '' }), {
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    delete window.__shopEarlyReplies;
  });

  /** Every API request the app makes when it starts at this address (main.tsx). */
  async function appRequests(pathname: string, search: string): Promise<string[]> {
    const { queryClient } = await import('./query-client.ts');
    const { startLoading } = await import('./routes.tsx');
    const { systemsQuery } = await import('./features/shop/queries.ts');
    const { shopperQuery } = await import('./features/session/use-shopper.ts');
    const { intlStore } = await import('./i18n/intl-store.ts');
    queryClient.clear();
    await intlStore.activate('en-US');
    sent.length = 0;
    await Promise.allSettled([
      startLoading(pathname, search),
      queryClient.prefetchQuery(systemsQuery),
      queryClient.prefetchQuery(shopperQuery),
    ]);
    return [...new Set(sent.filter((url) => url.startsWith(API_BASE)))].sort();
  }

  it.each([
    ['/', ''],
    ['/home', ''],
    ['/detail', '?id=87de0bd8-2254-8953-ae99-16aa2af1eea7'],
    ['/detail', ''],
    ['/cart', ''],
  ])(
    'are the ones the app starts %s%s with',
    async (pathname, search) => {
      const early = startUpRequests(pathname, search, false).sort();
      expect(early).toEqual(await appRequests(pathname, search));
    },
    20_000,
  );

  it('leaves a listing to the app, but for the shop settings', () => {
    expect(startUpRequests('/', '?keyword=tea', false)).toEqual([`${API_BASE}/home/systems`]);
  });

  it('hands each reply out once, only to the same GET in the same locale', async () => {
    vi.stubGlobal('navigator', { languages: ['pt-BR'], language: 'pt-BR' });
    window.history.replaceState(null, '', '/detail?id=abc');
    boot();
    const url = `${API_BASE}/home/goods/abc`;
    expect(takeEarly(url, { method: 'GET', headers: { 'Accept-Language': 'en-US' } })).toBeUndefined();
    expect(takeEarly(url, { method: 'POST', headers: { 'Accept-Language': 'pt-BR' } })).toBeUndefined();
    const reply = takeEarly(url, { method: 'GET', headers: { 'Accept-Language': 'pt-BR' } });
    expect(await (await reply)?.json()).toEqual({ code: 200, data: {}, msg: '' });
    expect(takeEarly(url, { method: 'GET', headers: { 'Accept-Language': 'pt-BR' } })).toBeUndefined();
  });

  it('sends nothing once the app has started on its own', () => {
    vi.stubGlobal('navigator', { languages: ['en-US'], language: 'en-US' });
    window.__shopAppStarted = true;
    try {
      boot();
      expect(sent).toEqual([]);
      expect(window.__shopEarlyReplies).toBeUndefined();
    } finally {
      delete window.__shopAppStarted;
    }
  });

  it('preloads the chunks of the page and the catalog of the locale from the map in the page', () => {
    vi.stubGlobal('navigator', { languages: ['zh-TW'], language: 'zh-TW' });
    window.history.replaceState(null, '', '/');
    const map = document.createElement('script');
    map.type = 'application/json';
    map.id = CHUNK_MAP_ID;
    map.textContent = JSON.stringify({
      pages: { home: ['/assets/home.js', '/assets/shared.js'], detail: ['/assets/detail.js'] },
      catalogs: { 'zh-TW': '/assets/zh-TW.js', 'en-US': '/assets/en-US.js' },
    });
    document.head.append(map);
    boot();
    const preloaded = [...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((link) =>
      link.getAttribute('href'),
    );
    expect(preloaded).toEqual(['/assets/zh-TW.js', '/assets/home.js', '/assets/shared.js']);
  });

  it('survives storage being switched off', () => {
    const original = Object.getOwnPropertyDescriptor(window, 'localStorage');
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    try {
      expect(() => boot()).not.toThrow();
    } finally {
      if (original) Object.defineProperty(window, 'localStorage', original);
    }
  });
});
