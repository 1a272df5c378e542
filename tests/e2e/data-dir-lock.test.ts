import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('the embedded database', () => {
  it('refuses a second server on the same data directory with a clear error', async () => {
    const dataDir = process.env.E2E_DATA_DIR;
    expect(dataDir).toBeTruthy();
    const child = spawn(
      process.execPath,
      [
        path.join(process.cwd(), 'node_modules/next/dist/bin/next'),
        'start',
        '-p',
        '0',
        '-H',
        '127.0.0.1',
      ],
      {
        env: {
          ...process.env,
          NEXT_DIST_DIR: process.env.E2E_DIST_DIR,
          NODE_ENV: 'production',
          DATA_DIR: dataDir,
          PORT: '0',
        },
        detached: true,
      },
    );
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        process.kill(-child.pid!, 'SIGKILL');
        resolve(null);
      }, 45_000);
      child.on('exit', (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    expect(output).toMatch(/already in use by process \d+/);
    expect(code).toBe(1);
  });
});
