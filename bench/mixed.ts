/**
 * `node --import tsx bench/mixed.ts` (the last part of `npm run bench`): the catalog read while the shop sells.
 *
 * One shop (`checkout-server.ts`, in its own process) on a throw-away database prepared as for `checkout.ts`
 * (`checkout-fixture.ts`: the demo shop, BENCH_MIXED_BUYERS activated shoppers with a default address, and
 * BENCH_MIXED_HOT_GOODS goods whose first SKU has stock no run can exhaust: the hot goods). autocannon, here,
 * reads the catalog at BENCH_CONNECTIONS connections, each request the next URL of a fixed rotation: a goods
 * list, then a goods detail, and so on — lists: `/v1/home/goods?pageSize=20`, its second page, by sales, by
 * price, and the list of each hot goods' category; details: every goods of the demo catalog on shelf, the hot
 * ones included. Three phases, one after the other on the same shop, each a warm-up then BENCH_SECONDS
 * measured:
 *
 * 1. idle: the reads alone.
 * 2. flash sale: the same reads while every buyer orders as fast as the shop takes it — cart, preview, place
 *    order, as the storefront does (`mixed-buyers.ts`), one unit of a hot goods each time (in turn), so every
 *    order is a stock change of goods the reads show.
 * 3. steady: the same reads while orders start at BENCH_MIXED_STEADY_RATE a second (default 10).
 *
 * Reported per phase: read req/s, p50, p99 and max latency, errors, non-2xx and timeouts; orders/s, order
 * latency (the whole checkout and the place-order request) and failed orders; the ratios to idle; the shop's
 * CPU and, on PostgreSQL, its backends'. Then PASS/FAIL against the issue's targets for the flash sale: reads
 * ≥ 50 % of idle req/s, read p99 ≤ 50 ms, no failed read or order. Afterwards, with the shop stopped, every
 * order answered 201 must be in the database and the hot SKUs' stock down by exactly the units ordered
 * (`CheckoutFixture.verify`); a mismatch fails the run (exit code 1). Figures land in
 * bench/results/mixed-<engine>.json.
 *
 * Processes: the shop has a core, autocannon (single-threaded) the other. The buyers, a few hundred requests a
 * second at most, run either here beside autocannon (BENCH_MIXED_BUYERS_IN=bench) or in a process of their own
 * (=child, the default); see bench/RESULTS.md for which disturbs the reads less.
 *
 * Environment: BENCH_SECONDS (measured seconds per phase, default 5), BENCH_CONNECTIONS (reads, 50),
 * BENCH_MIXED_BUYERS (20), BENCH_MIXED_HOT_GOODS (4), BENCH_MIXED_STEADY_RATE (orders a second, 10),
 * BENCH_MIXED_BUYERS_IN (child | bench), BENCH_DATABASE_URL=postgres://… to run on a throw-away bench_<random>
 * database on that server instead of PGlite, BENCH_CPU_PROFILE=1 to write the shop's CPU profile to
 * bench/results/profiles/mixed/ (slows the shop: not figures to record).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import autocannon from 'autocannon';
import { categorySchema, envelopeSchema, goodsSummarySchema, pagedEnvelopeSchema } from '@shop/contract';
import { prepareFixture, type PlacedOrder } from './checkout-fixture.ts';
import { BackendCpu, cpuBetween } from './checkout-pg-cpu.ts';
import { forkServer, type ForkedServer } from './ipc.ts';
import { BuyerCrowd, forkBuyers, type BuyerFigures, type Buyers, type OrderPace } from './mixed-buyers.ts';
import { at, percent, positiveIntegerFromEnv, printTable } from './report.ts';

const WARMUP_SECONDS = 2;
/** From the issue, for the flash sale: reads keep at least half their idle req/s … */
const READ_RATIO_TARGET = 0.5;
/** … answer within 50 ms at the 99th percentile, and nothing fails (reads and orders). */
const READ_P99_TARGET_MS = 50;
const LIST_URL = '/v1/home/goods?pageSize=20';
const DEMO_PAGE_SIZE = 100;

const seconds = positiveIntegerFromEnv('BENCH_SECONDS', 5);
const connections = positiveIntegerFromEnv('BENCH_CONNECTIONS', 50);
const buyerCount = positiveIntegerFromEnv('BENCH_MIXED_BUYERS', 20);
const hotGoodsCount = positiveIntegerFromEnv('BENCH_MIXED_HOT_GOODS', 4);
const steadyRate = positiveIntegerFromEnv('BENCH_MIXED_STEADY_RATE', 10);
const buyersIn = process.env.BENCH_MIXED_BUYERS_IN || 'child';
if (buyersIn !== 'child' && buyersIn !== 'bench') {
  throw new Error(`BENCH_MIXED_BUYERS_IN must be child or bench, not "${buyersIn}"`);
}
const serverUrl = process.env.BENCH_DATABASE_URL || undefined;
const engine = serverUrl ? 'postgres' : 'pglite';
const resultsDir = new URL('results/', import.meta.url);
const profile = process.env.BENCH_CPU_PROFILE === '1';

interface ReadFigures {
  requestsPerSecond: number;
  /**
   * Null when no read was answered within the measured seconds: autocannon drops the requests still under way
   * when a run ends, so its latencies only cover replies that came back in time.
   */
  latencyP50Ms: number | null;
  latencyP99Ms: number | null;
  latencyMaxMs: number | null;
  requests: number;
  /**
   * Sent but not answered when the measured seconds ended: one per connection is usual (each always has one
   * under way); what matters is how long they had been waiting, which autocannon does not tell.
   */
  unansweredAtEnd: number;
  errors: number;
  non2xx: number;
  timeouts: number;
}

interface Phase {
  name: string;
  /** One-minute load average when the phase started. */
  loadAverage: number;
  reads: ReadFigures;
  orders: Omit<BuyerFigures, 'placed'> | null;
  /** The shop process's CPU over the measured window, as a share of one core. */
  shopCpuPercent: number;
  /** PostgreSQL's backends of the shop's database, likewise; null on PGlite (inside the shop's process). */
  databaseCpuPercent: number | null;
  /** This process's (autocannon, and the buyers when they run here), likewise. */
  benchProcessCpuPercent: number;
}

const machine = {
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  cpuCount: os.cpus().length,
  totalMemoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
  os: `${os.type()} ${os.release()} ${os.arch()}`,
  node: process.version,
};
console.log(
  `Catalog reads while the shop sells, on ${engine} — ${machine.cpuModel} ×${machine.cpuCount}, ` +
    `${machine.totalMemoryGiB} GiB, Node ${machine.node}; ${WARMUP_SECONDS} s warm-up + ${seconds} s per phase, ` +
    `${connections} read connections, ${buyerCount} buyers (in ${buyersIn === 'child' ? 'a process of their own' : 'the bench process'}), ` +
    `${hotGoodsCount} hot goods; load average ${loadAverage()}`,
);

const fixture = await prepareFixture(serverUrl, buyerCount, hotGoodsCount);
let server: ForkedServer | undefined;
let buyers: Buyers | undefined;
let backends: BackendCpu | undefined;
// An interrupt would skip the `finally` below: stop the shop first, then leave no scratch database behind.
process.once('SIGINT', () => {
  void Promise.resolve(buyers?.close())
    .then(() => server?.stop())
    .catch(() => undefined)
    .then(() => fixture.discard())
    .finally(() => process.exit(130));
});
let run: { urls: string[]; phases: Phase[]; placed: PlacedOrder[] };
let verification: Awaited<ReturnType<typeof fixture.verify>> | undefined;
let verificationError: string | undefined;
try {
  if (serverUrl && fixture.databaseName) backends = await BackendCpu.open(serverUrl, fixture.databaseName);
  server = await forkServer(new URL('checkout-server.ts', import.meta.url), fixture.setup, {
    // As in run.ts: BENCH_CPU_PROFILE=1 writes the shop's V8 CPU profile when it stops (the phases follow one
    // another, 2 s warm-up + BENCH_SECONDS each, so a phase is a stretch of the profile's timeline).
    execArgv: profile
      ? ['--cpu-prof', `--cpu-prof-dir=${new URL('profiles/mixed', resultsDir).pathname}`]
      : [],
  });
  try {
    const urls = await readUrls(server.port, new Set(fixture.skus.map((sku) => sku.goodsId)));
    console.log(`  ${urls.length} read URLs; logging ${buyerCount} buyers in`);
    const setup = { port: server.port, shoppers: fixture.shoppers, skus: fixture.skus };
    buyers = buyersIn === 'child' ? await forkBuyers(setup) : await BuyerCrowd.logIn(setup);
    let n = 0;
    const nextUrl = () => at(urls, n++ % urls.length);
    const phases: Phase[] = [];
    const placed: PlacedOrder[] = [];
    for (const [name, pace] of [
      ['idle', undefined],
      ['flash sale', { kind: 'flash' }],
      [`steady ${steadyRate} orders/s`, { kind: 'steady', perSecond: steadyRate }],
    ] as const) {
      const measured = await measurePhase(server, buyers, name, nextUrl, pace);
      phases.push(measured.phase);
      placed.push(...measured.placed);
    }
    run = { urls, phases, placed };
  } finally {
    await buyers?.close();
    await server.stop();
  }
  try {
    verification = await fixture.verify(run.placed);
    console.log(
      `Verified: all ${verification.orders} orders answered 201 are in the database, and no others; stock down ` +
        `by exactly the units ordered (${verification.skus.map((sku) => sku.skuStockDrop).join(' + ')}).`,
    );
  } catch (error) {
    verificationError = error instanceof Error ? error.message : String(error);
    console.error(verificationError);
    process.exitCode = 1;
  }
} finally {
  await backends?.close();
  await fixture.discard();
}

const [idle, flash, steady] = run.phases as [Phase, Phase, Phase];
printTable(
  [
    'phase',
    'engine',
    'read req/s',
    'vs idle',
    'p50 ms',
    'p99 ms',
    'max ms',
    'read errors',
    'orders/s',
    'order p99 ms',
    'place p99 ms',
    'order errors',
    'shop CPU',
    'DB CPU',
    'bench CPU',
    'buyers CPU',
    'load avg',
  ],
  run.phases.map((phase) => [
    phase.name,
    engine,
    String(phase.reads.requestsPerSecond),
    percent(phase.reads.requestsPerSecond / idle.reads.requestsPerSecond),
    ...[phase.reads.latencyP50Ms, phase.reads.latencyP99Ms, phase.reads.latencyMaxMs].map((ms) =>
      ms === null ? `> ${seconds * 1000}` : String(ms),
    ),
    `${phase.reads.errors}/${phase.reads.non2xx}/${phase.reads.timeouts}`,
    phase.orders ? phase.orders.perSecond.toFixed(1) : '',
    phase.orders?.checkoutLatency?.p99.toFixed(1) ?? '',
    phase.orders?.placeOrderLatency?.p99.toFixed(1) ?? '',
    phase.orders ? String(phase.orders.errors) : '',
    `${phase.shopCpuPercent} %`,
    phase.databaseCpuPercent === null
      ? engine === 'pglite'
        ? 'in shop'
        : '?'
      : `${phase.databaseCpuPercent} %`,
    `${phase.benchProcessCpuPercent} %`,
    !phase.orders ? '' : buyersIn === 'child' ? `${phase.orders.buyersProcessCpuPercent} %` : 'in bench',
    String(phase.loadAverage),
  ]),
);
console.log(
  '(read errors: errors/non-2xx/timeouts; order p99: cart + preview + place; CPU: share of one core over the ' +
    'measured seconds)',
);
for (const phase of run.phases) {
  if (phase.orders && phase.orders.errors > 0) {
    console.log(`Failed orders in ${phase.name}: ${phase.orders.errorSamples.join(' | ')}`);
  }
  if (phase.orders && phase.orders.late > 0) {
    console.log(`${phase.name}: ${phase.orders.late} orders started late (every buyer busy)`);
  }
}

const readRatio = flash.reads.requestsPerSecond / idle.reads.requestsPerSecond;
const readFailures = flash.reads.errors + flash.reads.non2xx + flash.reads.timeouts;
const checks = [
  {
    what: `flash-sale reads ≥ ${percent(READ_RATIO_TARGET)} of idle req/s`,
    met: readRatio >= READ_RATIO_TARGET,
    actual: `${percent(readRatio)} (${flash.reads.requestsPerSecond} of ${idle.reads.requestsPerSecond})`,
  },
  {
    what: `flash-sale read p99 ≤ ${READ_P99_TARGET_MS} ms`,
    met: flash.reads.latencyP99Ms !== null && flash.reads.latencyP99Ms <= READ_P99_TARGET_MS,
    actual:
      flash.reads.latencyP99Ms === null
        ? `no read answered within the ${seconds} s`
        : `${flash.reads.latencyP99Ms} ms`,
  },
  { what: 'flash-sale reads without error', met: readFailures === 0, actual: `${readFailures} failed` },
  {
    what: 'flash-sale orders without error',
    met: flash.orders?.errors === 0,
    actual: `${flash.orders?.errors ?? '?'} failed, ${flash.orders?.perSecond ?? '?'} orders/s`,
  },
];
console.log('');
for (const check of checks) console.log(`${check.met ? 'PASS' : 'FAIL'}  ${check.what}: ${check.actual}`);
console.log(`${checks.every((check) => check.met) ? 'PASS' : 'FAIL'}  mixed scenario on ${engine}`);

await mkdir(resultsDir, { recursive: true });
const resultsFile = new URL(`mixed-${engine}.json`, resultsDir);
await writeFile(
  resultsFile,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      engine,
      machine,
      settings: {
        warmupSeconds: WARMUP_SECONDS,
        seconds,
        readConnections: connections,
        buyers: buyerCount,
        hotGoods: hotGoodsCount,
        steadyOrdersPerSecond: steadyRate,
        buyersIn,
      },
      readUrls: run.urls,
      phases: run.phases.map((phase) => ({
        ...phase,
        vsIdle: {
          requestsPerSecond: phase.reads.requestsPerSecond / idle.reads.requestsPerSecond,
          latencyP99:
            phase.reads.latencyP99Ms === null || idle.reads.latencyP99Ms === null
              ? null
              : phase.reads.latencyP99Ms / idle.reads.latencyP99Ms,
        },
      })),
      targets: { readRatio: READ_RATIO_TARGET, readP99Ms: READ_P99_TARGET_MS, checks },
      passed: checks.every((check) => check.met),
      steady: { ordersPerSecond: steady.orders?.perSecond ?? null },
      verification: verification ?? { failed: verificationError },
    },
    null,
    2,
  )}\n`,
);
console.log(`Figures written to ${resultsFile.pathname}`);

/**
 * A warm-up then a measured run of the reads; with `pace`, the buyers order throughout and count only the
 * orders completed within the measured run.
 */
async function measurePhase(
  shop: ForkedServer,
  crowd: Buyers,
  name: string,
  nextUrl: () => string,
  pace: OrderPace | undefined,
): Promise<{ phase: Phase; placed: PlacedOrder[] }> {
  console.log(`  ${name}: ${WARMUP_SECONDS} s warm-up, then ${seconds} s measured`);
  const load = loadAverage();
  const base = `http://127.0.0.1:${shop.port}`;
  if (pace) crowd.start(pace);
  await reads(base, nextUrl, WARMUP_SECONDS);
  const shopCpuBefore = await shop.cpuMicros();
  const backendsBefore = await backends?.sample();
  const ownCpu = process.cpuUsage();
  const started = performance.now();
  if (pace) crowd.measure();
  const result = await reads(base, nextUrl, seconds);
  const figures = pace ? await crowd.stop() : undefined;
  const elapsedMicros = (performance.now() - started) * 1000;
  const { user, system } = process.cpuUsage(ownCpu);
  const shopCpu = (await shop.cpuMicros()) - shopCpuBefore;
  const backendsAfter = await backends?.sample();
  const share = (micros: number) => Math.round((micros / elapsedMicros) * 100);
  const { placed = [], ...orders } = figures ?? {};
  const answered = result.requests.total > 0;
  return {
    phase: {
      name,
      loadAverage: load,
      reads: {
        requestsPerSecond: Math.round(result.requests.average),
        latencyP50Ms: answered ? result.latency.p50 : null,
        latencyP99Ms: answered ? result.latency.p99 : null,
        latencyMaxMs: answered ? result.latency.max : null,
        requests: result.requests.total,
        unansweredAtEnd: (result.requests.sent ?? result.requests.total) - result.requests.total,
        errors: result.errors,
        non2xx: result.non2xx,
        timeouts: result.timeouts,
      },
      orders: figures ? (orders as Omit<BuyerFigures, 'placed'>) : null,
      shopCpuPercent: share(shopCpu),
      databaseCpuPercent:
        backendsBefore && backendsAfter ? share(cpuBetween(backendsBefore, backendsAfter)) : null,
      benchProcessCpuPercent: share(user + system),
    },
    placed,
  };
}

/** One autocannon run over the rotation of read URLs; failures are counted, not thrown. */
function reads(base: string, nextUrl: () => string, duration: number) {
  return autocannon({
    url: `${base}${nextUrl()}`,
    connections,
    pipelining: 1,
    duration,
    requests: [{ setupRequest: (request) => ({ ...request, path: nextUrl() }) }],
  });
}

/**
 * The read rotation: lists and details in turn. Lists: the first and second page, by sales, by price, and each
 * hot goods' category; details: every goods of the catalog on shelf (the demo's), hot ones included. Each is
 * checked to answer 200 first.
 */
async function readUrls(port: number, hotGoodsIds: Set<string>): Promise<string[]> {
  const goods = [];
  for (let page = 1; ; page++) {
    const body = await getJson(port, `/v1/home/goods?pageSize=${DEMO_PAGE_SIZE}&page=${page}`);
    const listed = pagedEnvelopeSchema(goodsSummarySchema).parse(body).data;
    goods.push(...listed);
    if (listed.length < DEMO_PAGE_SIZE) break;
  }
  const categories = envelopeSchema(categorySchema.array()).parse(
    await getJson(port, '/v1/home/categories'),
  ).data;
  const hot = goods.filter((item) => hotGoodsIds.has(item.id));
  if (hot.length !== hotGoodsIds.size)
    throw new Error('Not every hot goods is listed: the reads would miss it.');
  const hotCategories = [...new Set(hot.map((item) => item.categoryId))].filter((id) =>
    categories.some((category) => category.id === id),
  );
  const lists = [
    LIST_URL,
    `${LIST_URL}&page=2`,
    `${LIST_URL}&sort=sales`,
    `${LIST_URL}&sort=price_asc`,
    ...hotCategories.map((id) => `${LIST_URL}&categoryId=${id}`),
  ];
  const details = goods.map((item) => `/v1/home/goods/${item.id}`);
  const urls = Array.from({ length: 2 * Math.max(lists.length, details.length) }, (_, i) =>
    i % 2 === 0 ? at(lists, (i / 2) % lists.length) : at(details, ((i - 1) / 2) % details.length),
  );
  for (const url of new Set(urls)) await getJson(port, url);
  return urls;
}

async function getJson(port: number, url: string): Promise<unknown> {
  const response = await fetch(`http://127.0.0.1:${port}${url}`);
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`GET ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

function loadAverage(): number {
  return Math.round((os.loadavg()[0] ?? 0) * 100) / 100;
}
