import http from 'node:http';
import { HSTS, securityHeaders } from '@/lib/security-headers.js';

// The security headers of every response of this process (docs/security.md "Headers"), however
// the app is served: our `npm start` server, `next start`, `next dev` or a platform that runs
// Next itself. Next calls instrumentation.ts's register() once in every Node server before it
// handles a request; that installs them here, built once into constant strings.

const INSTALLED = Symbol.for('talentchain.securityHeaders');

type TEmit = ((this: http.Server, event: string | symbol, ...args: unknown[]) => boolean) & {
  [INSTALLED]?: true;
};

/**
 * Whether a request came over HTTPS: on a TLS socket, or, behind `trustProxy` proxies, as the
 * TLS-terminating one says in `X-Forwarded-Proto` (read as `X-Forwarded-For` is: the entry that
 * many hops from the right). A client's own `X-Forwarded-Proto` counts for nothing without them.
 */
export function cameOverHttps(req: http.IncomingMessage, trustProxy: number): boolean {
  if ((req.socket as { encrypted?: boolean } | undefined)?.encrypted) return true;
  if (trustProxy <= 0) return false;
  const raw = req.headers['x-forwarded-proto'];
  const hops = (Array.isArray(raw) ? raw.join(',') : (raw ?? ''))
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const proto = hops.length >= trustProxy ? hops[hops.length - trustProxy] : hops[0];
  return proto === 'https';
}

/**
 * Makes every HTTP server of this process set the security headers on each request before its
 * handler runs (a handler may still replace one: stored uploads send their own policy). A second
 * call changes nothing. Returns what undoes it (for tests).
 */
export function sendSecurityHeaders(options: {
  env: Record<string, string | undefined>;
  production: boolean;
  trustProxy: number;
}): () => void {
  const proto = http.Server.prototype as unknown as { emit: TEmit };
  const emit = proto.emit;
  if (emit[INSTALLED]) return () => {};
  const headers = securityHeaders(options).map((h) => [h.key, h.value] as const);
  const { trustProxy } = options;
  const withHeaders: TEmit = function (this: http.Server, event, ...args) {
    if (event === 'request') {
      const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
      for (const [key, value] of headers) res.setHeader(key, value);
      if (cameOverHttps(req, trustProxy)) res.setHeader(HSTS.key, HSTS.value);
    }
    return emit.call(this, event, ...args);
  };
  withHeaders[INSTALLED] = true;
  proto.emit = withHeaders;
  return () => {
    proto.emit = emit;
  };
}
