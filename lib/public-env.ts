/**
 * The browser-visible configuration (NEXT_PUBLIC_*), validated once. Each variable is referenced
 * literally so Next inlines it. Checked by hand, so that no validator weighs on every page's
 * first load for a handful of variables.
 */
export const emptyToUndefined = (v: string | undefined) => (v === '' ? undefined : v);

function url(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    new URL(value.replace('{key}', 'key'));
    return value;
  } catch {
    throw new Error(`Invalid configuration: ${name} must be a URL`);
  }
}

function oneOf<T extends string>(
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

const NETWORKS = ['mainnet', 'testnet'] as const;

export const publicEnv = {
  NEXT_PUBLIC_API_URL: url(
    'NEXT_PUBLIC_API_URL',
    emptyToUndefined(process.env.NEXT_PUBLIC_API_URL),
  ),
  NEXT_PUBLIC_GOOGLE_CLIENT_ID: emptyToUndefined(process.env.NEXT_PUBLIC_GOOGLE_CLIENT_ID),
  NEXT_PUBLIC_GA_ID: emptyToUndefined(process.env.NEXT_PUBLIC_GA_ID),
  NEXT_PUBLIC_ALGOD_URL:
    url('NEXT_PUBLIC_ALGOD_URL', emptyToUndefined(process.env.NEXT_PUBLIC_ALGOD_URL)) ??
    'https://mainnet-api.4160.nodely.dev',
  NEXT_PUBLIC_ALGO_NETWORK: oneOf(
    'NEXT_PUBLIC_ALGO_NETWORK',
    emptyToUndefined(process.env.NEXT_PUBLIC_ALGO_NETWORK),
    NETWORKS,
    'mainnet',
  ),
  NEXT_PUBLIC_NEAR_NETWORK: oneOf(
    'NEXT_PUBLIC_NEAR_NETWORK',
    emptyToUndefined(process.env.NEXT_PUBLIC_NEAR_NETWORK),
    NETWORKS,
    'mainnet',
  ),
  NEXT_PUBLIC_NEAR_CONTRACT: emptyToUndefined(process.env.NEXT_PUBLIC_NEAR_CONTRACT),
  NEXT_PUBLIC_NEAR_RPC_URL: url(
    'NEXT_PUBLIC_NEAR_RPC_URL',
    emptyToUndefined(process.env.NEXT_PUBLIC_NEAR_RPC_URL),
  ),
} as const;
