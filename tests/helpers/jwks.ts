import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';

export const TEST_GOOGLE_CLIENT_ID = 'test-client.apps.googleusercontent.com';

export type TIdTokenClaims = {
  sub: string;
  email: string;
  email_verified?: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
};

/**
 * Google's side of a sign-in, on loopback: an RS256 key pair whose public half is served as a
 * JWKS, and ID tokens signed with it. `forge` signs with another key under the same `kid`.
 */
export async function startJwksPeer() {
  const kid = 'test-key-1';
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const forger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;

  /** An ID token as Google would sign it, valid for an hour from `now` unless told otherwise. */
  async function sign(
    claims: TIdTokenClaims,
    opts: { now: Date; aud?: string; iss?: string; expiresInSeconds?: number; key?: CryptoKey },
  ): Promise<string> {
    const iat = Math.floor(opts.now.getTime() / 1000);
    return new SignJWT({ email_verified: true, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(opts.iss ?? 'https://accounts.google.com')
      .setAudience(opts.aud ?? TEST_GOOGLE_CLIENT_ID)
      .setSubject(claims.sub)
      .setIssuedAt(iat)
      .setExpirationTime(iat + (opts.expiresInSeconds ?? 3600))
      .sign(opts.key ?? privateKey);
  }

  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    clientId: TEST_GOOGLE_CLIENT_ID,
    sign,
    forge: (claims: TIdTokenClaims, now: Date) => sign(claims, { now, key: forger.privateKey }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
