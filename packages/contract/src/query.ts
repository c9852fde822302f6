/** The spec's query parser limits, used by the server's `qs` parser. */
export const QUERY_LIMITS = { parameterLimit: 1000, depth: 5, arrayLimit: 20 } as const;

/**
 * The spec's helper: reads `key=value` pairs after a leading character (`?` or `#`) into an object.
 * Repeated keys keep the last value; keys without `=` map to ''.
 */
export function parseQueryString(search: string): Record<string, string> {
  const body = search.startsWith('?') || search.startsWith('#') ? search.slice(1) : search;
  const result: Record<string, string> = {};
  for (const pair of body.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = eq === -1 ? pair : pair.slice(0, eq);
    const value = eq === -1 ? '' : pair.slice(eq + 1);
    result[decodeComponent(key)] = decodeComponent(value);
  }
  return result;
}

function decodeComponent(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/**
 * The spec's path helper: appends `.html` to a path that does not end in `/` or `.html`, keeping any query
 * string (and hash) as they were.
 */
export function toHtmlPath(path: string): string {
  const cut = path.search(/[?#]/);
  const pathname = cut === -1 ? path : path.slice(0, cut);
  const rest = cut === -1 ? '' : path.slice(cut);
  if (pathname === '' || pathname.endsWith('/') || pathname.endsWith('.html')) return path;
  return `${pathname}.html${rest}`;
}
