import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
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

/**
 * The file the shelf's thread starts from: shelf-worker.ts with the shop's modules it imports bundled into one
 * JavaScript file by esbuild, made once per process (a few hundred milliseconds) and named by its content, so
 * processes starting together write the same file. Loading that took 0.6 s, where the TypeScript through tsx's
 * hooks took 2.3–2.9 s (hundreds of modules resolved one by one through tsx's loader thread) at every start of
 * the shop and of every test's shop. When it cannot be made, the thread starts from the TypeScript.
 */
export function shelfWorkerUrl(): URL {
  if (made) return made;
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
    if (!existsSync(file)) {
      mkdirSync(CACHE_DIR, { recursive: true });
      const partial = new URL(`${name}.${process.pid}.${Math.random().toString(36).slice(2)}`, CACHE_DIR);
      writeFileSync(partial, output);
      renameSync(partial, file);
    }
    made = file;
  } catch {
    made = BOOT;
  }
  return made;
}
