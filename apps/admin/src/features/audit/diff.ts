/** One field of an audit entry: its dotted path and its value before and after, as display text. */
export interface DiffRow {
  path: string;
  before: string | undefined;
  after: string | undefined;
  changed: boolean;
}

function display(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Leaves of a JSON value by dotted path (`skus.0.price`); empty objects and arrays count as leaves. */
export function flatten(value: unknown, prefix = '', into = new Map<string, string>()): Map<string, string> {
  if (value !== null && typeof value === 'object' && Object.keys(value).length > 0) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  } else if (value !== undefined) {
    into.set(prefix || '(value)', display(value));
  }
  return into;
}

/**
 * The before/after view of an audit entry: every field of either side, changed ones first (in path order), then
 * the unchanged ones. A side that is null (a creation, a deletion) shows as absent.
 */
export function diffEntries(before: unknown, after: unknown): DiffRow[] {
  const old = before === null || before === undefined ? new Map<string, string>() : flatten(before);
  const now = after === null || after === undefined ? new Map<string, string>() : flatten(after);
  const paths = [...new Set([...old.keys(), ...now.keys()])].sort();
  const rows = paths.map((path) => {
    const a = old.get(path);
    const b = now.get(path);
    return { path, before: a, after: b, changed: a !== b };
  });
  return [...rows.filter((row) => row.changed), ...rows.filter((row) => !row.changed)];
}
