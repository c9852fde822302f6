/**
 * Memory for the goods lists a search makes on its way (a word's scored goods, the goods two words share), handed
 * out again by the next search. A typed array's memory lies outside V8's heap, and V8 runs a full collection of
 * the whole heap each time some 64 MB of it has been allocated: a cold keyword's lists took about 75 KB, so the
 * shelf, which holds 140 MB of goods alive, marked all of it two or three times a second under searches.
 *
 * Lists handed out are valid until `reset()`; anything kept longer (a cache) takes a copy (`SearchScratch.kept`).
 */
export class SearchScratch {
  /** Every buffer the scratch ever handed out views of: what `holds` recognises. */
  private readonly buffers = new WeakSet<ArrayBufferLike>();
  private readonly ints = new Pool((length) => new Int32Array(length), this.buffers);
  private readonly floats = new Pool((length) => new Float64Array(length), this.buffers);
  private readonly bitCells = new Pool((length) => new Uint32Array(length), this.buffers);

  /** Takes back everything handed out so far. */
  reset(): void {
    this.ints.reset();
    this.floats.reset();
    this.bitCells.reset();
  }

  docs(length: number): Int32Array {
    return this.ints.take(length);
  }

  scores(length: number): Float64Array {
    return this.floats.take(length);
  }

  /** Cells of bits, all zero. */
  bits(cells: number): Uint32Array {
    return this.bitCells.take(cells).fill(0);
  }

  /** Whether the array is a view of the scratch's memory (and so valid until the next `reset`). */
  holds(array: Int32Array | Float64Array | Uint32Array): boolean {
    return this.buffers.has(array.buffer);
  }

  /** Goods and scores to keep past the next `reset`: copied when they are the scratch's, else as they are. */
  kept<T extends { docs: Int32Array; scores: Float64Array }>(scored: T): T {
    if (!this.holds(scored.docs) && !this.holds(scored.scores)) return scored;
    return { ...scored, docs: scored.docs.slice(), scores: scored.scores.slice() };
  }
}

/** First size of each pool, in elements: a cold keyword's lists at 100 000 goods need a few times this. */
const FIRST_LENGTH = 1 << 16;

class Pool<T extends Int32Array | Float64Array | Uint32Array> {
  private array: T;
  private used = 0;

  constructor(
    private readonly make: (length: number) => T,
    private readonly buffers: WeakSet<ArrayBufferLike>,
  ) {
    this.array = this.grown(FIRST_LENGTH);
  }

  take(length: number): T {
    // Views handed out of a smaller array stay valid: that array lives as long as they do.
    if (this.used + length > this.array.length) {
      this.array = this.grown(Math.max(this.array.length * 2, length * 2));
      this.used = 0;
    }
    const view = this.array.subarray(this.used, this.used + length) as T;
    this.used += length;
    return view;
  }

  reset(): void {
    this.used = 0;
  }

  private grown(length: number): T {
    const array = this.make(length);
    this.buffers.add(array.buffer);
    return array;
  }
}
