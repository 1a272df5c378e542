// @vitest-environment jsdom
import algosdk from 'algosdk';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The two Algorand signers in a browser-like window (docs/architecture.md "Wallets"): the test
// signer's account survives a reload through local storage; Pera's closed window or refusal
// becomes an error with `code` 'cancelled', and its library loads only when first needed.

const pera = vi.hoisted(() => ({
  constructed: [] as unknown[],
  connect: vi.fn<() => Promise<string[]>>(),
  reconnectSession: vi.fn<() => Promise<string[]>>(),
  disconnect: vi.fn<() => Promise<void>>(),
  signTransaction:
    vi.fn<(groups: { txn: unknown }[][], signer?: string) => Promise<Uint8Array[]>>(),
  isConnected: false,
}));

vi.mock('@perawallet/connect', () => ({
  PeraWalletConnect: class {
    constructor(options: unknown) {
      pera.constructed.push(options);
    }
    get isConnected() {
      return pera.isConnected;
    }
    connect = () => pera.connect();
    reconnectSession = () => pera.reconnectSession();
    disconnect = () => pera.disconnect();
    signTransaction = (groups: { txn: unknown }[][], signer?: string) =>
      pera.signTransaction(groups, signer);
  },
}));

/** What Pera 1.6 rejects with (a PeraWalletConnectError). */
const peraError = (type: string) => Object.assign(new Error(`Pera: ${type}`), { data: { type } });

beforeEach(() => {
  window.localStorage.clear();
  vi.resetModules();
  pera.constructed.length = 0;
});

describe('the test signer', () => {
  it('keeps its account in local storage, so a reload reconnects to the same address', async () => {
    const first = (await import('@/lib/algorand/test-signer')).testSigner();
    await expect(first.reconnect()).resolves.toBeNull();
    const address = await first.connect();
    expect(algosdk.isValidAddress(address)).toBe(true);
    const mnemonic = window.localStorage.getItem('tc-test-algorand-account')!;
    expect(algosdk.mnemonicToSecretKey(mnemonic).addr.toString()).toBe(address);

    vi.resetModules(); // a reload: the module's memory is gone, storage stays
    const reloaded = (await import('@/lib/algorand/test-signer')).testSigner();
    await expect(reloaded.reconnect()).resolves.toBe(address);
    await reloaded.disconnect();
    vi.resetModules();
    const after = (await import('@/lib/algorand/test-signer')).testSigner();
    await expect(after.reconnect()).resolves.toBeNull();
    await expect(after.connect()).resolves.toBe(address); // the key was kept
  });
});

describe('the connected flag (the seed: states and transitions)', () => {
  it("is 'true' in isConnectAlgorand while connected, and removed on disconnect", async () => {
    const { setAlgorandConnectedFlag, isAlgorandConnectedFlag } = await import('@/lib/algorand');
    expect(isAlgorandConnectedFlag()).toBe(false);
    setAlgorandConnectedFlag(true);
    expect(window.localStorage.getItem('isConnectAlgorand')).toBe('true');
    expect(isAlgorandConnectedFlag()).toBe(true);
    setAlgorandConnectedFlag(false);
    expect(window.localStorage.getItem('isConnectAlgorand')).toBeNull();
  });

  it('getAlgorandSigner gives Pera unless the build says otherwise', async () => {
    const { getAlgorandSigner } = await import('@/lib/algorand');
    pera.connect.mockResolvedValueOnce(['PERAADDRESS']);
    await expect((await getAlgorandSigner()).connect()).resolves.toBe('PERAADDRESS');
    expect(pera.constructed).toHaveLength(1);
  });
});

describe('the Pera signer', () => {
  const account = algosdk.generateAccount();
  const address = account.addr.toString();
  const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
    sender: address,
    receiver: address,
    amount: 0,
    suggestedParams: {
      fee: 0,
      minFee: 1000,
      firstValid: 1,
      lastValid: 1000,
      genesisHash: new Uint8Array(32),
    },
  });

  it('is built once, on first use, on the main network', async () => {
    const { peraSigner } = await import('@/lib/algorand/pera');
    expect(pera.constructed).toHaveLength(0);
    pera.reconnectSession.mockResolvedValue([address]);
    await expect(peraSigner().reconnect()).resolves.toBe(address);
    await expect(peraSigner().reconnect()).resolves.toBe(address);
    expect(pera.constructed).toEqual([{ chainId: 416001 }]);
  });

  it("turns a closed modal or a refusal into code 'cancelled'; other errors pass as they are", async () => {
    const { peraSigner } = await import('@/lib/algorand/pera');
    pera.connect.mockRejectedValueOnce(peraError('CONNECT_MODAL_CLOSED'));
    await expect(peraSigner().connect()).rejects.toMatchObject({ code: 'cancelled' });
    pera.signTransaction.mockRejectedValueOnce(peraError('SIGN_TXN_CANCELLED'));
    await expect(peraSigner().signTransactions([txn], address)).rejects.toMatchObject({
      code: 'cancelled',
    });
    const other = peraError('SESSION_CONNECT');
    pera.connect.mockRejectedValueOnce(other);
    await expect(peraSigner().connect()).rejects.toBe(other);
  });

  it('asks Pera to sign the group as one, without a signer filter', async () => {
    const { peraSigner } = await import('@/lib/algorand/pera');
    const signed = txn.signTxn(account.sk);
    pera.signTransaction.mockResolvedValueOnce([signed]);
    await expect(peraSigner().signTransactions([txn], address)).resolves.toEqual([signed]);
    expect(pera.signTransaction).toHaveBeenLastCalledWith([[{ txn }]], undefined);
  });

  it('a session that cannot be restored counts as none', async () => {
    const { peraSigner } = await import('@/lib/algorand/pera');
    pera.reconnectSession.mockRejectedValueOnce(peraError('SESSION_RECONNECT'));
    await expect(peraSigner().reconnect()).resolves.toBeNull();
    pera.reconnectSession.mockResolvedValueOnce([]);
    await expect(peraSigner().reconnect()).resolves.toBeNull();
  });
});
