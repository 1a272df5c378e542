import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetServerEnv } from '@/lib/env';
import { setLogSink } from '@/server/logger';
import { smtpMailer } from '@/server/mail/mailer';
import { createTestApi } from '../helpers/api';
import { codeInMail, startSmtpPeer } from '../helpers/smtp-peer';

let api: Awaited<ReturnType<typeof createTestApi>>;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
const lines: string[] = [];
let restoreSink: ReturnType<typeof setLogSink>;
const previousLevel = process.env.LOG_LEVEL;

beforeAll(async () => {
  process.env.LOG_LEVEL = 'debug';
  resetServerEnv();
  restoreSink = setLogSink((line) => lines.push(line));
  smtp = await startSmtpPeer();
  // The real SMTP mailer, whose own log line ("mail sent") is part of what is checked.
  api = await createTestApi({ mailer: await smtpMailer(smtp.url, 'TalentChain <no-reply@test>') });
});
afterAll(async () => {
  setLogSink(restoreSink);
  process.env.LOG_LEVEL = previousLevel;
  resetServerEnv();
  await api.close();
  await smtp.close();
});

describe('the server log', () => {
  it('never contains a password, a recovery code or a token, through a whole account journey', async () => {
    const email = 'secret-journey@example.com';
    const secrets: string[] = [];
    const password = 'first Secret p4ss';
    secrets.push(password);

    const registered = await api.call('POST', '/users/register', {
      body: { email, name: 'Ana', last_name: 'Q', password, is_talent: true, lang: 'en' },
    });
    expect(registered.status).toBe(201);
    secrets.push(registered.json.access_token as string);

    const wrong = await api.login(email, 'wrong Secret guess');
    expect(wrong.status).toBe(401);
    secrets.push('wrong Secret guess');
    const login = await api.login(email, password);
    expect(login.status).toBe(200);
    secrets.push(login.json.access_token as string);

    expect((await api.call('POST', '/users/recovery/email', { body: { email } })).status).toBe(200);
    const code = codeInMail(smtp.received.at(-1)!.raw)!;
    expect(code).toMatch(/^\d{12}$/);
    secrets.push(code);
    const recovered = 'second Secret p4ss';
    secrets.push(recovered);
    const reset = await api.call('POST', '/users/recovery/password', {
      body: { code, password: recovered },
    });
    expect(reset.status).toBe(200);

    const again = await api.login(email, recovered);
    const token = again.json.access_token as string;
    secrets.push(token);
    const changedTo = 'third Secret p4ss';
    secrets.push(changedTo);
    const changed = await api.call('POST', '/users/password', {
      token,
      body: {
        current_password: recovered,
        new_password: changedTo,
        confirm_new_password: changedTo,
      },
    });
    expect(changed.status).toBe(200);
    secrets.push(changed.json.access_token as string);

    expect(lines.length).toBeGreaterThanOrEqual(7);
    const log = lines.join('\n');
    for (const secret of secrets) {
      expect(log).not.toContain(secret);
      // Token parts alone (a signature, a payload) must not appear either.
      if (secret.split('.').length === 3)
        for (const part of secret.split('.')) expect(log).not.toContain(part);
    }
    expect(log).not.toMatch(/argon2id/);
    expect(log).toContain('mail sent');
  });
  it('never contains an invitation’s link token, from the invitation to the new member', async () => {
    const ownerPassword = 'owner Secret p4ss';
    const owner = await api.call('POST', '/users/register', {
      body: {
        email: 'log-owner@example.com',
        name: 'Lucía',
        last_name: 'M',
        password: ownerPassword,
        is_talent: false,
        lang: 'en',
        workplace_name: 'Log Labs',
        position: 'CEO',
        start_date: '2020-01-15',
        work_here: true,
      },
    });
    expect(owner.status).toBe(201);
    const ownerToken = owner.json.access_token as string;
    const [membership] = (await api.call('GET', '/me/companies', { token: ownerToken })).json
      .data as { company: { id: number } }[];
    const invited = await api.call('POST', `/companies/${membership!.company.id}/invitations`, {
      token: ownerToken,
      body: { email: 'log-recruiter@example.com', role: 'recruiter', lang: 'en' },
    });
    expect(invited.status).toBe(201);
    const link = /\/invitations\/([A-Za-z0-9_-]{43})/.exec(smtp.received.at(-1)!.raw);
    const linkToken = link![1]!;
    expect((await api.call('GET', `/invitations/${linkToken}`)).status).toBe(200);
    const password = 'recruiter Secret p4ss';
    const joined = await api.call('POST', '/users/register', {
      body: {
        email: 'log-recruiter@example.com',
        name: 'Elena',
        last_name: 'G',
        password,
        is_talent: false,
        lang: 'en',
        invitation_token: linkToken,
      },
    });
    expect(joined.status).toBe(201);
    const log = lines.join('\n');
    for (const secret of [linkToken, ownerPassword, password, ownerToken]) {
      expect(log).not.toContain(secret);
    }
    // The route is logged, without its token.
    expect(log).toContain('/api/invitations/…');
  });
});
