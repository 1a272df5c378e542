import { verify } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD_HASH } from '@/db/seed-data';
import { verifyPassword } from '@/server/auth/password';

describe('the demo password hash', () => {
  it('is an Argon2id hash of the demo password with the server’s parameters', async () => {
    expect(DEMO_ACCOUNTS.password).toBe('Demo-pass-2026');
    // server/auth/password.ts: 19 MiB, 2 passes, 1 lane, Argon2 version 1.3 (19).
    expect(DEMO_PASSWORD_HASH).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verify(DEMO_PASSWORD_HASH, DEMO_ACCOUNTS.password)).toBe(true);
    expect(await verifyPassword(DEMO_PASSWORD_HASH, DEMO_ACCOUNTS.password)).toBe(true);
    expect(await verifyPassword(DEMO_PASSWORD_HASH, 'Demo-pass-2025')).toBe(false);
  });
});
