import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, sessionCookieOf } from '@/lib/session-cookie';

// The server reads the session cookie (lib/session-cookie.ts) only to render a signed-in page.

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';

describe('sessionCookieOf', () => {
  it('finds the session among other cookies, whatever the spacing', () => {
    expect(SESSION_COOKIE).toBe('tc_session');
    expect(sessionCookieOf(`tc_session=${TOKEN}`)).toBe(TOKEN);
    expect(sessionCookieOf(`a=1; tc_session=${TOKEN}; b=2`)).toBe(TOKEN);
    expect(sessionCookieOf(`a=1;tc_session= ${TOKEN} `)).toBe(TOKEN);
  });

  it('is null without one, for an empty one, a look-alike name or anything but a token', () => {
    expect(sessionCookieOf(undefined)).toBeNull();
    expect(sessionCookieOf('')).toBeNull();
    expect(sessionCookieOf('tc_session=')).toBeNull();
    expect(sessionCookieOf(`xtc_session=${TOKEN}`)).toBeNull();
    expect(sessionCookieOf('tc_session=a b')).toBeNull();
    expect(sessionCookieOf('tc_session=%3Cscript%3E')).toBeNull();
    expect(sessionCookieOf(`tc_session=${'a'.repeat(2049)}`)).toBeNull();
  });
});
