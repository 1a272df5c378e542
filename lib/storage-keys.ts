/** docs/product.md "Constants and limits": every browser storage key the product uses; logout removes them all. */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  authState: '[authState]',
  state: 'state',
  persistRoot: 'persist:root',
  registerByGoogle: 'registerByGoogle',
} as const;

export const ALL_STORAGE_KEYS = Object.values(STORAGE_KEYS);

/**
 * Keys made per thing, by their prefix: a conversation's unsent message (docs/product.md
 * "Conversations"), `message_draft:<user>:<conversation>`. Logout removes them all too
 * (`removeAllStored`).
 */
export const STORAGE_PREFIXES = { messageDraft: 'message_draft:' } as const;

/** Where the draft of `userId` in conversation `conversationId` is kept. */
export const messageDraftKey = (userId: number, conversationId: number) =>
  `${STORAGE_PREFIXES.messageDraft}${userId}:${conversationId}`;

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
  /** Every key that starts with `prefix`. */
  removePrefixed(prefix: string): void {
    try {
      const keys = Object.keys(window.localStorage).filter((k) => k.startsWith(prefix));
      for (const key of keys) window.localStorage.removeItem(key);
    } catch {
      // ignore
    }
  },
};

/** Everything the product stored in this browser (logout). */
export function removeAllStored(): void {
  for (const key of ALL_STORAGE_KEYS) safeStorage.remove(key);
  for (const prefix of Object.values(STORAGE_PREFIXES)) safeStorage.removePrefixed(prefix);
}

/**
 * The cookie naming the company a business member works within (the account menu's switcher sets
 * it; docs/api.md "Companies and teams"). A cookie, so that pages rendered on the server see it.
 */
export const COMPANY_COOKIE = 'tc_company';
