import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';

/**
 * PGlite in a worker thread, behind the part of PGlite's API that drizzle uses (`query`, `exec`, `transaction`).
 *
 * Why: PGlite is PostgreSQL compiled to WebAssembly, and in the shop's thread every statement ran on the thread
 * that also answers HTTP. In a flash sale (bench/mixed.ts) its queue of checkouts held the thread, so reads the
 * shop answers from memory waited behind orders, and a time slice had to be rationed between the two (reads at
 * half their idle rate, orders at a third fewer). In its own thread the statements run beside the reads, on the
 * second core, and the shop's thread only sends and receives messages.
 *
 * Semantics are PGlite's: one connection, turns first come first served, a transaction holding the connection
 * from BEGIN to its end (a query sent meanwhile outside it waits, as before). Errors arrive as `Error`s carrying
 * PostgreSQL's fields (code, constraint, detail…), which is what the shop reads of them.
 */
export interface PgliteThreadOptions {
  dataDir: string;
  loadDataDir?: Blob | undefined;
  randomPageCost: number;
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
}

type Reply =
  | { id: number; ok: true; result: unknown; startedAt: number | null }
  | { id: number; ok: false; error: Record<string, unknown> };

export interface Transaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
}

export class PgliteThread {
  /** The database thread itself, or a port into it (`openPort`) from another thread. */
  #worker: Worker | MessagePort;
  #pending = new Map<
    number,
    { sentAt: number; resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  #nextId = 1;
  #waitListeners = new Set<(seconds: number) => void>();
  #closed = false;
  /** Calls sent outside a transaction and not yet answered. */
  #outside = 0;
  #openTransactions = 0;

  private constructor(worker: Worker | MessagePort) {
    this.#worker = worker;
    worker.on('message', (reply: Reply) => {
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      if (reply.ok) {
        if (reply.startedAt !== null) {
          const seconds = Math.max(0, reply.startedAt - pending.sentAt) / 1000;
          for (const listener of this.#waitListeners) listener(seconds);
        }
        pending.resolve(reply.result);
      } else {
        pending.reject(Object.assign(new Error(String(reply.error.message)), reply.error));
      }
    });
    // The thread died (out of memory, a crash in the WebAssembly): every call waiting would wait for ever.
    const fail = (error: Error) => {
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
      this.#closed = true;
    };
    if (worker instanceof Worker) {
      worker.on('error', fail);
      worker.on('exit', (code) => fail(new Error(`The database thread stopped (exit code ${code})`)));
    } else {
      worker.on('close', () => fail(new Error('The database thread stopped')));
    }
  }

  /**
   * A second way into the same connection, for another thread (the catalog's shelf reads through one): hand the
   * port over (transfer it) and open it there with `overPort`. Its calls take their turns with this side's.
   */
  openPort(): MessagePort {
    if (!(this.#worker instanceof Worker))
      throw new Error('Ports are opened on the thread that started PGlite');
    const { port1, port2 } = new MessageChannel();
    this.#worker.postMessage({ op: 'port', port: port2 }, [port2]);
    return port1;
  }

  /** The connection through a port `openPort` made on another thread; closing it closes only the port. */
  static overPort(port: MessagePort): PgliteThread {
    return new PgliteThread(port);
  }

  static async start(options: PgliteThreadOptions): Promise<PgliteThread> {
    const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir: options.dataDir, loadDataDir, randomPageCost: options.randomPageCost },
      ...(loadDataDir ? { transferList: [loadDataDir] } : {}),
      // The worker is plain JavaScript: it needs none of the loaders the shop may run under (tsx).
      execArgv: [],
    });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: { ready?: boolean }) => {
        if (!message.ready) return;
        worker.off('error', reject);
        resolve();
      };
      worker.once('message', onMessage);
      worker.once('error', reject);
      worker.once('exit', (code) =>
        reject(new Error(`The database thread stopped while starting (exit code ${code})`)),
      );
    });
    return new PgliteThread(worker);
  }

  /**
   * How many calls wait for the connection: those sent outside a transaction and not yet answered, less the one
   * running when no transaction holds the connection.
   */
  get waiting(): number {
    return Math.max(0, this.#outside - (this.#openTransactions > 0 ? 0 : 1));
  }

  /** `listener` hears how long each call waited for the connection; returns how to stop listening. */
  onQueueWait(listener: (seconds: number) => void): () => void {
    this.#waitListeners.add(listener);
    return () => this.#waitListeners.delete(listener);
  }

  #call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('The database is closed'));
    const id = this.#nextId++;
    const outside = message.tx === undefined;
    if (outside) this.#outside++;
    const answered = new Promise<T>((resolve, reject) => {
      const sentAt = performance.timeOrigin + performance.now();
      this.#pending.set(id, { sentAt, resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...message, id });
    });
    if (!outside) return answered;
    return answered.finally(() => this.#outside--);
  }

  query<T>(
    sql: string,
    params: unknown[] = [],
    options: QueryOptions = {},
    tx?: number,
  ): Promise<{ rows: T[] }> {
    return this.#call({
      op: 'query',
      sql,
      params,
      rowMode: options.rowMode,
      // Drizzle's parsers keep time types as text; the thread applies the same (pglite-worker.mjs).
      parsers: options.parsers !== undefined,
      tx,
    });
  }

  exec(sql: string, tx?: number): Promise<unknown> {
    return this.#call({ op: 'exec', sql, tx });
  }

  /** As PGlite's: `work` resolving commits, throwing rolls back and rethrows. */
  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const { tx } = await this.#call<{ tx: number }>({ op: 'begin' });
    this.#openTransactions++;
    try {
      return await this.#within(tx, work);
    } finally {
      this.#openTransactions--;
    }
  }

  async #within<T>(tx: number, work: (tx: Transaction) => Promise<T>): Promise<T> {
    const handle: Transaction = {
      query: (sql, params, options) => this.query(sql, params, options, tx),
      exec: (sql) => this.exec(sql, tx),
    };
    let result: T;
    try {
      result = await work(handle);
    } catch (error) {
      await this.#call({ op: 'end', tx, commit: false }).catch(() => {});
      throw error;
    }
    await this.#call({ op: 'end', tx, commit: true });
    return result;
  }

  async dumpDataDir(): Promise<Blob> {
    return new Blob([await this.#call<ArrayBuffer>({ op: 'dump' })]);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    if (!(this.#worker instanceof Worker)) {
      this.#closed = true;
      this.#worker.close();
      return;
    }
    await this.#call({ op: 'close' });
    this.#closed = true;
    await this.#worker.terminate();
  }
}
