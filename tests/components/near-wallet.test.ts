// The NEAR wallet flow of lib/near/* with the real near-api-js 4.0.4 against a JSON-RPC peer on
// 127.0.0.1 (scripts/lib/near-peer.mjs). jsdom gives window, localStorage, sessionStorage and
// history; it does not navigate, so `window.location.assign(walletUrl)` stays on the page, which
// is exactly the "redirect did not happen" case of the library.
import { KeyPair } from 'near-api-js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startNearPeer } from '@/scripts/lib/near-peer.mjs';

type TPeer = Awaited<ReturnType<typeof startNearPeer>>;

const CONTRACT = 'talentchain.near';
const WALLET = 'https://wallet.example';
const PAGE = 'http://localhost:3000/profile/my-profile';
const FUNCTION_CALL = {
  FunctionCall: {
    allowance: '250000000000000000000000',
    receiver_id: CONTRACT,
    method_names: ['addRegisterValidation'],
  },
};

let peer: TPeer;

beforeAll(async () => {
  peer = await startNearPeer();
  // Read by lib/chain-env.ts and lib/near/config.ts when the modules are (re)imported.
  vi.stubEnv('NEXT_PUBLIC_NEAR_RPC_URL', peer.url);
  vi.stubEnv('NEXT_PUBLIC_NEAR_WALLET_URL', WALLET);
  vi.stubEnv('NEXT_PUBLIC_NEAR_NETWORK', 'mainnet');
  vi.stubEnv('NEXT_PUBLIC_NEAR_CONTRACT', '');
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await peer.close();
});

/** Fresh modules (the wallet connection is cached per page) on a clean page. */
async function load() {
  vi.resetModules();
  const wallet = await import('@/lib/near/wallet');
  const record = await import('@/lib/near/record');
  const errors = await import('@/lib/near/errors');
  const view = await import('@/lib/near/view');
  return { ...wallet, ...record, ...errors, ...view };
}

beforeEach(() => {
  window.history.replaceState(null, '', PAGE);
  window.sessionStorage.clear();
  // jsdom reports each attempted navigation (the wallet redirects) as "Not implemented".
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  // The library logs each retry ("Retrying HTTP request for … as it's not available now").
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

let accounts = 0;

/**
 * The whole sign-in round trip: our sign-in URL, the wallet adding our key on chain with the
 * given permission (plus, if asked, a full-access key of the user it lists in all_keys), and the
 * return URL. Returns the modules, the account and the keys.
 */
async function signInAs(permission: unknown, { fullAccessInAllKeys = false } = {}) {
  const m = await load();
  accounts += 1;
  const account = `alice${accounts}.near`;
  const walletUrl = new URL(
    await m.signIn({ successUrl: PAGE, failureUrl: `${PAGE}?near=failed` }),
  );
  const publicKey = walletUrl.searchParams.get('public_key') ?? '';
  peer.addAccessKey(account, publicKey, permission as never);
  const allKeys = [publicKey];
  if (fullAccessInAllKeys) {
    const full = KeyPair.fromRandom('ed25519').getPublicKey().toString(); // kept by the wallet
    peer.addAccessKey(account, full, 'FullAccess');
    allKeys.push(full);
  }
  const back = new URL(PAGE);
  back.searchParams.set('account_id', account);
  back.searchParams.set('public_key', publicKey);
  back.searchParams.set('all_keys', allKeys.join(','));
  window.history.replaceState(null, '', back.toString());
  expect(await m.completeSignIn()).toBe(account);
  return { m, account, publicKey, walletUrl };
}

describe('NEAR sign-in', () => {
  it('sends the wallet our new key and consumes the return URL', async () => {
    const m = await load();
    const walletUrl = new URL(
      await m.signIn({ successUrl: `${PAGE}?tab=wallet`, failureUrl: `${PAGE}?near=failed` }),
    );
    expect(`${walletUrl.origin}${walletUrl.pathname}`).toBe(`${WALLET}/login/`);
    expect(walletUrl.searchParams.get('contract_id')).toBe(CONTRACT);
    expect(walletUrl.searchParams.getAll('methodNames')).toEqual(['addRegisterValidation']);
    expect(walletUrl.searchParams.get('success_url')).toBe(`${PAGE}?tab=wallet`);
    const publicKey = walletUrl.searchParams.get('public_key') ?? '';
    expect(publicKey).toMatch(/^ed25519:/);
    // The library checked that the contract account exists before building the URL.
    expect(peer.calls.at(-1)).toMatchObject({
      method: 'query',
      params: { request_type: 'view_account', account_id: CONTRACT },
    });
    const pendingEntry = `near-api-js:keystore:pending_key${publicKey}:mainnet`;
    expect(window.localStorage.getItem(pendingEntry)).toMatch(/^ed25519:/);

    // The wallet comes back; Next's router entry is in history.state.
    const back = `/profile/my-profile?tab=wallet&account_id=bob.near&public_key=${encodeURIComponent(publicKey)}&all_keys=${encodeURIComponent(publicKey)}`;
    window.history.replaceState({ __N: true, url: back, as: back, key: 'k1' }, '', back);
    expect(await m.completeSignIn()).toBe('bob.near');
    expect(window.location.href).toBe(`${PAGE}?tab=wallet`);
    expect(window.history.state).toEqual({
      __N: true,
      url: '/profile/my-profile?tab=wallet',
      as: '/profile/my-profile?tab=wallet',
      key: 'k1',
    });
    expect(window.localStorage.getItem('near-api-js:keystore:bob.near:mainnet')).toMatch(
      /^ed25519:/,
    );
    expect(window.localStorage.getItem(pendingEntry)).toBeNull();
    expect(await m.accountId()).toBe('bob.near');
    // Read once: a later call on the same page is not a new sign-in.
    expect(await m.completeSignIn()).toBeNull();

    await m.signOut();
    expect(await m.accountId()).toBeNull();
    expect(window.localStorage.getItem('near-api-js:keystore:bob.near:mainnet')).toBeNull();
  });

  it('ignores a return URL for a key this browser never asked for', async () => {
    const m = await load();
    window.history.replaceState(null, '', `${PAGE}?account_id=mallory.near&x=1`);
    expect(await m.completeSignIn()).toBeNull();
    expect(window.location.href).toBe(`${PAGE}?x=1`);
    expect(await m.accountId()).toBeNull();
  });
});

describe('recording on NEAR', () => {
  it('signs with the function-call key and sends the call by RPC', async () => {
    const { m, account, publicKey } = await signInAs(FUNCTION_CALL);
    const hash = await m.recordOnNear({
      talentId: 7,
      kind: 'project',
      postingId: 42,
      applicationId: 9,
      callbackUrl: PAGE,
    });
    const sent = peer.sent.at(-1);
    expect(sent).toMatchObject({ hash, signerId: account, publicKey, receiverId: CONTRACT });
    expect(sent?.actions).toEqual([
      {
        methodName: 'addRegisterValidation',
        args: '{"talent_id":7,"kind":"project","posting_id":42}',
        gas: '30000000000000',
        deposit: '0',
      },
    ]);
    expect(hash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{43,44}$/);
    expect(window.sessionStorage.getItem(m.PENDING_RECORD_KEY)).toBeNull();
    // The view method reads it back (the peer's getRegisters lists the recorded calls).
    expect(await m.getRegisters(7)).toContainEqual({
      talent_id: 7,
      kind: 'project',
      posting_id: 42,
    });
  });

  it('a browser not signed in to the wallet is told so before anything is sent', async () => {
    const m = await load();
    const sentBefore = peer.sent.length;
    const error = await m
      .recordOnNear({ talentId: 1, kind: 'job', postingId: 2, applicationId: 3, callbackUrl: PAGE })
      .catch((e: unknown) => e);
    expect(m.nearErrorKey(error)).toEqual({
      key: 'near.not_signed_in',
      detail: 'Not signed in to a NEAR wallet',
    });
    expect(peer.sent.length).toBe(sentBefore);
  });

  it('no key for the contract at all: "Cannot find matching key …"', async () => {
    const other = { FunctionCall: { ...FUNCTION_CALL.FunctionCall, receiver_id: 'other.near' } };
    const { m } = await signInAs(other);
    const error = await m
      .recordOnNear({ talentId: 1, kind: 'job', postingId: 2, applicationId: 3, callbackUrl: PAGE })
      .catch((e: unknown) => e);
    expect(m.nearErrorKey(error)).toEqual({
      key: 'near.no_matching_key',
      receiver: CONTRACT,
      detail: `Cannot find matching key for transaction sent to ${CONTRACT}`,
    });
    expect(window.sessionStorage.getItem(m.PENDING_RECORD_KEY)).toBeNull();
  });

  it('method not allowed locally but the wallet has a key: redirect, then the return URL', async () => {
    const notListed = {
      FunctionCall: { ...FUNCTION_CALL.FunctionCall, method_names: ['somethingElse'] },
    };
    const { m, account } = await signInAs(notListed, { fullAccessInAllKeys: true });
    const { connection } = await m.nearWallet();
    const buildUrl = vi.spyOn(connection, 'requestSignTransactionsUrl');
    const sentBefore = peer.sent.length;
    // The library's wait for the page to leave runs on the fake clock.
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    let settled = false;
    const done = m
      .recordOnNear({
        talentId: 5,
        kind: 'job',
        postingId: 6,
        applicationId: 77,
        callbackUrl: `${PAGE}?tab=jobs`,
      })
      .catch((e: unknown) => e)
      .finally(() => (settled = true));
    // The library set window.location to the wallet's sign page, then waits 1 s for it to go.
    const turns = async (until: () => boolean) => {
      for (let i = 0; i < 10_000 && !until(); i++) {
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    await turns(() => buildUrl.mock.calls.length > 0);
    expect(buildUrl).toHaveBeenCalledTimes(1);
    const timers = vi.getTimerCount();
    await turns(() => vi.getTimerCount() > timers);
    expect(vi.getTimerCount()).toBe(timers + 1);
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await done;
    expect(m.nearErrorKey(error)).toEqual({
      key: 'near.redirect_failed',
      detail: 'Failed to redirect to sign transaction',
    });
    expect(peer.sent.length).toBe(sentBefore);
    const signUrl = new URL(String(buildUrl.mock.results[0]?.value));
    expect(`${signUrl.origin}${signUrl.pathname}`).toBe(`${WALLET}/sign`);
    expect(signUrl.searchParams.get('callbackUrl')).toBe(`${PAGE}?tab=jobs`);
    expect(signUrl.searchParams.get('transactions')).toMatch(/^[A-Za-z0-9+/=]+$/);
    // The pending record survives (a slow redirect still comes back).
    expect(JSON.parse(window.sessionStorage.getItem(m.PENDING_RECORD_KEY) ?? '')).toEqual({
      kind: 'job',
      applicationId: 77,
    });

    // The wallet signed and came back.
    const hash = '6zgh2u9DqHHiXzdy9ouTP7oGky2T4nugqzqt9wJZwNFm';
    window.history.replaceState(null, '', `${PAGE}?tab=jobs&transactionHashes=${hash}`);
    const fresh = await load(); // a new page load
    expect(fresh.completeRecord()).toEqual({
      kind: 'job',
      applicationId: 77,
      transactionHash: hash,
    });
    expect(window.location.href).toBe(`${PAGE}?tab=jobs`);
    expect(window.sessionStorage.getItem(fresh.PENDING_RECORD_KEY)).toBeNull();
    expect(fresh.completeRecord()).toBeNull();
    // Still signed in on the new page.
    expect(await fresh.accountId()).toBe(account);
  });

  it('a return while signed out: the library drops transactionHashes, completeRecord still has it', async () => {
    const m = await load();
    window.sessionStorage.setItem(
      m.PENDING_RECORD_KEY,
      JSON.stringify({ kind: 'project', applicationId: 12 }),
    );
    const hash = '6zgh2u9DqHHiXzdy9ouTP7oGky2T4nugqzqt9wJZwNFm';
    const back = `/profile/my-profile?transactionHashes=${hash}`;
    window.history.replaceState({ __N: true, url: back, as: back, key: 'k2' }, '', back);
    expect(await m.accountId()).toBeNull(); // creates the connection
    // near-api-js 4.0.4 cleaned the URL itself (and replaced the router's state with {}).
    expect(window.location.href).toBe(PAGE);
    expect(window.history.state).toEqual({
      __N: true,
      url: '/profile/my-profile',
      as: '/profile/my-profile',
      key: 'k2',
    });
    expect(m.completeRecord()).toEqual({
      kind: 'project',
      applicationId: 12,
      transactionHash: hash,
    });
    expect(m.completeRecord()).toBeNull();
  });

  it('the user refuses in the wallet: near.rejected', async () => {
    const m = await load();
    window.sessionStorage.setItem(
      m.PENDING_RECORD_KEY,
      JSON.stringify({ kind: 'project', applicationId: 4 }),
    );
    window.history.replaceState(
      null,
      '',
      `${PAGE}?errorCode=userRejected&errorMessage=User%20rejected%20transaction`,
    );
    const error = (() => {
      try {
        return m.completeRecord();
      } catch (e) {
        return e;
      }
    })();
    expect(m.nearErrorKey(error)).toEqual({
      key: 'near.rejected',
      detail: 'User rejected transaction',
    });
    expect(error).toMatchObject({ record: { kind: 'project', applicationId: 4 } });
    expect(window.location.href).toBe(PAGE);
    expect(window.sessionStorage.getItem(m.PENDING_RECORD_KEY)).toBeNull();
  });
});

describe('JSON-RPC retries (fetchJson: 1000 ms × 1.5, 10 attempts)', () => {
  /**
   * Wait until the peer has seen `n` requests, without moving the fake clock (vi.waitFor would
   * advance it): the requests themselves travel over real loopback sockets.
   */
  async function requestsReach(n: number) {
    const deadline = Date.now() + 5000;
    while (peer.calls.length < n) {
      if (Date.now() > deadline)
        throw new Error(`the peer saw ${peer.calls.length} requests, not ${n}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it('a 503 is retried after 1 s and the call goes through', async () => {
    const { m } = await signInAs(FUNCTION_CALL);
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const before = peer.calls.length;
    peer.failNext(1);
    const done = m.recordOnNear({
      talentId: 8,
      kind: 'job',
      postingId: 1,
      applicationId: 2,
      callbackUrl: PAGE,
    });
    await requestsReach(before + 1);
    expect(peer.calls[before]?.status).toBe(503);
    await vi.advanceTimersByTimeAsync(1000);
    const hash = await done;
    expect(peer.sent.at(-1)?.hash).toBe(hash);
    expect(peer.calls[before + 1]).toMatchObject({ method: 'query', status: 200 });
  });

  it('ten 503s in a row: near.retries_exceeded', async () => {
    const { m } = await signInAs(FUNCTION_CALL);
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const before = peer.calls.length;
    peer.failNext(10);
    const done = m
      .recordOnNear({ talentId: 8, kind: 'job', postingId: 1, applicationId: 2, callbackUrl: PAGE })
      .catch((e: unknown) => e);
    let wait = 1000;
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      await requestsReach(before + attempt);
      // Each wait is exactly 1000 × 1.5ⁿ ms: not a millisecond early.
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(peer.calls.length).toBe(before + attempt);
      await vi.advanceTimersByTimeAsync(1);
      wait *= 1.5;
    }
    const error = await done;
    expect(peer.calls.length).toBe(before + 10);
    expect(peer.calls.slice(before).every((c) => c.status === 503)).toBe(true);
    expect(m.nearErrorKey(error)).toEqual({
      key: 'near.retries_exceeded',
      detail: `Exceeded 10 attempts for ${peer.url}.`,
    });
    expect(error).toMatchObject({ type: 'RetriesExceeded' });
  });
});
