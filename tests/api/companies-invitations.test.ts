import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companyInvitations, companyMembers, users } from '@/db/schema';
import { signAccessToken } from '@/server/auth/tokens';
import { setSsrDeps } from '@/server/ssr/context';
import { loadInvitation } from '@/server/ssr/invitation';
import { RATE_LIMITS } from '@/server/services/rate-limit';
import { createTestApi } from '../helpers/api';
import { createTeam } from '../helpers/companies';
import { errorsOf, expectRefusal } from '../helpers/marketplace';
import { createBusiness, createTalent } from '../helpers/users';

// Invitations (docs/api.md "Companies and teams", docs/security.md "Invitations"): an owner or
// admin invites an e-mail address with a role; the e-mail, in the inviter's language, carries a
// single-use link valid 7 days; the invited person accepts signed in, or registers from it.

let api: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => api?.close());
beforeEach(async () => api.resetRateLimits());

let seq = 0;
const fresh = () => `invited-${++seq}-${Date.now()}@example.com`;
const DAY = 24 * 3600_000;

type TTeam = Awaited<ReturnType<typeof createTeam>>;

const invite = (t: TTeam, body: Record<string, unknown>, token = t.owner.token) =>
  api.call('POST', `/companies/${t.companyId}/invitations`, { token, body });

/** The token of the link in the newest e-mail sent to `to`. */
function linkTokenFor(to: string) {
  const mail = [...api.outbox].reverse().find((m) => m.to === to);
  expect(mail, `a mail to ${to}`).toBeDefined();
  const match = /\/invitations\/([A-Za-z0-9_-]{43})/.exec(mail!.text);
  expect(match).not.toBeNull();
  return { mail: mail!, token: match![1]! };
}

/** Invites `email` and answers the link's token. */
async function invited(t: TTeam, email: string, role = 'recruiter', lang = 'en') {
  const r = await invite(t, { email, role, lang });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return { id: (r.json.data as { id: number }).id, ...linkTokenFor(email.toLowerCase()) };
}

/** `user` signed in again at the test clock's time (tokens last 7 days, as invitations do). */
const signedIn = async <U extends { id: number; token: string }>(user: U): Promise<U> => ({
  ...user,
  token: await signAccessToken({ userId: user.id, version: 0 }, api.deps.jwtSecret, api.clock.now),
});

const isMember = async (companyId: number, userId: number) =>
  (
    await api.db
      .select()
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
  ).length === 1;

describe('POST /companies/{id}/invitations', () => {
  it('mails the link in the inviter’s language, saying who invites to which company with which role (en and es)', async () => {
    const t = await createTeam(api, { prefix: 'Andes' });
    const email = fresh();
    const r = await invite(t, {
      email: `  ${email.toUpperCase()} `,
      role: 'recruiter',
      lang: 'en',
    });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    expect(r.json.data).toEqual({
      id: expect.any(Number),
      email,
      role: 'recruiter',
      expires_at: new Date(api.clock.now.getTime() + 7 * DAY).toISOString(),
    });
    const en = linkTokenFor(email);
    expect(en.mail.subject).toBe('You are invited to join Andes Owner Co on TalentChain');
    expect(en.mail.text).toContain(
      'Andes Owner Test invites you to join Andes Owner Co on TalentChain as a recruiter.',
    );
    expect(en.mail.text).toContain(`http://app.test/invitations/${en.token}`);
    expect(en.mail.html).toContain(`http://app.test/invitations/${en.token}`);
    // Stored hashed: the token itself is nowhere in the table.
    const rows = await api.db.select().from(companyInvitations);
    expect(JSON.stringify(rows)).not.toContain(en.token);

    const other = fresh();
    await invited(t, other, 'admin', 'es');
    const es = linkTokenFor(other);
    expect(es.mail.subject).toBe('Te invitan a unirte a Andes Owner Co en TalentChain');
    expect(es.mail.text).toContain(
      'Andes Owner Test te invita a unirte a Andes Owner Co en TalentChain como administrador/a.',
    );
    expect(es.mail.text).toContain(`http://app.test/es/invitations/${es.token}`);
  });

  it('answers the same whether the address has an account or not', async () => {
    const t = await createTeam(api);
    const known = await createBusiness(api, { name: 'Known' });
    const a = await invite(t, { email: known.email, role: 'recruiter', lang: 'en' });
    const b = await invite(t, { email: fresh(), role: 'recruiter', lang: 'en' });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(Object.keys(a.json.data as object)).toEqual(Object.keys(b.json.data as object));
    expect(Object.keys(a.json)).toEqual(Object.keys(b.json));
  });

  it('refuses inviting a member (409 conflict), admins may invite, recruiters may not (403)', async () => {
    const t = await createTeam(api);
    const dup = await invite(t, { email: t.recruiter.email.toUpperCase(), role: 'admin' });
    expectRefusal(dup, 409, 'conflict');
    expect(dup.json.message).toBe('This person is already a member of the company.');
    expect((await invite(t, { email: fresh(), role: 'recruiter' }, t.admin.token)).status).toBe(
      201,
    );
    expectRefusal(
      await invite(t, { email: fresh(), role: 'recruiter' }, t.recruiter.token),
      403,
      'forbidden',
    );
    expectRefusal(
      await invite(t, { email: fresh(), role: 'recruiter' }, t.outsider.token),
      404,
      'not_found',
    );
    expectRefusal(
      await invite(t, { email: fresh(), role: 'recruiter' }, t.talent.token),
      403,
      'forbidden',
    );
    expectRefusal(
      await api.call('POST', `/companies/${t.companyId}/invitations`, {
        body: { email: fresh(), role: 'recruiter' },
      }),
      401,
      'unauthorized',
    );
  });

  it('refuses bad input: roles, e-mails, languages, types, sizes; drops unknown fields', async () => {
    const t = await createTeam(api);
    const bad: [Record<string, unknown>, string][] = [
      [{ email: fresh(), role: 'owner' }, 'role'],
      [{ email: fresh(), role: 'boss' }, 'role'],
      [{ email: 'not-an-email', role: 'admin' }, 'email'],
      [{ email: `${'a'.repeat(250)}@example.com`, role: 'admin' }, 'email'],
      [{ email: 42, role: 'admin' }, 'email'],
      [{ role: 'admin' }, 'email'],
      [{ email: fresh(), role: 'admin', lang: 'de' }, 'lang'],
      [{ email: ['a@b.co'], role: 'admin' }, 'email'],
    ];
    for (const [body, path] of bad) {
      const r = await invite(t, body);
      expectRefusal(r, 400, 'invalid_input');
      expect(errorsOf(r.json).map((e) => e.path)).toContain(path);
    }
    const huge = await api.call('POST', `/companies/${t.companyId}/invitations`, {
      token: t.owner.token,
      rawBody: JSON.stringify({ email: fresh(), role: 'admin', pad: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
    const email = fresh();
    const r = await invite(t, {
      email,
      role: 'admin',
      company_id: t.outsider.companyId,
      invited_by: t.talent.id,
      expires_at: '2999-01-01',
    });
    expect(r.status).toBe(201);
    const [row] = await api.db
      .select()
      .from(companyInvitations)
      .where(eq(companyInvitations.email, email));
    expect(row).toMatchObject({ companyId: t.companyId, invitedBy: t.owner.id });
    expect(row!.expiresAt.getTime()).toBe(api.clock.now.getTime() + 7 * DAY);
    for (const id of ['0', '2147483648', 'abc', '1e3']) {
      const res = await api.call('POST', `/companies/${id}/invitations`, {
        token: t.owner.token,
        body: { email: fresh(), role: 'admin' },
      });
      expect(res.status).toBe(404);
    }
  });

  it('comes with the invitation page from the server (nothing fetched after it loads): what the e-mail said, or null for a replaced, unknown or malformed link', async () => {
    setSsrDeps(api.deps);
    try {
      const t = await createTeam(api);
      const email = fresh();
      const first = await invited(t, email);
      const second = await invited(t, email, 'admin');
      const shown = await loadInvitation(second.token);
      expect(shown).toEqual((await api.call('GET', `/invitations/${second.token}`)).json.data);
      expect(shown).toMatchObject({ role: 'admin', email, expired: false });
      expect(await loadInvitation(first.token)).toBeNull();
      expect(await loadInvitation('A'.repeat(43))).toBeNull();
      expect(await loadInvitation('no-such-invitation')).toBeNull();
    } finally {
      setSsrDeps(undefined);
    }
  });

  it('replaces a pending invitation of the same address: the old link answers 404', async () => {
    const t = await createTeam(api);
    const email = fresh();
    const first = await invited(t, email);
    const second = await invited(t, email, 'admin');
    expect((await api.call('GET', `/invitations/${first.token}`)).status).toBe(404);
    const r = await api.call('GET', `/invitations/${second.token}`);
    expect(r.json.data).toMatchObject({ role: 'admin' });
    const list = await api.call('GET', `/companies/${t.companyId}/invitations`, {
      token: t.owner.token,
    });
    expect((list.json.data as { email: string }[]).filter((i) => i.email === email)).toHaveLength(
      1,
    );
  });

  it(`limits invitations per inviter (${RATE_LIMITS.invitationsPerInviter.max} an hour) and per company (${RATE_LIMITS.invitationsPerCompany.max} a day): 429 with Retry-After`, async () => {
    const t = await createTeam(api);
    for (let i = 0; i < RATE_LIMITS.invitationsPerInviter.max; i++) {
      expect((await invite(t, { email: fresh(), role: 'recruiter' })).status).toBe(201);
    }
    const refused = await invite(t, { email: fresh(), role: 'recruiter' });
    expectRefusal(refused, 429, 'rate_limited');
    expect(Number(refused.res.headers.get('Retry-After'))).toBeGreaterThan(0);
    // Nothing was written for the refused one.
    const pending = await api.call('GET', `/companies/${t.companyId}/invitations`, {
      token: t.owner.token,
    });
    expect(pending.json.data).toHaveLength(RATE_LIMITS.invitationsPerInviter.max);
    // The admin still has their own hourly count, until the company's daily one is spent.
    const left = RATE_LIMITS.invitationsPerCompany.max - RATE_LIMITS.invitationsPerInviter.max;
    let sent = 0;
    for (let hour = 1; sent < left; hour++) {
      api.clock.now = new Date(api.clock.now.getTime() + 3600_000 + 1000);
      for (let i = 0; i < RATE_LIMITS.invitationsPerInviter.max && sent < left; i++, sent++) {
        expect((await invite(t, { email: fresh(), role: 'recruiter' }, t.admin.token)).status).toBe(
          201,
        );
      }
      if (hour > 10) break;
    }
    api.clock.now = new Date(api.clock.now.getTime() + 3600_000 + 1000);
    expectRefusal(
      await invite(t, { email: fresh(), role: 'recruiter' }, t.admin.token),
      429,
      'rate_limited',
    );
  });
});

describe('listing, revoking and resending', () => {
  it('lists the pending ones newest first, with expired marked and the inviter named', async () => {
    const t = await createTeam(api);
    const older = fresh();
    await invited(t, older);
    api.clock.now = new Date(api.clock.now.getTime() + 60_000);
    const newer = fresh();
    await invite(t, { email: newer, role: 'admin' }, t.admin.token);
    const url = `/companies/${t.companyId}/invitations`;
    const r = await api.call('GET', url, { token: t.admin.token });
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual([
      {
        id: expect.any(Number),
        email: newer,
        role: 'admin',
        expires_at: expect.any(String),
        expired: false,
        created_at: api.clock.now.toISOString(),
        invited_by: { id: t.admin.id, name: 'Team Admin', last_name: 'Test' },
      },
      expect.objectContaining({ email: older, role: 'recruiter', expired: false }),
    ]);
    expectRefusal(await api.call('GET', url, { token: t.recruiter.token }), 403, 'forbidden');
    expectRefusal(await api.call('GET', url, { token: t.outsider.token }), 404, 'not_found');
    expectRefusal(await api.call('GET', url, { token: t.talent.token }), 403, 'forbidden');
    api.clock.now = new Date(api.clock.now.getTime() + 7 * DAY - 30_000);
    const later = await api.call('GET', url, { token: (await signedIn(t.owner)).token });
    expect((later.json.data as { expired: boolean }[]).map((i) => i.expired)).toEqual([
      false,
      true,
    ]);
    expectRefusal(await api.call('GET', url), 401, 'unauthorized');
  });

  it('revokes: the link then answers 404 and the list drops it; audited', async () => {
    const t = await createTeam(api);
    const inv = await invited(t, fresh());
    const url = `/companies/${t.companyId}/invitations/${inv.id}`;
    expectRefusal(await api.call('DELETE', url, { token: t.recruiter.token }), 403, 'forbidden');
    expectRefusal(await api.call('DELETE', url, { token: t.outsider.token }), 404, 'not_found');
    // Another company's owner cannot reach it through their own company either.
    expectRefusal(
      await api.call('DELETE', `/companies/${t.outsider.companyId}/invitations/${inv.id}`, {
        token: t.outsider.token,
      }),
      404,
      'not_found',
    );
    expect((await api.call('DELETE', url, { token: t.admin.token })).status).toBe(200);
    expectRefusal(await api.call('GET', `/invitations/${inv.token}`), 404, 'not_found');
    expectRefusal(await api.call('DELETE', url, { token: t.owner.token }), 404, 'not_found');
    const list = await api.call('GET', `/companies/${t.companyId}/invitations`, {
      token: t.owner.token,
    });
    expect(list.json.data).toEqual([]);
    const log = await api.call('GET', `/companies/${t.companyId}/audit`, { token: t.owner.token });
    expect((log.json.data as { data: { action: string }[] }).data.map((e) => e.action)).toEqual([
      'invitation.revoked',
      'invitation.created',
    ]);
    for (const id of ['0', '2147483648', 'x']) {
      const r = await api.call('DELETE', `/companies/${t.companyId}/invitations/${id}`, {
        token: t.owner.token,
      });
      expect(r.status).toBe(404);
    }
  });

  it('resends: a new link valid 7 more days, in the language asked; the old link answers 404', async () => {
    const t = await createTeam(api);
    const email = fresh();
    const inv = await invited(t, email);
    api.clock.now = new Date(api.clock.now.getTime() + 8 * DAY);
    expect((await api.call('GET', `/invitations/${inv.token}`)).json.data).toMatchObject({
      expired: true,
    });
    t.owner = await signedIn(t.owner);
    t.recruiter = await signedIn(t.recruiter);
    const url = `/companies/${t.companyId}/invitations/${inv.id}/resend`;
    expectRefusal(
      await api.call('POST', url, { token: t.recruiter.token, body: { lang: 'es' } }),
      403,
      'forbidden',
    );
    expectRefusal(
      await api.call('POST', url, { token: t.owner.token, body: { lang: 'fr' } }),
      400,
      'invalid_input',
    );
    const r = await api.call('POST', url, { token: t.owner.token, body: { lang: 'es' } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toEqual({
      id: inv.id,
      email,
      role: 'recruiter',
      expires_at: new Date(api.clock.now.getTime() + 7 * DAY).toISOString(),
    });
    const again = linkTokenFor(email);
    expect(again.token).not.toBe(inv.token);
    expect(again.mail.subject).toMatch(/^Te invitan/);
    expectRefusal(await api.call('GET', `/invitations/${inv.token}`), 404, 'not_found');
    expect((await api.call('GET', `/invitations/${again.token}`)).json.data).toMatchObject({
      expired: false,
    });
  });
});

describe('GET /invitations/{token}', () => {
  it('tells anyone with the link who invites to which company with which role', async () => {
    const t = await createTeam(api, { prefix: 'Pub' });
    const email = fresh();
    const inv = await invited(t, email, 'admin');
    const r = await api.call('GET', `/invitations/${inv.token}`);
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({
      company: { name: 'Pub Owner Co', slug: expect.any(String), logo_url: null },
      role: 'admin',
      email,
      expired: false,
      inviter: { name: 'Pub Owner', last_name: 'Test' },
    });
  });

  it('answers 404 to unknown or malformed tokens', async () => {
    for (const token of ['x'.repeat(43), 'short', 'x'.repeat(500), 'a.b', '%2e%2e', '0']) {
      expectRefusal(await api.call('GET', `/invitations/${token}`), 404, 'not_found');
    }
    // Control characters in an address are refused before any route (docs/security.md "Text").
    expect((await api.call('GET', '/invitations/%00')).status).toBe(400);
  });
});

describe('POST /invitations/{token}/accept', () => {
  it('the invited business joins with the role; the link is then used (404); audited member.joined', async () => {
    const t = await createTeam(api);
    const email = fresh();
    const inv = await invited(t, email, 'admin');
    const joiner = await createBusiness(api, {
      email: email.toUpperCase(),
      name: 'Joiner',
      company: false,
    });
    const r = await api.call('POST', `/invitations/${inv.token}/accept`, { token: joiner.token });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toEqual({
      company: { id: t.companyId, slug: expect.any(String), name: 'Team Owner Co' },
      role: 'admin',
      joined_at: api.clock.now.toISOString(),
    });
    expect(await isMember(t.companyId, joiner.id)).toBe(true);
    expectRefusal(await api.call('GET', `/invitations/${inv.token}`), 404, 'not_found');
    expectRefusal(
      await api.call('POST', `/invitations/${inv.token}/accept`, { token: joiner.token }),
      404,
      'not_found',
    );
    const log = await api.call('GET', `/companies/${t.companyId}/audit`, { token: joiner.token });
    expect((log.json.data as { data: unknown[] }).data[0]).toMatchObject({
      action: 'member.joined',
      actor: { id: joiner.id, name: 'Joiner' },
      target: { type: 'member', id: joiner.id, role: 'admin' },
    });
    const mine = await api.call('GET', '/me/companies', { token: joiner.token });
    expect(mine.json.data).toEqual([expect.objectContaining({ role: 'admin' })]);
  });

  it('refuses another e-mail (403, in both languages, naming no address), a talent (403), anonymous (401)', async () => {
    const t = await createTeam(api);
    const email = fresh();
    const inv = await invited(t, email);
    const stranger = await createBusiness(api, { name: 'Stranger' });
    const r = await api.call('POST', `/invitations/${inv.token}/accept`, {
      token: stranger.token,
    });
    expectRefusal(r, 403, 'forbidden');
    expect(r.json.message).toBe(
      'This invitation was sent to another e-mail address. Sign in with the account of the invited address.',
    );
    expect(r.json.message_es).toBe(
      'Esta invitación se envió a otro correo. Inicia sesión con la cuenta del correo invitado.',
    );
    expect(JSON.stringify(r.json)).not.toContain(email);
    const talent = await createTalent(api, { email });
    const asTalent = await api.call('POST', `/invitations/${inv.token}/accept`, {
      token: talent.token,
    });
    expectRefusal(asTalent, 403, 'forbidden');
    expect(asTalent.json.message).toMatch(/^Only business accounts can join a company/);
    expect(asTalent.json.message_es).toMatch(/^Solo las cuentas de empresa pueden unirse/);
    expectRefusal(await api.call('POST', `/invitations/${inv.token}/accept`), 401, 'unauthorized');
    // Still usable by the right person.
    expect((await api.call('GET', `/invitations/${inv.token}`)).status).toBe(200);
  });

  it('an expired link answers 409 expired; a member already 409 conflict; a revoked one 404', async () => {
    const t = await createTeam(api);
    const email = fresh();
    const inv = await invited(t, email);
    const joiner = await createBusiness(api, { email, company: false });
    api.clock.now = new Date(api.clock.now.getTime() + 7 * DAY);
    const late = await api.call('POST', `/invitations/${inv.token}/accept`, {
      token: (await signedIn(joiner)).token,
    });
    expectRefusal(late, 409, 'expired');
    expect(late.json.message_es).toMatch(/vencido/);
    expect(await isMember(t.companyId, joiner.id)).toBe(false);

    t.owner = await signedIn(t.owner);
    const again = await invited(t, email);
    await api.db.insert(companyMembers).values({
      companyId: t.companyId,
      userId: joiner.id,
      role: 'recruiter',
      joinedAt: api.clock.now,
    });
    expectRefusal(
      await api.call('POST', `/invitations/${again.token}/accept`, {
        token: (await signedIn(joiner)).token,
      }),
      409,
      'conflict',
    );

    const other = fresh();
    const revoked = await invited(t, other);
    await api.call('DELETE', `/companies/${t.companyId}/invitations/${revoked.id}`, {
      token: t.owner.token,
    });
    const otherUser = await createBusiness(api, { email: other, company: false });
    expectRefusal(
      await api.call('POST', `/invitations/${revoked.token}/accept`, { token: otherUser.token }),
      404,
      'not_found',
    );
  });

  it('two accepts at once make one membership', async () => {
    const t = await createTeam(api);
    const email = fresh();
    const inv = await invited(t, email);
    const joiner = await createBusiness(api, { email, company: false });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        api.call('POST', `/invitations/${inv.token}/accept`, { token: joiner.token }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses[0]).toBe(200);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const s of statuses.slice(1)) expect([404, 409]).toContain(s);
    const rows = await api.db
      .select()
      .from(companyMembers)
      .where(eq(companyMembers.companyId, t.companyId));
    expect(rows.filter((r) => r.userId === joiner.id)).toHaveLength(1);
  });
});

describe('POST /users/register with invitation_token', () => {
  let ipSeq = 0;
  const register = (body: Record<string, unknown>) =>
    api.call('POST', '/users/register', { body, ip: `10.77.0.${++ipSeq}` });
  const person = (email: string, over: Record<string, unknown> = {}) => ({
    email,
    name: 'Lucía',
    last_name: 'Martín',
    password: 'a fine passphrase',
    is_talent: false,
    lang: 'es',
    ...over,
  });

  it('a business registering from the link joins the company, with no company of its own', async () => {
    const t = await createTeam(api);
    const email = fresh();
    const inv = await invited(t, email);
    const r = await register(person(email.toUpperCase(), { invitation_token: inv.token }));
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    const userId = (r.json.data as { id: number }).id;
    const mine = await api.call('GET', '/me/companies', { token: r.json.access_token as string });
    expect(mine.json.data).toEqual([
      { company: expect.objectContaining({ id: t.companyId }), role: 'recruiter' },
    ]);
    expect(await isMember(t.companyId, userId)).toBe(true);
    expectRefusal(await api.call('GET', `/invitations/${inv.token}`), 404, 'not_found');
  });

  it('with a workplace too, also gets a company of its own', async () => {
    const t = await createTeam(api);
    const email = fresh();
    const inv = await invited(t, email, 'admin');
    const r = await register(
      person(email, {
        invitation_token: inv.token,
        workplace_name: 'Lucía Studio',
        position: 'Founder',
        start_date: '2020-01-01',
        work_here: true,
      }),
    );
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    const mine = await api.call('GET', '/me/companies', { token: r.json.access_token as string });
    const roles = (mine.json.data as { company: { name: string }; role: string }[]).map((m) => [
      m.company.name,
      m.role,
    ]);
    expect(roles).toEqual(
      expect.arrayContaining([
        ['Lucía Studio', 'owner'],
        ['Team Owner Co', 'admin'],
      ]),
    );
    // A workplace name alone is not enough: the rest of the workplace is asked for.
    const half = await register(
      person(fresh(), { invitation_token: inv.token, workplace_name: 'Half' }),
    );
    expectRefusal(half, 400, 'invalid_input');
    expect(errorsOf(half.json).map((e) => e.path)).toEqual(
      expect.arrayContaining(['position', 'start_date', 'work_here']),
    );
  });

  it('refuses another e-mail (403), an expired link (409 expired), a used or unknown one (404), and creates no account', async () => {
    const t = await createTeam(api);
    const email = fresh();
    const inv = await invited(t, email);
    const other = fresh();
    expectRefusal(await register(person(other, { invitation_token: inv.token })), 403, 'forbidden');
    expectRefusal(
      await register(person(other, { invitation_token: 'x'.repeat(43) })),
      404,
      'not_found',
    );
    const bad = await register(person(other, { invitation_token: 'not a token' }));
    expectRefusal(bad, 400, 'invalid_input');
    expect(errorsOf(bad.json).map((e) => e.path)).toContain('invitation_token');
    api.clock.now = new Date(api.clock.now.getTime() + 7 * DAY + 1);
    expectRefusal(await register(person(email, { invitation_token: inv.token })), 409, 'expired');
    const accounts = await api.db.select().from(users).where(eq(users.email, other));
    expect(accounts).toHaveLength(0);
    expect(await api.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('refuses a talent registering from the link (403: only business accounts join companies)', async () => {
    const t = await createTeam(api);
    const email = fresh();
    const inv = await invited(t, email);
    const r = await register(person(email, { is_talent: true, invitation_token: inv.token }));
    expectRefusal(r, 403, 'forbidden');
    expect(r.json.message).toMatch(/^Only business accounts can join a company/);
    expect(r.json.message_es).toMatch(/^Solo las cuentas de empresa pueden unirse/);
    expect(await api.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    // The link still works for a business registration.
    expect((await register(person(email, { invitation_token: inv.token }))).status).toBe(201);
  });

  it('without a token a business still needs its workplace', async () => {
    const r = await register(person(fresh()));
    expectRefusal(r, 400, 'invalid_input');
    expect(errorsOf(r.json).map((e) => e.path)).toEqual(
      expect.arrayContaining(['workplace_name', 'position', 'start_date', 'work_here']),
    );
  });
});
