// The part of s3rver (a fake S3 server, test-only) that tests/helpers/s3-peer.ts uses; the
// package ships no types.
declare module 's3rver' {
  type TOptions = {
    address?: string;
    port?: number;
    directory: string;
    silent?: boolean;
    resetOnClose?: boolean;
    configureBuckets?: { name: string }[];
  };
  /** What its Koa middleware sees of a request (s3rver is a Koa application). */
  type TContext = { method: string; host: string; path: string };
  export default class S3rver {
    constructor(options: TOptions);
    /** Koa's middleware chain, composed when the server starts. */
    middleware: ((ctx: TContext, next: () => Promise<void>) => Promise<void>)[];
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
