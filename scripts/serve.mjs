// @ts-check
// The production server (`npm start`, the journeys, the benches): Next's request handler behind a
// plain HTTP server, in one process (`next start` runs the server in a child process, which a
// `kill -9` of the one started would leave running). The security headers come from Next's
// instrumentation hook, as with `next start` (docs/security.md "Headers").
// Usage: node scripts/serve.mjs -p PORT -H HOST (NODE_ENV=production).
import http from 'node:http';
import next from 'next';

const arg = (flag, fallback) => {
  const i = process.argv.indexOf(flag);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};
const port = Number(arg('-p', process.env.PORT || '3000'));
const hostname = arg('-H', process.env.HOST || '127.0.0.1');

const app = next({ dev: false, dir: process.cwd(), hostname, port });
const handle = app.getRequestHandler();
await app.prepare();

const server = http.createServer((req, res) => {
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
