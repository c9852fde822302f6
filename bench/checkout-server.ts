/**
 * The shop for `bench/checkout.ts`, in its own process: unlike `shop-server.ts` it neither creates nor seeds
 * a database but opens the one the parent prepared (shoppers, addresses, stock), and only closes it on the
 * way out, so that the parent can then count the orders in it. PGlite admits one process at a time, which is
 * why preparing, serving and checking take turns rather than overlap.
 */
import { fileURLToPath } from 'node:url';
import { buildApp } from '@shop/api';
import { createDb } from '@shop/db';
import { receiveFromParent, serveUntilParentLeaves } from './ipc.ts';

/** The first message from `checkout.ts`: which database to serve. */
export interface CheckoutServerSetup {
  databaseUrl: string | undefined;
  dataDir: string;
}

/** The storefront the real server would serve; it does not touch the API routes being measured. */
const storefrontDist = fileURLToPath(new URL('../apps/storefront/dist', import.meta.url));

const setup = await receiveFromParent<CheckoutServerSetup>();
const database = await createDb(setup);
try {
  const app = await buildApp({ logLevel: 'warn', storefrontDist }, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  serveUntilParentLeaves(app.server, async () => {
    await app.close();
    await database.close();
  });
} catch (error) {
  await database.close();
  throw error;
}
