import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

/** The shelf's thread in TypeScript, started through tsx (shelf-worker-boot.mjs): the fallback. */
const BOOT = new URL('./shelf-worker-boot.mjs', import.meta.url);
/**
 * Where the bundle is written: the repository's node_modules/.cache, so that the packages it imports resolve
 * from there as the shop's own files' do.
 */
const CACHE_DIR = new URL('../../../../../node_modules/.cache/shop/', import.meta.url);

/** The shop's own packages (TypeScript) go into the bundle; every other package stays an import. */
const OWN_PACKAGES = {
  '@shop/contract': fileURLToPath(new URL('../../../../../packages/contract/src/index.ts', import.meta.url)),
  '@shop/db': fileURLToPath(new URL('../../../../../packages/db/src/index.ts', import.meta.url)),
};

let made: URL | undefined;

/** Bundles of other versions of the thread's code untouched for this long are removed when one is made. */
const KEEP_OTHER_BUNDLES_MS = 24 * 60 * 60 * 1000;

/**
 * The file the shelf's thread starts from: shelf-worker.ts with the shop's modules it imports bundled into one
 * JavaScript file by esbuild, made once per process (a few hundred milliseconds) and named by its content, so
 * processes starting together write the same file. Loading that took 0.6 s, where the TypeScript through tsx's
 * hooks took 2.3–2.9 s (hundreds of modules resolved one by one through tsx's loader thread) at every start of
 * the shop and of every test's shop. When it cannot be made, the thread starts from the TypeScript. Bundles of
 * other versions left for a day are removed; a process whose bundle went (a thread restarted later) makes it again.
 */
export function shelfWorkerUrl(): URL {
  if (made && (made === BOOT || existsSync(made))) return made;
  try {
    const output = buildSync({
      entryPoints: [fileURLToPath(new URL('./shelf-worker.ts', import.meta.url))],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      write: false,
      logLevel: 'silent',
      alias: OWN_PACKAGES,
      packages: 'external',
    }).outputFiles[0]!.contents;
    const name = `shelf-worker-${createHash('sha1').update(output).digest('hex').slice(0, 16)}.mjs`;
    const file = new URL(name, CACHE_DIR);
    if (existsSync(file)) {
      const now = new Date();
      utimesSync(file, now, now);
    } else {
      mkdirSync(CACHE_DIR, { recursive: true });
      const partial = new URL(`${name}.${process.pid}.${Math.random().toString(36).slice(2)}`, CACHE_DIR);
      writeFileSync(partial, output);
      renameSync(partial, file);
      removeOldBundles(CACHE_DIR, name);
    }
    made = file;
  } catch {
    made = BOOT;
  }
  return made;
}

/**
 * Removes from `dir` the bundles (and half-written ones) other than `current` not used for a day
 * (`KEEP_OTHER_BUNDLES_MS`): each version of the thread's code leaves one, and nothing else would remove them.
 */
export function removeOldBundles(dir: URL, current: string): void {
  const before = Date.now() - KEEP_OTHER_BUNDLES_MS;
  for (const name of readdirSync(dir)) {
    if (name === current || !name.startsWith('shelf-worker-')) continue;
    const file = new URL(name, dir);
    try {
      if (statSync(file).mtimeMs < before) rmSync(file, { force: true });
    } catch {
      // Removed by another process meanwhile.
    }
  }
}
