import { createHash } from 'node:crypto';

/**
 * Repeatable randomness for the demo data: the same install, test run or screenshot always sees the same numbers.
 * Each stream is seeded from a name, so adding a goods to the catalog does not reshuffle the others.
 */
export function randomStream(name: string): () => number {
  // mulberry32: tiny, fast and well distributed enough for picking demo stock levels.
  let state = createHash('sha256').update(name).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer from `min` to `max`, both included. */
export function randomInt(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function pickOne<T>(random: () => number, items: readonly [T, ...T[]]): T {
  return items[Math.floor(random() * items.length)] ?? items[0];
}

/**
 * A UUID derived from a name (version 8, the RFC 9562 layout for custom schemes): a demo row has the same id on
 * every install, so links in banners and facts in tests can name it.
 */
export function stableUuid(name: string): string {
  const bytes = createHash('sha256').update(`shop-seed:${name}`).digest();
  const hex = Buffer.from([
    ...bytes.subarray(0, 6),
    ((bytes[6] ?? 0) & 0x0f) | 0x80,
    bytes[7] ?? 0,
    ((bytes[8] ?? 0) & 0x3f) | 0x80,
    ...bytes.subarray(9, 16),
  ]).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function inChunks<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
