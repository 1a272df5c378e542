// @ts-check
// The production server (`npm start`, the journeys, the benches): Next's request handler behind a
// plain HTTP server, in one process (`next start` runs the server in a child process, which a
// `kill -9` of the one started would leave running). The security headers come from Next's
// instrumentation hook, as with `next start` (docs/security.md "Headers").
// Usage: node scripts/serve.mjs -p PORT -H HOST (NODE_ENV=production).
import http from 'node:http';
import { clearTimeout, setTimeout } from 'node:timers';
import next from 'next';

const arg = (flag, fallback) => {
  const i = process.argv.indexOf(flag);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};
const port = Number(arg('-p', process.env.PORT || '3000'));
const hostname = arg('-H', process.env.HOST || '127.0.0.1');

// Graceful stop (docs/deploy.md "Stopping"): this server drives the order, not the database
// module's own signal handlers (db/client.ts reads `managed`).
/** @type {{steps: Set<() => Promise<void>>, drains?: Set<() => void>, managed?: boolean, close?: () => Promise<void>}} */
const shutdown = (globalThis.__talentShutdown ??= { steps: new Set() });
shutdown.managed = true;
shutdown.drains ??= new Set();
/** How long in-flight requests may take after SIGTERM before their connections are cut. */
const GRACE_MS = Number(process.env.SHUTDOWN_GRACE_MS || 10_000);

let stopping = false;

const app = next({ dev: false, dir: process.cwd(), hostname, port });
const handle = app.getRequestHandler();
await app.prepare();

const server = http.createServer((req, res) => {
  // Stopping: each answer closes its connection, so the proxy opens its next one elsewhere.
  if (stopping) res.setHeader('Connection', 'close');
  handle(req, res).catch((err) => {
    console.error(err);
    if (!res.headersSent) res.statusCode = 500;
    res.end();
  });
});
// Longer than a load balancer's idle timeout, as `next start` sets it.
server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => {
  console.log(`Ready on http://${hostname}:${port}`);
});

/**
 * SIGTERM or SIGINT: stop accepting connections, end the notification streams (their clients
 * reconnect to another instance), let the requests in flight finish (each answer then closes its
 * connection), then stop the job queue and close the database, and exit. Whatever connection is
 * still open after GRACE_MS is cut.
 */
function stop() {
  if (stopping) return;
  stopping = true;
  // Node's close() also closes the idle keep-alive connections at once, racing a proxy that is
  // sending its next request on one of them (that request would fail). They are left to the
  // proxy, whose idle timeout is shorter than this server's (docs/deploy.md "Stopping"); the
  // others close after their answer.
  server.closeIdleConnections = () => {};
  const closed = new Promise((resolve) => server.close(resolve));
  for (const drain of shutdown.drains ?? []) drain();
  const cut = setTimeout(() => server.closeAllConnections(), GRACE_MS);
  closed
    .then(async () => {
      clearTimeout(cut);
      await shutdown.close?.();
    })
    .catch((err) => console.error(err))
    .finally(() => process.exit(0));
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
