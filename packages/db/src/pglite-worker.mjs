// PGlite in a thread of its own (see pglite-thread.ts, which starts this file and speaks to it). Plain JavaScript
// so that every runner loads it as it is: the server under tsx, the test runner's workers, the benches.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The parsers drizzle passes with every query (drizzle-orm/pglite/session.js) keep the text of these types as it
 * came; functions cannot cross threads, so the same ones are made here for a query that asked for parsers.
 */
const keepText = (value) => value;
const TEXT_KEPT = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map(
    (oid) => [oid, keepText],
  ),
);

const { dataDir, loadDataDir, randomPageCost } = workerData;
const client = await PGlite.create({
  dataDir,
  ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {}),
  extensions: { pg_trgm },
  // PostgreSQL's own page cache, inside PGlite's WebAssembly memory, which never shrinks: PGlite's 128 MB default
  // made a shop with 100 000 goods hold about 100 MB more once its catalog was read. PGlite reads its files
  // through the operating system, whose page cache keeps the rest of the pages without counting against the shop
  // (bench/RESULTS.md, session 22: checkouts a second the same at 32 MB).
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
});
await client.exec(`set random_page_cost = ${randomPageCost}`);

/**
 * The connection's turns, first come first served, as PGlite's own lock gives them (which every call below still
 * takes, uncontended): kept here too so that each answer can say when its turn came (`startedAt`, milliseconds
 * since the epoch, which both threads read alike: the other thread counts the wait from when it sent the call).
 */
let lastTurn = Promise.resolve();
function inTurn(work) {
  const turn = lastTurn.then(() => work(performance.timeOrigin + performance.now()));
  lastTurn = turn.then(
    () => undefined,
    () => undefined,
  );
  return turn;
}

/** Open transactions by id: the connection's handle, and how to end it when the other thread says so. */
const transactions = new Map();
let nextTransaction = 1;

const options = (message) => ({
  rowMode: message.rowMode,
  ...(message.parsers ? { parsers: TEXT_KEPT } : {}),
});

/**
 * Runs one message; `answer(result, startedAt)` is called once with what to send back: `startedAt`, when its turn
 * came, or null for a statement inside a transaction (which has the connection already).
 */
function handle(message, answer) {
  if (message.tx) {
    const open = transactions.get(message.tx);
    if (!open) return Promise.reject(new Error(`Transaction ${message.tx} is not open`));
    if (message.op === 'query')
      return open.handle.query(message.sql, message.params, options(message)).then((r) => answer(r, null));
    if (message.op === 'exec') return open.handle.exec(message.sql).then((r) => answer(r, null));
    if (message.op === 'end') {
      // Resolving the callback commits; rejecting it rolls back. Either way the answer waits for PGlite.
      if (message.commit) open.commit();
      else open.rollback(new Error('Rolled back'));
      return open.done.then(
        () => answer(undefined, null),
        (error) => {
          if (message.commit) throw error;
          answer(undefined, null);
        },
      );
    }
  }
  switch (message.op) {
    case 'query':
      return inTurn((startedAt) =>
        client.query(message.sql, message.params, options(message)).then((r) => answer(r, startedAt)),
      );
    case 'exec':
      return inTurn((startedAt) => client.exec(message.sql).then((r) => answer(r, startedAt)));
    case 'begin':
      // The turn is held until the transaction ends; the answer goes as soon as it has begun.
      return inTurn((startedAt) => {
        const id = nextTransaction++;
        let begun = false;
        const done = client.transaction(
          (handle) =>
            new Promise((commit, rollback) => {
              transactions.set(id, { handle, commit, rollback, done });
              begun = true;
              answer({ tx: id }, startedAt);
            }),
        );
        return done.then(
          () => transactions.delete(id),
          (error) => {
            transactions.delete(id);
            // A transaction that could not begin is this message's failure; a later one is its end's.
            if (!begun) throw error;
          },
        );
      });
    case 'dump':
      return inTurn(() =>
        client
          .dumpDataDir('none')
          .then((blob) => blob.arrayBuffer())
          .then((r) => answer(r, 0)),
      );
    case 'close':
      return inTurn(() => client.close().then(() => answer(undefined, 0)));
    default:
      return Promise.reject(new Error(`Unknown operation ${message.op}`));
  }
}

/** An error as plain fields: PostgreSQL's (code, constraint, detail…) are what the shop reads. */
function plain(error) {
  const fields = { message: String(error?.message ?? error), name: error?.name ?? 'Error' };
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
      fields[key] = value;
    }
  }
  return fields;
}

/** Answers the calls arriving on `port`: the shop's own thread, or another thread's port (`openPort`). */
function serve(port) {
  port.on('message', (message) => {
    if (message.op === 'port') {
      serve(message.port);
      return;
    }
    let answered = false;
    const answer = (result, startedAt) => {
      answered = true;
      const transfer = result instanceof ArrayBuffer ? [result] : [];
      port.postMessage({ id: message.id, ok: true, result, startedAt }, transfer);
    };
    handle(message, answer).catch((error) => {
      if (!answered) port.postMessage({ id: message.id, ok: false, error: plain(error) });
    });
  });
}

serve(parentPort);
parentPort.postMessage({ ready: true });
