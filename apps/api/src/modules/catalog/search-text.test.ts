import { describe, expect, it } from 'vitest';
import { normalizeWord, wordsOf } from './search-text.ts';

/** The words as the general rule reads them (letters and digits of any script, Chinese runs apart). */
function byRegex(text: string) {
  return [...text.matchAll(/\p{Script=Han}+|(?:(?!\p{Script=Han})[\p{L}\p{N}])+/gu)].map((match) => ({
    norm: normalizeWord(match[0]),
    start: match.index,
    end: match.index + match[0].length,
    chinese: /^\p{Script=Han}/u.test(match[0]),
  }));
}

describe('wordsOf', () => {
  it('reads ASCII texts as the Unicode rule does', () => {
    for (const text of [
      'Aurora Wireless Headphones Pro 2nd Generation X-4821',
      '  leading and trailing  ',
      'USB-C charger, 65W (2 ports)!',
      'a',
      '',
      '---',
      "kid's mug_v2 #7",
      'ABCxyz0123456789',
    ]) {
      expect(wordsOf(text), text).toEqual(byRegex(text));
    }
  });

  it('folds accents, case and Chinese script outside ASCII', () => {
    expect(wordsOf('Café CAFÉ')).toEqual([
      { norm: 'cafe', start: 0, end: 4, chinese: false },
      { norm: 'cafe', start: 5, end: 9, chinese: false },
    ]);
    expect(wordsOf('無線鍵盤 Pro')).toEqual([
      { norm: '无线键盘', start: 0, end: 4, chinese: true },
      { norm: 'pro', start: 5, end: 8, chinese: false },
    ]);
    for (const text of ['Fone de ouvido sem fio Ação', 'Caneca 350ml 耳机 ＡＢＣ', 'naïve coöperate']) {
      expect(wordsOf(text), text).toEqual(byRegex(text));
    }
  });

  it('lower-cases ASCII words', () => {
    expect(normalizeWord('KeyBoard')).toBe('keyboard');
    expect(normalizeWord('Ação')).toBe('acao');
  });
});
