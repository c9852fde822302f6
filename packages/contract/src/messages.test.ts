import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from './locale.ts';
import { serverMessages, translate } from './messages.ts';

describe('server messages', () => {
  const english = serverMessages['en-US'];

  it.each(SUPPORTED_LOCALES)('%s has every key with a non-empty text', (locale) => {
    const catalog = serverMessages[locale];
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(catalog)) expect(text.trim(), key).not.toBe('');
  });

  it.each(SUPPORTED_LOCALES.filter((l) => l !== 'en-US'))('%s is a translation, not a copy', (locale) => {
    const same = Object.entries(serverMessages[locale]).filter(
      ([key, text]) => english[key as keyof typeof english] === text,
    );
    expect(same).toEqual([]);
  });

  it('keeps the spec texts in en-US', () => {
    expect(translate('en-US', 'validation.email.invalid')).toBe('The email address is in the wrong format!');
    expect(translate('en-US', 'error.login.invalid')).toBe('Invalid username or password');
    expect(translate('zh-CN', 'not.a.key')).toBe('not.a.key');
  });
});
