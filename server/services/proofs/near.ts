import type { TChainCheck, TMismatchField } from './types';

// Checks a NEAR transaction against the record it should be (docs/api.md "Proofs"): one JSON-RPC
// `tx` call to a NEAR node, compared field by field. Never throws: a node that cannot answer is
// `unreachable`, an unknown hash is `not_found`.

/** The contract's change method the app calls (lib/near/config.ts). */
const RECORD_METHOD = 'addRegisterValidation';
const DEFAULT_TIMEOUT_MS = 5000;
/** base58 of a 32-byte hash: at most 44 characters (a leading zero byte becomes a '1'). */
const TX_HASH_RE = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

export type TNearExpected = {
  /** The signer stored with the record; null (none kept) never matches. */
  accountId: string | null;
  contractId: string;
  args: { talent_id: number; kind: 'project' | 'job'; posting_id: number };
};

export type TNearCheckOptions = {
  rpcUrl: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
};

type TJson = null | boolean | number | string | TJson[] | { [key: string]: TJson };
type TObject = { [key: string]: TJson };

const isObject = (v: unknown): v is TObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function jsonEqual(a: TJson, b: TJson): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((x, i) => jsonEqual(x, b[i] as TJson))
    );
  }
  if (isObject(a) || isObject(b)) {
    if (!isObject(a) || !isObject(b)) return false;
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((k) => k in b && jsonEqual(a[k] as TJson, b[k] as TJson))
    );
  }
  return a === b;
}

/** Reject when the signal aborts, even if `fetchImpl` ignores it (the body read included). */
function bounded<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason ?? new Error('aborted'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

type TRpcAnswer = { result: unknown } | { error: unknown } | { unreachable: true };

/**
 * One JSON-RPC call. nearcore answers handler errors (UNKNOWN_TRANSACTION) with HTTP 200 and
 * validation errors with 400, both as JSON-RPC errors; 5xx, 408 and non-JSON answers count as no
 * answer.
 */
async function rpc(
  method: string,
  params: unknown,
  { rpcUrl, timeoutMs = DEFAULT_TIMEOUT_MS, fetchImpl = fetch }: TNearCheckOptions,
): Promise<TRpcAnswer> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const text = await bounded(
      (async () => {
        const res = await fetchImpl(rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 'tc', method, params }),
          signal,
        });
        return { status: res.status, body: await res.text() };
      })(),
      signal,
    );
    if (text.status >= 500 || text.status === 408) return { unreachable: true };
    const body: unknown = JSON.parse(text.body);
    if (isObject(body) && 'error' in body && body.error != null) return { error: body.error };
    if (isObject(body) && 'result' in body && text.status < 300) return { result: body.result };
    return { unreachable: true };
  } catch {
    return { unreachable: true };
  }
}

/** nearcore: `{ name: 'HANDLER_ERROR', cause: { name: 'UNKNOWN_TRANSACTION' }, data: "Transaction … doesn't exist" }`. */
function isUnknownTransaction(error: unknown): boolean {
  if (!isObject(error)) return false;
  const cause = error.cause;
  if (isObject(cause) && cause.name === 'UNKNOWN_TRANSACTION') return true;
  return [error.data, error.message].some(
    (t) => typeof t === 'string' && /(doesn't|does not) exist/i.test(t),
  );
}

function decodeArgs(base64: unknown): string | undefined {
  if (typeof base64 !== 'string') return undefined;
  try {
    return Buffer.from(base64, 'base64').toString('utf8');
  } catch {
    return undefined;
  }
}

function parseJson(text: string | undefined): TJson | undefined {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as TJson;
  } catch {
    return undefined;
  }
}

export async function checkNearTransaction(
  txHash: string,
  expected: TNearExpected,
  opts: TNearCheckOptions,
): Promise<TChainCheck> {
  if (!TX_HASH_RE.test(txHash)) return { verdict: 'not_found' };
  // `wait_until: NONE` answers at once (an unknown hash would otherwise wait for the node's
  // timeout); the object form is the one that carries it (near-api-js 4.0.4 sends the same).
  const answer = await rpc(
    'tx',
    {
      tx_hash: txHash,
      sender_account_id: expected.accountId ?? expected.contractId,
      wait_until: 'NONE',
    },
    opts,
  );
  if ('unreachable' in answer) return { verdict: 'unreachable' };
  if ('error' in answer) {
    return { verdict: isUnknownTransaction(answer.error) ? 'not_found' : 'unreachable' };
  }
  const result = answer.result;
  // Known but not executed yet (no outcome, or a status other than success/failure).
  if (!isObject(result) || !isObject(result.transaction)) return { verdict: 'not_found' };
  const tx = result.transaction;
  const status = result.status;
  const failed = isObject(status) && 'Failure' in status;
  const succeeded = isObject(status) && ('SuccessValue' in status || 'SuccessReceiptId' in status);
  if (!failed && !succeeded) return { verdict: 'not_found' };
  if (typeof tx.hash === 'string' && tx.hash !== txHash) return { verdict: 'unreachable' };

  const actions = Array.isArray(tx.actions) ? tx.actions : [];
  const calls = actions.map((a) =>
    isObject(a) && isObject(a.FunctionCall) ? a.FunctionCall : null,
  );
  const call = actions.length === 1 ? calls[0] : null;
  const firstCall = calls.find((c) => c !== null) ?? null;
  const argsText = decodeArgs(firstCall?.args);
  const chain: NonNullable<TChainCheck['chain']> = {
    sender: typeof tx.signer_id === 'string' ? tx.signer_id : '',
    receiver: typeof tx.receiver_id === 'string' ? tx.receiver_id : '',
  };
  if (firstCall) {
    if (typeof firstCall.method_name === 'string') chain.method = firstCall.method_name;
    if (argsText !== undefined) chain.args = argsText;
    const deposit = firstCall.deposit;
    if (typeof deposit === 'string' || typeof deposit === 'number') chain.amount = String(deposit);
  }

  const mismatch = (field: TMismatchField): TChainCheck => ({
    verdict: 'mismatched',
    field,
    chain,
  });
  if (expected.accountId === null || chain.sender !== expected.accountId) return mismatch('sender');
  if (chain.receiver !== expected.contractId) return mismatch('receiver');
  if (!call || call.method_name !== RECORD_METHOD || failed) return mismatch('method');
  const args = parseJson(decodeArgs(call.args));
  if (args === undefined || !jsonEqual(args, expected.args)) return mismatch('args');
  if (String(call.deposit) !== '0') return mismatch('amount');
  return { verdict: 'verified', chain };
}
