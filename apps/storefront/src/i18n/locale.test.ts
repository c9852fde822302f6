import { LOCALE_STORAGE_KEY } from '@shop/contract';
import { describe, expect, it, vi } from 'vitest';
import { resolveStartupLocale, setLocale } from './locale.ts';

function fakeEnv(saved: string | null, languages: string[]) {
  const store = new Map<string, string>(saved === null ? [] : [[LOCALE_STORAGE_KEY, saved]]);
  return {
    storage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    },
    languages,
    reload: vi.fn(),
    store,
  };
}

describe('start-up locale (spec §4)', () => {
  it('prefers the saved locale', async () => {
    const fetchDefault = vi.fn(async () => 'en-US');
    await expect(resolveStartupLocale(fetchDefault, fakeEnv('pt-BR', ['zh-TW']))).resolves.toBe('pt-BR');
    expect(fetchDefault).not.toHaveBeenCalled();
  });

  it('then the first supported browser language', async () => {
    const fetchDefault = vi.fn(async () => 'en-US');
    await expect(resolveStartupLocale(fetchDefault, fakeEnv('xx', ['fr-FR', 'zh-HK', 'en']))).resolves.toBe(
      'zh-TW',
    );
    expect(fetchDefault).not.toHaveBeenCalled();
  });

  it("then the shop's configured default, asked only now", async () => {
    const fetchDefault = vi.fn(async () => 'pt-BR');
    await expect(resolveStartupLocale(fetchDefault, fakeEnv(null, ['fr-FR', 'de']))).resolves.toBe('pt-BR');
    expect(fetchDefault).toHaveBeenCalledTimes(1);
  });

  it('then zh-CN, also when the default cannot be fetched', async () => {
    await expect(resolveStartupLocale(async () => null, fakeEnv(null, ['fr']))).resolves.toBe('zh-CN');
    await expect(
      resolveStartupLocale(() => Promise.reject(new Error('offline')), fakeEnv(null, ['fr'])),
    ).resolves.toBe('zh-CN');
  });
});

describe('setLocale', () => {
  it('refuses a malformed locale', () => {
    const env = fakeEnv(null, []);
    expect(() => setLocale('english', true, env)).toThrow('setLocale lang format error');
    expect(() => setLocale('EN-us', true, env)).toThrow('setLocale lang format error');
    expect(env.store.size).toBe(0);
    expect(env.reload).not.toHaveBeenCalled();
  });

  it('saves the locale and reloads the page by default', () => {
    const env = fakeEnv(null, []);
    setLocale('pt-BR', undefined, env);
    expect(env.store.get(LOCALE_STORAGE_KEY)).toBe('pt-BR');
    expect(env.reload).toHaveBeenCalledTimes(1);
  });

  it('saves a supported spelling such as en_US as the supported locale', () => {
    const env = fakeEnv(null, []);
    setLocale('en_US', true, env);
    expect(env.store.get(LOCALE_STORAGE_KEY)).toBe('en-US');
  });

  it('switches without a reload when asked to', async () => {
    const env = fakeEnv(null, []);
    setLocale('zh-TW', false, env);
    expect(env.reload).not.toHaveBeenCalled();
    const { intlStore } = await import('./intl-store.ts');
    await vi.waitFor(() => expect(intlStore.get()?.locale).toBe('zh-TW'));
    expect(document.documentElement.lang).toBe('zh-TW');
  });
});
