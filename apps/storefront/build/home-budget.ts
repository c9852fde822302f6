import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

interface Chunk {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: string[];
  facadeModuleId: string | null;
}
type Output = Record<string, { type: 'chunk' | 'asset' }>;

const gzipBytes = (code: string) => gzipSync(code, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function chunksOf(bundle: Output): Chunk[] {
  return Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk');
}

/** `roots` and every chunk they import statically, each once. */
export function withStaticImports(chunks: Chunk[], roots: Chunk[]): Chunk[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Map<string, Chunk>();
  const visit = (chunk: Chunk | undefined) => {
    if (!chunk || seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const next of chunk.imports) visit(byName.get(next));
  };
  roots.forEach(visit);
  return [...seen.values()];
}

const sum = (chunks: Chunk[]) => chunks.reduce((total, chunk) => total + gzipBytes(chunk.code), 0);

interface BudgetOptions {
  limitBytes: number;
  /** The home page's module, loaded lazily right after start-up. */
  homePage: RegExp;
  /** The locale catalogs, one of which is loaded at start-up. */
  catalogs: RegExp;
}

/**
 * Prints the home route's initial JavaScript (the entry chunk and its static imports, loaded before any lazy
 * route) in gzip bytes, and fails the build above the limit. Also prints what the home page needs in all: its
 * own chunk and imports plus the largest locale catalog.
 */
export function homeBudget({ limitBytes, homePage, catalogs }: BudgetOptions): Plugin {
  return {
    name: 'shop:home-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle as Output);
      const initial = withStaticImports(
        chunks,
        chunks.filter((chunk) => chunk.isEntry),
      );
      const initialBytes = sum(initial);
      const page = chunks.filter((chunk) => chunk.facadeModuleId && homePage.test(chunk.facadeModuleId));
      const pageChunks = withStaticImports(chunks, page).filter((chunk) => !initial.includes(chunk));
      const catalogBytes = Math.max(
        0,
        ...chunks
          .filter((chunk) => chunk.facadeModuleId && catalogs.test(chunk.facadeModuleId))
          .map((chunk) => gzipBytes(chunk.code)),
      );
      const fullBytes = initialBytes + sum(pageChunks) + catalogBytes;

      this.info(
        `home route initial JavaScript: ${initialBytes} bytes gzip (${kb(initialBytes)}, limit ${kb(limitBytes)}): ` +
          initial.map((c) => `${c.fileName} ${kb(gzipBytes(c.code))}`).join(', '),
      );
      this.info(
        `home route with its page chunk and largest catalog: ${fullBytes} bytes gzip (${kb(fullBytes)})`,
      );
      if (page.length === 0) this.error('home page chunk not found: check the homeBudget homePage pattern');
      if (initialBytes > limitBytes) {
        this.error(
          `home route initial JavaScript is ${kb(initialBytes)} gzip, above the ${kb(limitBytes)} budget`,
        );
      }
    },
  };
}
