// `npm start`: builds when needed, then serves. The server migrates the database and seeds demo
// data on an empty one when it starts (server/boot.ts).
import { spawn } from 'node:child_process';
import { buildIfNeeded, nextStartArgs } from './lib/build.mjs';

process.env.NEXT_TELEMETRY_DISABLED = '1';
buildIfNeeded();

const port = process.env.PORT || '3000';
const host = process.env.HOST || '127.0.0.1';
const child = spawn(process.execPath, nextStartArgs({ port, host }), {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
  detached: true,
});

const stop = (signal) => {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
