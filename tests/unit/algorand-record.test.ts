// @vitest-environment node
import crypto from 'node:crypto';
import algosdk from 'algosdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALGORAND_MAX_GROUP, type TAlgorandSigner } from '@/lib/algorand/signer';
import { peraSigner } from '@/lib/algorand/pera';
import { testSigner } from '@/lib/algorand/test-signer';
import { ALGORAND_MIN_BALANCE, recordNote, recordOnAlgorand } from '@/lib/algorand/record';
import { toastError } from '@/lib/toast';
import { startAlgorandPeer } from '@/scripts/lib/algorand-peer.mjs';

// The seed's "The calls" (docs/product.md) Algorand record with the real algosdk against a real algod peer on 127.0.0.1
// (scripts/lib/algorand-peer.mjs): parameters, a zero-amount self-payment with the JSON note,
// signing, the balance read, and submission only from 1000 micro-Algos (docs/product.md "Validation rules", "Error catalogue").

vi.mock('@/lib/toast', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

let peer: Awaited<ReturnType<typeof startAlgorandPeer>>;
const signer = testSigner();
let address: string;

/** The test signer, counting its calls. */
const counted = () => {
  const calls: algosdk.Transaction[][] = [];
  const wrapped: TAlgorandSigner = {
    ...signer,
    signTransactions: (group, who) => {
      calls.push(group);
      return signer.signTransactions(group, who);
    },
  };
  return { wrapped, calls };
};

const record = (overrides: Partial<Parameters<typeof recordOnAlgorand>[0]> = {}) =>
  recordOnAlgorand({
    signer,
    address,
    kind: 'project',
    id: 7,
    lowBalanceMessage: 'Not enough ALGO',
    algodUrl: peer.url,
    algodToken: '',
    ...overrides,
  });

/** Whether `stxn`'s signature is `addr`'s Ed25519 signature of the transaction. */
function signedBy(stxn: algosdk.SignedTransaction, addr: string) {
  const key = crypto.createPublicKey({
    key: {
      kty: 'OKP',
      crv: 'Ed25519',
      x: Buffer.from(algosdk.decodeAddress(addr).publicKey).toString('base64url'),
    },
    format: 'jwk',
  });
  return crypto.verify(null, stxn.txn.bytesToSign(), key, stxn.sig!);
}

beforeAll(async () => {
  peer = await startAlgorandPeer();
  address = await signer.connect();
});
afterAll(() => peer.close());
beforeEach(() => {
  vi.mocked(toastError).mockClear();
  peer.setBalance(5_000_000);
});

describe('recordNote', () => {
  it('is the UTF-8 JSON {"type","id"}, keys in that order', () => {
    expect(new TextDecoder().decode(recordNote('project', 7))).toBe('{"type":"project","id":7}');
    expect(new TextDecoder().decode(recordNote('job', 12))).toBe('{"type":"job","id":12}');
  });
});

describe('recordOnAlgorand', () => {
  it('submits a zero-amount self-payment with the note, signed by the address, and answers its id', async () => {
    const before = peer.submitted.length;
    const txId = await record({ kind: 'job', id: 42 });
    expect(peer.submitted).toHaveLength(before + 1);
    const stxn = peer.submitted.at(-1)!;
    expect(txId).toBe(stxn.txn.txID());
    expect(txId).toMatch(/^[A-Z2-7]{52}$/);
    expect(stxn.txn.type).toBe('pay');
    expect(stxn.txn.sender.toString()).toBe(address);
    expect(stxn.txn.payment!.receiver.toString()).toBe(address);
    expect(stxn.txn.payment!.amount).toBe(0n);
    expect(stxn.txn.payment!.closeRemainderTo).toBeUndefined();
    expect(Buffer.from(stxn.txn.note).toString('utf8')).toBe('{"type":"job","id":42}');
    expect(stxn.sgnr).toBeUndefined();
    expect(signedBy(stxn, address)).toBe(true);
    expect(toastError).not.toHaveBeenCalled();
    // Confirmed: the indexer knows it.
    const found = await fetch(`${peer.url}/v2/transactions/${txId}`);
    expect(found.status).toBe(200);
  });

  it('asks the parameters, has the wallet sign, then reads the balance, then submits', async () => {
    const { wrapped, calls } = counted();
    const from = peer.requests.length;
    await record({ signer: wrapped });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toHaveLength(1);
    const paths = peer.requests.slice(from).map((r) => `${r.method} ${r.path.split('/')[2]}`);
    expect(paths.slice(0, 3)).toEqual([
      'GET transactions', // /v2/transactions/params
      'GET accounts',
      'POST transactions',
    ]);
  });

  it(`with a balance under ${ALGORAND_MIN_BALANCE} sends nothing, shows the caller's toast and answers null`, async () => {
    peer.setBalance(ALGORAND_MIN_BALANCE - 1);
    const { wrapped, calls } = counted();
    const before = peer.submitted.length;
    const from = peer.requests.length;
    await expect(record({ signer: wrapped, lowBalanceMessage: 'Top up first' })).resolves.toBe(
      null,
    );
    expect(calls).toHaveLength(1); // signed first, as the seed orders
    expect(peer.submitted).toHaveLength(before);
    expect(peer.requests.slice(from).some((r) => r.method === 'POST')).toBe(false);
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledWith('Top up first');
  });

  it(`with exactly ${ALGORAND_MIN_BALANCE} submits`, async () => {
    peer.setBalance(ALGORAND_MIN_BALANCE);
    const before = peer.submitted.length;
    await expect(record()).resolves.toMatch(/^[A-Z2-7]{52}$/);
    expect(peer.submitted).toHaveLength(before + 1);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('passes a failure of the parameters on to the caller, before any signing', async () => {
    peer.failNext('/v2/transactions/params', 500);
    const { wrapped, calls } = counted();
    await expect(record({ signer: wrapped })).rejects.toMatchObject({ status: 500 });
    expect(calls).toHaveLength(0);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('passes a failure of the account read or of the submission on to the caller', async () => {
    const before = peer.submitted.length;
    peer.failNext('/v2/accounts', 503);
    await expect(record()).rejects.toMatchObject({ status: 503 });
    peer.failNext('POST /v2/transactions', 400);
    await expect(record()).rejects.toMatchObject({ status: 400 });
    expect(peer.submitted).toHaveLength(before);
    expect(toastError).not.toHaveBeenCalled();
  });

  it("passes the wallet's refusal on to the caller, and sends nothing", async () => {
    const refusing: TAlgorandSigner = {
      ...signer,
      signTransactions: () =>
        Promise.reject(Object.assign(new Error('Cancelled'), { code: 'cancelled' })),
    };
    const before = peer.submitted.length;
    await expect(record({ signer: refusing })).rejects.toMatchObject({ code: 'cancelled' });
    expect(peer.submitted).toHaveLength(before);
  });

  it('replaces {key} in the node URL and sends the key as X-Algo-API-Token only when set', async () => {
    let from = peer.requests.length;
    await record({ algodUrl: 'http://127.0.0.1:{key}', algodToken: String(peer.port) });
    expect(
      peer.requests.slice(from).every((r) => r.headers['x-algo-api-token'] === String(peer.port)),
    ).toBe(true);
    from = peer.requests.length;
    await record({ algodToken: '' });
    expect(peer.requests.slice(from).some((r) => 'x-algo-api-token' in r.headers)).toBe(false);
  });

  it('the peer refuses a transaction signed by another key, as algod does', async () => {
    const params = await new algosdk.Algodv2({}, peer.url).getTransactionParams().do();
    const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: address,
      receiver: address,
      amount: 0,
      suggestedParams: params,
    });
    const other = algosdk.generateAccount();
    // algosdk 3 marks a signature by another key as a rekeyed account's (`sgnr`)...
    const rekeyed = txn.signTxn(other.sk);
    expect(algosdk.decodeSignedTransaction(rekeyed).sgnr?.toString()).toBe(other.addr.toString());
    // ...and a forged one claims the sender's key.
    const forged = algosdk.encodeMsgpack(
      new algosdk.SignedTransaction({ txn, sig: algosdk.decodeSignedTransaction(rekeyed).sig }),
    );
    const post = (body: Uint8Array) =>
      fetch(`${peer.url}/v2/transactions`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-binary' },
        body: new Uint8Array(body),
      });
    const before = peer.submitted.length;
    const a = await post(rekeyed);
    expect(a.status).toBe(400);
    expect(await a.json()).toMatchObject({ message: expect.stringMatching(/authorized by/) });
    const b = await post(forged);
    expect(b.status).toBe(400);
    expect(await b.json()).toMatchObject({ message: expect.stringMatching(/invalid signature/) });
    expect(peer.submitted).toHaveLength(before);
  });
});

describe('the signers', () => {
  const group = (n: number, sender: string) =>
    Array.from({ length: n }, (_, i) =>
      algosdk.makePaymentTxnWithSuggestedParamsFromObject({
        sender,
        receiver: sender,
        amount: i,
        suggestedParams: {
          fee: 0,
          minFee: 1000,
          firstValid: 1,
          lastValid: 1000,
          genesisID: 'mainnet-v1.0',
          genesisHash: new Uint8Array(32),
        },
      }),
    );

  it(`sign a group of ${ALGORAND_MAX_GROUP} and refuse one of ${ALGORAND_MAX_GROUP + 1} or none`, async () => {
    await expect(
      signer.signTransactions(group(ALGORAND_MAX_GROUP, address), address),
    ).resolves.toHaveLength(ALGORAND_MAX_GROUP);
    await expect(
      signer.signTransactions(group(ALGORAND_MAX_GROUP + 1, address), address),
    ).rejects.toThrow(RangeError);
    await expect(signer.signTransactions([], address)).rejects.toThrow(RangeError);
    // Pera refuses before its library is even loaded.
    await expect(peraSigner().signTransactions(group(17, address), address)).rejects.toThrow(
      RangeError,
    );
  });

  it('the test signer signs only for its own address', async () => {
    const other = algosdk.generateAccount().addr.toString();
    await expect(signer.signTransactions(group(1, other), other)).rejects.toThrow(/test wallet/);
    await expect(signer.signTransactions(group(1, other), address)).rejects.toThrow(/not sent by/);
  });

  it('the test signer reconnects while connected, and not after disconnect', async () => {
    const own = testSigner();
    await expect(own.reconnect()).resolves.toBe(address);
    await own.disconnect();
    await expect(own.reconnect()).resolves.toBeNull();
    await expect(own.signTransactions(group(1, address), address)).rejects.toThrow(/not connected/);
    await expect(own.connect()).resolves.toBe(address); // the same account comes back
  });
});
