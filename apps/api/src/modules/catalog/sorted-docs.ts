const NO_CELLS = new Int32Array(0);

/**
 * A sorted set of document numbers in a typed array with room to grow: the goods of a word. Typed, because the
 * 6 million entries of 100 000 goods' words held as JS arrays took 47 MB more of the heap (8 bytes each) and every
 * full collection read them all; a typed array's contents are not the collector's business.
 */
export class SortedDocs {
  private cells = NO_CELLS;
  length = 0;

  /** The numbers in ascending order: a view, valid until the next change. */
  view(): Int32Array {
    return this.cells.subarray(0, this.length);
  }

  insert(value: number): void {
    let at = this.length;
    if (at > 0 && this.cells[at - 1]! >= value) {
      at = this.lowerBound(value);
      if (this.cells[at] === value) return;
    }
    if (this.length === this.cells.length) {
      const grown = new Int32Array(Math.max(4, this.cells.length * 2));
      grown.set(this.cells);
      this.cells = grown;
    }
    this.cells.copyWithin(at + 1, at, this.length);
    this.cells[at] = value;
    this.length++;
  }

  remove(value: number): void {
    const at = this.lowerBound(value);
    if (at >= this.length || this.cells[at] !== value) return;
    this.cells.copyWithin(at, at + 1, this.length);
    this.length--;
  }

  /** Gives back the room kept for growth: after a whole catalog was read, most lists have all they will get. */
  trim(): void {
    if (this.cells.length > this.length)
      this.cells = this.length === 0 ? NO_CELLS : this.cells.slice(0, this.length);
  }

  private lowerBound(value: number): number {
    let low = 0;
    let high = this.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.cells[mid]! < value) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
