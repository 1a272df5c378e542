/**
 * Reading the contract's records of a talent (`getRegisters`, a view call: no wallet, no key, no
 * side effect on the URL). JSON-RPC `query` / `call_function`, with the library's retries.
 */
import { providers } from 'near-api-js';
import { isKind } from '@/lib/kinds';
import { VIEW_METHOD, nearConfig } from './config';
import type { TRecordArgs } from './record';

/** One record as the contract was called with; other fields it may return are dropped. */
export type TNearRegister = TRecordArgs;

function isRegister(item: unknown): item is TNearRegister {
  if (typeof item !== 'object' || item === null) return false;
  const { talent_id, kind, posting_id } = item as Record<string, unknown>;
  return typeof talent_id === 'number' && isKind(kind) && typeof posting_id === 'number';
}

/** CodeResult of @near-js/types: the view's return value as bytes. */
type TCallResult = { block_height: number; block_hash: string; result: number[]; logs: string[] };

export async function getRegisters(talentId: number): Promise<TNearRegister[]> {
  const { nodeUrl, contractId } = nearConfig();
  const provider = new providers.JsonRpcProvider({ url: nodeUrl });
  const args = new TextEncoder().encode(JSON.stringify({ talent_id: talentId }));
  const answer = await provider.query<TCallResult>({
    request_type: 'call_function',
    finality: 'optimistic',
    account_id: contractId,
    method_name: VIEW_METHOD,
    args_base64: btoa(String.fromCharCode(...args)),
  });
  const text = new TextDecoder().decode(Uint8Array.from(answer.result));
  const value: unknown = text ? JSON.parse(text) : [];
  return Array.isArray(value)
    ? value
        .filter(isRegister)
        .map(({ talent_id, kind, posting_id }) => ({ talent_id, kind, posting_id }))
    : [];
}
