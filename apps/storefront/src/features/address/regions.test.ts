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
    expect(firstMissingLevel(tree, [])).toBe(0);
    expect(firstMissingLevel(tree, ['BR'])).toBe(1);
    expect(firstMissingLevel(tree, ['BR', 'BR-SP'])).toBe(2);
    expect(firstMissingLevel(tree, ['BR', 'BR-SP', 'BR-SP-SAO'])).toBe(-1);
    expect(firstMissingLevel(tree, ['BR', 'BR-RJ'])).toBe(-1);
    expect(firstMissingLevel(tree, ['AQ'])).toBe(-1);
    expect(firstMissingLevel(tree, ['XX'])).toBe(0);
  });
});
