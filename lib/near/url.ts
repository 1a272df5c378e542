/**
 * The wallet answers by redirecting back with query parameters (sign-in: `account_id`,
 * `public_key`, `all_keys`; signing: `transactionHashes`, or `errorCode`/`errorMessage`). These
 * helpers read them and take them out of the address bar without breaking the Next.js router.
 *
 * The pages router keeps its own entry in `history.state` (`__N`, `url`, `as`, …) and ignores a
 * back/forward to an entry without it. near-api-js 4.0.4 calls `history.replaceState({}, …)` when
 * it completes a sign-in (in fact on every construction while signed out), so we keep the router's
 * entry and strip the parameters from its `url`/`as` as well.
 */

export const SIGN_IN_PARAMS = ['account_id', 'public_key', 'all_keys'] as const;
export const TRANSACTION_PARAMS = ['transactionHashes', 'errorCode', 'errorMessage'] as const;
/** What near-api-js 4.0.4 deletes from the URL when it completes a sign-in. */
export const LIBRARY_CLEANED_PARAMS = [...SIGN_IN_PARAMS, 'meta', 'transactionHashes'] as const;

export function urlParam(name: string): string | null {
  return new URL(window.location.href).searchParams.get(name);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A relative or absolute URL string without the given parameters (same form as given). */
function stripFrom(href: string, names: readonly string[]): string {
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(href);
  const url = new URL(href, window.location.origin);
  names.forEach((n) => url.searchParams.delete(n));
  return absolute ? url.toString() : `${url.pathname}${url.search}${url.hash}`;
}

/** A history state with the parameters also taken out of the router's `url` and `as`. */
function strippedState(state: unknown, names: readonly string[]): unknown {
  if (!isRecord(state)) return state;
  const next: Record<string, unknown> = { ...state };
  for (const field of ['url', 'as']) {
    const value = next[field];
    if (typeof value === 'string') next[field] = stripFrom(value, names);
  }
  return next;
}

/** Take the parameters out of the address bar (no navigation, no new history entry). */
export function removeUrlParams(names: readonly string[], state: unknown = window.history.state) {
  const url = new URL(window.location.href);
  names.forEach((n) => url.searchParams.delete(n));
  window.history.replaceState(strippedState(state, names), '', url.toString());
}

/** Put back the router's entry that the library replaced with `{}` (see above). */
export function restoreHistoryState(saved: unknown, names: readonly string[]): void {
  if (window.history.state !== saved) removeUrlParams(names, saved);
}

/**
 * near-api-js 4.0.4 also deletes `transactionHashes` from the URL when it is constructed while
 * signed out; the wallet module notes them here first so that `completeRecord` still finds them.
 */
let savedTransactionHashes: string | null = null;

export function saveTransactionHashes(): void {
  savedTransactionHashes = urlParam('transactionHashes') ?? savedTransactionHashes;
}

export function takeTransactionHashes(): string | null {
  const hashes = urlParam('transactionHashes') ?? savedTransactionHashes;
  savedTransactionHashes = null;
  return hashes;
}
