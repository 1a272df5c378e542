import algosdk from 'algosdk';
import { chainEnv } from '@/lib/chain-env';
import { toastError } from '@/lib/toast';
import type { TAlgorandSigner } from './signer';

// The seed's "The calls" (docs/product.md) Algorand record of finished work (docs/architecture.md "Wallets"): a zero-amount
// payment from the talent's address to itself whose note names the project or job. The order is
// the seed's: parameters, build, sign, read the balance, then submit only from the minimum.

/** docs/product.md "Validation rules", "Constants and limits": below this balance (micro-Algos) nothing is sent. */
export const ALGORAND_MIN_BALANCE = 1000;
/** How many rounds (about 3 s each on the main network) to wait for the confirmation. */
export const CONFIRMATION_ROUNDS = 4;

export type TRecordKind = 'project' | 'job';

/** The note: the UTF-8 JSON `{"type":kind,"id":id}`, keys in that order. */
export function recordNote(kind: TRecordKind, id: number): Uint8Array {
  // Copied into this realm's Uint8Array: algosdk checks with instanceof, and where TextEncoder
  // comes from another realm (jsdom in the component tests) its bytes would be refused.
  return Uint8Array.from(new TextEncoder().encode(JSON.stringify({ type: kind, id })));
}

/** The node of NEXT_PUBLIC_ALGOD_URL, `{key}` replaced and sent as a token when there is one. */
function algodClient(url?: string, token?: string): algosdk.Algodv2 {
  const key = token ?? chainEnv.NEXT_PUBLIC_ALGOD_API_KEY ?? '';
  const base = (url ?? chainEnv.NEXT_PUBLIC_ALGOD_URL).replaceAll('{key}', key);
  // A string token becomes the X-Algo-API-Token header; an empty object sends no header at all.
  return new algosdk.Algodv2(key ? key : {}, base);
}

export type TRecordInput = {
  signer: TAlgorandSigner;
  /** The connected address: sender, receiver and signer. */
  address: string;
  kind: TRecordKind;
  /** The project's or job's id. */
  id: number;
  /** The toast shown when the balance is under ALGORAND_MIN_BALANCE. */
  lowBalanceMessage: string;
  /** For tests: another node than NEXT_PUBLIC_ALGOD_URL, and its key. */
  algodUrl?: string;
  algodToken?: string;
};

/**
 * Records the work on Algorand. Answers the confirmed transaction's id; null when the balance is
 * under the minimum (an error toast with `lowBalanceMessage` was shown, nothing was sent). Every
 * other failure (node, wallet, a cancellation with `code` 'cancelled') is thrown.
 */
export async function recordOnAlgorand(input: TRecordInput): Promise<string | null> {
  const algod = algodClient(input.algodUrl, input.algodToken);
  const suggestedParams = await algod.getTransactionParams().do();
  const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
    sender: input.address,
    receiver: input.address,
    amount: 0,
    note: recordNote(input.kind, input.id),
    suggestedParams,
  });
  const [signed] = await input.signer.signTransactions([txn], input.address);
  if (!signed) throw new Error('The wallet answered no signed transaction');

  const account = await algod.accountInformation(input.address).do();
  if (account.amount < BigInt(ALGORAND_MIN_BALANCE)) {
    toastError(input.lowBalanceMessage);
    return null;
  }
  const { txid } = await algod.sendRawTransaction(signed).do();
  await algosdk.waitForConfirmation(algod, txid, CONFIRMATION_ROUNDS);
  return txid;
}
