import { describe, expect, it } from 'vitest';
import { diffEntries, flatten } from './diff.ts';

describe('the audit log diff', () => {
  it('flattens nested values to dotted paths', () => {
    expect([...flatten({ a: 1, b: { c: 'x', d: [1, 2] }, e: {}, f: null })]).toEqual([
      ['a', '1'],
      ['b.c', 'x'],
      ['b.d.0', '1'],
      ['b.d.1', '2'],
      ['e', '{}'],
      ['f', 'null'],
    ]);
  });

  it('lists changed fields first, then the unchanged ones', () => {
    const rows = diffEntries({ role: 'staff', disabled: false }, { role: 'admin', disabled: false });
    expect(rows).toEqual([
      { path: 'role', before: 'staff', after: 'admin', changed: true },
      { path: 'disabled', before: 'false', after: 'false', changed: false },
    ]);
  });

  it('shows a creation as fields that had no value before', () => {
    expect(diffEntries(null, { name: 'Tea' })).toEqual([
      { path: 'name', before: undefined, after: 'Tea', changed: true },
    ]);
    expect(diffEntries(null, null)).toEqual([]);
  });
});
