// checkNearTransaction against the NEAR JSON-RPC peer (scripts/lib/near-peer.mjs) on 127.0.0.1:
// transactions signed by the real near-api-js 4.0.4 and stored ones, then every verdict.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { InMemorySigner, KeyPair, transactions, utils } from 'near-api-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNearPeer } from '@/scripts/lib/near-peer.mjs';
import { checkNearTransaction } from '@/server/services/proofs/near';

type TPeer = Awaited<ReturnType<typeof startNearPeer>>;

const CONTRACT = 'talentchain.near';
const ALICE = 'alice.near';
const ARGS = { talent_id: 7, kind: 'project' as const, posting_id: 42 };
const expected = { accountId: ALICE, contractId: CONTRACT, args: ARGS };

let peer: TPeer;
let opts: { rpcUrl: string };

beforeAll(async () => {
  peer = await startNearPeer();
  opts = { rpcUrl: peer.url };
});

afterAll(() => peer.close());

let hashes = 0;
/** A distinct, well-formed hash (base58 of 32 bytes) for each stored transaction. */
const nextHash = () =>
  utils.serialize.base_encode(
    crypto
      .createHash('sha256')
      .update(`tx${(hashes += 1)}`)
      .digest(),
  );

const base64 = (text: string) => Buffer.from(text).toString('base64');

/** Store a transaction on the peer as nearcore would show it. */
function put(
  overrides: Partial<{
    signer_id: string;
    receiver_id: string;
    method_name: string;
    args: string;
    deposit: string;
    actions: unknown[];
  }> = {},
  status?: unknown,
) {
  const hash = nextHash();
  const call = {
    method_name: overrides.method_name ?? 'addRegisterValidation',
    args: base64(overrides.args ?? JSON.stringify(ARGS)),
    gas: 30_000_000_000_000,
    deposit: overrides.deposit ?? '0',
  };
  peer.putTransaction(
    hash,
    {
      signer_id: overrides.signer_id ?? ALICE,
      receiver_id: overrides.receiver_id ?? CONTRACT,
      actions: overrides.actions ?? [{ FunctionCall: call }],
    },
    status,
  );
  return hash;
}

describe('checkNearTransaction', () => {
  it('verified: a call signed by near-api-js and sent to the node', async () => {
    const key = KeyPair.fromRandom('ed25519');
    peer.addAccessKey(ALICE, key.getPublicKey().toString());
    const signer = await InMemorySigner.fromKeyPair('mainnet', ALICE, key);
    const [, signed] = await transactions.signTransaction(
      CONTRACT,
      BigInt(1),
      [transactions.functionCall('addRegisterValidation', ARGS, BigInt(30e12), BigInt(0))],
      new Uint8Array(32),
      signer,
      ALICE,
      'mainnet',
    );
    const sendRes = await fetch(peer.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'broadcast_tx_commit',
        params: [Buffer.from(signed.encode()).toString('base64')],
      }),
    });
    const hash = ((await sendRes.json()) as { result: { transaction: { hash: string } } }).result
      .transaction.hash;

    const before = peer.calls.length;
    expect(await checkNearTransaction(hash, expected, opts)).toEqual({
      verdict: 'verified',
      chain: {
        sender: ALICE,
        receiver: CONTRACT,
        method: 'addRegisterValidation',
        args: '{"talent_id":7,"kind":"project","posting_id":42}',
        amount: '0',
      },
    });
    expect(peer.calls.slice(before)).toEqual([
      {
        method: 'tx',
        params: { tx_hash: hash, sender_account_id: ALICE, wait_until: 'NONE' },
        status: 200,
      },
    ]);
  });

  it('verified whatever the key order of the args', async () => {
    const hash = put({ args: '{"posting_id":42,"kind":"project","talent_id":7}' });
    expect(await checkNearTransaction(hash, expected, opts)).toMatchObject({
      verdict: 'verified',
    });
  });

  it('mismatched sender (also when the talent has no NEAR account)', async () => {
    const hash = put({ signer_id: 'mallory.near' });
    expect(await checkNearTransaction(hash, expected, opts)).toMatchObject({
      verdict: 'mismatched',
      field: 'sender',
      chain: { sender: 'mallory.near', receiver: CONTRACT },
    });
    const own = put();
    expect(await checkNearTransaction(own, { ...expected, accountId: null }, opts)).toMatchObject({
      verdict: 'mismatched',
      field: 'sender',
    });
    // Without an account the node is asked with the contract as sender (it picks the shard).
    expect(peer.calls.at(-1)?.params).toMatchObject({ sender_account_id: CONTRACT });
  });

  it('mismatched receiver', async () => {
    const hash = put({ receiver_id: 'other.near' });
    expect(await checkNearTransaction(hash, expected, opts)).toMatchObject({
      verdict: 'mismatched',
      field: 'receiver',
      chain: { receiver: 'other.near' },
    });
  });

  it('mismatched method: another method, several actions, a transfer, a failed call', async () => {
    const other = put({ method_name: 'getRegisters' });
    expect(await checkNearTransaction(other, expected, opts)).toMatchObject({
      verdict: 'mismatched',
      field: 'method',
      chain: { method: 'getRegisters' },
    });
    const call = {
      FunctionCall: {
        method_name: 'addRegisterValidation',
        args: base64(JSON.stringify(ARGS)),
        gas: 1,
        deposit: '0',
      },
    };
    const twice = put({ actions: [call, call] });
    expect(await checkNearTransaction(twice, expected, opts)).toMatchObject({ field: 'method' });
    const transfer = put({ actions: [{ Transfer: { deposit: '1' } }] });
    expect(await checkNearTransaction(transfer, expected, opts)).toMatchObject({
      field: 'method',
    });
    const failed = put({}, { Failure: { ActionError: { index: 0, kind: {} } } });
    expect(await checkNearTransaction(failed, expected, opts)).toMatchObject({ field: 'method' });
  });

  it('mismatched args: other values, extra keys, not JSON', async () => {
    for (const args of [
      JSON.stringify({ ...ARGS, posting_id: 43 }),
      JSON.stringify({ ...ARGS, kind: 'job' }),
      JSON.stringify({ ...ARGS, talent_id: '7' }),
      JSON.stringify({ ...ARGS, extra: 1 }),
      'not json',
    ]) {
      const hash = put({ args });
      expect(await checkNearTransaction(hash, expected, opts)).toMatchObject({
        verdict: 'mismatched',
        field: 'args',
        chain: { args },
      });
    }
  });

  it('mismatched amount: a deposit attached', async () => {
    const hash = put({ deposit: '1' });
    expect(await checkNearTransaction(hash, expected, opts)).toMatchObject({
      verdict: 'mismatched',
      field: 'amount',
      chain: { amount: '1' },
    });
  });

  it('not_found: an unknown hash (UNKNOWN_TRANSACTION) or a malformed one', async () => {
    expect(await checkNearTransaction('9'.repeat(44), expected, opts)).toEqual({
      verdict: 'not_found',
    });
    const before = peer.calls.length;
    expect(await checkNearTransaction('0OIl', expected, opts)).toEqual({ verdict: 'not_found' });
    expect(peer.calls.length).toBe(before);
  });

  it('unreachable: a closed port', async () => {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    expect(
      await checkNearTransaction(put(), expected, { rpcUrl: `http://127.0.0.1:${port}` }),
    ).toEqual({ verdict: 'unreachable' });
  });

  it('unreachable: HTTP 503 (no retry here: the caller caches and asks again later)', async () => {
    const hash = put();
    peer.failNext(1);
    expect(await checkNearTransaction(hash, expected, opts)).toEqual({ verdict: 'unreachable' });
    expect(await checkNearTransaction(hash, expected, opts)).toMatchObject({
      verdict: 'verified',
    });
  });

  it('unreachable: a node that does not answer in time (even if fetch ignores the signal)', async () => {
    const silent = http.createServer(() => undefined); // never answers
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      // Only the timeout can end these checks: the node never answers.
      expect(
        await checkNearTransaction(put(), expected, {
          rpcUrl: `http://127.0.0.1:${port}`,
          timeoutMs: 200,
        }),
      ).toEqual({ verdict: 'unreachable' });
      const deaf: typeof fetch = () => new Promise<Response>(() => undefined);
      expect(
        await checkNearTransaction(put(), expected, {
          rpcUrl: peer.url,
          timeoutMs: 100,
          fetchImpl: deaf,
        }),
      ).toEqual({ verdict: 'unreachable' });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('unreachable: other RPC errors and answers that are not JSON-RPC', async () => {
    const answers: Array<[number, string]> = [
      [
        200,
        JSON.stringify({
          jsonrpc: '2.0',
          id: 'tc',
          error: { name: 'HANDLER_ERROR', cause: { name: 'TIMEOUT_ERROR' }, code: -32000 },
        }),
      ],
      [500, JSON.stringify({ jsonrpc: '2.0', id: 'tc', error: { name: 'INTERNAL_ERROR' } })],
      [200, '<html>gateway</html>'],
    ];
    for (const [status, body] of answers) {
      const fetchImpl: typeof fetch = async () => new Response(body, { status });
      expect(await checkNearTransaction(put(), expected, { rpcUrl: peer.url, fetchImpl })).toEqual({
        verdict: 'unreachable',
      });
    }
  });
});
