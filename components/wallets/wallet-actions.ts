// The screens' one door to the wallet libraries (docs/architecture.md "Wallets"): every function
// imports its library when called, so algosdk, Pera and near-api-js never weigh on a page's first
// load. Only the checks of the address bar below run without a library.

type TKind = 'project' | 'job';

const hasParam = (...names: string[]) => {
  if (typeof window === 'undefined') return false;
  const params = new URLSearchParams(window.location.search);
  return names.some((n) => params.has(n));
};

/** The NEAR wallet has just sent the user back from its sign-in (docs/product.md "States and transitions"). */
export const isNearSignInReturn = () => hasParam('account_id');

/** The NEAR wallet has just sent the user back from signing (or refusing) a record. */
export const isNearRecordReturn = () => hasParam('transactionHashes', 'errorCode');

// One named chunk per network (the webpack runtime lists every chunk on every page's first load).
const algorand = () => import(/* webpackChunkName: "algorand" */ '@/lib/algorand');
const near = {
  wallet: () => import(/* webpackChunkName: "near" */ '@/lib/near/wallet'),
  record: () => import(/* webpackChunkName: "near" */ '@/lib/near/record'),
};

/** Connects Pera Wallet and answers the address; sets the local flag (docs/product.md "States and transitions"). */
export async function connectAlgorand(): Promise<string> {
  const { getAlgorandSigner, setAlgorandConnectedFlag } = await algorand();
  const address = await (await getAlgorandSigner()).connect();
  setAlgorandConnectedFlag(true);
  return address;
}

/** Ends the Pera session and removes the local flag (docs/product.md "States and transitions"). */
export async function disconnectAlgorand(): Promise<void> {
  const { getAlgorandSigner, setAlgorandConnectedFlag } = await algorand();
  setAlgorandConnectedFlag(false);
  await (await getAlgorandSigner()).disconnect();
}

/** The account that will sign: the session restored after a reload, else a new connection. */
export async function algorandAccount(): Promise<string> {
  const { getAlgorandSigner, setAlgorandConnectedFlag } = await algorand();
  const signer = await getAlgorandSigner();
  const address = (await signer.reconnect()) ?? (await signer.connect());
  setAlgorandConnectedFlag(true);
  return address;
}

/**
 * The seed's "The calls" (docs/product.md) Algorand record by `address`: the transaction id, or null when the balance is under
 * the minimum (the toast with `lowBalanceMessage` has been shown and nothing was sent).
 */
export async function recordAlgorand(input: {
  address: string;
  kind: TKind;
  postingId: number;
  lowBalanceMessage: string;
}): Promise<string | null> {
  const [{ getAlgorandSigner }, { recordOnAlgorand }] = await Promise.all([
    algorand(),
    import(/* webpackChunkName: "algorand" */ '@/lib/algorand/record'),
  ]);
  return recordOnAlgorand({
    signer: await getAlgorandSigner(),
    address: input.address,
    kind: input.kind,
    id: input.postingId,
    lowBalanceMessage: input.lowBalanceMessage,
  });
}

/** Sends the user to the NEAR wallet to sign in; it comes back to `returnUrl`. */
export async function startNearSignIn(returnUrl: string): Promise<void> {
  await (await near.wallet()).signIn({ successUrl: returnUrl, failureUrl: returnUrl });
}

/** The account the NEAR wallet has just signed in, its parameters gone from the URL. */
export async function finishNearSignIn(): Promise<string | null> {
  return (await near.wallet()).completeSignIn();
}

export async function signOutNear(): Promise<void> {
  await (await near.wallet()).signOut();
}

/**
 * The NEAR record: its hash when signed here with the sign-in's key. When the wallet must sign,
 * the page leaves for it (the record finishes on return, finishNearRecord), or this rejects with
 * "Failed to redirect to sign transaction" after 1 s.
 */
export async function recordNear(input: {
  talentId: number;
  kind: TKind;
  postingId: number;
  applicationId: number;
  callbackUrl: string;
}): Promise<string> {
  return (await near.record()).recordOnNear(input);
}

/** The record the NEAR wallet has just signed, its parameters gone from the URL. */
export async function finishNearRecord() {
  return (await near.record()).completeRecord();
}

export type TWalletFailure = {
  key:
    | 'cancelled'
    | 'wallet_failed'
    | 'no_matching_key'
    | 'redirect_failed'
    | 'retries_exceeded'
    | 'rejected'
    | 'not_signed_in'
    | 'unknown';
  receiver?: string;
  /** The library's own words, shown beside ours. */
  detail?: string;
};

/** What went wrong in a wallet action on `network`, in the terms of the `wallet` catalog. */
export async function walletFailureOf(
  network: 'algorand' | 'near',
  error: unknown,
): Promise<TWalletFailure> {
  if ((error as { code?: unknown } | null)?.code === 'cancelled') return { key: 'cancelled' };
  if (network === 'algorand') return { key: 'wallet_failed' };
  const { nearErrorKey } = await import(/* webpackChunkName: "near" */ '@/lib/near/errors');
  const found = nearErrorKey(error);
  return {
    key: found.key.replace('near.', '') as TWalletFailure['key'],
    receiver: 'receiver' in found ? found.receiver : undefined,
    detail: found.detail,
  };
}
