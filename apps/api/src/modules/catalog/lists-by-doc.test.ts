import { describe, expect, it } from 'vitest';
import { randomInt, randomStream } from '@shop/db/seed';
import { ListsByDoc } from './lists-by-doc.ts';

describe('ListsByDoc', () => {
  it('gives back every list as last set, through growth and compaction, and none for documents without', () => {
    const lists = new ListsByDoc();
    const expected = new Map<number, number[]>();
    // A fixed pseudo-random walk of sets, replacements and deletes: enough cells to grow the array several times,
    // and enough replacements to waste half of it and compact.
    const random = randomStream('lists-by-doc test');
    const next = (below: number) => randomInt(random, 0, below - 1);
    for (let step = 0; step < 20_000; step++) {
      const doc = next(3000);
      if (next(5) === 0) {
        expect(lists.delete(doc)).toBe(expected.delete(doc));
        continue;
      }
      const values = Array.from({ length: next(40) }, () => next(1_000_000));
      lists.set(doc, values);
      expected.set(doc, values);
      // Trimmed now and then, as after a load: the lists stay, and sets after it grow the array again.
      if (step % 4999 === 0) lists.trim();
    }
    for (let doc = 0; doc < 3100; doc++) {
      const list = lists.get(doc);
      expect(list && [...list]).toEqual(expected.get(doc));
    }
  });

  it('keeps an empty list apart from no list', () => {
    const lists = new ListsByDoc();
    lists.set(4, []);
    expect(lists.get(4)).toEqual(new Int32Array(0));
    expect(lists.get(3)).toBeUndefined();
    expect(lists.delete(4)).toBe(true);
    expect(lists.get(4)).toBeUndefined();
    expect(lists.delete(4)).toBe(false);
  });
});
