/**
 * Map near-api-js 4.0.4's errors to keys of the `wallet` catalog (`near_errors.*`). The
 * library's own English message stays available as `detail`.
 */

/** ConnectedWalletAccount: no local key and no wallet key allows the call. */
const NO_MATCHING_KEY = /^Cannot find matching key for transaction sent to (.+)$/;
/** ConnectedWalletAccount: it set window.location to the wallet but the page is still here 1 s later. */
export const REDIRECT_FAILED = 'Failed to redirect to sign transaction';
/** @near-js/providers fetchJson: 10 attempts (waits 1 s × 1.5ⁿ) on HTTP 503/408 or "Failed to fetch". */
const RETRIES_EXCEEDED = /^Exceeded \d+ attempts/;

/** The wallet came back with `errorCode` (the user refused to sign). */
export class NearWalletRejectedError extends Error {
  override name = 'NearWalletRejectedError';
  constructor(
    readonly errorCode: string,
    readonly errorMessage: string,
    readonly record: { kind: 'project' | 'job'; applicationId: number },
  ) {
    super(errorMessage || `The NEAR wallet refused to sign (${errorCode})`);
  }
}

/** The record needs this browser signed in to the NEAR wallet (the key lives here). */
export class NearNotSignedInError extends Error {
  override name = 'NearNotSignedInError';
  constructor() {
    super('Not signed in to a NEAR wallet');
  }
}

export type TNearErrorKey =
  | { key: 'near.no_matching_key'; receiver: string; detail: string }
  | { key: 'near.redirect_failed'; detail: string }
  | { key: 'near.retries_exceeded'; detail: string }
  | { key: 'near.rejected'; detail: string }
  | { key: 'near.not_signed_in'; detail: string }
  | { key: 'near.unknown'; detail: string };

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

/** near-api-js's TypedError carries its kind in `type` (not `name`). */
function typeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null
    ? (error as { type?: unknown }).type
    : undefined;
}

export function nearErrorKey(error: unknown): TNearErrorKey {
  const detail = messageOf(error);
  if (error instanceof NearWalletRejectedError) return { key: 'near.rejected', detail };
  if (error instanceof NearNotSignedInError) return { key: 'near.not_signed_in', detail };
  const noKey = NO_MATCHING_KEY.exec(detail);
  if (noKey?.[1]) return { key: 'near.no_matching_key', receiver: noKey[1], detail };
  if (detail === REDIRECT_FAILED) return { key: 'near.redirect_failed', detail };
  // Account's "nonce retries exceeded" has the same type but another cause: left to 'unknown'.
  if (typeOf(error) === 'RetriesExceeded' && RETRIES_EXCEEDED.test(detail)) {
    return { key: 'near.retries_exceeded', detail };
  }
  return { key: 'near.unknown', detail };
}
