import { readCompanyChoice } from '@/lib/company-choice';
import { STORAGE_KEYS, safeStorage } from '@/lib/storage-keys';
import { currentStore, type AppStore } from './index';

/**
 * Where a screen is: the address's path (with its language prefix), its query, and the company
 * the business user chose (the `tc_company` cookie, lib/company-choice.ts; null: none).
 */
export type TAddress = { path: string; query: Record<string, unknown>; company: number | null };

/** A signed-in screen's module: its component, and maybe the reads it starts with. */
export type TScreenModule = {
  /**
   * Starts the screen's first reads into the cache, when the store has the signed-in user: in
   * the browser (below), and on the server for a page it renders with the session
   * (page-state/signed-in-page.ts). A read that needs another's answer first (the team reads
   * the user's companies, then the chosen one's members) returns a promise of them all: the
   * server waits for it before it renders.
   */
  prefetch?: (store: AppStore, at: TAddress) => void | Promise<void>;
};

/**
 * Starts loading a signed-in screen's code as its page module runs, when a session is stored:
 * the screen renders only once the session is back (components/auth/require-auth.tsx), and its
 * chunk, the HTTP client's (services/http-client.ts) and then its first reads would otherwise be
 * asked for only then, one after the other. Now the code downloads while the page hydrates, and
 * the reads start as soon as it is there: the screen finds them in the cache, under way or done.
 * A visitor without a session loads nothing more: the guard sends them to sign in.
 *
 * Only on the first page of a visit, when it is one of `pages` (routes as Next names them,
 * `/business/jobs/[id]/edit`): Next also runs a page's module when a link to it is prefetched,
 * and that page's screen is not for now. `load` is the same `import()` the screen's
 * `next/dynamic` makes: webpack loads a chunk once.
 */
export function preloadForSession(pages: string[], load: () => Promise<unknown>): void {
  if (typeof window === 'undefined') return;
  const first = (window as { __NEXT_DATA__?: { page?: string } }).__NEXT_DATA__?.page;
  if (!first || !pages.includes(first) || !safeStorage.get(STORAGE_KEYS.accessToken)) return;
  import('axios').catch(() => {});
  load()
    .then((screen) => {
      const { prefetch } = screen as TScreenModule;
      const store = currentStore();
      const query = Object.fromEntries(new URLSearchParams(window.location.search));
      const at = { path: window.location.pathname, query, company: readCompanyChoice() };
      if (store && prefetch) return prefetch(store, at);
    })
    // A chunk that fails here fails again, and is reported, where the screen loads it.
    .catch(() => {});
}
