import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { AppError, type Code, type GoodsQuery, type Locale } from '@shop/contract';
import type { ReaderHandle } from '@shop/db';
import type { CatalogIndex, RefreshOutcome, ShelfLocale } from './catalog-index.ts';
import { shelfWorkerUrl } from './shelf-bundle.ts';

type Args<K extends keyof CatalogIndex> = CatalogIndex[K] extends (...args: infer A) => unknown ? A : never;

/** A call to the shelf's thread (shelf-worker.ts), with the shop's default language at the time. */
export type ShelfCall = { id: number; defaultLocale: Locale } & (
  | { op: 'list'; args: [query: GoodsQuery, at: ShelfLocale] }
  | { op: 'summaries'; args: Args<'summaries'> }
  | { op: 'related'; args: Args<'related'> }
  | { op: 'stockOf'; args: Args<'stockOf'> }
  | { op: 'refresh'; args: Args<'refresh'> }
  | { op: 'setSynonyms'; args: Args<'setSynonyms'> }
  | { op: 'ready' | 'categoriesWithGoods' | 'reloadCategories' | 'reloadAll' | 'heap' | 'close'; args: [] }
);

export type ShelfReply =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: Record<string, unknown> };

type Op = ShelfCall['op'];
type ArgsOf<O extends Op> = Extract<ShelfCall, { op: O }>['args'];

/**
 * How far past what it holds after a full collection a heap may grow before the next one, in per cent. V8 picks
 * up to 100 % and more for a heap as busy as the shelf's (146–160 MB live with 100 000 goods, 290–315 MB held);
 * at 20 % the shop's RSS after cold searches went 682–737 → 621–638 MB, at start 578–669 → 522–544 MB, with no
 * more CPU a cold search (bench/RESULTS.md, session 20); 10 % cost a fifth more. Reading 100 000 goods takes a few
 * seconds longer (more full collections while the heap grows); set only once they were read, the heap the reading
 * left stayed (RSS 655–660 MB after the searches).
 */
export const HEAP_GROWING_PERCENT = 20;

/**
 * Sets `--heap-growing-percent` for every heap of the process (V8 reads it at each full collection), unless the
 * operator started Node with a value of their own (a V8 option: on the command line, not in NODE_OPTIONS).
 */
export function holdHeapsCloser(execArgv: readonly string[] = process.execArgv): boolean {
  if (execArgv.some((arg) => /^--heap[-_]growing[-_]percent\b/.test(arg))) return false;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}

/** A thread that stops this many times in a row before answering anything is not started again. */
const MAX_FAILED_STARTS = 3;

/** A listing's reply as the shelf's thread made it: the envelope's JSON, and the goods it shows. */
export interface ListedReply {
  body: Buffer;
  goodsIds: string[];
}

/**
 * The catalog's shelf (catalog-index.ts) in a worker thread of its own (shelf-worker.ts says why), behind the
 * same operations, each a message. The thread reads the database itself (`Database.readerHandle`): a pool of its
 * own on PostgreSQL, a port into PGlite's thread.
 *
 * Should the thread stop (out of memory, a fault), the calls it had fail and a new thread starts at once, reading
 * the shelf again with the same synonyms: listings answer again once it has, instead of failing until a restart.
 */
export class ShelfThread {
  #worker!: Worker;
  #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #nextId = 1;
  #closing = false;
  /** Threads that stopped one after another before answering anything: a fault at start, not a passing one. */
  #failedStarts = 0;
  #failure: Error | undefined;
  #synonyms: Args<'setSynonyms'> | undefined;
  #restarts = 0;
  /** Milliseconds the threads before this one worked, and this one's as last read. */
  #busyBefore = 0;
  #busyLastRead = 0;

  constructor(
    private readonly reader: () => ReaderHandle,
    private readonly defaultLocale: () => Locale,
    private readonly onRestart: (error: Error) => void = () => {},
  ) {
    this.#start();
  }

  #start(): void {
    holdHeapsCloser();
    const { transfer, ...handle } = this.reader();
    const worker = new Worker(shelfWorkerUrl(), {
      workerData: handle,
      transferList: transfer,
      // The thread's file is JavaScript (shelf-bundle.ts): it needs none of the loaders the shop may run under.
      execArgv: [],
    });
    this.#worker = worker;
    let answered = false;
    worker.on('message', (reply: ShelfReply) => {
      answered = true;
      this.#failedStarts = 0;
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      if (reply.ok) pending.resolve(reply.result);
      else pending.reject(rebuiltError(reply.error));
    });
    let stopped = false;
    const stop = (error: Error) => {
      if (stopped) return;
      stopped = true;
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
      if (this.#closing) return;
      this.#busyBefore += this.#busyLastRead;
      this.#busyLastRead = 0;
      if (!answered && ++this.#failedStarts >= MAX_FAILED_STARTS) {
        this.#failure = error;
        return;
      }
      this.#restarts++;
      this.onRestart(error);
      this.#start();
      if (this.#synonyms) void this.#call('setSynonyms', this.#synonyms).catch(() => undefined);
    };
    worker.on('error', stop);
    worker.on('exit', (code) => stop(new Error(`The shelf's thread stopped (exit code ${code})`)));
  }

  #call<T>(op: Op, args: ArgsOf<Op>): Promise<T> {
    if (this.#closing) return Promise.reject(new Error("The shelf's thread is closed"));
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ id, op, args, defaultLocale: this.defaultLocale() });
    });
  }

  /** Stops the thread as a fault would (for tests of what follows). */
  async stopThread(): Promise<void> {
    await this.#worker.terminate();
  }

  /** Calls sent and not answered yet. */
  callsWaiting(): number {
    return this.#pending.size;
  }

  /** Seconds the thread (and those it replaced) spent working rather than waiting for calls. */
  busySeconds(): number {
    const busy = this.#worker.performance.eventLoopUtilization().active;
    // A stopped thread reads as 0: what it had done is counted from its last reading.
    if (busy > this.#busyLastRead) this.#busyLastRead = busy;
    return (this.#busyBefore + this.#busyLastRead) / 1000;
  }

  /** Times a stopped thread was replaced. */
  restarts(): number {
    return this.#restarts;
  }

  /** The thread's JavaScript heap: what it uses, and what it holds. */
  heap(): Promise<{ usedBytes: number; totalBytes: number }> {
    return this.#call('heap', []);
  }

  /** Resolves once the shelf is in memory. */
  ready(): Promise<void> {
    return this.#call('ready', []);
  }

  async list(query: GoodsQuery, at: ShelfLocale): Promise<ListedReply> {
    const { body, goodsIds } = await this.#call<{ body: Uint8Array; goodsIds: string[] }>('list', [
      query,
      at,
    ]);
    return { body: Buffer.from(body.buffer, body.byteOffset, body.byteLength), goodsIds };
  }

  summaries(...args: Args<'summaries'>): Promise<ReturnType<CatalogIndex['summaries']>> {
    return this.#call('summaries', args);
  }

  related(...args: Args<'related'>): Promise<ReturnType<CatalogIndex['related']>> {
    return this.#call('related', args);
  }

  stockOf(...args: Args<'stockOf'>): Promise<ReturnType<CatalogIndex['stockOf']>> {
    return this.#call('stockOf', args);
  }

  async categoriesWithGoods(): Promise<Set<string>> {
    return new Set(await this.#call<string[]>('categoriesWithGoods', []));
  }

  refresh(...args: Args<'refresh'>): Promise<RefreshOutcome> {
    return this.#call('refresh', args);
  }

  reloadCategories(): Promise<void> {
    return this.#call('reloadCategories', []);
  }

  /** Reads the whole shelf again, keeping the synonyms; the old one answers until the new one is read. */
  reloadAll(): Promise<void> {
    return this.#call('reloadAll', []);
  }

  setSynonyms(...args: Args<'setSynonyms'>): Promise<void> {
    this.#synonyms = args;
    return this.#call('setSynonyms', args);
  }

  async close(): Promise<void> {
    if (this.#closing) return;
    const closed = this.#call('close', []).catch(() => undefined);
    this.#closing = true;
    await closed;
    await this.#worker.terminate();
  }
}

/** An error from the thread as the shop reads it: a refusal stays an AppError with its code. */
function rebuiltError(fields: Record<string, unknown>): Error {
  const message = String(fields.message);
  if (fields.name === 'AppError' && typeof fields.code === 'number')
    return new AppError(
      fields.code as Code,
      message,
      undefined,
      typeof fields.httpStatus === 'number' ? fields.httpStatus : undefined,
    );
  return Object.assign(new Error(message), fields);
}
