/**
 * `npm run bench`: loads the shop's catalog reads with autocannon and, in the same run, a bare Fastify server
 * sending the same bytes from memory; prints req/s, latency, each server's CPU time per request and the
 * shop/bare ratio, and writes bench/results/latest.json.
 *
 * Why the processes are split: autocannon and a Node server are each single-threaded and CPU-bound. Sharing
 * one event loop, the load generator's work would be counted against the server and each would stall the
 * other. So each server runs in its own child (`node --import tsx bench/<server>.ts`) and autocannon here,
 * one core each on a two-core machine, and the two servers run one after the other, never side by side.
 *
 * The bare server gets the shop's bytes and is checked to return them byte for byte before it is measured;
 * the shop is checked to still return them after its runs. Any non-2xx reply or socket error fails the run.
 *
 * Then the search scenarios (skipped with BENCH_SEARCH_GOODS=0): a second shop, seeded with BENCH_SEARCH_GOODS
 * generated goods (default 100 000) on top of the demo catalog, answers keyword searches — the same URL again
 * and again (served from prepared bytes); URLs never asked for before, for keywords searched before, in another
 * sort, page and price cap, or in another category; and keywords never searched before, every third misspelt
 * (`cold-keywords.ts`) — next to the bare server sending the cached search reply. What each scenario leaves warm
 * is written beside it (SEARCH_SCENARIOS below). On PostgreSQL the CPU time of the database's backends is
 * measured too; the shop reports its own memory (RSS, via bench/ipc.ts) before and after the searches.
 *
 * Environment: BENCH_SECONDS (measured seconds per run, default 5), BENCH_CONNECTIONS (default 50),
 * BENCH_DATABASE_URL=postgres://… to run the shop on a throw-away database on that server instead of PGlite,
 * and BENCH_CPU_PROFILE=1 to write each server's V8 CPU profiles to bench/results/profiles/<server>/ (the
 * main thread's file ends in .0.001.cpuprofile; open it in Chrome DevTools). Profiling slows the servers, so
 * figures from such a run are not the ones to record.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { get, type IncomingMessage } from 'node:http';
import os from 'node:os';
import { buffer } from 'node:stream/consumers';
import autocannon from 'autocannon';
import pg from 'pg';
import { categorySchema, envelopeSchema, goodsSummarySchema, pagedEnvelopeSchema } from '@shop/contract';
import { BackendCpu, cpuBetween } from './checkout-pg-cpu.ts';
import { forkServer, type BareRoute, type ForkedServer, type MemoryMessage } from './ipc.ts';
import {
  coldKeywordUrls,
  keywordCombination,
  KEYWORD_COMBINATIONS,
  PRICE_CAP_ABOVE_ALL,
  SEARCH_KEYWORDS,
} from './cold-keywords.ts';
import { BRANDS, EDITIONS } from './seed-large-catalog.ts';
import { percent, printTable, at, positiveIntegerFromEnv } from './report.ts';

const WARMUP_SECONDS = 2;
const PIPELINING = 1;
/** From the issue: the shop's goods list should reach at least half of the bare server's req/s. */
const LIST_TARGET_RATIO = 0.5;
const LIST_URL = '/v1/home/goods?pageSize=20';
/** From the issue: searches over 100 000 goods answer within 50 ms at the 99th percentile, at 50 connections. */
const SEARCH_P99_TARGET_MS = 50;
/** From the issue: the shop's resident memory with its search index, for 100 000 goods in 4 locales. */
const RSS_TARGET_MB = 600;
const SEARCH_SORTS = ['newest', 'sales', 'price_asc', 'price_desc'] as const;
/** The pages "another sort or page" asks for: a shopper rarely goes further. */
const SEARCH_PAGES = 10;
/** A well-formed category id that no category has. */
const NO_SUCH_CATEGORY = '00000000-0000-4000-8000-000000000000';

/**
 * The search scenarios and what each leaves warm. Every URL but the cached one's is new to the shop (the "new
 * URLs" column checks it), so its prepared replies never answer them. Before the second, each keyword of
 * SEARCH_KEYWORDS is searched twice (`primeKeywords`), so that the shop has read its matches and the goods
 * resembling it: what a shop that has been answering these keywords for a while knows.
 */
const SEARCH_SCENARIOS = {
  cached: 'search, cached',
  /**
   * Each request a keyword of SEARCH_KEYWORDS (in turn), narrowed to the parent category of what it finds, in a
   * sort and page (1–10) taken in turn and with a price cap of its own. Warm: the keyword's matches; the cards
   * of the goods shown once a page has been shown (1 120 pages), so the first round reads cards.
   */
  anotherPage: 'search, another sort/page',
  /**
   * The same keywords, each request in the next of the shop's categories (parents and children; most hold no
   * match, so the shop then looks for names resembling the keyword), with a price cap of its own. Warm: the
   * keyword's matches and resembling goods, whatever the category; cards as above.
   */
  anotherCategory: 'search, another category',
  /**
   * Each request a keyword never searched before in the run (`cold-keywords.ts`): a word of the catalog with a
   * brand and an edition of the generated goods ("headphones aurora pro", "耳机 极光 专业版"), the first 2 688
   * made of SEARCH_KEYWORDS, then the other words of the demo goods' names (61 824 in all); every third one
   * with a typo in a Latin word of 4 letters or more (swapped, changed, dropped or added letter, in turn).
   * Cold: the keyword's matches, and the cards of the goods shown are likely not there yet.
   */
  newKeyword: 'search, new keyword',
  /**
   * After each brand and edition has been searched alone (`primeWords`), the same combinations from the other
   * end of the list, each with a price cap of its own: keywords never searched before made of words that were.
   * Warm: each word's matches, so a combination is an intersection in memory (once; its repeats are known
   * keywords); cold: most cards.
   */
  knownWords: 'search, known words combined anew',
} as const;

const seconds = positiveIntegerFromEnv('BENCH_SECONDS', 5);
const connections = positiveIntegerFromEnv('BENCH_CONNECTIONS', 50);
const searchGoods = positiveIntegerFromEnv('BENCH_SEARCH_GOODS', 100_000, 0);
const engine = process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite';
const profile = process.env.BENCH_CPU_PROFILE === '1';
const resultsDir = new URL('results/', import.meta.url);

interface Target {
  name: string;
  url: string;
  contentType: string;
  body: Buffer;
}

interface Figures {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Headers and body, as received. */
  bytesPerResponse: number;
  requests: number;
  /**
   * The server process's CPU time over the measured run divided by its replies: unlike req/s, barely moved
   * by other load on the machine or by the load generator running out of CPU first.
   */
  serverCpuMicrosPerRequest: number;
}

/** A URL per request: the n-th request of a run (warm-up included) gets `path(n)`. */
type PathSequence = (n: number) => string;

/** A keyword and the parent category a search for it is narrowed to. */
interface SearchTarget {
  keyword: string;
  categoryId: string;
}

type BenchServer = ForkedServer;

const machine = {
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  cpuCount: os.cpus().length,
  totalMemoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
  os: `${os.type()} ${os.release()} ${os.arch()}`,
  node: process.version,
};
/** Other work on the machine lowers and scatters the figures; recorded so a noisy run can be told apart. */
const loadAverageAtStart = Math.round((os.loadavg()[0] ?? 0) * 100) / 100;
console.log(
  `Shop on ${engine} vs bare Fastify — ${machine.cpuModel} ×${machine.cpuCount}, ${machine.totalMemoryGiB} GiB, ` +
    `Node ${machine.node}; ${WARMUP_SECONDS} s warm-up + ${seconds} s per run, ${connections} connections; ` +
    `load average ${loadAverageAtStart}`,
);

const shop = await withServer('shop-server.ts', undefined, async (server) => {
  const list = await fetchTarget(server.port, 'goods list', LIST_URL);
  const detailUrl = `/v1/home/goods/${firstGoodsId(list.body)}`;
  const targets = [list, await fetchTarget(server.port, 'goods detail', detailUrl)];
  const figures = await measureAll(server, targets, 'shop');
  for (const target of targets) {
    expectSameBody(await fetchTarget(server.port, target.name, target.url), target, 'shop');
  }
  return { targets, figures };
});
const bareFigures = await withServer('bare-server.ts', shop.targets.map(toBareRoute), async (server) => {
  for (const target of shop.targets) {
    expectSameBody(await fetchTarget(server.port, target.name, target.url), target, 'bare server');
  }
  return measureAll(server, shop.targets, 'bare');
});

const scenarios = shop.targets.map((target, i) => {
  const shopFigures = at(shop.figures, i);
  const bare = at(bareFigures, i);
  return {
    name: target.name,
    url: target.url,
    bodyBytes: target.body.length,
    shop: shopFigures,
    bare,
    ratio: shopFigures.requestsPerSecond / bare.requestsPerSecond,
  };
});
const listRatio = at(scenarios, 0).ratio;
const search = searchGoods > 0 ? await measureSearch() : undefined;

printTable(
  ['scenario', 'server', 'req/s avg', 'p50 ms', 'p99 ms', 'bytes/response', 'CPU µs/req', 'shop/bare'],
  scenarios.flatMap((s) => [
    [`${s.name} (${s.bodyBytes} B body)`, `shop (${engine})`, ...columns(s.shop), percent(s.ratio)],
    ['', 'bare fastify', ...columns(s.bare), ''],
  ]),
);
console.log(
  `\nTarget: goods list at ≥ ${percent(LIST_TARGET_RATIO)} of bare — ` +
    `${listRatio >= LIST_TARGET_RATIO ? 'met' : 'NOT met'} (${percent(listRatio)}).`,
);
if (search) {
  printTable(
    [
      'search over ' + searchGoods + ' goods',
      'server',
      'req/s avg',
      'p50 ms',
      'p99 ms',
      'bytes/response',
      'CPU µs/req',
      'DB CPU µs/req',
      'shop/bare',
      'new URLs',
    ],
    [
      ...search.scenarios.map((s) => [
        s.name,
        `shop (${engine})`,
        ...columns(s.shop),
        s.databaseCpuMicrosPerRequest?.toFixed(1) ?? (engine === 'pglite' ? '(in shop)' : '?'),
        percent(s.ratio),
        percent(s.newUrlShare),
      ]),
      [search.bare.name, 'bare fastify', ...columns(search.bare.figures), '', '', ''],
    ],
  );
  const { beforeSearches, afterSearches } = search.shopMemory;
  console.log(
    `Shop's memory (process.memoryUsage() in the shop): RSS ${beforeSearches.rssMB} MB before the first search, ` +
      `${afterSearches.rssMB} MB after the last (heap used ${beforeSearches.heapUsedMB} → ` +
      `${afterSearches.heapUsedMB} MB, array buffers ${beforeSearches.arrayBuffersMB} → ` +
      `${afterSearches.arrayBuffersMB} MB).`,
  );
  console.log(
    `Target: shop RSS ≤ ${RSS_TARGET_MB} MB with ${searchGoods} goods searched — ` +
      `${search.rssTarget.met ? 'met' : 'NOT met'} (${afterSearches.rssMB} MB).`,
  );
  for (const s of search.scenarios) {
    console.log(
      `Target: ${s.name} p99 < ${SEARCH_P99_TARGET_MS} ms — ` +
        `${s.shop.latencyP99Ms < SEARCH_P99_TARGET_MS ? 'met' : 'NOT met'} (${s.shop.latencyP99Ms} ms).`,
    );
  }
}

await mkdir(resultsDir, { recursive: true });
const resultsFile = new URL('latest.json', resultsDir);
await writeFile(
  resultsFile,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      engine,
      machine,
      loadAverageAtStart,
      settings: { warmupSeconds: WARMUP_SECONDS, seconds, connections, pipelining: PIPELINING },
      scenarios,
      listTarget: { ratio: LIST_TARGET_RATIO, met: listRatio >= LIST_TARGET_RATIO },
      search: search && { goods: searchGoods, p99TargetMs: SEARCH_P99_TARGET_MS, ...search },
    },
    null,
    2,
  )}\n`,
);
console.log(`Figures written to ${resultsFile.pathname}`);

/** Starts `script` in its own process, hands it to `use`, and stops it afterwards whatever happens. */
async function withServer<T>(
  script: string,
  setup: BareRoute[] | undefined,
  use: (server: BenchServer) => Promise<T>,
  env: Record<string, string> = {},
): Promise<T> {
  const server = await forkServer(new URL(script, import.meta.url), setup, {
    env: { ...process.env, ...env },
    // A directory per server: tsx's loader thread writes a profile too, so a fixed file name would clash.
    execArgv: profile
      ? ['--cpu-prof', `--cpu-prof-dir=${new URL(`profiles/${script}`, resultsDir).pathname}`]
      : [],
    // Structured clone, so the bare server's bodies cross as bytes rather than JSON arrays of numbers.
    serialization: 'advanced',
  });
  try {
    return await use(server);
  } finally {
    await server.stop().catch((error: unknown) => console.error(error));
  }
}

async function measureAll(server: BenchServer, targets: Target[], label: string): Promise<Figures[]> {
  const figures: Figures[] = [];
  for (const target of targets)
    figures.push((await measureOne(server, label, target.name, target.url)).figures);
  return figures;
}

/**
 * Warm-up, then the measured run, of one URL or of a sequence of them; with a sequence, also the share of
 * measured requests whose URL had not been asked for before in the run.
 */
async function measureOne(
  server: BenchServer,
  label: string,
  name: string,
  path: string | PathSequence,
  backends?: BackendCpu,
) {
  console.log(`  loading ${label}: ${name}`);
  const base = `http://127.0.0.1:${server.port}`;
  const sent = new Set<string>();
  let requestNumber = 0;
  let newUrls = 0;
  let measuring = false;
  const next = () => {
    const url = typeof path === 'string' ? path : path(requestNumber++);
    if (measuring && !sent.has(url)) newUrls++;
    sent.add(url);
    return url;
  };
  await load(base, next, WARMUP_SECONDS, false);
  measuring = true;
  const cpuBefore = await server.cpuMicros();
  const backendsBefore = await backends?.sample();
  const result = await load(base, next, seconds);
  const cpuUsed = (await server.cpuMicros()) - cpuBefore;
  const backendsAfter = await backends?.sample();
  const figures: Figures = {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    bytesPerResponse: Math.round(result.throughput.total / result.requests.total),
    requests: result.requests.total,
    serverCpuMicrosPerRequest: Math.round((cpuUsed / result.requests.total) * 10) / 10,
  };
  const databaseCpuMicrosPerRequest =
    backendsBefore && backendsAfter
      ? Math.round((cpuBetween(backendsBefore, backendsAfter) / result.requests.total) * 10) / 10
      : undefined;
  return {
    name,
    figures,
    databaseCpuMicrosPerRequest,
    newUrlShare: Math.min(1, newUrls / result.requests.total),
  };
}

/** A run of autocannon; any failed reply fails the bench, and so does a measured run without replies. */
async function load(base: string, nextPath: () => string, duration: number, measured = true) {
  const result = await autocannon({
    url: `${base}${nextPath()}`,
    connections,
    pipelining: PIPELINING,
    duration,
    requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }],
  });
  const silent = measured && result.requests.total === 0;
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0 || silent) {
    throw new Error(
      `${base}: ${result.requests.total} replies, ${result.non2xx} non-2xx, ${result.errors} errors, ` +
        `${result.timeouts} timeouts`,
    );
  }
  return result;
}

/**
 * The search scenarios, on a shop holding `searchGoods` generated goods besides the demo ones, and the bare
 * server sending the cached search reply: its req/s is the ceiling for all of them, whose replies are as long.
 * Also the shop process's resident memory before the first search and after the last, and on PostgreSQL the
 * CPU time of the database's backends.
 */
async function measureSearch() {
  const databasesBefore = await benchDatabases();
  const shopRun = await withServer(
    'shop-server.ts',
    undefined,
    async (server) => {
      const backends = await openBackendCpu(databasesBefore);
      try {
        const memoryBefore = await server.memory();
        const { targets, categoryIds } = await searchTargets(server.port);
        const cached = await fetchTarget(server.port, SEARCH_SCENARIOS.cached, searchUrl(at(targets, 0)));
        const measure = (name: string, path: string | PathSequence) =>
          measureOne(server, 'shop', name, path, backends);
        const runs = [await measure(cached.name, cached.url)];
        await primeKeywords(server.port, targets);
        runs.push(
          await measure(SEARCH_SCENARIOS.anotherPage, (n) => anotherPage(targets, n)),
          await measure(SEARCH_SCENARIOS.anotherCategory, (n) => anotherCategory(targets, categoryIds, n)),
        );
        const cold = coldKeywordUrls();
        runs.push(await measure(SEARCH_SCENARIOS.newKeyword, cold.next));
        console.log(
          `  ${percent(cold.counts.typos / cold.counts.urls)} of its ${cold.counts.urls} requests carried a typo`,
        );
        await primeWords(server.port);
        runs.push(
          await measure(
            SEARCH_SCENARIOS.knownWords,
            (n) =>
              `/v1/home/goods?keyword=${encodeURIComponent(
                keywordCombination(KEYWORD_COMBINATIONS - 1 - (n % KEYWORD_COMBINATIONS)),
              )}${priceCap(n)}`,
          ),
        );
        expectSameBody(await fetchTarget(server.port, cached.name, cached.url), cached, 'shop');
        const memoryAfter = await server.memory();
        return {
          cached,
          runs,
          shopMemory: {
            beforeSearches: memoryFigures(memoryBefore),
            afterSearches: memoryFigures(memoryAfter),
          },
        };
      } finally {
        await backends?.close();
      }
    },
    { BENCH_CATALOG_GOODS: String(searchGoods) },
  );
  const { cached } = shopRun;
  const bare = await withServer('bare-server.ts', [toBareRoute(cached)], async (server) => {
    expectSameBody(await fetchTarget(server.port, cached.name, cached.url), cached, 'bare server');
    return measureOne(server, 'bare', cached.name, cached.url);
  });
  return {
    url: cached.url,
    bodyBytes: cached.body.length,
    shopMemory: shopRun.shopMemory,
    rssTarget: { mb: RSS_TARGET_MB, met: shopRun.shopMemory.afterSearches.rssMB <= RSS_TARGET_MB },
    bare: { name: bare.name, figures: bare.figures },
    scenarios: shopRun.runs.map((run, i) => ({
      name: run.name,
      shop: run.figures,
      databaseCpuMicrosPerRequest: run.databaseCpuMicrosPerRequest,
      ratio: run.figures.requestsPerSecond / bare.figures.requestsPerSecond,
      // The cached scenario repeats its URL on purpose.
      newUrlShare: i === 0 ? 0 : run.newUrlShare,
    })),
  };
}

/** The names of the bench's throw-away PostgreSQL databases (shop-server.ts makes them), none on PGlite. */
async function benchDatabases(): Promise<Set<string>> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) return new Set();
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select datname as name from pg_database where datname like 'bench\\_%'`,
    );
    return new Set(rows.map((row) => row.name));
  } finally {
    await client.end();
  }
}

/**
 * The CPU time of the search shop's database backends: its database is the one bench database that appeared
 * while it started. Undefined on PGlite (the database is inside the shop's process and its CPU time), or
 * when that database cannot be told apart (another bench starting at the same moment).
 */
async function openBackendCpu(databasesBefore: Set<string>): Promise<BackendCpu | undefined> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) return undefined;
  const created = [...(await benchDatabases())].filter((name) => !databasesBefore.has(name));
  if (created.length !== 1) {
    console.warn(`  cannot tell the shop's database among ${created.join(', ') || 'none'}: no backend CPU`);
    return undefined;
  }
  return BackendCpu.open(serverUrl, at(created, 0));
}

/** The shop's memory as its own process reads it, in MB (10⁶ bytes, as the issue's target is stated). */
function memoryFigures(memory: MemoryMessage) {
  const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;
  return {
    rssMB: mb(memory.rssBytes),
    heapUsedMB: mb(memory.heapUsedBytes),
    arrayBuffersMB: mb(memory.arrayBuffersBytes),
  };
}

/**
 * Each keyword with the parent category of the first goods it finds, asked of the shop itself, and every
 * category's id.
 */
async function searchTargets(port: number): Promise<{ targets: SearchTarget[]; categoryIds: string[] }> {
  const reply = await fetchTarget(port, 'categories', '/v1/home/categories');
  const categories = envelopeSchema(categorySchema.array()).parse(
    JSON.parse(reply.body.toString('utf8')),
  ).data;
  const parentOf = new Map(categories.map((category) => [category.id, category.parentId ?? category.id]));
  const targets: SearchTarget[] = [];
  for (const keyword of SEARCH_KEYWORDS) {
    const url = `/v1/home/goods?keyword=${encodeURIComponent(keyword)}&pageSize=1`;
    const first = listedGoods(await fetchTarget(port, keyword, url))[0];
    const categoryId = first && parentOf.get(first.categoryId);
    if (!categoryId) throw new Error(`The search for "${keyword}" found nothing to narrow down.`);
    targets.push({ keyword, categoryId });
  }
  return { targets, categoryIds: categories.map((category) => category.id) };
}

/**
 * Searches each keyword in its category and in one that does not exist (where nothing contains it, so the shop
 * also looks for names resembling it), one after the other, with price caps no scenario uses.
 */
async function primeKeywords(port: number, targets: SearchTarget[]): Promise<void> {
  console.log(`  priming ${targets.length} keywords`);
  const started = performance.now();
  for (const [i, target] of targets.entries()) {
    const cap = `&maxPrice=${2 * PRICE_CAP_ABOVE_ALL + i}`;
    await fetchTarget(port, target.keyword, searchUrl(target, cap));
    await fetchTarget(port, target.keyword, searchUrl({ ...target, categoryId: NO_SUCH_CATEGORY }, cap));
  }
  console.log(`  primed in ${Math.round(performance.now() - started)} ms`);
}

/** Searches each brand and edition alone, in English and in Chinese, as `newKeyword` writes them. */
async function primeWords(port: number): Promise<void> {
  const words = [...BRANDS, ...EDITIONS].flatMap((word) => [word['en-US'], word['zh-CN']]);
  console.log(`  priming ${words.length} words`);
  const started = performance.now();
  for (const word of words) {
    const url = `/v1/home/goods?keyword=${encodeURIComponent(word.toLowerCase())}`;
    await fetchTarget(port, word, url);
  }
  console.log(`  primed in ${Math.round(performance.now() - started)} ms`);
}

function searchUrl(target: SearchTarget, more = ''): string {
  return `/v1/home/goods?keyword=${encodeURIComponent(target.keyword)}&categoryId=${target.categoryId}${more}`;
}

/** Keyword, sort and page change from one request to the next; the price cap makes every URL new. */
function anotherPage(targets: SearchTarget[], n: number): string {
  const sort = at(SEARCH_SORTS, Math.floor(n / targets.length) % SEARCH_SORTS.length);
  const page = 1 + (Math.floor(n / (targets.length * SEARCH_SORTS.length)) % SEARCH_PAGES);
  return searchUrl(at(targets, n % targets.length), `&sort=${sort}&page=${page}${priceCap(n)}`);
}

/** Keyword and category change from one request to the next, the sort after every category. */
function anotherCategory(targets: SearchTarget[], categoryIds: string[], n: number): string {
  const { keyword } = at(targets, n % targets.length);
  const round = Math.floor(n / targets.length);
  const categoryId = at(categoryIds, round % categoryIds.length);
  const sort = at(SEARCH_SORTS, Math.floor(round / categoryIds.length) % SEARCH_SORTS.length);
  return searchUrl({ keyword, categoryId }, `&sort=${sort}${priceCap(n)}`);
}

/** A price cap of its own makes each request a search the shop has not seen, with the same matches. */
function priceCap(n: number): string {
  return `&maxPrice=${PRICE_CAP_ABOVE_ALL + n}`;
}

/** One plain GET without Accept-Encoding, as autocannon sends it, so the body is the bytes being measured. */
async function fetchTarget(port: number, name: string, url: string): Promise<Target> {
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: url, agent: false }, resolve).on('error', reject);
  });
  const body = await buffer(response);
  if (response.statusCode !== 200 || response.headers['content-encoding']) {
    throw new Error(`GET ${url} answered ${response.statusCode}: ${body.toString('utf8').slice(0, 300)}`);
  }
  return { name, url, contentType: response.headers['content-type'] ?? '', body };
}

function expectSameBody(actual: Target, expected: Target, server: string): void {
  if (!actual.body.equals(expected.body)) {
    throw new Error(
      `${server} returned different bytes for ${expected.url} ` +
        `(${actual.body.length} B instead of ${expected.body.length} B); the comparison would be meaningless.`,
    );
  }
}

function listedGoods(list: Target) {
  return pagedEnvelopeSchema(goodsSummarySchema).parse(JSON.parse(list.body.toString('utf8'))).data;
}

function firstGoodsId(listBody: Buffer): string {
  const list = pagedEnvelopeSchema(goodsSummarySchema).parse(JSON.parse(listBody.toString('utf8')));
  const first = list.data[0];
  if (!first) throw new Error(`${LIST_URL} returned no goods: is the demo seed empty?`);
  return first.id;
}

function toBareRoute(target: Target): BareRoute {
  return { url: target.url, contentType: target.contentType, body: target.body };
}

function columns(figures: Figures): string[] {
  return [
    String(figures.requestsPerSecond),
    String(figures.latencyP50Ms),
    String(figures.latencyP99Ms),
    String(figures.bytesPerResponse),
    figures.serverCpuMicrosPerRequest.toFixed(1),
  ];
}
