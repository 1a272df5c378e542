/** docs/product.md "Constants and limits": every browser storage key the product uses; logout removes them all. */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  authState: '[authState]',
  state: 'state',
  persistRoot: 'persist:root',
  registerByGoogle: 'registerByGoogle',
} as const;

export const ALL_STORAGE_KEYS = Object.values(STORAGE_KEYS);

/** Local storage that is silent on the server and when the browser refuses access. */
export const safeStorage = {
  get(key: string): string | null {
    try {
      return typeof window === 'undefined' ? null : window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // storage full or disabled: the session still works in memory
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // ignore
    }
  },
};

/**
 * The cookie naming the company a business member works within (the account menu's switcher sets
 * it; docs/api.md "Companies and teams"). A cookie, so that pages rendered on the server see it.
 */
export const COMPANY_COOKIE = 'tc_company';
