import SearchableMap from 'minisearch/SearchableMap';
import { describe, expect, it } from 'vitest';
import { fuzzyTerms } from './fuzzy-terms.ts';
import { editDistance } from './search-text.ts';

/** Every word of the vocabulary within `budget` by the plain two-row matrix, one word at a time. */
function byBruteForce(vocabulary: string[], query: string, budget: number): Map<string, number> {
  const found = new Map<string, number>();
  for (const word of vocabulary) {
    const distance = editDistance(query, word, budget);
    if (distance <= budget) found.set(word, distance);
  }
  return found;
}

function sorted(map: Map<string, number>): [string, number][] {
  return [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

describe('fuzzyTerms', () => {
  const vocabulary = [
    'keyboard',
    'keyboards',
    'keybaord',
    'headphones',
    'hoodie',
    'hoddie',
    'sneakers',
    'lamp',
    'lmap',
    'lam',
    'clamp',
    'wireless',
    'cafe',
    'cafes',
    'caneca',
    'a',
    'ab',
    'ba',
    'abc',
    'bca',
  ];
  const map = new SearchableMap<number>();
  vocabulary.forEach((word, i) => map.set(word, i));

  it('counts a swap of neighbouring letters as one edit', () => {
    expect(fuzzyTerms(map, 'keybaord', 1).get('keyboard')).toBe(1);
    expect(fuzzyTerms(map, 'lmap', 1).get('lamp')).toBe(1);
    expect(fuzzyTerms(map, 'hodie', 1).get('hoodie')).toBe(1);
    expect(fuzzyTerms(map, 'sneakres', 1).get('sneakers')).toBe(1);
    // Two swaps are two edits.
    expect(fuzzyTerms(map, 'ekybaord', 1).has('keyboard')).toBe(false);
    expect(fuzzyTerms(map, 'ekybaord', 2).get('keyboard')).toBe(2);
  });

  it('finds what the word-by-word distance finds, for every budget and many queries', () => {
    const queries = [
      ...vocabulary,
      'keybord',
      'kyeboard',
      'headpohnes',
      'wirelss',
      'wierless',
      'snaekers',
      'caef',
      'cfae',
      'b',
      'bac',
      'lapm',
      'clmap',
      'zzzz',
      'keyboardss',
    ];
    for (const query of queries) {
      for (const budget of [1, 2, 3]) {
        expect(sorted(fuzzyTerms(map, query, budget)), `${query} within ${budget}`).toEqual(
          sorted(byBruteForce(vocabulary, query, budget)),
        );
      }
    }
  });
});
