/**
 * A short list of numbers per document, all in one typed array: two columns and one array, whatever the count.
 * 100 000 goods' word lists as a typed array each, in a Map with an object each, took 34 MB more of the catalog
 * index's heap (235 MB now) and gave the collector 100 000 ArrayBuffers to track one by one.
 *
 * A list set again is written at the end and its old cells count as wasted; when half the cells are wasted the
 * lists are copied together. The array grows by a quarter, not twice: at 100 000 goods it holds 26 MB, and
 * doubling left up to as much again unused.
 */
export class ListsByDoc {
  private cells = new Int32Array(1024);
  /** Cells in use at the start of `cells`, wasted ones included. */
  private used = 0;
  private wasted = 0;
  /** Per document: where its list starts in `cells`, and its length (-1 when it has none). */
  private starts = new Int32Array(0);
  private lengths = new Int32Array(0);

  /** The document's list, a view valid until the next `set` or `delete`; undefined when it has none. */
  get(doc: number): Int32Array | undefined {
    const length = doc < this.lengths.length ? this.lengths[doc]! : -1;
    if (length < 0) return undefined;
    const start = this.starts[doc]!;
    return this.cells.subarray(start, start + length);
  }

  set(doc: number, values: ArrayLike<number>): void {
    this.delete(doc);
    if (doc >= this.lengths.length) this.growDocs(doc + 1);
    if (this.used + values.length > this.cells.length) this.makeRoom(values.length);
    this.cells.set(values, this.used);
    this.starts[doc] = this.used;
    this.lengths[doc] = values.length;
    this.used += values.length;
  }

  delete(doc: number): boolean {
    const length = doc < this.lengths.length ? this.lengths[doc]! : -1;
    if (length < 0) return false;
    this.lengths[doc] = -1;
    this.wasted += length;
    return true;
  }

  /** Copies the lists together into an array with a sixteenth to spare: after a load, when no more come soon. */
  trim(): void {
    const live = this.used - this.wasted;
    const capacity = Math.max(1024, live + (live >> 4));
    if (capacity < this.cells.length) this.copyTogether(capacity);
  }

  private growDocs(size: number): void {
    const capacity = Math.max(size, this.lengths.length * 2, 1024);
    const starts = new Int32Array(capacity);
    const lengths = new Int32Array(capacity).fill(-1);
    starts.set(this.starts);
    lengths.set(this.lengths);
    this.starts = starts;
    this.lengths = lengths;
  }

  /**
   * Room for `more` cells at the end: a larger array while few cells are wasted, otherwise the live lists copied
   * together (into a smaller array, when many lists went).
   */
  private makeRoom(more: number): void {
    if (this.wasted * 2 < this.used) {
      const grown = new Int32Array(Math.max(this.cells.length + (this.cells.length >> 2), this.used + more));
      grown.set(this.cells.subarray(0, this.used));
      this.cells = grown;
      return;
    }
    const needed = this.used - this.wasted + more;
    this.copyTogether(Math.max(1024, needed + (needed >> 2)));
  }

  private copyTogether(capacity: number): void {
    const cells = new Int32Array(capacity);
    let at = 0;
    for (let doc = 0; doc < this.lengths.length; doc++) {
      const length = this.lengths[doc]!;
      if (length < 0) continue;
      const start = this.starts[doc]!;
      cells.set(this.cells.subarray(start, start + length), at);
      this.starts[doc] = at;
      at += length;
    }
    this.cells = cells;
    this.used = at;
    this.wasted = 0;
  }
}
