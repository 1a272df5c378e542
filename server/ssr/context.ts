import { getDb } from '@/db/client';
import type { TCtx, TDeps } from '@/server/context';
import { createDefaultDeps } from '@/server/deps';

// Server-side loaders for pages' getServerSideProps (Next keeps them out of the browser bundle)
// call the same service verbs as the API, as an anonymous caller, or the API itself for a
// signed-in caller (server/ssr/session.ts).

let deps: TDeps | undefined;

/** The dependencies of server renders, made once. */
export const ssrDeps = (): TDeps => (deps ??= createDefaultDeps());

/** The context of an anonymous read, as the API would build it. */
export async function anonymousCtx(): Promise<TCtx> {
  return { db: await getDb(), user: null, now: new Date(), deps: ssrDeps(), ip: 'server-render' };
}
