/**
 * The browser-visible configuration (NEXT_PUBLIC_*), validated once; the chains' is in
 * ./chain-env (only wallet code and proof links read it, so it stays out of the shared bundle). Each variable is referenced
 * literally so Next inlines it. Checked by hand, so that no validator weighs on every page's
 * first load for a handful of variables.
 */
export const emptyToUndefined = (v: string | undefined) => (v === '' ? undefined : v);

export function url(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    new URL(value.replace('{key}', 'key'));
    return value;
  } catch {
    throw new Error(`Invalid configuration: ${name} must be a URL`);
  }
}

export function oneOf<T extends string>(
  name: string,
  value: string | undefined,
  allowed: readonly T[],
  fallback: T,
): T {
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new Error(`Invalid configuration: ${name} must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}

export const publicEnv = {
  NEXT_PUBLIC_API_URL: url(
    'NEXT_PUBLIC_API_URL',
    emptyToUndefined(process.env.NEXT_PUBLIC_API_URL),
  ),
  NEXT_PUBLIC_GOOGLE_CLIENT_ID: emptyToUndefined(process.env.NEXT_PUBLIC_GOOGLE_CLIENT_ID),
  NEXT_PUBLIC_GA_ID: emptyToUndefined(process.env.NEXT_PUBLIC_GA_ID),
} as const;
