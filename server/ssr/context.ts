import type { TCtx, TDeps } from '@/server/context';
import { createDefaultDeps } from '@/server/deps';

// Server-side loaders for pages' getServerSideProps (Next keeps them out of the browser bundle)
// call the same service verbs as the API, as an anonymous caller, or the API itself for a
// signed-in caller (server/ssr/session.ts).

let deps: TDeps | undefined;

/** The dependencies of server renders, made once. */
export const ssrDeps = (): TDeps => (deps ??= createDefaultDeps());

/**
 * Tests render pages over their own database, clock and secret, as they run the API: the
 * dependencies of server renders from now on (undefined: the configured ones again).
 */
export function setSsrDeps(next: TDeps | undefined): void {
  deps = next;
}

/** The context of an anonymous read, as the API would build it. */
export async function anonymousCtx(): Promise<TCtx> {
  const d = ssrDeps();
  return { db: await d.getDb(), user: null, now: d.now(), deps: d, ip: 'server-render' };
}
