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
  export default class S3rver {
    constructor(options: TOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
