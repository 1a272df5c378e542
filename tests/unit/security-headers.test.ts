import { describe, expect, it } from 'vitest';
import { HSTS, securityHeaders } from '@/lib/security-headers.js';

const cspOf = (env: Record<string, string | undefined>, production = true) =>
  securityHeaders({ env, production }).find((h) => h.key === 'Content-Security-Policy')!.value;
const directive = (csp: string, name: string) =>
  new RegExp(`(?:^|; )${name} ([^;]*)`).exec(csp)?.[1]?.split(' ') ?? [];

describe('securityHeaders', () => {
  it('lets production pages run only their own scripts and reach only the hosts the app uses', () => {
    const csp = cspOf({});
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
    // The chain nodes the wallet code calls, and Pera Wallet's hosts (docs/architecture.md).
    expect(directive(csp, 'connect-src')).toEqual([
      "'self'",
      'https://mainnet-api.4160.nodely.dev',
      'https://rpc.mainnet.near.org',
      'https://*.perawallet.app',
      'wss://*.perawallet.app',
      'https://*.walletconnect.org',
      'wss://*.walletconnect.org',
      'https://s3.amazonaws.com/wc.perawallet.app/',
    ]);
    expect(directive(csp, 'frame-src')).toEqual(["'self'", 'https://*.perawallet.app']);
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(csp, 'object-src')).toEqual(["'none'"]);
  });

  it('adds a configured API, chain nodes and Google services, and nothing else', () => {
    const csp = cspOf({
      NEXT_PUBLIC_API_URL: 'https://api.example.com/base',
      NEXT_PUBLIC_ALGOD_URL: 'https://algod.example.com/{key}/v2',
      NEXT_PUBLIC_NEAR_RPC_URL: 'https://rpc.near.example.com',
      NEXT_PUBLIC_GA_ID: 'G-TEST',
      NEXT_PUBLIC_GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
    });
    expect(directive(csp, 'connect-src')).toEqual([
      "'self'",
      'https://api.example.com',
      'https://algod.example.com',
      'https://rpc.near.example.com',
      'https://*.perawallet.app',
      'wss://*.perawallet.app',
      'https://*.walletconnect.org',
      'wss://*.walletconnect.org',
      'https://s3.amazonaws.com/wc.perawallet.app/',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://www.googletagmanager.com',
      'https://accounts.google.com',
    ]);
    expect(directive(csp, 'script-src')).toEqual([
      "'self'",
      'https://www.googletagmanager.com',
      'https://accounts.google.com',
    ]);
  });

  it('relaxes scripts only for the development server', () => {
    expect(directive(cspOf({}, false), 'script-src')).toContain("'unsafe-inline'");
    expect(directive(cspOf({}, true), 'script-src')).not.toContain("'unsafe-inline'");
  });

  it('sends nosniff, no framing and a referrer policy; HSTS is kept for HTTPS requests', () => {
    const headers = Object.fromEntries(
      securityHeaders({ env: {}, production: true }).map((h) => [h.key, h.value]),
    );
    expect(headers).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    });
    expect(headers).not.toHaveProperty('Strict-Transport-Security');
    expect(HSTS.value).toMatch(/^max-age=\d{8}/);
  });
});
