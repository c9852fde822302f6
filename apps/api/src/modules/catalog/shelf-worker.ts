/**
 * The catalog's shelf (catalog-index.ts) in a thread of its own; `shelf-thread.ts` starts it and speaks to it.
 *
 * Why a thread: the shelf of 100 000 goods is a large, long-lived heap, and a keyword search allocates a lot
 * that dies young. In the thread answering HTTP, every full garbage collection had to mark the whole shelf while
 * requests in flight kept promoting garbage, and those collections were the cold search's slowest replies
 * (bench/RESULTS.md, sessions 12–13). Here each call runs to its end before the next one starts, so nothing a
 * search allocates outlives it, and the HTTP thread's heap is small. A listing's reply is made here to its bytes,
 * so the HTTP thread only passes them on.
 */
import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import type { Locale } from '@shop/contract';
import { connectReader, type ReaderAddress } from '@shop/db';
import { paged } from '../../plugins/envelope.ts';
import { CatalogIndex } from './catalog-index.ts';
import type { ShelfCall, ShelfReply } from './shelf-thread.ts';

if (!parentPort) throw new Error('shelf-worker.ts runs as a worker thread (shelf-thread.ts starts it)');
const port = parentPort;
const reader = connectReader(workerData as ReaderAddress);

/** The shop's default language as of the call being answered: every call carries it (settings live elsewhere). */
let defaultLocale: Locale = 'en-US';
let synonyms: Partial<Record<Locale, string[][]>> = {};
let shelf = new CatalogIndex(reader.db, () => defaultLocale);
const encoder = new TextEncoder();

async function answer(call: ShelfCall): Promise<unknown> {
  switch (call.op) {
    case 'list': {
      const [query, at] = call.args;
      const page = await shelf.list(query, at);
      const meta = {
        page: query.page,
        pageSize: query.pageSize,
        total: page.total,
        facets: page.facets,
        ...(page.suggestion ? { suggestion: page.suggestion } : {}),
      };
      return { body: encoder.encode(JSON.stringify(paged(page.items, meta))), goodsIds: page.goodsIds };
    }
    case 'ready':
      return shelf.ready;
    case 'summaries':
      await shelf.ready;
      return shelf.summaries(...call.args);
    case 'related':
      await shelf.ready;
      return shelf.related(...call.args);
    case 'stockOf':
      await shelf.ready;
      return shelf.stockOf(...call.args);
    case 'categoriesWithGoods':
      await shelf.ready;
      return [...shelf.categoriesWithGoods()];
    case 'refresh':
      return shelf.refresh(...call.args);
    case 'reloadCategories':
      return shelf.reloadCategories();
    case 'reloadAll': {
      const next = new CatalogIndex(reader.db, () => defaultLocale);
      next.setSynonyms(synonyms);
      await next.ready;
      shelf = next;
      return undefined;
    }
    case 'setSynonyms':
      synonyms = call.args[0];
      shelf.setSynonyms(synonyms);
      return undefined;
    case 'heap': {
      const heap = getHeapStatistics();
      return { usedBytes: heap.used_heap_size, totalBytes: heap.total_heap_size };
    }
    case 'close':
      await reader.close();
      return undefined;
  }
}

port.on('message', (call: ShelfCall) => {
  defaultLocale = call.defaultLocale;
  answer(call).then(
    (result) => {
      const body = (result as { body?: unknown } | undefined)?.body;
      const reply: ShelfReply = { id: call.id, ok: true, result };
      port.postMessage(reply, body instanceof Uint8Array ? [body.buffer as ArrayBuffer] : []);
    },
    (error: unknown) => {
      const fields: Record<string, unknown> = { message: String((error as Error)?.message ?? error) };
      if (error && typeof error === 'object')
        for (const [key, value] of Object.entries(error))
          if (typeof value !== 'function' && typeof value !== 'object') fields[key] = value;
      fields.name = (error as Error)?.name ?? 'Error';
      port.postMessage({ id: call.id, ok: false, error: fields } satisfies ShelfReply);
    },
  );
});
