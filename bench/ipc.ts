/**
 * The protocol between `run.ts` and the servers it forks: a server reports its port once it listens, answers
 * CPU-time queries, and stops (removing whatever it created) when the parent closes the IPC channel — which
 * also happens when the parent dies, so an interrupted run leaves no scratch database behind.
 */
import { fork, type ForkOptions } from 'node:child_process';
import { once } from 'node:events';
import type { Server } from 'node:http';

/** Sent by a bench server once it listens. */
export interface ReadyMessage {
  port: number;
}

/** Asks a server for the CPU time its process has used so far. */
export const CPU_QUERY = 'cpu';

/** The answer to CPU_QUERY: user + system time in microseconds. */
export interface CpuMessage {
  cpuMicros: number;
}

/** Asks a server for its process's memory, as the process itself sees it (`process.memoryUsage()`). */
export const MEMORY_QUERY = 'memory';

/** The answer to MEMORY_QUERY, in bytes. */
export interface MemoryMessage {
  /** Resident set: everything of the process in RAM (heap, typed arrays, code, PGlite's WebAssembly memory). */
  rssBytes: number;
  heapUsedBytes: number;
  /** Buffers and typed arrays, outside the JS heap. */
  arrayBuffersBytes: number;
}

/** One URL the bare server answers, with the bytes the shop sent for it. */
export interface BareRoute {
  url: string;
  contentType: string;
  body: Uint8Array;
}

/** The first message from the parent: the set-up a server needs before it can listen. */
export function receiveFromParent<T>(): Promise<T> {
  return new Promise((resolve) => process.once('message', (message) => resolve(message as T)));
}

/**
 * Reports the server's port to the parent, answers its CPU queries, and runs `stop` once when the parent lets
 * go or on Ctrl-C.
 */
export function serveUntilParentLeaves(server: Server, stop: () => Promise<void>): void {
  if (!process.send) throw new Error('Bench servers are started by bench/run.ts (npm run bench).');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The bench server is not listening on TCP.');
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('disconnect', shutdown);
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  process.on('message', (message) => {
    if (message === CPU_QUERY) {
      const { user, system } = process.cpuUsage();
      process.send?.({ cpuMicros: user + system } satisfies CpuMessage);
    } else if (message === MEMORY_QUERY) {
      const { rss, heapUsed, arrayBuffers } = process.memoryUsage();
      process.send?.({
        rssBytes: rss,
        heapUsedBytes: heapUsed,
        arrayBuffersBytes: arrayBuffers,
      } satisfies MemoryMessage);
    }
  });
  process.send({ port: address.port } satisfies ReadyMessage);
}

/** A bench server running in its own process, as the parent sees it. */
export interface ForkedServer {
  port: number;
  pid: number;
  /** The CPU time (user + system) the server's process has used so far. */
  cpuMicros(): Promise<number>;
  memory(): Promise<MemoryMessage>;
  /** Lets the server go and waits until it has stopped (and removed whatever it created). */
  stop(): Promise<void>;
}

/**
 * Starts `script` (a bench server) with tsx in a process of its own, sends it `setup` first when given, and
 * resolves once it listens. Queries are answered in the order sent, one at a time.
 */
export async function forkServer(
  script: URL,
  setup?: unknown,
  options: Pick<ForkOptions, 'env' | 'execArgv' | 'serialization'> = {},
): Promise<ForkedServer> {
  const name = script.pathname.split('/').slice(-2).join('/');
  const child = fork(script, { ...options, execArgv: ['--import', 'tsx', ...(options.execArgv ?? [])] });
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  if (setup !== undefined) child.send(setup as object);
  const port = await Promise.race([
    once(child, 'message').then(([message]) => (message as ReadyMessage).port),
    exited.then(([code, signal]) => {
      throw new Error(`${name} stopped before listening (${signal ?? `exit code ${code}`})`);
    }),
  ]);
  let queries = Promise.resolve<unknown>(undefined);
  const ask = <T>(query: string): Promise<T> => {
    const answer = queries.then(async () => {
      child.send(query);
      const [message] = await once(child, 'message');
      return message as T;
    });
    queries = answer.catch(() => undefined);
    return answer;
  };
  return {
    port,
    pid: child.pid ?? 0,
    cpuMicros: async () => (await ask<CpuMessage>(CPU_QUERY)).cpuMicros,
    memory: () => ask<MemoryMessage>(MEMORY_QUERY),
    stop: async () => {
      if (child.connected) child.disconnect();
      const [code] = await exited;
      if (code !== 0) throw new Error(`${name} did not stop cleanly (exit code ${code})`);
    },
  };
}
