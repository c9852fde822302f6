/** Keys remembered by default: 256 KB. */
const SEEN_SLOTS = 65_536;

/**
 * Remembers, in a fixed table, the keys asked for lately, so that a cache keeps an entry only when it is asked for
 * a second time (a "doorkeeper", as in TinyLFU): most keyword searches are asked once (every letter typed is a new
 * URL), and keeping each one churned the caches through the old generation, whose collections slowed every reply.
 * A key is a slot by its hash: a newer key in the same slot pushes the older one out, so the table holds about
 * the last `size` keys (at a thousand new searches a second, the last minute's) in 4 bytes each.
 */
export class SeenKeys {
  private readonly slots: Int32Array;

  /** `size`: a power of two. */
  constructor(size = SEEN_SLOTS) {
    this.slots = new Int32Array(size);
  }

  /** Whether `key` was seen before (since it was last pushed out); notes it as seen either way. */
  seenBefore(key: string): boolean {
    // FNV-1a over the UTF-16 units; 0 marks an empty slot, so a hash of 0 is counted as 1.
    let hash = 0x811c9dc5 | 0;
    for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
    hash ||= 1;
    const slot = hash & (this.slots.length - 1);
    if (this.slots[slot] === hash) return true;
    this.slots[slot] = hash;
    return false;
  }
}
