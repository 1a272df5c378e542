// @ts-check
// The security headers of every response (docs/security.md "Headers"), built once from the
// configuration when next.config.js loads. Plain CommonJS so that next.config.js can require it.

/**
 * The origin of a configured URL (`{key}` placeholders allowed), or undefined.
 * @param {string | undefined} value
 */
function originOf(value) {
  if (!value) return undefined;
  try {
    return new URL(value.replace('{key}', 'key')).origin;
  } catch {
    return undefined;
  }
}

/** What Pera Wallet's connect dialog reaches: its own hosts and the WalletConnect bridges. */
const PERA_CONNECT = [
  'https://*.perawallet.app',
  'wss://*.perawallet.app',
  'https://*.walletconnect.org',
  'wss://*.walletconnect.org',
  'https://s3.amazonaws.com/wc.perawallet.app/',
];

/**
 * Hosts the browser may connect to: our own origin, the API when it lives elsewhere, the chain
 * nodes the wallet code calls, and Google's services only when they are configured.
 * @param {Record<string, string | undefined>} env
 */
function connectSources(env) {
  const sources = ["'self'"];
  /** @param {string | undefined} s */
  const add = (s) => s && !sources.includes(s) && sources.push(s);
  add(originOf(env.NEXT_PUBLIC_API_URL));
  add(originOf(env.NEXT_PUBLIC_ALGOD_URL) ?? 'https://mainnet-api.4160.nodely.dev');
  const near = env.NEXT_PUBLIC_NEAR_NETWORK === 'testnet' ? 'testnet' : 'mainnet';
  add(originOf(env.NEXT_PUBLIC_NEAR_RPC_URL) ?? `https://rpc.${near}.near.org`);
  // Pera Wallet: its configuration, its WalletConnect bridges (chosen by that configuration) and
  // its animations (docs/architecture.md "Wallets").
  for (const s of PERA_CONNECT) add(s);
  if (env.NEXT_PUBLIC_GA_ID) {
    add('https://*.google-analytics.com');
    add('https://*.analytics.google.com');
    add('https://www.googletagmanager.com');
  }
  if (env.NEXT_PUBLIC_GOOGLE_CLIENT_ID) add('https://accounts.google.com');
  return sources;
}

/**
 * @param {{ env: Record<string, string | undefined>, production: boolean }} options
 * @returns {{ key: string, value: string }[]} the headers every response carries
 */
function securityHeaders({ env, production }) {
  const scripts = ["'self'"];
  // Development only: React Refresh evaluates code and injects its runtime inline.
  if (!production) scripts.push("'unsafe-eval'", "'unsafe-inline'");
  if (env.NEXT_PUBLIC_GA_ID) scripts.push('https://www.googletagmanager.com');
  if (env.NEXT_PUBLIC_GOOGLE_CLIENT_ID) scripts.push('https://accounts.google.com');
  const connect = connectSources(env);
  if (!production) connect.push('ws:');
  const google = env.NEXT_PUBLIC_GOOGLE_CLIENT_ID ? ' https://accounts.google.com' : '';
  // Pera Wallet's dialog loads its font from Google Fonts and may embed Pera's web wallet.
  const csp = [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    // React writes style attributes (progress bar, dialogs): styles may be inline, scripts not.
    `style-src 'self' 'unsafe-inline' https://fonts.googleapis.com${google}`,
    "img-src 'self' data: blob: https:",
    `connect-src ${connect.join(' ')}`,
    `frame-src 'self' https://*.perawallet.app${google}`,
    "font-src 'self' data: https://fonts.gstatic.com",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
  return [
    { key: 'Content-Security-Policy', value: csp },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()' },
    { key: 'Cross-Origin-Opener-Policy', value: 'same-origin-allow-popups' },
  ];
}

/**
 * HSTS means something only over HTTPS, which this server reaches through a TLS-terminating
 * proxy that says so in X-Forwarded-Proto; over plain HTTP it is not sent.
 */
const HSTS = { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' };

module.exports = { securityHeaders, connectSources, HSTS };
