import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { secretsSeen } from './secrets';

// Runs last (files run in name order, one at a time): the server's log of the whole run.
describe('the server log', () => {
  it('holds structured request lines and none of the passwords, codes or tokens the journeys used', () => {
    const log = fs.readFileSync(path.join(process.env.E2E_WORK_DIR ?? '', 'server.log'), 'utf8');
    expect(log).toMatch(/"msg":"request"/);
    const secrets = [
      ...secretsSeen.all(),
      'not the password',
      'still not it',
      'whatever passphrase',
    ];
    expect(secrets.length).toBeGreaterThan(5);
    for (const secret of secrets) expect(log).not.toContain(secret);
    // Tokens: no JWT-shaped string at all.
    expect(log).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\./);
  });
});
