import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bootScript } from './build/boot-script.ts';
import { homeBudget } from './build/home-budget.ts';
import { precompileMessages } from './build/precompile-messages.ts';
import { precompress } from './build/precompress.ts';

const API_ORIGIN = 'http://127.0.0.1:3000';

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [
    react(),
    precompileMessages(),
    homeBudget({
      limitBytes: 120 * 1024,
      homePage: /\/src\/pages\/home\/home-page\.tsx$/,
      catalogs: /\/src\/i18n\/messages\/[^/]+\.json$/,
    }),
    bootScript({ mapId: 'boot-chunks' }),
    precompress(),
  ],
  resolve: {
    // Messages arrive precompiled (see build/precompile-messages.ts), so react-intl needs no parser.
    alias: [
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // Every browser the shop supports understands <link rel=modulepreload>.
    modulePreload: { polyfill: false },
    target: 'es2022',
    rolldownOptions: {
      input: {
        index: `${import.meta.dirname}/index.html`,
        boot: `${import.meta.dirname}/src/boot.ts`,
      },
      output: {
        // Few requests on a slow link (HTTP/1.1 opens six at a time): everything start-up needs in one chunk
        // beside the entry, and what several pages share in one chunk, rather than many of a few hundred bytes.
        codeSplitting: {
          groups: [
            // The boot script stays its own tiny chunk, so it runs before the bundle has arrived.
            { name: 'app', tags: ['$initial'], test: (id) => !id.endsWith('/src/boot.ts'), priority: 2 },
            {
              // The account forms' validation (zod, phone numbers) stays with the account pages.
              name: 'shared',
              test: (id) =>
                (/[\\/]src[\\/](components|features)[\\/]/.test(id) && !/[\\/]account[\\/]/.test(id)) ||
                /[\\/]node_modules[\\/]@tanstack[\\/]/.test(id),
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
      treeshake: {
        // Contract modules build zod schemas at the top level; building one has no side effects, and saying
        // so keeps zod out of pages that only import the contract's plain helpers (`AppError`, locales).
        manualPureFunctions: ['z'],
      },
    },
  },
  server: {
    proxy: {
      '/v1': API_ORIGIN,
      '/media': API_ORIGIN,
    },
  },
});
