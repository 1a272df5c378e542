import type { Middleware } from '@reduxjs/toolkit';
import { REHYDRATE } from 'redux-persist';
import { writeSessionCookie } from '@/lib/session-cookie';
import { STORAGE_KEYS, safeStorage } from '@/lib/storage-keys';
import { loggedIn, loggedOut, tokenRenewed } from './auth-slice';

/**
 * Keeps the `access_token` storage key (docs/product.md "Constants and limits", read by the HTTP client) and `isLoggedIn` in
 * step: the token is written only by signing in or renewing it, removed by signing out, and a
 * persisted session whose token is gone (or a token without a session) is cleared at start.
 * The session cookie (lib/session-cookie.ts) follows the storage key: written with it, removed
 * with it, and written at start for a session stored before the cookie existed.
 * A plain middleware: RTK's listener middleware would weigh on every page for three cases.
 */
export const sessionSync: Middleware<object, { auth: { isLoggedIn: boolean } }> =
  (store) => (next) => (action) => {
    const result = next(action);
    const keep = (token: string | null) => {
      if (token) safeStorage.set(STORAGE_KEYS.accessToken, token);
      else safeStorage.remove(STORAGE_KEYS.accessToken);
      writeSessionCookie(token);
    };
    if (loggedIn.match(action)) keep(action.payload.accessToken);
    else if (tokenRenewed.match(action)) keep(action.payload);
    else if (loggedOut.match(action)) keep(null);
    else if ((action as { type?: string }).type === REHYDRATE) {
      const token = safeStorage.get(STORAGE_KEYS.accessToken);
      const { isLoggedIn } = store.getState().auth;
      if (isLoggedIn && !token) store.dispatch(loggedOut());
      else keep(isLoggedIn ? token : null);
    }
    return result;
  };
