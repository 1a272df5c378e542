import { describe, expect, it } from 'vitest';
import { makeStore } from '@/store';
import { loggedIn, loggedOut, tokenRenewed } from '@/store/auth-slice';
import { makeUser } from '../helpers/fixtures';

/** The session cookie's value (lib/session-cookie.ts), undefined when there is none. */
const cookie = () =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith('tc_session='))
    ?.slice('tc_session='.length);

describe('the access token and isLoggedIn come from one source', () => {
  it('writes the token with the sign-in, renews it, and removes it with the sign-out; the session cookie follows', async () => {
    const { store } = makeStore();
    store.dispatch(loggedIn({ user: makeUser(), accessToken: 'aaa.bbb.first' }));
    expect(window.localStorage.getItem('access_token')).toBe('aaa.bbb.first');
    expect(cookie()).toBe('aaa.bbb.first');
    store.dispatch(tokenRenewed('aaa.bbb.second'));
    expect(window.localStorage.getItem('access_token')).toBe('aaa.bbb.second');
    expect(cookie()).toBe('aaa.bbb.second');
    store.dispatch(loggedOut());
    expect(window.localStorage.getItem('access_token')).toBeNull();
    expect(cookie()).toBeUndefined();
  });

  it('never writes into the cookie what is not a token', () => {
    const { store } = makeStore();
    store.dispatch(loggedIn({ user: makeUser(), accessToken: 'x; Domain=evil.example' }));
    expect(cookie()).toBeUndefined();
    store.dispatch(loggedOut());
  });
});

/** A store come back from a stored signed-in session (with `profile`, the stored lists). */
async function storeFrom(profile?: string) {
  window.localStorage.setItem(
    'persist:root',
    JSON.stringify({
      auth: JSON.stringify({ isLoggedIn: true, user: makeUser() }),
      ...(profile ? { profile } : {}),
      _persist: JSON.stringify({ version: -1, rehydrated: true }),
    }),
  );
  const { store, persistor } = makeStore();
  await new Promise<void>((resolve) => {
    if (persistor!.getState().bootstrapped) resolve();
    else persistor!.subscribe(() => persistor!.getState().bootstrapped && resolve());
  });
  return store;
}

describe('a stored session without its token', () => {
  it('is cleared when the store comes back from storage', async () => {
    const store = await storeFrom(
      JSON.stringify({ experiences: [], educations: [], skillsUser: [] }),
    );
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(cookie()).toBeUndefined();
  });

  it('with its token, writes the session cookie a session stored before the cookie lacks', async () => {
    window.localStorage.setItem('access_token', 'aaa.bbb.stored');
    const store = await storeFrom();
    expect(store.getState().auth.isLoggedIn).toBe(true);
    expect(cookie()).toBe('aaa.bbb.stored');
    store.dispatch(loggedOut());
  });
});
