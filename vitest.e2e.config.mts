import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = path.dirname(new URL(import.meta.url).pathname);

/**
 * Browser journeys: one file at a time against the one server scripts/e2e.mjs started. After the
 * last one, the global setup's teardown scans the server's log for secrets (tests/e2e/log-scan.ts).
 */
export default defineConfig({
  resolve: { alias: { '@': root } },
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/log-scan.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
