import { describe, expect, it } from 'vitest';
import { SearchScratch } from './search-scratch.ts';

describe('SearchScratch', () => {
  it('hands the same memory out again after a reset, and grows without spoiling the lists handed out', () => {
    const scratch = new SearchScratch();
    const first = scratch.docs(3).fill(7);
    scratch.reset();
    const again = scratch.docs(3);
    expect(again.buffer).toBe(first.buffer);
    again.fill(1);
    // Larger than what is left: a new array, and the list taken before it keeps its goods.
    const large = scratch.docs(1 << 20).fill(2);
    expect(large.buffer).not.toBe(first.buffer);
    expect([...again]).toEqual([1, 1, 1]);
    expect(scratch.holds(large)).toBe(true);
    expect(scratch.holds(new Int32Array(4))).toBe(false);
  });

  it('gives bits zeroed even where an earlier search set them', () => {
    const scratch = new SearchScratch();
    scratch.bits(4).fill(0xffffffff);
    scratch.reset();
    expect([...scratch.bits(4)]).toEqual([0, 0, 0, 0]);
  });

  it('copies out what a cache keeps, and leaves lists that are not its own as they are', () => {
    const scratch = new SearchScratch();
    const found = { docs: scratch.docs(2), scores: scratch.scores(2), terms: new Set(['lamp']) };
    found.docs.set([4, 9]);
    found.scores.set([1.5, 2]);
    const kept = scratch.kept(found);
    scratch.reset();
    scratch.docs(2).fill(0);
    scratch.scores(2).fill(0);
    expect([...kept.docs]).toEqual([4, 9]);
    expect([...kept.scores]).toEqual([1.5, 2]);
    expect(kept.terms).toBe(found.terms);
    const own = { docs: Int32Array.of(1), scores: Float64Array.of(1) };
    expect(scratch.kept(own)).toBe(own);
  });
});
