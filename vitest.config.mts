import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = path.dirname(new URL(import.meta.url).pathname);

export default defineConfig({
  resolve: { alias: { '@': root } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent', NODE_ENV: 'test' },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/components/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/helpers/dom-setup.ts'],
        },
      },
    ],
  },
});
