import type { Plugin } from 'vite';
import { withStaticImports } from './home-budget.ts';

interface Chunk {
  type: 'chunk';
  fileName: string;
  name: string;
  code: string;
  isEntry: boolean;
  imports: string[];
  facadeModuleId: string | null;
}
type Output = Record<string, { type: 'chunk' | 'asset' }>;

const PAGE = /\/src\/pages\/([^/]+)\/\1-page\.tsx$/;
const CATALOG = /\/src\/i18n\/messages\/([^/]+)\.json$/;

/**
 * Puts the `boot` entry (src/boot.ts) into index.html as its own async module script ahead of the app's entry,
 * with the map it preloads from: each page's chunks (beyond those every page loads) and each locale's catalog.
 * Vite would merge a second module script of the page into the app's entry, where it would wait for the whole
 * bundle, so the entry is declared in the build's `input` and its tag written here.
 */
export function bootScript({ mapId }: { mapId: string }): Plugin {
  return {
    name: 'shop:boot-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunks = Object.values((bundle ?? {}) as Output).filter(
          (item): item is Chunk => item.type === 'chunk',
        );
        const boot = chunks.find((chunk) => chunk.isEntry && chunk.name === 'boot');
        if (!boot) throw new Error('shop:boot-script: no `boot` entry chunk in the bundle');
        const initial = new Set(
          withStaticImports(
            chunks,
            chunks.filter((chunk) => chunk.isEntry),
          ).map((chunk) => chunk.fileName),
        );
        const url = (chunk: { fileName: string }) => `/${chunk.fileName}`;
        const pages: Record<string, string[]> = {};
        const catalogs: Record<string, string> = {};
        for (const chunk of chunks) {
          const page = chunk.facadeModuleId?.match(PAGE)?.[1];
          const catalog = chunk.facadeModuleId?.match(CATALOG)?.[1];
          if (page) {
            pages[page] = withStaticImports(chunks, [chunk])
              .filter((needed) => !initial.has(needed.fileName))
              .map(url);
          }
          if (catalog) catalogs[catalog] = url(chunk);
        }
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: mapId },
            children: JSON.stringify({ pages, catalogs }).replace(/</g, '\\u003c'),
            injectTo: 'head-prepend',
          },
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src: url(boot) },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}
