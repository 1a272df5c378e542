// Building an Intl formatter costs far more than using one (tens of milliseconds on a slow
// phone): each distinct one is built once per page life, then reused by every render.
const cache = new Map<string, unknown>();

/** The value `make` builds for `key`, built on first use (a throw is not kept). */
export function cachedIntl<T>(key: string, make: () => T): T {
  let value = cache.get(key) as T | undefined;
  if (value === undefined) {
    value = make();
    cache.set(key, value);
  }
  return value;
}
