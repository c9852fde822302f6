import { defineConfig } from 'vitest/config';

/**
 * `unit`: pure code. `storefront` and `admin`: the two apps' code in happy-dom. `db`: data layer and API against
 * a real database, run once per engine by scripts/test-api.sh (TEST_DB=pglite|postgres). `e2e`: the built shop
 * in Chromium, run by scripts/test-e2e.sh.
 */
export default defineConfig({
  test: {
    pool: 'threads',
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/contract/src/**/*.test.ts', 'packages/api-client/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'storefront',
          include: ['apps/storefront/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        test: {
          name: 'admin',
          include: ['apps/admin/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        test: {
          name: 'db',
          include: ['packages/db/src/**/*.test.ts', 'apps/api/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // Within a file, the tests marked concurrent (pages checked side by side, each in its own tab) run this
          // many at a time: Chromium renders several pages at once while one waits for the network or the server.
          maxConcurrency: 4,
          // A browser test that fails is run once more: a real fault fails twice, while a race with the machine's
          // load (seen: an antd spinner left behind, a lazy image fetched early) passes the second time. The
          // reporter marks such a test "(retry x1)", so a flaky test stays visible in CI's log.
          retry: 1,
        },
      },
    ],
  },
});
