/**
 * `node --import tsx bench/cold-search.ts [runs]`: only the cold-keyword scenario of `run.ts` ("search, new
 * keyword"), repeated, for measuring one change to the search quickly. The shop runs on a PostgreSQL database
 * holding the demo catalog and BENCH_SEARCH_GOODS generated goods (default 100 000), seeded once into
 * `bench_cold_<goods>` on BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres)
 * and kept for the next run; each run is a fresh shop process, 3 s of warm-up, then BENCH_SECONDS (default 15)
 * measured at BENCH_CONNECTIONS (default 50). Prints req/s, p50, p99, max, the shop's CPU a request and RSS.
 * BENCH_ENGINE=pglite: the same on PGlite, seeded once into `<tmpdir>/shop-bench-cold-<goods>` and kept.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { coldKeywordUrls } from './cold-keywords.ts';
import { forkServer } from './ipc.ts';
import { positiveIntegerFromEnv } from './report.ts';

const runs = Number(process.argv[2] ?? 3);
const goods = positiveIntegerFromEnv('BENCH_SEARCH_GOODS', 100_000);
const seconds = positiveIntegerFromEnv('BENCH_SECONDS', 15);
const connections = positiveIntegerFromEnv('BENCH_CONNECTIONS', 50);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `bench_cold_${goods}`;
const pglite = process.env.BENCH_ENGINE === 'pglite';

async function seed(where: string): Promise<boolean> {
  const child = fork(
    fileURLToPath(new URL('seed-catalog-child.ts', import.meta.url)),
    [where, String(goods)],
    {
      execArgv: ['--import', 'tsx'],
    },
  );
  const [code] = (await once(child, 'exit')) as [number | null];
  return code === 0;
}

let databaseUrl: string;
if (pglite) {
  databaseUrl = join(tmpdir(), `shop-bench-cold-${goods}`);
  if (!existsSync(databaseUrl) && !(await seed(databaseUrl))) {
    await rm(databaseUrl, { recursive: true, force: true });
    throw new Error('seeding failed');
  }
} else {
  databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
  if (!exists) {
    await admin.query(`create database ${name}`);
    if (!(await seed(databaseUrl))) {
      await admin.query(`drop database ${name}`);
      throw new Error('seeding failed');
    }
  }
  await admin.end();
}

for (let run = 1; run <= runs; run++) {
  const started = Date.now();
  const server = await forkServer(new URL('shop-server.ts', import.meta.url), undefined, {
    env: { ...process.env, BENCH_KEPT_DATABASE_URL: databaseUrl, BENCH_CATALOG_GOODS: String(goods) },
    execArgv: (process.env.BENCH_SHOP_FLAGS ?? '').split(' ').filter(Boolean),
  });
  const startMs = Date.now() - started;
  const rssStart = (await server.memory()).rssBytes;
  const cold = coldKeywordUrls();
  let n = 0;
  const next = () => cold.next(n++);
  const load = (duration: number) =>
    autocannon({
      url: `http://127.0.0.1:${server.port}${next()}`,
      connections,
      duration,
      requests: [{ setupRequest: (request) => ({ ...request, path: next() }) }],
    });
  await load(3);
  const cpuBefore = await server.cpuMicros();
  const result = await load(seconds);
  const cpu = (await server.cpuMicros()) - cpuBefore;
  const memory = await server.memory();
  console.log(
    `run ${run}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
      `max ${result.latency.max} ms, CPU ${Math.round(cpu / result.requests.total)} µs/req, ` +
      `errors ${result.errors + result.non2xx + result.timeouts}, RSS ${Math.round(rssStart / 2 ** 20)} → ` +
      `${Math.round(memory.rssBytes / 2 ** 20)} MB (heap ${Math.round(memory.heapUsedBytes / 2 ** 20)}), start ${startMs} ms`,
  );
  await server.stop();
}
