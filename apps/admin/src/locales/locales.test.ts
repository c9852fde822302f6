import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '@shop/contract';
import { loadMessages } from './index.ts';

interface AreaFile {
  default: Record<string, string>;
  sameEverywhere?: readonly string[];
}

const files = import.meta.glob<AreaFile>('./*/*.ts', { eager: true });

/** area → locale → its file. */
const areas = new Map<string, Map<string, AreaFile>>();
for (const [path, file] of Object.entries(files)) {
  const [, area = '', locale = ''] = /^\.\/([^/]+)\/([^/]+)\.ts$/.exec(path) ?? [];
  if (!areas.has(area)) areas.set(area, new Map());
  areas.get(area)!.set(locale, file);
}

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

const translated = SUPPORTED_LOCALES.filter((locale) => locale !== 'en-US');

describe('back-office message files', () => {
  it('has the shell areas, each with a file for every locale and nothing else', () => {
    expect([...areas.keys()]).toEqual(expect.arrayContaining(['shell', 'account']));
    for (const [area, locales] of areas) {
      expect([...locales.keys()].sort(), area).toEqual([...SUPPORTED_LOCALES].sort());
    }
  });

  describe.each([...areas.keys()])('area %s', (area) => {
    const locales = areas.get(area)!;
    const english = locales.get('en-US')!.default;
    const sameEverywhere = new Set(locales.get('en-US')!.sameEverywhere ?? []);

    it.each(translated)('%s has exactly the keys of en-US', (locale) => {
      expect(Object.keys(locales.get(locale)?.default ?? {}).sort()).toEqual(Object.keys(english).sort());
    });

    it.each([...SUPPORTED_LOCALES])('%s has no empty text and every text is valid ICU', (locale) => {
      for (const [key, text] of Object.entries(locales.get(locale)?.default ?? {})) {
        expect(text.trim(), `${locale} ${key}`).not.toBe('');
        expect(() => parse(text), `${locale} ${key}`).not.toThrow();
      }
    });

    it.each(translated)('%s uses the same arguments as en-US', (locale) => {
      for (const [key, text] of Object.entries(locales.get(locale)?.default ?? {})) {
        expect(argumentsOf(text), `${locale} ${key}`).toEqual(argumentsOf(english[key] ?? ''));
      }
    });

    it.each(translated)('%s is a translation, not a copy of en-US', (locale) => {
      const copies = Object.entries(locales.get(locale)?.default ?? {})
        .filter(([key, text]) => text === english[key] && !sameEverywhere.has(key))
        .map(([key]) => key);
      expect(copies).toEqual([]);
    });
  });

  it('never gives one id to two areas', () => {
    const owners = new Map<string, string>();
    const clashes: string[] = [];
    for (const [area, locales] of areas) {
      for (const key of Object.keys(locales.get('en-US')?.default ?? {})) {
        const owner = owners.get(key);
        if (owner) clashes.push(`${key} (${owner}, ${area})`);
        owners.set(key, area);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('loads every area of a locale as one catalog', async () => {
    const catalog = await loadMessages('zh-TW');
    expect(catalog['exception.403']).toBe('抱歉，你無權訪問該頁面。');
    expect(catalog['menu.account.staff']).toBe('員工管理');
    expect(catalog['account.settings.security']).toBe('安全設定');
  });
});

describe('the spec texts', () => {
  const english = { ...files['./shell/en-US.ts']!.default };
  it('keeps the template texts word for word in en-US', () => {
    expect(english['exception.403']).toBe("Sorry, you don't have access to this page.");
    expect(english['exception.404']).toBe('Sorry, the page you visited does not exist.');
    expect(english['exception.500']).toBe('Sorry, the server is reporting an error.');
    expect(english['exception.back']).toBe('Back to home');
    expect(
      `${english['result.fail.error.title']}, ${english['result.fail.error.description']?.toLowerCase()}`,
    ).toBe('Submission Failed, please check and modify the information before resubmitting.');
    expect(english['app.setting.themecolor.daybreak']).toBe('Daybreak Blue (default)');
  });
});
