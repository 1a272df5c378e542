/**
 * Recording an accepted application on the NEAR contract (`addRegisterValidation`).
 *
 * With the function-call key from sign-in, near-api-js signs locally and sends the transaction by
 * JSON-RPC: recordOnNear resolves with its hash. Otherwise the library redirects to the wallet to
 * sign; the wallet comes back to `callbackUrl` with `transactionHashes` (or `errorCode` and
 * `errorMessage` when the user refuses), which completeRecord reads on the next page load.
 */
import { isKind, type TPostingKind } from '@/lib/kinds';
import { RECORD_DEPOSIT, RECORD_GAS, RECORD_METHOD } from './config';
import { NearNotSignedInError, NearWalletRejectedError, REDIRECT_FAILED } from './errors';
import { TRANSACTION_PARAMS, removeUrlParams, takeTransactionHashes, urlParam } from './url';
import { nearWallet } from './wallet';

export type TRecordKind = TPostingKind;
/** Exactly the contract's arguments, in this key order. */
export type TRecordArgs = { talent_id: number; kind: TRecordKind; posting_id: number };
export type TRecordDone = { kind: TRecordKind; applicationId: number; transactionHash: string };

/** sessionStorage survives the round trip to the wallet in the same tab. */
export const PENDING_RECORD_KEY = 'tc-near-pending-record';

type TPending = { kind: TRecordKind; applicationId: number };

function readPending(): TPending | null {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(PENDING_RECORD_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { kind, applicationId } = value as Record<string, unknown>;
    if (!isKind(kind) || typeof applicationId !== 'number') return null;
    return { kind, applicationId };
  } catch {
    return null;
  }
}

function writePending(pending: TPending | null): void {
  try {
    if (pending) window.sessionStorage.setItem(PENDING_RECORD_KEY, JSON.stringify(pending));
    else window.sessionStorage.removeItem(PENDING_RECORD_KEY);
  } catch {
    // storage disabled: a wallet round trip then cannot be matched to its application
  }
}

/**
 * Call the contract. Resolves with the transaction hash when signed here; when the wallet must
 * sign, the page is sent there (the promise rejects with "Failed to redirect to sign transaction"
 * if it has not unloaded after 1 s). Other failures reject with the library's error (nearErrorKey).
 */
export async function recordOnNear({
  talentId,
  kind,
  postingId,
  applicationId,
  callbackUrl,
}: {
  talentId: number;
  kind: TRecordKind;
  postingId: number;
  applicationId: number;
  callbackUrl: string;
}): Promise<string> {
  const { connection, config } = await nearWallet();
  if (!connection.isSignedIn()) throw new NearNotSignedInError();
  const args: TRecordArgs = { talent_id: talentId, kind, posting_id: postingId };
  writePending({ kind, applicationId });
  try {
    const outcome = await connection.account().functionCall({
      contractId: config.contractId,
      methodName: RECORD_METHOD,
      args,
      gas: RECORD_GAS,
      attachedDeposit: RECORD_DEPOSIT,
      walletCallbackUrl: callbackUrl,
    });
    writePending(null);
    const hash: unknown = outcome.transaction?.hash ?? outcome.transaction_outcome?.id;
    if (typeof hash !== 'string') throw new Error('NEAR answer without a transaction hash');
    return hash;
  } catch (error) {
    // After a redirect that is merely slow, the wallet still comes back: keep the pending entry.
    if (!(error instanceof Error && error.message === REDIRECT_FAILED)) writePending(null);
    throw error;
  }
}

/**
 * On the page the wallet returns to after signing: the record to save with `update_wallet`, its
 * parameters removed from the address bar; null when there is nothing to complete. Throws a
 * NearWalletRejectedError (nearErrorKey → 'near.rejected') when the user refused in the wallet.
 */
export function completeRecord(): TRecordDone | null {
  const hashes = takeTransactionHashes();
  const errorCode = urlParam('errorCode');
  const errorMessage = urlParam('errorMessage');
  if (hashes === null && errorCode === null) return null;
  removeUrlParams(TRANSACTION_PARAMS);
  const pending = readPending();
  writePending(null);
  if (!pending) return null;
  if (errorCode !== null) {
    throw new NearWalletRejectedError(errorCode, errorMessage ?? '', pending);
  }
  // One transaction was sent, so one hash (the wallet joins several with commas).
  const transactionHash = (hashes ?? '').split(',').find((h) => h !== '');
  return transactionHash ? { ...pending, transactionHash } : null;
}
