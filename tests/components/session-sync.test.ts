import { describe, expect, it } from 'vitest';
import { makeStore } from '@/store';
import { loggedIn, loggedOut, tokenRenewed } from '@/store/auth-slice';
import { makeUser } from '../helpers/fixtures';

describe('the access token and isLoggedIn come from one source', () => {
  it('writes the token with the sign-in, renews it, and removes it with the sign-out', async () => {
    const { store } = makeStore();
    store.dispatch(loggedIn({ user: makeUser(), accessToken: 'first' }));
    expect(window.localStorage.getItem('access_token')).toBe('first');
    store.dispatch(tokenRenewed('second'));
    expect(window.localStorage.getItem('access_token')).toBe('second');
    store.dispatch(loggedOut());
    expect(window.localStorage.getItem('access_token')).toBeNull();
  });
});

describe('a stored session without its token', () => {
  it('is cleared when the store comes back from storage', async () => {
    window.localStorage.setItem(
      'persist:root',
      JSON.stringify({
        auth: JSON.stringify({ isLoggedIn: true, user: makeUser() }),
        profile: JSON.stringify({ experiences: [], educations: [], skillsUser: [] }),
        _persist: JSON.stringify({ version: -1, rehydrated: true }),
      }),
    );
    const { store, persistor } = makeStore();
    await new Promise<void>((resolve) => {
      if (persistor!.getState().bootstrapped) resolve();
      else persistor!.subscribe(() => persistor!.getState().bootstrapped && resolve());
    });
    expect(store.getState().auth.isLoggedIn).toBe(false);
  });
});
