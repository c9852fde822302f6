import { describe, expect, it } from 'vitest';
import {
  assertLocaleFormat,
  localeFallbacks,
  matchLocale,
  negotiateLocale,
  pickText,
  resolveLocale,
} from './locale.ts';

describe('resolveLocale follows the spec order', () => {
  it('prefers the saved choice', () => {
    expect(resolveLocale({ saved: 'pt-BR', browser: ['zh-TW'], configuredDefault: 'en-US' })).toBe('pt-BR');
  });
  it('then the first supported browser language', () => {
    expect(resolveLocale({ saved: 'fr-FR', browser: ['de', 'zh-Hant-TW', 'en'] })).toBe('zh-TW');
  });
  it('then the configured default, then zh-CN', () => {
    expect(resolveLocale({ browser: ['de-DE'], configuredDefault: 'en-US' })).toBe('en-US');
    expect(resolveLocale({ browser: ['de-DE'], configuredDefault: 'xx' })).toBe('zh-CN');
    expect(resolveLocale({})).toBe('zh-CN');
  });
});

describe('assertLocaleFormat', () => {
  it.each(['en-US', 'zh', 'pt_BR', 'ptBR'])('accepts %s', (lang) => {
    expect(() => assertLocaleFormat(lang)).not.toThrow();
  });
  it.each(['EN-us', 'english', 'en-USA', 'e', ''])('refuses %s with the spec error', (lang) => {
    expect(() => assertLocaleFormat(lang)).toThrow('setLocale lang format error');
  });
});

describe('negotiateLocale', () => {
  it('honours q-values and falls back to the shop default', () => {
    expect(negotiateLocale('fr;q=1, pt-BR;q=0.8, en;q=0.9', 'zh-CN')).toBe('en-US');
    expect(negotiateLocale('fr, de', 'pt-BR')).toBe('pt-BR');
    expect(negotiateLocale(undefined, 'zh-TW')).toBe('zh-TW');
    expect(matchLocale('zh-HK')).toBe('zh-TW');
    expect(matchLocale('zh')).toBe('zh-CN');
  });
});

describe('pickText', () => {
  it('falls back to the shop default locale, then to any translation', () => {
    expect(pickText({ 'en-US': 'Tea', 'zh-CN': '茶' }, 'zh-CN', 'en-US')).toBe('茶');
    expect(pickText({ 'en-US': 'Tea' }, 'pt-BR', 'en-US')).toBe('Tea');
    expect(pickText({ 'zh-TW': '茶' }, 'pt-BR', 'en-US')).toBe('茶');
  });
});

describe('translations fall back in one documented order', () => {
  it('reader, the other script of Chinese, en-US, the shop default, then any', () => {
    expect(localeFallbacks('zh-CN', 'pt-BR')).toEqual(['zh-CN', 'zh-TW', 'en-US', 'pt-BR']);
    expect(localeFallbacks('zh-TW', 'zh-CN')).toEqual(['zh-TW', 'zh-CN', 'en-US', 'pt-BR']);
    expect(localeFallbacks('pt-BR', 'en-US')).toEqual(['pt-BR', 'en-US', 'zh-CN', 'zh-TW']);
  });
  it('a Chinese reader sees the other script before English', () => {
    expect(pickText({ 'en-US': 'Tea', 'zh-TW': '茶葉' }, 'zh-CN', 'en-US')).toBe('茶葉');
    expect(pickText({ 'en-US': 'Tea', 'zh-CN': '茶叶' }, 'zh-TW', 'pt-BR')).toBe('茶叶');
  });
  it('a blank text counts as missing', () => {
    expect(pickText({ 'zh-CN': ' ', 'en-US': 'Tea' }, 'zh-CN', 'zh-CN')).toBe('Tea');
    expect(pickText({}, 'zh-CN', 'zh-CN')).toBe('');
  });
});
