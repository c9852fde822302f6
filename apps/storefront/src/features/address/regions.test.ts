import type { Region } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { firstMissingLevel, regionLevels } from './regions.ts';

const tree: Region[] = [
  {
    code: 'BR',
    name: 'Brazil',
    children: [
      { code: 'BR-SP', name: 'São Paulo', children: [{ code: 'BR-SP-SAO', name: 'São Paulo (city)' }] },
      { code: 'BR-RJ', name: 'Rio de Janeiro', children: [] },
    ],
  },
  { code: 'AQ', name: 'Antarctica' },
];
const cities: Region[] = [{ code: 'BR-3550308', name: 'São Paulo' }];

describe('cascading region choices', () => {
  it('offers the countries first, then the children of each chosen region', () => {
    expect(regionLevels(tree, []).map((level) => level.length)).toEqual([2]);
    expect(regionLevels(tree, ['BR']).map((level) => level.length)).toEqual([2, 2]);
    expect(regionLevels(tree, ['BR', 'BR-SP']).map((level) => level.length)).toEqual([2, 2, 1]);
  });

  it('stops at a region without children and at an unknown code', () => {
    expect(regionLevels(tree, ['AQ'])).toHaveLength(1);
    expect(regionLevels(tree, ['BR', 'BR-RJ'])).toHaveLength(2);
    expect(regionLevels(tree, ['XX', 'BR-SP'])).toHaveLength(1);
  });

  it('says which level is still to choose', () => {
    const levelsOf = (codes: string[]) => regionLevels(tree, codes);
    const missing = (codes: string[]) => firstMissingLevel(levelsOf(codes), codes);
    expect(missing([])).toBe(0);
    expect(missing(['BR'])).toBe(1);
    expect(missing(['BR', 'BR-SP'])).toBe(2);
    expect(missing(['BR', 'BR-SP', 'BR-SP-SAO'])).toBe(-1);
    expect(missing(['BR', 'BR-RJ'])).toBe(-1);
    expect(missing(['AQ'])).toBe(-1);
    expect(missing(['XX'])).toBe(0);
  });

  it('waits for the cities or districts still loading below the chosen region', () => {
    const top = regionLevels(tree, ['BR', 'BR-RJ']);
    expect(firstMissingLevel(top, ['BR', 'BR-RJ'], true)).toBe(2);
    expect(firstMissingLevel([...top, cities], ['BR', 'BR-RJ'])).toBe(2);
    expect(firstMissingLevel([...top, cities], ['BR', 'BR-RJ', 'BR-3550308'])).toBe(-1);
  });
});
