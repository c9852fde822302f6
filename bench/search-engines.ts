/**
 * `node --import tsx bench/search-engines.ts [minisearch|orama|shop]`: the two search libraries considered for the catalog's index, on
 * the bench's 100 000 generated goods (names and descriptions in four locales, read the way the shop reads
 * them: search-text.ts), in one process each after the other: build time, heap and RSS growth, and the time of
 * cold keyword queries (keyword + brand + edition, a third with a typo), each query's words new to the engine's
 * caches. What each engine is asked: every word of the query, with typos by its length, the last as a prefix.
 * `shop` is the index the shop uses (text-search.ts), for comparison.
 * Run with `--expose-gc` for steadier memory figures: `node --expose-gc --import tsx bench/search-engines.ts`.
 */
import MiniSearch from 'minisearch';
import { create, insertMultiple, search } from '@orama/orama';
import { SUPPORTED_LOCALES } from '@shop/contract';
import { chineseGrams, typoBudget, wordsOf } from '../apps/api/src/modules/catalog/search-text.ts';
import { TextSearch } from '../apps/api/src/modules/catalog/text-search.ts';
import { BRANDS, EDITIONS, planGoods } from './seed-large-catalog.ts';
import { positiveIntegerFromEnv } from './report.ts';

const GOODS = positiveIntegerFromEnv('BENCH_SEARCH_GOODS', 100_000);
const QUERIES = 600;
const KEYWORDS = ['headphones', 'keyboard', 'lamp', 'backpack', 'speaker', 'charger', 'sneakers', 'wireless'];

interface Doc {
  id: number;
  names: string[];
  descriptions: (string | undefined)[];
}

function tokens(text: string): string {
  return wordsOf(text)
    .flatMap((word) => (word.chinese ? chineseGrams(word.norm) : [word.norm]))
    .join(' ');
}

function documents(): Doc[] {
  const listedBefore = Date.now();
  return Array.from({ length: GOODS }, (_, id) => {
    const { translations } = planGoods(id, listedBefore);
    return {
      id,
      names: translations.map((t) => t.name),
      descriptions: translations.map((t) => t.description),
    };
  });
}

/** A typo in every third query: swapped, changed, missing or extra letter, in turn. */
function misspell(word: string, n: number): string {
  const at = 1 + (n % Math.max(1, word.length - 2));
  switch (n % 4) {
    case 0:
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
    case 1:
      return word.slice(0, at) + 'x' + word.slice(at + 1);
    case 2:
      return word.slice(0, at) + word.slice(at + 1);
    default:
      return word.slice(0, at) + 'e' + word.slice(at);
  }
}

function queries(): string[] {
  return Array.from({ length: QUERIES }, (_, n) => {
    const keyword = KEYWORDS[n % KEYWORDS.length]!;
    const brand = BRANDS[Math.floor(n / KEYWORDS.length) % BRANDS.length]!['en-US'].toLowerCase();
    const edition = EDITIONS[n % EDITIONS.length]!['en-US'].toLowerCase();
    return [n % 3 === 0 ? misspell(keyword, n) : keyword, brand, edition].join(' ');
  });
}

function memory() {
  globalThis.gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

async function measure(name: string, build: (docs: Doc[]) => Promise<(query: string) => Promise<number>>) {
  // Held through the run, so heap growth is the index's own.
  const docs = documents();
  const before = memory();
  const started = performance.now();
  const run = await build(docs);
  const buildMs = performance.now() - started;
  const after = memory();
  const times: number[] = [];
  let found = 0;
  for (const query of queries()) {
    const t = performance.now();
    found += await run(query);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  console.log(
    `${name}: build ${Math.round(buildMs)} ms, heap +${mb(after.heapUsed - before.heapUsed)}, RSS ${mb(after.rss)}; ` +
      `${QUERIES} cold queries: mean ${mean.toFixed(2)} ms, p50 ${percentile(times, 0.5).toFixed(2)} ms, ` +
      `p99 ${percentile(times, 0.99).toFixed(2)} ms, max ${times.at(-1)!.toFixed(2)} ms; ${found} hits`,
  );
}

const words = (query: string) => query.split(' ');

const engine = process.argv[2] ?? 'minisearch';
console.log(`${GOODS} goods × ${SUPPORTED_LOCALES.length} locales, node ${process.version}`);
if (engine === 'minisearch') {
  await measure('MiniSearch 7.2.0', async (docs) => {
    const index = new MiniSearch<{ id: number; name: string; description: string }>({
      fields: ['name', 'description'],
      tokenize: (text) => text.split(' '),
      processTerm: (term) => term,
    });
    index.addAll(
      docs.map((d) => ({
        id: d.id,
        name: tokens(d.names.join(' ')),
        description: tokens(d.descriptions.join(' ')),
      })),
    );
    return async (query) => {
      const terms = words(query);
      return index.search(
        {
          combineWith: 'AND',
          queries: terms.map((term, i) => ({
            queries: [term],
            fuzzy: typoBudget(term),
            prefix: i === terms.length - 1,
          })),
        },
        { boost: { name: 3 } },
      ).length;
    };
  });
} else if (engine === 'shop') {
  await measure("the shop's index (MiniSearch's radix tree, sorted postings)", async (docs) => {
    const index = new TextSearch();
    for (const doc of docs) index.put(doc.id, { names: doc.names, descriptions: doc.descriptions });
    index.textsChanged();
    return async (query) => index.search(query, 'en-US').docs.length;
  });
} else {
  await measure('Orama 3.1.18', async (docs) => {
    const db = create({ schema: { name: 'string', description: 'string' } as const });
    await insertMultiple(
      db,
      docs.map((d) => ({
        id: String(d.id),
        name: tokens(d.names.join(' ')),
        description: tokens(d.descriptions.join(' ')),
      })),
      5000,
    );
    return async (query) => {
      // Orama's tolerance is one edit distance for the whole term list; every word must be found.
      const result = await search(db, {
        term: query,
        properties: ['name', 'description'],
        tolerance: Math.max(...words(query).map(typoBudget)),
        threshold: 0,
        limit: 20,
        boost: { name: 3 },
      });
      return result.count;
    };
  });
}
