/** Next calls this once when a server starts, before it handles a request. */
export async function register() {
  // Next's own runtime markers, not configuration: the Node server only, never the build.
  if (
    process.env.NEXT_RUNTIME === 'nodejs' &&
    process.env.NEXT_PHASE !== 'phase-production-build'
  ) {
    // The security headers of every response, however Next is served (docs/security.md
    // "Headers"); then the Node part of the start (database, seed, housekeeping).
    const [{ sendSecurityHeaders }, { serverEnv }] = await Promise.all([
      import('./server/http/security-headers'),
      import('./lib/env'),
    ]);
    const { NODE_ENV, TRUST_PROXY } = serverEnv();
    sendSecurityHeaders({
      env: process.env,
      production: NODE_ENV === 'production',
      trustProxy: TRUST_PROXY,
    });
    await import('./server/boot');
  }
}
