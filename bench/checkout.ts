/**
 * `node --import tsx bench/checkout.ts`: logins and checkouts under load, on a throw-away database.
 *
 * 1. Login: shoppers log in (POST /v1/home/users/login) from `BENCH_LOGIN_CONNECTIONS` connections; each
 *    login checks an argon2id hash, so the figures are set against the time of one hash on this machine,
 *    measured here first. Only correct passwords are sent: wrong ones are limited to 10 a minute per IP.
 * 2. Checkout: shoppers, each with the session cookie of a login, preview then place an order for one unit
 *    of a SKU with stock no run can exhaust (a fresh Idempotency-Key per order) from
 *    `BENCH_CHECKOUT_CONNECTIONS` connections. Afterwards every 201 must be an order in the database and
 *    each SKU's stock, and its goods', must have gone down by exactly the units ordered.
 *
 * The database is prepared before the shop starts (PGlite admits one process at a time): the demo shop as
 * `server.ts` seeds it, `BENCH_CHECKOUT_SHOPPERS` activated shoppers with a default address, and
 * `BENCH_CHECKOUT_SKUS` SKUs (of different goods) with huge stock. The shop then runs in its own process
 * (`checkout-server.ts`), as in `run.ts`, so its CPU time can be told from the load generator's
 * (`checkout-load.ts`, which explains why it is not autocannon). The machine is shared: CPU time per
 * operation is the figure to compare between runs; the load average is recorded with each scenario.
 *
 * Environment: BENCH_SECONDS (measured seconds per scenario, default 5), BENCH_CHECKOUT_SHOPPERS (200),
 * BENCH_LOGIN_CONNECTIONS (20), BENCH_CHECKOUT_CONNECTIONS (40), BENCH_CHECKOUT_SKUS (8), and
 * BENCH_DATABASE_URL=postgres://… to use a throw-away bench_<random> database on that server instead of
 * PGlite (dropped afterwards), BENCH_CPU_PROFILE=1 to write the shop's V8 CPU profile to
 * bench/results/profiles/checkout-<engine>/ (slower: not a run to record). bench/results/checkout-latest.json
 * keeps the last run of each engine.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { hashPassword, verifyPassword } from '../apps/api/src/modules/accounts/passwords.ts';
import {
  prepareFixture,
  SHOPPER_PASSWORD,
  type BenchShopper,
  type CheckoutFixture,
  type PlacedOrder,
  type Verification,
} from './checkout-fixture.ts';
import { BackendCpu, cpuBetween } from './checkout-pg-cpu.ts';
import { Client, forEach, latencyOf, runFor, type Latency, type Reply } from './checkout-load.ts';
import type { CheckoutServerSetup } from './checkout-server.ts';
import { forkServer } from './ipc.ts';
import { percent, printTable, at, positiveIntegerFromEnv } from './report.ts';

const WARMUP_SECONDS = 2;
const HASH_RUNS = 10;

const seconds = positiveIntegerFromEnv('BENCH_SECONDS', 5);
const shopperCount = positiveIntegerFromEnv('BENCH_CHECKOUT_SHOPPERS', 200);
const loginConnections = positiveIntegerFromEnv('BENCH_LOGIN_CONNECTIONS', 20);
const checkoutConnections = positiveIntegerFromEnv('BENCH_CHECKOUT_CONNECTIONS', 40);
const skuCount = positiveIntegerFromEnv('BENCH_CHECKOUT_SKUS', 8);
const serverUrl = process.env.BENCH_DATABASE_URL || undefined;
const engine = serverUrl ? 'postgres' : 'pglite';
const profile = process.env.BENCH_CPU_PROFILE === '1';
const resultsDir = new URL('results/', import.meta.url);
const resultsFile = new URL('checkout-latest.json', resultsDir);

interface Scenario {
  connections: number;
  /** Logins, or checkouts (preview + place order), completed in the measured run. */
  operations: number;
  perSecond: number;
  /** Of one login, or of one whole checkout (both requests). */
  latency: Latency;
  /** The shop process's user + system CPU time (all its threads: argon2 runs on libuv's) per operation. */
  serverCpuMsPerOperation: number;
  /**
   * PostgreSQL's backends' CPU time per operation; null on PGlite (its work is in the shop's process) or on
   * a server elsewhere.
   */
  databaseCpuMsPerOperation: number | null;
  /** This process's CPU time over the run, as a share of one core: near 100 % would make it the limit. */
  loadGeneratorCpuPercent: number;
  /** One-minute load average when the scenario started. */
  loadAverage: number;
}

interface CheckoutScenario extends Scenario {
  previewLatency: Latency;
  placeOrderLatency: Latency;
  /** Orders placed in the warm-up, which the database check counts too. */
  warmupOrders: number;
}

interface BenchServer {
  port: number;
  cpuMicros(): Promise<number>;
  /** The database's processes, when they are not the shop's and can be watched. */
  backends: BackendCpu | undefined;
  stop(): Promise<void>;
}

const machine = {
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  cpuCount: os.cpus().length,
  totalMemoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
  os: `${os.type()} ${os.release()} ${os.arch()}`,
  node: process.version,
};
console.log(
  `Login and checkout on ${engine} — ${machine.cpuModel} ×${machine.cpuCount}, ${machine.totalMemoryGiB} GiB, ` +
    `Node ${machine.node}; ${WARMUP_SECONDS} s warm-up + ${seconds} s per scenario, ${shopperCount} shoppers; ` +
    `load average ${loadAverage()}`,
);

// Timed here, before the shop starts, so that nothing else of the bench competes with the hashes.
const argon2 = await timeArgon2();
const ceiling = (machine.cpuCount * 1000) / argon2.verify.cpuMs;
console.log(
  `Password hashes: ${argon2.algorithm} v=${argon2.version} ${argon2.params}; median of ${HASH_RUNS}: ` +
    `hash ${argon2.hash.cpuMs} ms CPU (${argon2.hash.wallMs} ms wall), verify ${argon2.verify.cpuMs} ms CPU ` +
    `(${argon2.verify.wallMs} ms wall) → at most ≈ ${Math.round(ceiling)} logins/s on ${machine.cpuCount} cores`,
);

const fixture = await prepareFixture(serverUrl, shopperCount, skuCount);
let results: { login: Scenario; checkout: CheckoutScenario; verification: Verification };
let backends: BackendCpu | undefined;
let server: BenchServer | undefined;
// An interrupt would skip the `finally` below: the shop is stopped first (so that it does not answer from a
// database being deleted), then no scratch database or directory is left behind.
process.once('SIGINT', () => {
  void Promise.resolve(server?.stop())
    .catch(() => undefined)
    .then(() => fixture.discard())
    .finally(() => process.exit(130));
});
try {
  if (serverUrl && fixture.databaseName) backends = await BackendCpu.open(serverUrl, fixture.databaseName);
  server = await startServer(fixture.setup, backends);
  let measured: { login: Scenario; checkout: CheckoutScenario; placed: PlacedOrder[] };
  try {
    const loginRun = await measureLogin(server, fixture.shoppers);
    const checkoutRun = await measureCheckout(server, fixture, loginRun.cookies);
    measured = { login: loginRun.figures, ...checkoutRun };
  } finally {
    await server.stop();
  }
  const verification = await fixture.verify(measured.placed);
  console.log(
    `Verified: all ${verification.orders} orders answered 201 are in the database, and no others; stock down ` +
      `by exactly the units ordered (${verification.skus.map((sku) => sku.skuStockDrop).join(' + ')} over ` +
      `${verification.skus.length} SKUs, their goods likewise).`,
  );
  results = { login: measured.login, checkout: measured.checkout, verification };
} finally {
  await backends?.close();
  await fixture.discard();
}

const { login, checkout } = results;
printTable(
  [
    'scenario',
    'engine',
    'conns',
    'ops/s',
    'p50 ms',
    'p90 ms',
    'p99 ms',
    'max ms',
    'server CPU ms/op',
    'DB CPU ms/op',
    'load gen CPU',
    'load avg',
  ],
  [
    ['login', engine, ...scenarioColumns(login, login.latency)],
    ['checkout (preview + place)', engine, ...scenarioColumns(checkout, checkout.latency)],
    ['  preview request', '', '', '', ...latencyColumns(checkout.previewLatency)],
    ['  place-order request', '', '', '', ...latencyColumns(checkout.placeOrderLatency)],
  ],
);
console.log(
  `\nLogins reach ${percent(login.perSecond / ceiling)} of the argon2id ceiling; server CPU per login is ` +
    `${(login.serverCpuMsPerOperation / argon2.verify.cpuMs).toFixed(1)}× the CPU of one verify.`,
);

await mkdir(resultsDir, { recursive: true });
const previous = await readFile(resultsFile, 'utf8').then(
  (text) => JSON.parse(text) as Record<string, unknown>,
  () => ({}),
);
await writeFile(
  resultsFile,
  `${JSON.stringify(
    {
      ...previous,
      [engine]: {
        date: new Date().toISOString(),
        engine,
        machine,
        settings: {
          warmupSeconds: WARMUP_SECONDS,
          seconds,
          shoppers: shopperCount,
          skus: skuCount,
          loginConnections,
          checkoutConnections,
        },
        argon2: { ...argon2, loginsPerSecondCeiling: Math.round(ceiling) },
        ...results,
      },
    },
    null,
    2,
  )}\n`,
);
console.log(`Figures written to ${resultsFile.pathname} (under "${engine}")`);

/**
 * Median time of hashing and of verifying one password, and the parameters the shop's hashes carry. The
 * CPU time is the steady figure: on a busy machine the wall time includes waiting for a core. This process
 * does nothing else meanwhile, so its CPU time is the hash's (run on a libuv thread).
 */
async function timeArgon2() {
  const hash = { wallMs: [] as number[], cpuMs: [] as number[] };
  const verify = { wallMs: [] as number[], cpuMs: [] as number[] };
  const timed = async <T>(into: typeof hash, work: () => Promise<T>): Promise<T> => {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const result = await work();
    into.wallMs.push(performance.now() - started);
    const { user, system } = process.cpuUsage(cpu);
    into.cpuMs.push((user + system) / 1000);
    return result;
  };
  let hashed = await hashPassword(SHOPPER_PASSWORD); // warm-up: loads the native module
  for (let run = 0; run < HASH_RUNS; run++) {
    hashed = await timed(hash, () => hashPassword(SHOPPER_PASSWORD));
    if (!(await timed(verify, () => verifyPassword(hashed, SHOPPER_PASSWORD)))) {
      throw new Error('argon2 verify failed');
    }
  }
  // Read back from a real hash ("$argon2id$v=19$m=19456,t=2,p=1$salt$hash") rather than restated here.
  const [, algorithm = '?', version = '?', params = '?'] = hashed.split('$');
  const medians = (times: typeof hash) => ({
    wallMs: latencyOf(times.wallMs).p50,
    cpuMs: latencyOf(times.cpuMs).p50,
  });
  return {
    algorithm,
    version: version.replace('v=', ''),
    params,
    hash: medians(hash),
    verify: medians(verify),
  };
}

/** Starts `checkout-server.ts` on the prepared database; `stop` waits until it has closed the database. */
async function startServer(
  setup: CheckoutServerSetup,
  backends: BackendCpu | undefined,
): Promise<BenchServer> {
  const server = await forkServer(new URL('checkout-server.ts', import.meta.url), setup, {
    execArgv: profile
      ? ['--cpu-prof', `--cpu-prof-dir=${new URL(`profiles/checkout-${engine}`, resultsDir).pathname}`]
      : [],
  });
  return { ...server, backends };
}

/**
 * Logs every shopper in once (the warm-up, which also yields the cookies the checkout uses), then logs them
 * in again and again for the measured run; each worker cycles through its own share of the shoppers.
 */
async function measureLogin(server: BenchServer, shoppers: BenchShopper[]) {
  console.log(`  logging in ${shoppers.length} shoppers (warm-up), then measuring logins`);
  const client = new Client(server.port, loginConnections);
  try {
    const cookies: string[] = [];
    await forEach(shoppers, loginConnections, async (shopper, i) => {
      cookies[i] = (await logIn(client, shopper)).cookies.join('; ');
    });
    const latencies: number[] = [];
    const figures = await measured(server, loginConnections, latencies, async (worker, round) => {
      const shopper = at(shoppers, (worker + round * loginConnections) % shoppers.length);
      latencies.push((await logIn(client, shopper)).ms);
    });
    return { figures, cookies };
  } finally {
    client.close();
  }
}

async function logIn(client: Client, shopper: BenchShopper): Promise<Reply> {
  const reply = await client.post('/v1/home/users/login', {
    account: shopper.email,
    password: SHOPPER_PASSWORD,
  });
  expectStatus(reply, 200, `login of ${shopper.email}`);
  if (!reply.cookies.some((cookie) => cookie.startsWith('sid='))) throw new Error('Login set no session.');
  return reply;
}

/** Preview then place order, shopper after shopper, round-robin over the bench SKUs. */
async function measureCheckout(server: BenchServer, fixture: CheckoutFixture, cookies: string[]) {
  console.log(`  checkout: ${WARMUP_SECONDS} s warm-up, then measuring`);
  const { shoppers, skus } = fixture;
  const client = new Client(server.port, checkoutConnections);
  const placed: PlacedOrder[] = [];
  const previewMs: number[] = [];
  const placeMs: number[] = [];
  const checkoutMs: number[] = [];
  let recording = false;
  let checkouts = 0;
  const checkoutOnce = async (worker: number, round: number) => {
    const index = (worker + round * checkoutConnections) % shoppers.length;
    const shopper = at(shoppers, index);
    const cookie = at(cookies, index);
    const sku = at(skus, checkouts++ % skus.length);
    const body = { addressId: shopper.addressId, items: [{ skuId: sku.id, quantity: 1 }] };
    const preview = await client.post('/v1/home/orders/preview', body, { cookie });
    expectStatus(preview, 200, 'order preview');
    const order = await client.post('/v1/home/orders', body, {
      cookie,
      'idempotency-key': `bench-${randomUUID()}`,
    });
    expectStatus(order, 201, 'place order');
    const orderId = (JSON.parse(order.body) as { data?: { id?: unknown } }).data?.id;
    if (typeof orderId !== 'string') throw new Error(`Place order answered without an id: ${order.body}`);
    placed.push({ orderId, userId: shopper.id, skuId: sku.id });
    if (recording) {
      previewMs.push(preview.ms);
      placeMs.push(order.ms);
      checkoutMs.push(preview.ms + order.ms);
    }
  };
  try {
    await runFor(WARMUP_SECONDS, checkoutConnections, checkoutOnce);
    const warmupOrders = placed.length;
    recording = true;
    const figures = await measured(server, checkoutConnections, checkoutMs, checkoutOnce);
    const checkout: CheckoutScenario = {
      ...figures,
      previewLatency: latencyOf(previewMs),
      placeOrderLatency: latencyOf(placeMs),
      warmupOrders,
    };
    return { checkout, placed };
  } finally {
    client.close();
  }
}

/**
 * One measured run of `operation` (one login or checkout, which records its own latency in `latencies`),
 * with the shop's CPU time read before and after.
 */
async function measured(
  server: BenchServer,
  connections: number,
  latencies: number[],
  operation: (worker: number, round: number) => Promise<void>,
): Promise<Scenario> {
  const load = loadAverage();
  const cpuBefore = await server.cpuMicros();
  const backendsBefore = await server.backends?.sample();
  const ownCpu = process.cpuUsage();
  const { elapsedSeconds } = await runFor(seconds, connections, operation);
  const serverCpu = (await server.cpuMicros()) - cpuBefore;
  const backendsAfter = await server.backends?.sample();
  const databaseCpu = backendsBefore && backendsAfter ? cpuBetween(backendsBefore, backendsAfter) : null;
  const { user, system } = process.cpuUsage(ownCpu);
  const operations = latencies.length;
  return {
    connections,
    operations,
    perSecond: Math.round((operations / elapsedSeconds) * 10) / 10,
    latency: latencyOf(latencies),
    serverCpuMsPerOperation: Math.round((serverCpu / 1000 / operations) * 100) / 100,
    databaseCpuMsPerOperation:
      databaseCpu === null ? null : Math.round((databaseCpu / 1000 / operations) * 100) / 100,
    loadGeneratorCpuPercent: Math.round((user + system) / 1e4 / elapsedSeconds),
    loadAverage: load,
  };
}

function expectStatus(reply: Reply, status: number, what: string): void {
  if (reply.status !== status) {
    throw new Error(`${what} answered ${reply.status} instead of ${status}: ${reply.body.slice(0, 300)}`);
  }
}

function loadAverage(): number {
  return Math.round((os.loadavg()[0] ?? 0) * 100) / 100;
}

function scenarioColumns(scenario: Scenario, latency: Latency): string[] {
  return [
    String(scenario.connections),
    scenario.perSecond.toFixed(1),
    ...latencyColumns(latency),
    scenario.serverCpuMsPerOperation.toFixed(2),
    scenario.databaseCpuMsPerOperation?.toFixed(2) ?? (engine === 'pglite' ? 'in server' : '?'),
    `${scenario.loadGeneratorCpuPercent} %`,
    String(scenario.loadAverage),
  ];
}

function latencyColumns(latency: Latency): string[] {
  return [latency.p50, latency.p90, latency.p99, latency.max].map((ms) => ms.toFixed(1));
}
