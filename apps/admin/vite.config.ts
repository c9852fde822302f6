import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// One definition of the build's .gz/.br copies for both apps (the API sends them as they are).
import { precompress } from '../storefront/build/precompress.ts';

const API_ORIGIN = 'http://127.0.0.1:3000';

/**
 * Replaced by the API with a fresh nonce on every response of index.html (apps/api/src/plugins/admin-app.ts).
 * Vite writes it on its <script>/<link> tags and in `<meta property="csp-nonce">`, where the app reads it and
 * hands it to antd, whose styles are injected at run time (see src/app/csp-nonce.ts).
 */
export const CSP_NONCE_PLACEHOLDER = '__ADMIN_CSP_NONCE__';

export default defineConfig({
  root: import.meta.dirname,
  base: '/admin/',
  plugins: [react(), precompress()],
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    modulePreload: { polyfill: false },
    target: 'es2022',
    // antd and ProComponents are large by nature; each page is its own chunk (src/routes.tsx), so the warning
    // would only repeat what the report of sizes already says.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // One chunk of texts per locale, whatever the number of areas (src/locales/<area>/<locale>.ts).
            ...['en-US', 'pt-BR', 'zh-CN', 'zh-TW'].map((locale) => ({
              name: `messages-${locale}`,
              test: new RegExp(`[\\\\/]src[\\\\/]locales[\\\\/][^\\\\/]+[\\\\/]${locale}\\.ts$`),
              priority: 3,
            })),
          ],
        },
      },
      treeshake: {
        // Contract modules build zod schemas at the top level with no side effects (as in the storefront).
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
