/**
 * The load generator of `bench/checkout.ts`: a fixed number of workers, each with its own keep-alive
 * connection, sending one request after another and timing each to the last byte of the reply.
 *
 * Why not autocannon, as `run.ts` uses: a checkout is two requests that depend on each other and on the
 * shopper (session cookie, address, a fresh Idempotency-Key per order), and the bench must keep each 201's
 * order id to find it in the database afterwards. autocannon can rewrite requests but hands back no reply
 * bodies, and its latency histogram has a 1 ms resolution; here every latency is kept and the percentiles
 * are exact. At the few hundred requests per second a checkout or a login allows, the generator's own CPU
 * stays small (it is measured and reported).
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface Reply {
  status: number;
  body: string;
  /** `name=value` of each Set-Cookie. */
  cookies: string[];
  /** From sending the request to the reply's last byte. */
  ms: number;
}

export interface Latency {
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

/** JSON over keep-alive HTTP/1.1 to one port, at most `connections` sockets at a time. */
export class Client {
  private readonly agent: Agent;

  constructor(
    private readonly port: number,
    connections: number,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets: connections });
  }

  post(path: string, payload: object, headers: Record<string, string> = {}): Promise<Reply> {
    return this.send('POST', path, JSON.stringify(payload), {
      'content-type': 'application/json',
      ...headers,
    });
  }

  /** Any request with a body already encoded (a form post to the sandbox gateway, say). */
  send(method: string, path: string, body: string, headers: Record<string, string> = {}): Promise<Reply> {
    const started = performance.now();
    return new Promise<Reply>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: this.port,
          method,
          path,
          agent: this.agent,
          headers: { 'content-length': Buffer.byteLength(body), ...headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
              cookies: (res.headers['set-cookie'] ?? []).map((cookie) => cookie.split(';', 1)[0] ?? ''),
              ms: performance.now() - started,
            }),
          );
        },
      );
      // A reply that never comes is a failed run, not a hang.
      req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${path}: no reply within 30 s`)));
      req.on('error', reject);
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/**
 * `workers` loops calling `task(worker, round)` until `seconds` have passed; requests under way then are
 * finished and counted, so the elapsed time runs to the last of them. The first failure stops every worker
 * and is thrown once all have stopped.
 */
export async function runFor(
  seconds: number,
  workers: number,
  task: (worker: number, round: number) => Promise<void>,
): Promise<{ elapsedSeconds: number }> {
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let failed = false;
  const results = await Promise.allSettled(
    Array.from({ length: workers }, async (_, worker) => {
      try {
        for (let round = 0; !failed && performance.now() < deadline; round++) await task(worker, round);
      } catch (error) {
        failed = true;
        throw error;
      }
    }),
  );
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
  return { elapsedSeconds: (performance.now() - started) / 1000 };
}

/** `task(item)` for every item, `workers` at a time. */
export async function forEach<T>(
  items: readonly T[],
  workers: number,
  task: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const results = await Promise.allSettled(
    Array.from({ length: Math.min(workers, items.length) }, async () => {
      try {
        while (!failed && next < items.length) {
          const index = next++;
          await task(items[index] as T, index);
        }
      } catch (error) {
        failed = true;
        throw error;
      }
    }),
  );
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}

/** Exact percentiles (nearest rank) in ms, rounded to 0.1 ms. */
export function latencyOf(samples: readonly number[]): Latency {
  if (samples.length === 0) throw new Error('No latencies to summarise.');
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    p50: round(rank(0.5)),
    p90: round(rank(0.9)),
    p99: round(rank(0.99)),
    max: round(rank(1)),
    mean: round(sorted.reduce((sum, ms) => sum + ms, 0) / sorted.length),
  };
}
