/** Next calls this once when a server starts; the Node part lives in server/boot.ts. */
export async function register() {
  // Next's own runtime markers, not configuration: the Node server only, never the build.
  if (
    process.env.NEXT_RUNTIME === 'nodejs' &&
    process.env.NEXT_PHASE !== 'phase-production-build'
  ) {
    await import('./server/boot');
  }
}
