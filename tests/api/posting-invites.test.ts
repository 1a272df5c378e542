import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companies, jobs, postingInvites, projects } from '@/db/schema';
import { JOB_STATUS } from '@/lib/statuses';
import { INVITES_PER_POSTING_PER_DAY } from '@/server/services/discovery/invites';
import type { TMyInvite, TPostingInvite } from '@/types/invites';
import { createTestApi } from '../helpers/api';
import { createTeam } from '../helpers/companies';
import { statementsOf } from '../helpers/statements';
import {
  expectRefusal,
  errorsOf,
  pipelineFixtures,
  type TKind,
  type TPage,
} from '../helpers/marketplace';
import { createBusiness, createTalent, type TTestUser } from '../helpers/users';

// Invitations to apply (docs/api.md "Invitations to apply", docs/product.md "Invitations to
// apply"): who may invite, once per talent and posting, 50 a posting a day, only to postings
// that take applications, the talent's notification and e-mail, their list, the posting's
// `invitation` and the board's `invited`.

let api: Awaited<ReturnType<typeof createTestApi>>;
let fx: ReturnType<typeof pipelineFixtures>;

beforeAll(async () => {
  api = await createTestApi();
  fx = pipelineFixtures(api.call, api.deps.now);
});
afterAll(async () => api.close());
beforeEach(async () => {
  api.clock.now = new Date();
  await api.resetRateLimits();
});

const KINDS: TKind[] = ['project', 'job'];

const inviteCall = (
  kind: TKind,
  postingId: number,
  token: string | undefined,
  body: Record<string, unknown>,
) => api.call('POST', `/${kind}s/${postingId}/invites`, { token, body: { lang: 'en', ...body } });

/** A company named `company` (its owner signed in), with a posting of `kind`, and a talent. */
async function scene(kind: TKind, company = 'Andes Labs', talentLang: 'en' | 'es' = 'en') {
  const team = await createTeam(api, { prefix: company });
  await api.db.update(companies).set({ name: company }).where(eq(companies.id, team.companyId));
  const posting = await fx.post(kind, team.owner.token, { name: `Landing page ${kind}` });
  const invitee = await createTalent(api, { name: 'Lucía', lang: talentLang });
  return { ...team, posting, invitee };
}

const myInvites = async (user: TTestUser, query = '') => {
  const r = await api.call('GET', `/me/invites${query}`, { token: user.token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data as TPage<TMyInvite>;
};

describe.each(KINDS)('invitations to apply to a %s', (kind) => {
  it('the posting’s team invites a talent: 201 with the invitation; others are refused', async () => {
    const s = await scene(kind);
    const talents = await Promise.all([1, 2, 3].map(() => createTalent(api)));
    // Who calls, and what they get: every role of the company may act on the board.
    const table: [string, string | undefined, number, number, string | null][] = [
      ['owner', s.owner.token, talents[0]!.id, 201, null],
      ['admin', s.admin.token, talents[1]!.id, 201, null],
      ['recruiter', s.recruiter.token, talents[2]!.id, 201, null],
      ['another company', s.outsider.token, s.invitee.id, 404, 'not_found'],
      ['a talent', s.talent.token, s.invitee.id, 403, 'forbidden'],
      ['signed out', undefined, s.invitee.id, 401, 'unauthorized'],
    ];
    for (const [who, token, talentId, status, code] of table) {
      const r = await inviteCall(kind, s.posting.id, token, {
        talent_id: talentId,
        message: `From the ${who}`,
      });
      if (code) {
        expectRefusal(r, status, code);
        continue;
      }
      expect(r.status, `${who}: ${JSON.stringify(r.json)}`).toBe(201);
      expect(r.json).toMatchObject({
        message: 'Invitation sent.',
        message_es: 'Invitación enviada.',
      });
      expect(r.json.data).toEqual({
        id: expect.any(Number),
        kind,
        posting_id: s.posting.id,
        talent_id: talentId,
        message: `From the ${who}`,
        created_at: api.clock.now.toISOString(),
      } satisfies TPostingInvite);
    }
    // Nothing was written for the refused callers.
    const rows = await api.db
      .select()
      .from(postingInvites)
      .where(eq(postingInvites.talentId, s.invitee.id));
    expect(rows).toEqual([]);
  });

  it('the same talent twice is 409 already_invited, even at the same moment', async () => {
    const s = await scene(kind);
    const [a, b] = await Promise.all([
      inviteCall(kind, s.posting.id, s.owner.token, { talent_id: s.invitee.id }),
      inviteCall(kind, s.posting.id, s.admin.token, { talent_id: s.invitee.id }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expectRefusal(a.status === 409 ? a : b, 409, 'already_invited');
    expectRefusal(
      await inviteCall(kind, s.posting.id, s.recruiter.token, { talent_id: s.invitee.id }),
      409,
      'already_invited',
    );
    expect((await myInvites(s.invitee)).total).toBe(1);
  });

  it('refuses a talent that is not one (404), a missing posting (404) and a bad message (400)', async () => {
    const s = await scene(kind);
    expectRefusal(
      await inviteCall(kind, s.posting.id, s.owner.token, { talent_id: s.outsider.id }),
      404,
      'not_found',
    );
    expectRefusal(
      await inviteCall(kind, s.posting.id, s.owner.token, { talent_id: 2_000_000_000 }),
      404,
      'not_found',
    );
    expectRefusal(
      await inviteCall(kind, 2_000_000_000, s.owner.token, { talent_id: s.invitee.id }),
      404,
      'not_found',
    );
    const long = await inviteCall(kind, s.posting.id, s.owner.token, {
      talent_id: s.invitee.id,
      message: 'x'.repeat(1001),
    });
    expectRefusal(long, 400, 'invalid_input');
    expect(errorsOf(long.json)).toMatchObject([{ path: 'message', code: 'too_long' }]);
    const control = await inviteCall(kind, s.posting.id, s.owner.token, {
      talent_id: s.invitee.id,
      message: 'Hello\u0000there',
    });
    expect(errorsOf(control.json)).toMatchObject([{ path: 'message', code: 'control_characters' }]);
    const noTalent = await inviteCall(kind, s.posting.id, s.owner.token, {});
    expect(errorsOf(noTalent.json)).toMatchObject([{ path: 'talent_id' }]);
    // A message of exactly 1000 characters, with line breaks, is taken.
    const ok = await inviteCall(kind, s.posting.id, s.owner.token, {
      talent_id: s.invitee.id,
      message: `Hi\n${'x'.repeat(997)}`,
    });
    expect(ok.status, JSON.stringify(ok.json)).toBe(201);
  });

  it('a posting that takes no applications invites nobody: 409 closed', async () => {
    const s = await scene(kind);
    // Its deadline passed everywhere on Earth.
    const past = await fx.post(kind, s.owner.token);
    const table = kind === 'project' ? projects : jobs;
    await api.db.update(table).set({ endDate: '2000-01-01' }).where(eq(table.id, past.id));
    const late = await inviteCall(kind, past.id, s.owner.token, { talent_id: s.invitee.id });
    expectRefusal(late, 409, 'closed');
    // Cancelled.
    const cancelled = await api.call('DELETE', `/${kind}s`, {
      token: s.owner.token,
      body: { id: s.posting.id },
    });
    expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200);
    expectRefusal(
      await inviteCall(kind, s.posting.id, s.owner.token, { talent_id: s.invitee.id }),
      409,
      'closed',
    );
    expect(
      await api.db.select().from(postingInvites).where(eq(postingInvites.talentId, s.invitee.id)),
    ).toEqual([]);
  });

  it('a talent who already applied is 409 already_applied', async () => {
    const s = await scene(kind);
    await fx.apply(kind, s.invitee.token, s.posting.id);
    expectRefusal(
      await inviteCall(kind, s.posting.id, s.owner.token, { talent_id: s.invitee.id }),
      409,
      'already_applied',
    );
  });

  it('the talent is notified and e-mailed in their language, with a link to the posting', async () => {
    for (const lang of ['en', 'es'] as const) {
      const s = await scene(kind, 'Andes Labs', lang);
      const mark = api.outbox.length;
      const r = await inviteCall(kind, s.posting.id, s.owner.token, {
        talent_id: s.invitee.id,
        message: 'We loved your portfolio.',
      });
      expect(r.status, JSON.stringify(r.json)).toBe(201);
      const [note] = (await fx.notificationsOf(s.invitee.token)).data;
      expect(note).toMatchObject({
        type: 'posting_invite',
        message: `Andes Labs invites you to apply to “Landing page ${kind}”.`,
        message_es: `Andes Labs te invita a postularte a “Landing page ${kind}”.`,
        link: `/${kind}s/${s.posting.id}`,
      });
      const mails = api.outbox.slice(mark).filter((m) => m.to === s.invitee.email);
      expect(mails.map((m) => m.subject)).toEqual([
        lang === 'en'
          ? `TalentChain: Andes Labs invites you to apply to “Landing page ${kind}”.`
          : `TalentChain: Andes Labs te invita a postularte a “Landing page ${kind}”.`,
      ]);
      expect(mails[0]!.text).toContain(`${lang === 'es' ? '/es' : ''}/${kind}s/${s.posting.id}`);
    }
  });

  it('a talent with application updates off is notified but not e-mailed', async () => {
    const s = await scene(kind);
    const prefs = await api.call('PATCH', '/me/email_preferences', {
      token: s.invitee.token,
      body: { application_updates: 'off' },
    });
    expect(prefs.status, JSON.stringify(prefs.json)).toBe(200);
    const mark = api.outbox.length;
    await inviteCall(kind, s.posting.id, s.owner.token, { talent_id: s.invitee.id });
    expect(api.outbox.slice(mark).filter((m) => m.to === s.invitee.email)).toEqual([]);
    expect((await fx.notificationsOf(s.invitee.token)).data[0]).toMatchObject({
      type: 'posting_invite',
    });
  });

  it(`at most ${INVITES_PER_POSTING_PER_DAY} invitations a posting in 24 hours: the next is 429 with Retry-After`, async () => {
    const s = await scene(kind);
    const start = new Date();
    api.clock.now = start;
    const first = await inviteCall(kind, s.posting.id, s.owner.token, { talent_id: s.invitee.id });
    expect(first.status).toBe(201);
    // The other 49, an hour later.
    api.clock.now = new Date(start.getTime() + 3600_000);
    for (let i = 1; i < INVITES_PER_POSTING_PER_DAY; i++) {
      const t = await createTalent(api);
      const r = await inviteCall(kind, s.posting.id, s.recruiter.token, { talent_id: t.id });
      expect(r.status, `invite ${i + 1}: ${JSON.stringify(r.json)}`).toBe(201);
    }
    const last = await createTalent(api);
    const refused = await inviteCall(kind, s.posting.id, s.owner.token, { talent_id: last.id });
    expectRefusal(refused, 429, 'rate_limited');
    // A place frees when the first invitation is a day old: 23 hours from now.
    expect(refused.res.headers.get('Retry-After')).toBe(String(23 * 3600));
    // Another posting of the company is counted apart.
    const other = await fx.post(kind, s.owner.token);
    expect((await inviteCall(kind, other.id, s.owner.token, { talent_id: last.id })).status).toBe(
      201,
    );
    // A day after the first, one place is free again.
    api.clock.now = new Date(start.getTime() + 24 * 3600_000 + 1000);
    expect(
      (await inviteCall(kind, s.posting.id, s.owner.token, { talent_id: last.id })).status,
    ).toBe(201);
    const again = await createTalent(api);
    expectRefusal(
      await inviteCall(kind, s.posting.id, s.owner.token, { talent_id: again.id }),
      429,
      'rate_limited',
    );
  });

  it('the invited talent reads the invitation on the posting; nobody else does', async () => {
    const s = await scene(kind);
    const other = await createTalent(api);
    await inviteCall(kind, s.posting.id, s.recruiter.token, {
      talent_id: s.invitee.id,
      message: 'Your React work fits.',
    });
    const page = (token?: string) => api.call('GET', `/${kind}s/${s.posting.id}`, { token });
    const mine = await page(s.invitee.token);
    expect(mine.json.data).toMatchObject({
      invitation: {
        id: expect.any(Number),
        company: { name: 'Andes Labs' },
        message: 'Your React work fits.',
        created_at: api.clock.now.toISOString(),
      },
    });
    for (const token of [other.token, s.owner.token, s.outsider.token, undefined]) {
      expect((await page(token)).json.data).toMatchObject({ invitation: null });
    }
  });

  it('GET /me/invites lists the talent’s invitations newest first, with applied once they apply', async () => {
    const s = await scene(kind);
    const second = await fx.post(kind, s.owner.token, { name: 'Second posting' });
    await inviteCall(kind, s.posting.id, s.admin.token, {
      talent_id: s.invitee.id,
      message: 'First',
    });
    api.clock.now = new Date(api.clock.now.getTime() + 60_000);
    await inviteCall(kind, second.id, s.owner.token, { talent_id: s.invitee.id });
    await fx.apply(kind, s.invitee.token, s.posting.id);
    const list = await myInvites(s.invitee);
    expect(list.total).toBe(2);
    const [company] = await api.db.select().from(companies).where(eq(companies.id, s.companyId));
    expect(list.data).toEqual([
      {
        id: expect.any(Number),
        posting: {
          kind,
          id: second.id,
          name: 'Second posting',
          company: { id: s.companyId, slug: company!.slug, name: 'Andes Labs', logo_url: null },
        },
        inviter: { name: 'Andes Labs Owner', last_name: 'Test' },
        message: null,
        created_at: api.clock.now.toISOString(),
        applied: false,
      },
      expect.objectContaining({
        posting: expect.objectContaining({ id: s.posting.id, name: `Landing page ${kind}` }),
        inviter: { name: 'Andes Labs Admin', last_name: 'Test' },
        message: 'First',
        applied: true,
      }),
    ]);
    // Paged, and another talent's list is their own.
    expect((await myInvites(s.invitee, '?per_page=1&page=2')).data).toHaveLength(1);
    expect((await myInvites(s.talent)).data).toEqual([]);
    // Only talents have invitations.
    expectRefusal(await api.call('GET', '/me/invites', { token: s.owner.token }), 403, 'forbidden');
    expectRefusal(await api.call('GET', '/me/invites'), 401, 'unauthorized');
  });

  it('the board marks the applications of invited talents', async () => {
    const s = await scene(kind);
    await inviteCall(kind, s.posting.id, s.owner.token, { talent_id: s.invitee.id });
    const invited = await fx.apply(kind, s.invitee.token, s.posting.id);
    const walkIn = await createTalent(api);
    const plain = await fx.apply(kind, walkIn.token, s.posting.id);
    for (const member of [s.owner, s.recruiter]) {
      const board = await fx.board(kind, member.token, s.posting.id);
      const byId = new Map(board.data.map((a) => [a.id, a.invited]));
      expect(byId.get(invited.id)).toBe(true);
      expect(byId.get(plain.id)).toBe(false);
    }
    // An invitation to another posting marks nothing here.
    const other = await fx.post(kind, s.owner.token);
    await inviteCall(kind, other.id, s.owner.token, { talent_id: walkIn.id });
    const board = await fx.board(kind, s.owner.token, s.posting.id);
    expect(board.data.find((a) => a.id === plain.id)?.invited).toBe(false);
  });

  it('the board reads invited in its page query, and the invited talent’s page in one statement more', async () => {
    const s = await scene(kind);
    const talents = await Promise.all([1, 2, 3].map(() => createTalent(api)));
    for (const t of talents) await fx.apply(kind, t.token, s.posting.id);
    const boardStatements = async () => {
      let n = 0;
      const sql = await statementsOf(api.db, async () => {
        n = (await fx.board(kind, s.owner.token, s.posting.id)).data.length;
      });
      expect(n).toBe(3);
      return sql.length;
    };
    const before = await boardStatements();
    // Invited talents (their invitations written straight, as they applied already).
    for (const t of talents) {
      await api.db.insert(postingInvites).values({
        kind,
        postingId: s.posting.id,
        companyId: s.companyId,
        talentId: t.id,
        inviterId: s.owner.id,
      });
    }
    expect(await boardStatements()).toBe(before);
    // The posting's page: the caller (1), the posting (1), the kept responsiveness (1), and for a
    // signed-in talent their invitation (1).
    await inviteCall(kind, s.posting.id, s.owner.token, { talent_id: s.invitee.id });
    // Once kept, the responsiveness is one read (the first read computes it).
    await api.call('GET', `/${kind}s/${s.posting.id}`);
    const page = await statementsOf(api.db, async () => {
      const r = await api.call('GET', `/${kind}s/${s.posting.id}`, { token: s.invitee.token });
      expect(r.json.data).toMatchObject({ invitation: { company: { name: 'Andes Labs' } } });
    });
    expect(page.length, page.join('\n')).toBeLessThanOrEqual(4);
  });

  it('a company’s invitations go with the company', async () => {
    const owner = await createBusiness(api);
    const posting = await fx.post(kind, owner.token);
    const t = await createTalent(api);
    await inviteCall(kind, posting.id, owner.token, { talent_id: t.id });
    await api.db.delete(companies).where(eq(companies.id, owner.companyId!));
    expect(
      await api.db.select().from(postingInvites).where(eq(postingInvites.talentId, t.id)),
    ).toEqual([]);
    expect((await myInvites(t)).data).toEqual([]);
  });
});

describe('GET /me/invites', () => {
  it('refuses a control character in its query with 400 and answers odd pages without a 500', async () => {
    const talent = await createTalent(api);
    for (const [query, status] of [
      ['?page=%00', 400],
      ['?per_page=a%07', 400],
      ['?page=-1', 400],
      ['?per_page=99999999999999999999', 400],
      ['?page=100000', 200],
      ['?x=1', 200],
    ] as const) {
      const r = await api.call('GET', `/me/invites${query}`, { token: talent.token });
      expect(r.status, `${query}: ${JSON.stringify(r.json)}`).toBe(status);
    }
  });
});

describe('statuses', () => {
  it('a job in selection takes no applications, so it invites nobody', async () => {
    const s = await scene('job');
    await api.db
      .update(jobs)
      .set({ jobStatusId: JOB_STATUS.inSelection })
      .where(eq(jobs.id, s.posting.id));
    expectRefusal(
      await inviteCall('job', s.posting.id, s.owner.token, { talent_id: s.invitee.id }),
      409,
      'closed',
    );
  });
});
