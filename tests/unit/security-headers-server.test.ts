import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { cameOverHttps, sendSecurityHeaders } from '@/server/http/security-headers';

let undo: (() => void) | undefined;
let server: http.Server | undefined;
afterEach(async () => {
  undo?.();
  undo = undefined;
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A plain Node server, as `next start` or our own makes one, answering with `handler`. */
async function serve(handler: http.RequestListener): Promise<string> {
  server = http.createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

const request = (headers: http.IncomingHttpHeaders, encrypted = false) =>
  ({ headers, socket: { encrypted } }) as unknown as http.IncomingMessage;

describe('the security headers of every response, however the app is served', () => {
  it('are set on each request of any HTTP server of the process, once built', async () => {
    undo = sendSecurityHeaders({ env: {}, production: true, trustProxy: 0 });
    const base = await serve((_req, res) => res.end('ok'));
    const res = await fetch(base);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // A client's word alone that it came over HTTPS brings no HSTS.
    const claimed = await fetch(base, { headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers.get('strict-transport-security')).toBeNull();
  });

  it("let a handler replace one (a stored upload's own policy), and install only once", async () => {
    undo = sendSecurityHeaders({ env: {}, production: true, trustProxy: 0 });
    const again = sendSecurityHeaders({ env: {}, production: false, trustProxy: 0 });
    again();
    const base = await serve((_req, res) => {
      res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
      res.end('file');
    });
    const res = await fetch(base);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('send HSTS behind a trusted TLS-terminating proxy that says https', async () => {
    undo = sendSecurityHeaders({ env: {}, production: true, trustProxy: 1 });
    const base = await serve((_req, res) => res.end('ok'));
    const https = await fetch(base, { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers.get('strict-transport-security')).toMatch(/^max-age=\d{8,}/);
    const plain = await fetch(base, { headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('whether a request came over HTTPS', () => {
  it('believes X-Forwarded-Proto only from as many proxies as TRUST_PROXY names', () => {
    expect(cameOverHttps(request({ 'x-forwarded-proto': 'https' }), 0)).toBe(false);
    expect(cameOverHttps(request({ 'x-forwarded-proto': 'https' }), 1)).toBe(true);
    expect(cameOverHttps(request({ 'x-forwarded-proto': 'HTTPS' }), 1)).toBe(true);
    expect(cameOverHttps(request({}), 1)).toBe(false);
    // Each proxy appends: the client's own "https" stands left of what the trusted proxy wrote.
    expect(cameOverHttps(request({ 'x-forwarded-proto': 'https, http' }), 1)).toBe(false);
    expect(cameOverHttps(request({ 'x-forwarded-proto': 'https, http' }), 2)).toBe(true);
  });

  it('knows a TLS socket of its own', () => {
    expect(cameOverHttps(request({}, true), 0)).toBe(true);
  });
});
