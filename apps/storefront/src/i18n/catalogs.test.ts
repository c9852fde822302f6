import { SUPPORTED_LOCALES } from '@shop/contract';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import enUS from './messages/en-US.json';
import ptBR from './messages/pt-BR.json';
import zhCN from './messages/zh-CN.json';
import zhTW from './messages/zh-TW.json';

const catalogs: Record<(typeof SUPPORTED_LOCALES)[number], Record<string, string>> = {
  'en-US': enUS,
  'pt-BR': ptBR,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
};

// Texts that are the same in every language by nature: a copyright line of placeholders.
const SAME_EVERYWHERE = new Set(['footer.copyright']);

/** The names of a message's arguments, nested ones (inside plural branches) included. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const visit = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if ('value' in element && element.type !== TYPE.literal && typeof element.value === 'string') {
        names.add(element.value);
      }
      if ('options' in element) {
        for (const option of Object.values(element.options)) visit(option.value);
      }
    }
  };
  visit(parse(message));
  return [...names].sort();
}

describe('storefront message catalogs', () => {
  const reference = Object.keys(enUS).sort();

  it.each(SUPPORTED_LOCALES)('%s has exactly the keys of en-US', (locale) => {
    expect(Object.keys(catalogs[locale]).sort()).toEqual(reference);
  });

  it.each(SUPPORTED_LOCALES)('%s has no empty message and each one is valid ICU', (locale) => {
    for (const [key, message] of Object.entries(catalogs[locale])) {
      expect(message.trim(), key).not.toBe('');
      expect(() => parse(message), key).not.toThrow();
    }
  });

  it.each(SUPPORTED_LOCALES.filter((locale) => locale !== 'en-US'))(
    '%s is a translation, not a copy of en-US',
    (locale) => {
      const copies = reference.filter((key) => catalogs[locale][key] === catalogs['en-US'][key]);
      // A handful of words legitimately coincide (e.g. "Total" in Portuguese); most keys must differ.
      expect(copies.length / reference.length).toBeLessThan(0.05);
    },
  );

  it.each(SUPPORTED_LOCALES.filter((locale) => locale !== 'en-US'))(
    '%s uses the same placeholders as en-US',
    (locale) => {
      for (const key of reference) {
        expect(argumentsOf(catalogs[locale][key] ?? ''), key).toEqual(
          argumentsOf(catalogs['en-US'][key] ?? ''),
        );
      }
    },
  );

  it('zh-TW is not a copy of zh-CN', () => {
    const same = reference.filter((key) => zhTW[key as keyof typeof zhTW] === zhCN[key as keyof typeof zhCN]);
    const differing = reference.filter((key) => !SAME_EVERYWHERE.has(key) && !same.includes(key));
    expect(differing.length / reference.length).toBeGreaterThan(0.6);
  });
});
