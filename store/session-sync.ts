import type { Middleware } from '@reduxjs/toolkit';
import { REHYDRATE } from 'redux-persist';
import { STORAGE_KEYS, safeStorage } from '@/lib/storage-keys';
import { loggedIn, loggedOut, tokenRenewed } from './auth-slice';

/**
 * Keeps the `access_token` storage key (seed §9, read by the HTTP client) and `isLoggedIn` in
 * step: the token is written only by signing in or renewing it, removed by signing out, and a
 * persisted session whose token is gone (or a token without a session) is cleared at start.
 * A plain middleware: RTK's listener middleware would weigh on every page for three cases.
 */
export const sessionSync: Middleware<object, { auth: { isLoggedIn: boolean } }> =
  (store) => (next) => (action) => {
    const result = next(action);
    if (loggedIn.match(action))
      safeStorage.set(STORAGE_KEYS.accessToken, action.payload.accessToken);
    else if (tokenRenewed.match(action)) safeStorage.set(STORAGE_KEYS.accessToken, action.payload);
    else if (loggedOut.match(action)) safeStorage.remove(STORAGE_KEYS.accessToken);
    else if ((action as { type?: string }).type === REHYDRATE) {
      const token = safeStorage.get(STORAGE_KEYS.accessToken);
      const { isLoggedIn } = store.getState().auth;
      if (isLoggedIn && !token) store.dispatch(loggedOut());
      if (!isLoggedIn && token) safeStorage.remove(STORAGE_KEYS.accessToken);
    }
    return result;
  };
