import { describe, expect, it } from 'vitest';
import { randomInt, randomStream } from '@shop/db/seed';
import { SortedDocs } from './sorted-docs.ts';

describe('SortedDocs', () => {
  it('holds each number once, in order, through inserts and removes in any order, trimmed or not', () => {
    const docs = new SortedDocs();
    const expected = new Set<number>();
    const random = randomStream('sorted-docs test');
    const next = (below: number) => randomInt(random, 0, below - 1);
    for (let step = 0; step < 5_000; step++) {
      const value = next(800);
      if (next(3) === 0) {
        docs.remove(value);
        expected.delete(value);
      } else {
        docs.insert(value);
        expected.add(value);
      }
      if (step % 1_000 === 999) docs.trim();
    }
    const sorted = [...expected].sort((a, b) => a - b);
    expect([...docs.view()]).toEqual(sorted);
    expect(docs.length).toBe(sorted.length);
  });

  it('grows from empty and empties again', () => {
    const docs = new SortedDocs();
    expect([...docs.view()]).toEqual([]);
    for (const value of [5, 1, 9, 1, 7]) docs.insert(value);
    expect([...docs.view()]).toEqual([1, 5, 7, 9]);
    for (const value of [9, 1, 5, 7, 3]) docs.remove(value);
    docs.trim();
    expect([...docs.view()]).toEqual([]);
    docs.insert(2);
    expect([...docs.view()]).toEqual([2]);
  });
});
