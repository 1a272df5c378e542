// The part of autocannon (an HTTP load generator, dev-only) that scripts/bench-search.ts uses; the
// package ships no types.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  type TRequest = { method?: string; path: string; headers?: Record<string, string> };
  type TOptions = {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    pipelining?: number;
    /** Fire from this many worker threads instead of the calling thread. */
    workers?: number;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
    requests?: TRequest[];
    headers?: Record<string, string>;
  };
  /** hdr-histogram-percentiles-obj: the figures of one histogram. */
  type THistogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
  };
  export type TResult = {
    /** Milliseconds, of the 2xx answers. */
    latency: THistogram;
    /** Requests per second, sampled each second. */
    requests: THistogram;
    throughput: THistogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    statusCodeStats: Record<string, { count: number }>;
  };
  type TInstance = EventEmitter & PromiseLike<TResult> & { stop(): void };
  export default function autocannon(options: TOptions): TInstance;
}
