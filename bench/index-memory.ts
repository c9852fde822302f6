/**
 * `node --expose-gc --import tsx bench/index-memory.ts <postgres://… | dataDir> [searches] [heap-snapshot-path]`:
 * the heap the catalog's in-memory index (catalog-index.ts, text-search.ts) takes on a seeded database, after
 * loading and after `searches` cold keywords (cold-keywords.ts, the four locales in turn), each figure after a
 * full garbage collection. Not part of `npm run bench`: it needs a large catalog seeded first, e.g.
 * `node --import tsx bench/seed-catalog-child.ts postgres://postgres@127.0.0.1:5432/bench_mem 100000`
 * (about 8 minutes on PostgreSQL here). A heap snapshot, when asked for, shows what the index is made of.
 */
import v8 from 'node:v8';
import { goodsQuerySchema, SUPPORTED_LOCALES } from '@shop/contract';
import { createDb } from '@shop/db';
import { CatalogIndex } from '../apps/api/src/modules/catalog/catalog-index.ts';
import { coldKeywordUrls } from './cold-keywords.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const [where = '', searchesArg = '3000', snapshotPath] = process.argv.slice(2);
const megabytes = (bytes: number) => Math.round(bytes / 1048576);

function report(label: string): void {
  gc!();
  gc!();
  const memory = process.memoryUsage();
  console.log(
    `${label}: RSS ${megabytes(memory.rss)} MB, heap ${megabytes(memory.heapUsed)} MB, ` +
      `array buffers ${megabytes(memory.arrayBuffers)} MB`,
  );
}

const database = await createDb(
  where.startsWith('postgres') ? { databaseUrl: where, dataDir: '' } : { dataDir: where },
);
try {
  report('before the index');
  const index = new CatalogIndex(database.db, () => 'en-US');
  await index.ready;
  report('index loaded');
  const urls = coldKeywordUrls();
  const searches = Number(searchesArg);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  for (let n = 0; n < searches; n++) {
    const url = new URL(urls.next(n), 'http://shop');
    const query = goodsQuerySchema.parse(Object.fromEntries(url.searchParams));
    const locale = SUPPORTED_LOCALES[n % SUPPORTED_LOCALES.length]!;
    await index.list(query, { locale, shopDefault: 'en-US', currency: 'USD' });
  }
  const cpu = process.cpuUsage(cpuBefore);
  // CPU time as well as wall time: on a busy machine the wall time also counts waiting for a core.
  console.log(
    `${searches} cold searches: ${((performance.now() - started) / searches).toFixed(2)} ms each, ` +
      `CPU ${((cpu.user + cpu.system) / 1000 / searches).toFixed(2)} ms each`,
  );
  report('after the searches');
  if (snapshotPath) console.log(`heap snapshot: ${v8.writeHeapSnapshot(snapshotPath)}`);
} finally {
  await database.close();
}
