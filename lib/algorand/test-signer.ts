import algosdk, { type Transaction } from 'algosdk';
import { safeStorage } from '@/lib/storage-keys';
import { assertGroupSize, type TAlgorandSigner } from './signer';

// The browser journeys' wallet (docs/architecture.md "Wallets"): an account generated here and
// kept in local storage (its mnemonic), which signs at once, with no window to click. Only the
// journeys' build holds this file (`getAlgorandSigner()` in ./index.ts); `npm run check:bundle`
// fails if any other build does.

/** Local storage: the account's 25-word mnemonic (kept on disconnect, so the address stays). */
const ACCOUNT_KEY = 'tc-test-algorand-account';
/** Local storage: present while connected, so a reload reconnects. */
const SESSION_KEY = 'tc-test-algorand-account:session';

// Also kept in memory, so the signer works where storage does not (Node, a refusing browser).
let memory: { mnemonic?: string; connected: boolean } = { connected: false };

function storedAccount(): algosdk.Account | null {
  const mnemonic = safeStorage.get(ACCOUNT_KEY) ?? memory.mnemonic;
  if (!mnemonic) return null;
  try {
    return algosdk.mnemonicToSecretKey(mnemonic);
  } catch {
    return null; // damaged: a new account replaces it
  }
}

function isConnected(): boolean {
  return safeStorage.get(SESSION_KEY) === '1' || memory.connected;
}

export function testSigner(): TAlgorandSigner {
  return {
    async connect() {
      let account = storedAccount();
      if (!account) {
        account = algosdk.generateAccount();
        const mnemonic = algosdk.secretKeyToMnemonic(account.sk);
        safeStorage.set(ACCOUNT_KEY, mnemonic);
        memory = { ...memory, mnemonic };
      }
      safeStorage.set(SESSION_KEY, '1');
      memory = { ...memory, connected: true };
      return account.addr.toString();
    },

    async reconnect() {
      if (!isConnected()) return null;
      return storedAccount()?.addr.toString() ?? null;
    },

    async disconnect() {
      safeStorage.remove(SESSION_KEY);
      memory = { ...memory, connected: false };
    },

    async signTransactions(group: Transaction[], signerAddress: string) {
      assertGroupSize(group);
      const account = isConnected() ? storedAccount() : null;
      if (!account) throw new Error('The test wallet is not connected');
      if (account.addr.toString() !== signerAddress) {
        throw new Error(`The test wallet holds ${account.addr.toString()}, not ${signerAddress}`);
      }
      for (const txn of group) {
        if (txn.sender.toString() !== signerAddress) {
          throw new Error(`Transaction ${txn.txID()} is not sent by ${signerAddress}`);
        }
      }
      return group.map((txn) => txn.signTxn(account.sk));
    },
  };
}
