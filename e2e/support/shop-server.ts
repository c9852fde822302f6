import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keepOnlyShopMarket } from './markets.ts';

export interface RunningShop {
  baseUrl: string;
  stop: () => Promise<void>;
}

const root = new URL('../..', import.meta.url).pathname;

/** A free TCP port on 127.0.0.1, chosen by the kernel. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * The builds the shop serves: `STOREFRONT_DIST` and `ADMIN_DIST` from the environment when set, so an engineer
 * can test a private build (`npx vite build --outDir /tmp/…`) without touching anyone else's `dist`.
 */
function distDirs(): Record<string, string> {
  const dirs: Record<string, string> = {};
  if (process.env.STOREFRONT_DIST) dirs.STOREFRONT_DIST = process.env.STOREFRONT_DIST;
  if (process.env.ADMIN_DIST) dirs.ADMIN_DIST = process.env.ADMIN_DIST;
  return dirs;
}

/**
 * Starts the real shop exactly as `npm start` serves it (built storefront and back office, migrated and seeded
 * PGlite in a fresh data directory) on a free port, and waits until it is ready.
 */
export async function startShop(
  env: Record<string, string> = {},
  { demoMarkets = false }: { demoMarkets?: boolean } = {},
): Promise<RunningShop> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // As behind a reverse proxy on the same machine: each test shopper says its own address in
      // X-Forwarded-For (see `shopperAddress`), so per-address limits count per shopper, as in real life,
      // instead of the whole suite spending one allowance from 127.0.0.1.
      TRUST_PROXY: 'loopback',
      ...distDirs(),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`shop exited with ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('shop did not become ready within 90 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  // The demo's markets price São Paulo orders in reais with ICMS; the suite's tests read dollars off the SKUs
  // (e2e/support/markets.ts). The admin of `env` removes them, unless the test is about markets.
  if (!demoMarkets && env.ADMIN_EMAIL) await keepOnlyShopMarket(baseUrl);
  return {
    baseUrl,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A client address for one test shopper, sent as X-Forwarded-For: the e2e shop trusts its loopback proxy and keys
 * its limits on this address. Random in 10.0.0.0/8 because test files run in separate module scopes (a counter would
 * restart in each); two shoppers of one run share an address about once in 16 million.
 */
export function shopperAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`;
}
