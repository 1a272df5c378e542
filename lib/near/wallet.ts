/**
 * The NEAR wallet connection (near-api-js 4.0.4, classic redirect flow; see docs/architecture.md).
 * Sign-in redirects to the wallet, which comes back with `account_id`, `public_key` and
 * `all_keys`; the library then keeps the account in localStorage (`talentchain_wallet_auth_key`)
 * and the new function-call key in its BrowserLocalStorageKeyStore.
 */
import { connect, WalletConnection } from 'near-api-js';
import { APP_KEY_PREFIX, RECORD_METHOD, nearConfig, type TNearConfig } from './config';
import {
  LIBRARY_CLEANED_PARAMS,
  SIGN_IN_PARAMS,
  removeUrlParams,
  restoreHistoryState,
  saveTransactionHashes,
  urlParam,
} from './url';

export type TNearWallet = {
  connection: WalletConnection;
  config: TNearConfig;
  /** The account signed in by this page load's return URL, until completeSignIn reads it. */
  signedInFromUrl: string | null;
};

/** near-api-js's keystore name for the key it generated before sending the user to the wallet. */
const PENDING_KEY_PREFIX = 'pending_key';
const AUTH_DATA_KEY = `${APP_KEY_PREFIX}_wallet_auth_key`;

let current: Promise<TNearWallet> | null = null;

/**
 * Accept a sign-in return only for a key this browser asked for: the library would otherwise
 * trust any link carrying `?account_id=…` (and crash on a `public_key` it never generated).
 */
async function acceptSignInReturn(config: TNearConfig): Promise<string | null> {
  const accountId = urlParam('account_id');
  if (!accountId) return null;
  const publicKey = urlParam('public_key');
  const pending = publicKey
    ? await config.keyStore.getKey(config.networkId, PENDING_KEY_PREFIX + publicKey)
    : null;
  if (!pending) {
    removeUrlParams(SIGN_IN_PARAMS);
    return null;
  }
  // A fresh sign-in replaces the current one (the library skips the URL while signed in).
  window.localStorage.removeItem(AUTH_DATA_KEY);
  return accountId;
}

async function create(): Promise<TNearWallet> {
  const config = nearConfig();
  const fromUrl = await acceptSignInReturn(config);
  saveTransactionHashes();
  const near = await connect({
    networkId: config.networkId,
    nodeUrl: config.nodeUrl,
    walletUrl: config.walletUrl,
    keyStore: config.keyStore,
  });
  const historyState: unknown = window.history.state;
  const connection = new WalletConnection(near, APP_KEY_PREFIX);
  // Completes a sign-in found in the URL: stores the account and key, cleans the URL.
  await connection.isSignedInAsync();
  restoreHistoryState(historyState, LIBRARY_CLEANED_PARAMS);
  const signedIn = connection.getAccountId();
  return { connection, config, signedInFromUrl: fromUrl && signedIn === fromUrl ? signedIn : null };
}

/** The one wallet connection of the page, created on first use. */
export function nearWallet(): Promise<TNearWallet> {
  if (!current) {
    current = create().catch((error: unknown) => {
      current = null; // never cache a failure
      throw error;
    });
  }
  return current;
}

/**
 * Redirect to the wallet to sign in and grant a function-call key for the contract's record
 * method. Resolves with the wallet URL (the page is then unloading).
 */
export async function signIn({
  successUrl,
  failureUrl,
}: {
  successUrl: string;
  failureUrl: string;
}): Promise<string> {
  const { connection, config } = await nearWallet();
  const url = await connection.requestSignInUrl({
    contractId: config.contractId,
    methodNames: [RECORD_METHOD],
    successUrl,
    failureUrl,
    keyType: 'ed25519',
  });
  window.location.assign(url);
  return url;
}

/**
 * On the page the wallet returns to: the account id the return URL has just signed in (its
 * parameters are gone from the address bar and the key is in the keystore), else null.
 */
export async function completeSignIn(): Promise<string | null> {
  if (current) {
    const made = await current.catch(() => null);
    // The answer arrived after the connection was made (client-side navigation, tests): start over.
    if (!made?.signedInFromUrl && urlParam('account_id')) current = null;
  }
  const wallet = await nearWallet();
  const accountId = wallet.signedInFromUrl;
  wallet.signedInFromUrl = null;
  return accountId;
}

/** Forget the account and its function-call key in this browser. */
export async function signOut(): Promise<void> {
  const { connection, config } = await nearWallet();
  const accountId = connection.getAccountId();
  connection.signOut();
  if (accountId) await config.keyStore.removeKey(config.networkId, accountId);
  current = null;
}

/** The signed-in account id, or null. */
export async function accountId(): Promise<string | null> {
  const { connection } = await nearWallet();
  return connection.getAccountId() || null;
}
