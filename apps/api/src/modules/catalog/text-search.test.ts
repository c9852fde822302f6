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
