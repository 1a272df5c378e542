// @vitest-environment node
import net from 'node:net';
import algosdk from 'algosdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordNote } from '@/lib/algorand/record';
import { startAlgorandPeer } from '@/scripts/lib/algorand-peer.mjs';
import { checkAlgorandTransaction } from '@/server/services/proofs/algorand';

// The server's check of an Algorand record (docs/api.md "Proofs") against the indexer of a real
// peer on 127.0.0.1 (scripts/lib/algorand-peer.mjs), with transactions built and signed by algosdk.

let peer: Awaited<ReturnType<typeof startAlgorandPeer>>;
const talent = algosdk.generateAccount();
const stranger = algosdk.generateAccount();
const address = talent.addr.toString();
const expected = { address, note: { type: 'project' as const, id: 7 } };
const params = {
  fee: 0,
  minFee: 1000,
  firstValid: 1000,
  lastValid: 2000,
  genesisID: 'mainnet-v1.0',
  genesisHash: new Uint8Array(
    Buffer.from('wGHE2Pwdvd7S12BL5FaOP20EGYesN73ktiC1qzkkit8=', 'base64'),
  ),
};

/** Puts on the peer's chain a payment signed by `from`; answers its id. */
function put(
  from: algosdk.Account,
  { to = from.addr, amount = 0, note = recordNote('project', 7) } = {},
) {
  const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
    sender: from.addr,
    receiver: to,
    amount,
    note,
    suggestedParams: params,
  });
  return peer.put(txn.signTxn(from.sk));
}

const check = (txId: string, exp: Parameters<typeof checkAlgorandTransaction>[1] = expected) =>
  checkAlgorandTransaction(txId, exp, { indexerUrl: peer.url });

const unknownId = 'A'.repeat(52);

beforeAll(async () => {
  peer = await startAlgorandPeer();
});
afterAll(() => peer.close());

describe('checkAlgorandTransaction', () => {
  it('verifies a zero-amount self-payment with the note, and tells what the chain holds', async () => {
    const before = Date.now();
    const txId = put(talent);
    const result = await check(txId);
    expect(result).toMatchObject({
      verdict: 'verified',
      chain: {
        sender: address,
        receiver: address,
        amount: '0',
        note: '{"type":"project","id":7}',
      },
    });
    expect(result.chain!.round).toBeGreaterThan(0);
    expect(Date.parse(result.chain!.time!)).toBeGreaterThanOrEqual(
      Math.floor(before / 1000) * 1000,
    );
  });

  it('the peer answers in the shape algosdk reads as the indexer', async () => {
    const txId = put(talent);
    const text = await (await fetch(`${peer.url}/v2/transactions/${txId}`)).text();
    const decoded = algosdk.decodeJSON(text, algosdk.indexerModels.TransactionResponse);
    expect(decoded.transaction.id).toBe(txId);
    expect(decoded.transaction.txType).toBe('pay');
    expect(decoded.transaction.paymentTransaction?.receiver).toBe(address);
    expect(decoded.transaction.paymentTransaction?.amount).toBe(0n);
  });

  it('names the first field that differs: sender, receiver, amount, note', async () => {
    const cases = [
      [put(stranger), 'sender'],
      [put(stranger, { to: talent.addr }), 'sender'],
      [put(talent, { to: stranger.addr }), 'receiver'],
      [put(talent, { amount: 1 }), 'amount'],
      [put(talent, { note: recordNote('job', 7) }), 'note'],
      [put(talent, { note: recordNote('project', 8) }), 'note'],
      [put(talent, { note: new TextEncoder().encode('{"type":"project","id":"7"}') }), 'note'],
      [put(talent, { note: new TextEncoder().encode('{"type":"project","id":7,"x":1}') }), 'note'],
      [put(talent, { note: new TextEncoder().encode('not json') }), 'note'],
      [put(talent, { note: new Uint8Array() }), 'note'], // no note at all
    ] as const;
    for (const [txId, field] of cases) {
      expect(await check(txId), field).toMatchObject({ verdict: 'mismatched', field });
    }
  });

  it('tells what the chain holds when it differs', async () => {
    const result = await check(put(talent, { to: stranger.addr, amount: 5 }));
    expect(result.chain).toMatchObject({
      sender: address,
      receiver: stranger.addr.toString(),
      amount: '5',
    });
  });

  it('accepts the note keys in any order, and compares with a job too', async () => {
    const reordered = put(talent, { note: new TextEncoder().encode('{"id":7,"type":"project"}') });
    expect(await check(reordered)).toMatchObject({ verdict: 'verified' });
    const job = put(talent, { note: recordNote('job', 3) });
    expect(await check(job, { address, note: { type: 'job', id: 3 } })).toMatchObject({
      verdict: 'verified',
    });
  });

  it('a talent without a saved address never matches (sender)', async () => {
    expect(await check(put(talent), { address: null, note: expected.note })).toMatchObject({
      verdict: 'mismatched',
      field: 'sender',
    });
  });

  it('not_found for an id the indexer does not know', async () => {
    expect(await check(unknownId)).toEqual({ verdict: 'not_found' });
  });

  it('unreachable when nothing listens', async () => {
    const closed = await new Promise<number>((resolve) => {
      const srv = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(port));
      });
    });
    const result = await checkAlgorandTransaction(unknownId, expected, {
      indexerUrl: `http://127.0.0.1:${closed}`,
    });
    expect(result).toEqual({ verdict: 'unreachable' });
  });

  it('unreachable when the indexer answers 503 or 500', async () => {
    const txId = put(talent);
    peer.failNext('/v2/transactions/', 503);
    expect(await check(txId)).toEqual({ verdict: 'unreachable' });
    peer.failNext('/v2/transactions/', 500);
    expect(await check(txId)).toEqual({ verdict: 'unreachable' });
    expect(await check(txId)).toMatchObject({ verdict: 'verified' });
  });

  it('unreachable when the indexer holds its answer past the timeout', async () => {
    const txId = put(talent);
    // The answer is held for ten minutes (until the peer closes): only the timeout can end the
    // check, so its verdict comes from the timeout, whatever the machine's speed.
    peer.delayNext('/v2/transactions/', 10 * 60_000);
    const result = await checkAlgorandTransaction(txId, expected, {
      indexerUrl: peer.url,
      timeoutMs: 100,
    });
    expect(result).toEqual({ verdict: 'unreachable' });
  });

  it('unreachable when the answer cannot be read, and never throws', async () => {
    const answering =
      (body: string, status = 200): typeof fetch =>
      async () =>
        new Response(body, { status });
    const txId = put(talent);
    for (const fetchImpl of [
      answering('<html>oops</html>'),
      answering('{"transaction":null}'),
      answering(JSON.stringify({ transaction: { id: unknownId, sender: address } })),
      answering('', 429),
      (async () => {
        throw new TypeError('fetch failed');
      }) as typeof fetch,
    ]) {
      await expect(
        checkAlgorandTransaction(txId, expected, { indexerUrl: peer.url, fetchImpl }),
      ).resolves.toEqual({ verdict: 'unreachable' });
    }
  });

  it('uses the given fetch, with the URL of the indexer (a trailing slash is fine)', async () => {
    const txId = put(talent);
    const urls: string[] = [];
    const result = await checkAlgorandTransaction(txId, expected, {
      indexerUrl: `${peer.url}/`,
      fetchImpl: (input, init) => {
        urls.push(String(input));
        return fetch(input, init);
      },
    });
    expect(result.verdict).toBe('verified');
    expect(urls).toEqual([`${peer.url}/v2/transactions/${txId}`]);
  });
});
