import { describe, expect, it } from 'vitest';
import { TextSearch } from './text-search.ts';

/** Names in en-US only; the other locales' slots left empty, as for goods staff named in one language. */
const named = (name: string) => ({ names: [name], descriptions: [] });

function found(search: TextSearch, keyword: string): number[] {
  return [...search.search(keyword, 'en-US').docs];
}

describe('TextSearch, as goods come, change and go', () => {
  it('finds goods by their new name only, forgets goods taken out, and finds goods put in their place', () => {
    const search = new TextSearch();
    search.put(0, named('Moonlight reading lamp'));
    search.put(1, named('Moonlight mug'));
    search.textsChanged();
    expect(found(search, 'moonlight')).toEqual([0, 1]);

    // Renamed: the old words no longer find it, the new ones do.
    search.put(0, named('Sunrise reading lamp'));
    search.textsChanged();
    expect(found(search, 'moonlight')).toEqual([1]);
    expect(found(search, 'sunrise')).toEqual([0]);

    // Taken off the shelf: none of its words find it, and a word only it had is gone from the vocabulary.
    search.remove(1);
    search.textsChanged();
    expect(found(search, 'moonlight')).toEqual([]);
    expect(found(search, 'mug')).toEqual([]);
    expect(search.search('mug', 'en-US').unknownWords).toEqual([0]);

    // New goods take the places words and goods left; the goods still there keep theirs.
    search.put(1, named('Moonlight kettle'));
    search.put(2, named('Sunrise kettle'));
    search.textsChanged();
    expect(found(search, 'moonlight')).toEqual([1]);
    expect(found(search, 'kettle')).toEqual([1, 2]);
    expect(found(search, 'reading lamp')).toEqual([0]);
    expect(found(search, 'sunrise')).toEqual([0, 2]);
  });

  it('gives a goods its neighbours by the words of its name, the rare ones only', () => {
    const search = new TextSearch();
    search.put(0, named('Sunrise reading lamp'));
    search.put(1, named('Sunrise kettle'));
    search.put(2, named('Desk lamp'));
    search.put(3, named('Desk kettle'));
    search.textsChanged();
    const lists = (doc: number, limit: number) =>
      search
        .nameNeighbours(doc, limit)
        .map((docs) => [...docs])
        .sort((a, b) => a.length - b.length || a[0]! - b[0]!);
    expect(lists(0, 2)).toEqual([[0], [0, 1], [0, 2]]);
    search.remove(2);
    expect(lists(0, 2)).toEqual([[0], [0], [0, 1]]);
  });
});

describe('TextSearch, a keyword of several words', () => {
  const KINDS = ['headphones', 'keyboard', 'lamp', 'backpack', 'speaker', 'charger', 'sneakers', 'kettle'];
  const KINDS_ZH = ['耳机', '键盘', '台灯', '背包', '音箱', '充电器', '运动鞋', '水壶'];
  const BRANDS = ['aurora', 'nimbus', 'laboratorio'];
  const BRANDS_ZH = ['极光', '云朵', '实验室'];
  const EDITIONS = ['pro', 'lite', 'classic', 'limited'];
  const EDITIONS_ZH = ['专业版', '轻巧版', '经典版', '限量版'];

  /** 3 840 goods: every kind × brand × edition, 40 of each, described by their kind (descriptions shared). */
  function catalog(): TextSearch {
    const search = new TextSearch();
    let doc = 0;
    for (let copy = 0; copy < 40; copy++)
      for (let k = 0; k < KINDS.length; k++)
        for (let b = 0; b < BRANDS.length; b++)
          for (let e = 0; e < EDITIONS.length; e++) {
            const names = [
              `${KINDS[k]} ${BRANDS[b]} ${EDITIONS[e]} model${copy}`,
              undefined,
              `${KINDS_ZH[k]}${BRANDS_ZH[b]}${EDITIONS_ZH[e]}`,
            ];
            const descriptions = [
              `A ${KINDS[(k + copy) % KINDS.length]} for every day`,
              undefined,
              undefined,
            ];
            search.put(doc++, { names, descriptions });
          }
    search.textsChanged();
    return search;
  }

  /** What the keyword should find: each word searched alone, their goods intersected and their scores summed. */
  function wordByWord(search: TextSearch, keyword: string): Map<number, number> {
    const words = keyword.split(' ');
    let found: Map<number, number> | undefined;
    words.forEach((word, i) => {
      // A word followed by a space is not a beginning: only the keyword's last word finds longer words.
      const alone = search.search(i < words.length - 1 ? `${word} ` : word, 'en-US');
      const next = new Map<number, number>();
      alone.docs.forEach((doc, at) => {
        if (!found || found.has(doc)) next.set(doc, (found?.get(doc) ?? 0) + alone.scores[at]!);
      });
      found = next;
    });
    return found!;
  }

  function expectSameGoods(
    actual: { docs: Int32Array; scores: Float64Array },
    expected: Map<number, number>,
  ) {
    expect([...actual.docs]).toEqual([...expected.keys()].sort((a, b) => a - b));
    actual.docs.forEach((doc, at) => expect(actual.scores[at]).toBeCloseTo(expected.get(doc)!, 9));
  }

  const KEYWORDS = [
    'charger aurora pro',
    'aurora pro model8 charger',
    'model12 nimbus every',
    'model16 lite chargre',
    'chrager nimbus lite',
    'keyboard laboratorio clas',
    'lamp aurora limitde',
    'kettle every nimbus',
    'sneakers for',
    '充电器 极光 专业版',
    '耳机 实验室',
  ];

  it('finds the same goods with the same scores whether its words were asked before or not', () => {
    const expected = KEYWORDS.map((keyword) => wordByWord(catalog(), keyword));
    // A shop that has never been asked anything.
    for (const [i, keyword] of KEYWORDS.entries()) {
      const fresh = catalog();
      expectSameGoods(fresh.search(keyword, 'en-US'), expected[i]!);
    }
    // Shops asked before for some of the words, alone or in other keywords (their matches kept, or not yet), in
    // many mixes: the keyword's words are then scored in other orders and ways (whole, among the goods of the kept
    // words, looked up one by one), always to the same goods and scores.
    const busy = catalog();
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const words = [...new Set(KEYWORDS.flatMap((keyword) => keyword.split(' ')))];
    for (let round = 0; round < 60; round++) {
      for (const word of words) if (random() < 0.3) busy.search(random() < 0.5 ? `${word} ` : word, 'en-US');
      const i = Math.floor(random() * KEYWORDS.length);
      expectSameGoods(busy.search(KEYWORDS[i]!, 'en-US'), expected[i]!);
    }
  });

  it('keeps the goods of a misspelt word "did you mean" looked at whole through the searches after it', () => {
    const keyword = 'chrager nimbus lite';
    const expected = wordByWord(catalog(), keyword);
    const busy = catalog();
    // Looked at twice, the word's goods are kept: by its catalog words, where the keyword's search finds them.
    busy.suggest('chrager', 'en-US', () => undefined);
    busy.suggest('chrager', 'en-US', () => undefined);
    for (const other of KEYWORDS) busy.search(other, 'en-US');
    expectSameGoods(busy.search(keyword, 'en-US'), expected);
  });
});
