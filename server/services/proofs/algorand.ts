import type { TChainCheck } from './types';

// Whether the Algorand chain holds a stored record (docs/api.md "Proofs"): the indexer's
// `GET /v2/transactions/{id}` (algod alone cannot look up a confirmed transaction), compared with
// the seed's "The calls" (docs/product.md) record: a zero-amount payment from the record's signer to itself whose note is the
// JSON `{"type","id"}` of the application's posting. Plain fetch: no algosdk on the server.

export const ALGORAND_CHECK_TIMEOUT_MS = 5000;

export type TAlgorandExpected = {
  /** The signer stored with the record; null (none kept) never matches. */
  address: string | null;
  note: { type: 'project' | 'job'; id: number };
};

/** The part of the indexer's answer that is read; everything is checked before use. */
type TIndexerTransaction = {
  id?: unknown;
  sender?: unknown;
  'tx-type'?: unknown;
  'payment-transaction'?: { receiver?: unknown; amount?: unknown };
  note?: unknown;
  'confirmed-round'?: unknown;
  'round-time'?: unknown;
};

const UNREACHABLE: TChainCheck = { verdict: 'unreachable' };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The note's bytes as text (invalid UTF-8 shows as U+FFFD and never matches). */
function noteText(base64: unknown): string | undefined {
  if (typeof base64 !== 'string') return undefined;
  return new TextDecoder().decode(Buffer.from(base64, 'base64'));
}

/** Whether the note is exactly the JSON object {type, id} expected (no other key). */
function noteMatches(text: string | undefined, expected: TAlgorandExpected['note']): boolean {
  if (text === undefined) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return false;
  }
  return (
    isRecord(parsed) &&
    Object.keys(parsed).length === 2 &&
    parsed.type === expected.type &&
    parsed.id === expected.id
  );
}

/**
 * The verdict on `txId` against `expected`, with what the chain holds. Never throws: no answer,
 * a timeout (`timeoutMs`, 5 s by default), a 5xx or an answer that cannot be read is
 * `unreachable`; the indexer's 404 is `not_found`.
 */
export async function checkAlgorandTransaction(
  txId: string,
  expected: TAlgorandExpected,
  opts: { indexerUrl: string; timeoutMs?: number; fetchImpl?: typeof fetch },
): Promise<TChainCheck> {
  const doFetch = opts.fetchImpl ?? fetch;
  const url = `${opts.indexerUrl.replace(/\/+$/, '')}/v2/transactions/${encodeURIComponent(txId)}`;
  let body: unknown;
  try {
    const res = await doFetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(opts.timeoutMs ?? ALGORAND_CHECK_TIMEOUT_MS),
    });
    if (res.status === 404) return { verdict: 'not_found' };
    if (!res.ok) return UNREACHABLE;
    body = JSON.parse(await res.text());
  } catch {
    return UNREACHABLE;
  }

  const txn = (isRecord(body) ? body.transaction : undefined) as TIndexerTransaction | undefined;
  if (!isRecord(txn) || txn.id !== txId || typeof txn.sender !== 'string') return UNREACHABLE;
  const payment = isRecord(txn['payment-transaction']) ? txn['payment-transaction'] : undefined;
  const receiver = typeof payment?.receiver === 'string' ? payment.receiver : '';
  const amount =
    typeof payment?.amount === 'number' || typeof payment?.amount === 'string'
      ? String(payment.amount)
      : undefined;
  const round = txn['confirmed-round'];
  const time = txn['round-time'];
  const note = noteText(txn.note);
  const at = typeof time === 'number' ? new Date(time * 1000) : undefined;
  const chain: NonNullable<TChainCheck['chain']> = {
    sender: txn.sender,
    receiver,
    ...(amount !== undefined && { amount }),
    ...(note !== undefined && { note }),
    ...(typeof round === 'number' && { round }),
    ...(at && !Number.isNaN(at.getTime()) && { time: at.toISOString() }),
  };

  const { address } = expected;
  if (address === null || txn.sender !== address) {
    return { verdict: 'mismatched', field: 'sender', chain };
  }
  if (receiver !== address) return { verdict: 'mismatched', field: 'receiver', chain };
  if (txn['tx-type'] !== 'pay' || amount !== '0') {
    return { verdict: 'mismatched', field: 'amount', chain };
  }
  if (!noteMatches(note, expected.note)) return { verdict: 'mismatched', field: 'note', chain };
  return { verdict: 'verified', chain };
}
