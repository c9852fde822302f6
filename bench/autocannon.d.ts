// autocannon ships no types and @types/autocannon is not installed: this covers the part run.ts and mixed.ts use.
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    pipelining?: number;
    /** Seconds. */
    duration?: number;
    /** Cycled through by each connection; `setupRequest` may rewrite a request before it is sent. */
    requests?: { setupRequest?: (request: { path: string }) => { path: string } }[];
  }

  interface Histogram {
    /** Mean over the per-second samples (requests, bytes) or over all responses (latency, ms). */
    average: number;
    p50: number;
    p99: number;
    /** The largest sample (latency: the slowest reply). */
    max: number;
    /** Requests completed, or bytes received. */
    total: number;
    /** Requests only: sent, answered or not (those under way when the run ended are dropped). */
    sent?: number;
  }

  interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
