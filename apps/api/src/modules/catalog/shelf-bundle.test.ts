import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { removeOldBundles } from './shelf-bundle.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the shelf thread's bundles", () => {
  it('are removed once another version has been made and they went unused for a day', () => {
    dir = mkdtempSync(join(tmpdir(), 'shelf-bundles-'));
    const file = (name: string, ageHours: number) => {
      const path = join(dir, name);
      writeFileSync(path, 'export {};');
      const at = new Date(Date.now() - ageHours * 3_600_000);
      utimesSync(path, at, at);
      return path;
    };
    const current = file('shelf-worker-aaaaaaaaaaaaaaaa.mjs', 0);
    const stale = file('shelf-worker-bbbbbbbbbbbbbbbb.mjs', 30);
    const halfWritten = file('shelf-worker-cccccccccccccccc.mjs.4242.x1y2', 48);
    const recent = file('shelf-worker-dddddddddddddddd.mjs', 2);
    const unrelated = file('other-tool-cache.json', 72);

    removeOldBundles(pathToFileURL(`${dir}/`), 'shelf-worker-aaaaaaaaaaaaaaaa.mjs');

    expect(existsSync(current)).toBe(true);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(halfWritten)).toBe(false);
    // Another version used in the last day may belong to a shop still running: its thread may start again.
    expect(existsSync(recent)).toBe(true);
    expect(existsSync(unrelated)).toBe(true);
  });
});
