// `npm run test:e2e`: builds when needed, starts `next start` on 127.0.0.1 over a fresh data
// directory (with a local SMTP peer for mail and a local Algorand node and indexer), runs the
// browser journeys, stops everything.
//
// The journeys' build is its own (.next-e2e, scripts/lib/build.mjs): the browser reads the chain
// at the address built into it, and only this build carries the test wallet signer
// (NEXT_PUBLIC_WALLET_TEST_SIGNER), which `npm start`'s build never contains.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAlgorandPeer } from './lib/algorand-peer.mjs';
import { freePort } from './lib/app-process.mjs';
import { buildIfNeeded, nextStartArgs } from './lib/build.mjs';
import { startSmtpPeer } from './lib/smtp-peer.mjs';

process.env.NEXT_TELEMETRY_DISABLED = '1';

/** Built into the browser code, so fixed: the Algorand node and indexer the journeys sign against. */
const ALGORAND_PEER_PORT = Number(process.env.E2E_ALGORAND_PORT || 47011);
const algorandUrl = `http://127.0.0.1:${ALGORAND_PEER_PORT}`;
const buildEnv = {
  ...process.env,
  NEXT_DIST_DIR: '.next-e2e',
  NEXT_PUBLIC_WALLET_TEST_SIGNER: '1',
  NEXT_PUBLIC_ALGOD_URL: algorandUrl,
  NEXT_PUBLIC_ALGOD_API_KEY: '',
  NEXT_PUBLIC_NEAR_RPC_URL: 'http://127.0.0.1:9',
  NEXT_PUBLIC_NEAR_WALLET_URL: 'http://127.0.0.1:9',
};
delete buildEnv.DATABASE_URL;
buildIfNeeded(process.cwd(), buildEnv);
const algorand = await startAlgorandPeer({ port: ALGORAND_PEER_PORT });

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tc-e2e-'));
const dataDir = path.join(work, 'data');
const mailDir = path.join(work, 'mail');
const smtp = await startSmtpPeer({ dir: mailDir });
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const serverEnv = {
  ...buildEnv,
  ALGORAND_INDEXER_URL: algorandUrl,
  NEAR_RPC_URL: 'http://127.0.0.1:9',
  NODE_ENV: 'production',
  PORT: String(port),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'info',
  // The journeys play a proxy: each browser context names its own client in X-Forwarded-For.
  TRUST_PROXY: '1',
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  // The webhooks journey delivers to a receiver on 127.0.0.1 (docs/security.md "Webhook addresses":
  // tests and development only).
  WEBHOOKS_ALLOW_PRIVATE: '1',
};
delete serverEnv.DATABASE_URL;

const server = spawn(process.execPath, nextStartArgs({ port, host: '127.0.0.1' }), {
  env: serverEnv,
  detached: true,
  stdio: ['ignore', 'pipe', 'pipe'],
});
const serverLog = fs.createWriteStream(path.join(work, 'server.log'));
server.stdout.pipe(serverLog);
server.stderr.pipe(serverLog);

const stopServer = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // gone
  }
};
process.on('exit', stopServer);
process.on('SIGINT', () => process.exit(130));

async function waitForHealth() {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) break;
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  console.error(fs.readFileSync(path.join(work, 'server.log'), 'utf8'));
  throw new Error('The server did not become healthy');
}
await waitForHealth();

const vitest = spawn(
  process.execPath,
  [
    path.join(process.cwd(), 'node_modules/vitest/vitest.mjs'),
    'run',
    '--config',
    'vitest.e2e.config.mts',
    ...process.argv.slice(2),
  ],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_BASE_URL: baseUrl,
      E2E_DATA_DIR: dataDir,
      E2E_DIST_DIR: buildEnv.NEXT_DIST_DIR,
      E2E_WORK_DIR: work,
      E2E_MAIL_DIR: mailDir,
      E2E_ALGORAND_URL: algorandUrl,
    },
  },
);
vitest.on('exit', (code) => {
  stopServer();
  void smtp.close();
  void algorand.close();
  if (code !== 0) console.error(`Server log: ${path.join(work, 'server.log')}`);
  process.exit(code ?? 1);
});
