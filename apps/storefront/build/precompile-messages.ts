import { readFile } from 'node:fs/promises';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const CATALOG = /\/src\/i18n\/messages\/[^/]+\.json$/;

/**
 * Compiles the ICU catalogs to message ASTs while bundling, so the browser never parses a message and the ICU
 * parser (about a third of react-intl's weight) is left out: the app aliases it to its `no-parser` build. A
 * malformed message fails the build with its id.
 */
export function precompileMessages(): Plugin {
  return {
    name: 'shop:precompile-messages',
    enforce: 'pre',
    async load(id) {
      if (!CATALOG.test(id)) return null;
      const catalog = JSON.parse(await readFile(id, 'utf8')) as Record<string, string>;
      const compiled: Record<string, unknown> = {};
      for (const [key, message] of Object.entries(catalog)) {
        try {
          compiled[key] = parse(message);
        } catch (error) {
          this.error(`${id}: message "${key}" is not valid ICU: ${String(error)}`);
        }
      }
      // Still JSON: Vite's JSON plugin turns it into a module as it does the source file.
      return JSON.stringify(compiled);
    },
  };
}
