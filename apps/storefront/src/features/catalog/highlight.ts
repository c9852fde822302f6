/** A stretch of a goods name, marked when it matched a word of the shopper's keyword. */
export interface NamePart {
  text: string;
  marked: boolean;
}

/**
 * The name cut at the API's `highlights` ([start, end) UTF-16 offsets). Ranges that are out of bounds, empty,
 * overlapping or out of order are clipped or skipped rather than trusted, so a stale or odd reply never garbles
 * the name: joined, the parts are always the name itself.
 */
export function highlightParts(
  name: string,
  highlights: readonly (readonly [number, number])[] = [],
): NamePart[] {
  const parts: NamePart[] = [];
  let at = 0;
  for (const [rawStart, rawEnd] of highlights) {
    const start = Math.max(at, Math.min(rawStart, name.length));
    const end = Math.min(rawEnd, name.length);
    if (end <= start) continue;
    if (start > at) parts.push({ text: name.slice(at, start), marked: false });
    parts.push({ text: name.slice(start, end), marked: true });
    at = end;
  }
  if (at < name.length || parts.length === 0) parts.push({ text: name.slice(at), marked: false });
  return parts;
}
