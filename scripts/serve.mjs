// @ts-check
// The production server (`npm start`, the journeys, the benches): Next's request handler behind a
// plain HTTP server that sends the security headers, built once here from the configuration
// (docs/security.md "Headers"). `next start` would instead match next.config.js's header routes on
// every request, and for a route with a parameter (`/:path*`, the only one matching every path)
// compile each header's value as a path pattern: the CSP, every time (measured: a sixth of the
// API's CPU). Usage: node scripts/serve.mjs -p PORT -H HOST (NODE_ENV=production).
import http from 'node:http';
import { createRequire } from 'node:module';
import next from 'next';

const require = createRequire(import.meta.url);
const { securityHeaders, HSTS } = require('../lib/security-headers.js');

const arg = (flag, fallback) => {
  const i = process.argv.indexOf(flag);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};
const port = Number(arg('-p', process.env.PORT || '3000'));
const hostname = arg('-H', process.env.HOST || '127.0.0.1');

/** @type {[string, string][]} */
const HEADERS = securityHeaders({ env: process.env, production: true }).map((h) => [
  h.key,
  h.value,
]);

const app = next({ dev: false, dir: process.cwd(), hostname, port });
const handle = app.getRequestHandler();
await app.prepare();

const server = http.createServer((req, res) => {
  for (const [key, value] of HEADERS) res.setHeader(key, value);
  // HSTS only behind a TLS-terminating proxy that says so.
  if (req.headers['x-forwarded-proto'] === 'https') res.setHeader(HSTS.key, HSTS.value);
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

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
