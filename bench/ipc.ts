/**
 * The protocol between `run.ts` and the servers it forks: a server reports its port once it listens, answers
 * CPU-time queries, and stops (removing whatever it created) when the parent closes the IPC channel — which
 * also happens when the parent dies, so an interrupted run leaves no scratch database behind.
 */
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
    if (message !== CPU_QUERY) return;
    const { user, system } = process.cpuUsage();
    process.send?.({ cpuMicros: user + system } satisfies CpuMessage);
  });
  process.send({ port: address.port } satisfies ReadyMessage);
}
