import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uploads } from '@/db/schema';
import { messageMailRecipients } from '@/server/services/conversations/mail';
import { createTestApi } from '../helpers/api';
import { createTeam, joinAs } from '../helpers/companies';
import {
  errorsOf,
  expectRefusal,
  pipelineFixtures,
  type TKind,
  type TPosting,
} from '../helpers/marketplace';
import { createTalent, type TTestUser } from '../helpers/users';

// Conversations (docs/api.md "Conversations", docs/product.md "Conversations"): one per
// application, between its talent and the members of the posting's company who may act on its
// board. Anyone else is told it does not exist; signed out is 401.

type TConversation = {
  id: number;
  kind: TKind;
  application_id: number;
  posting: { id: number; name: string };
  other: {
    id: number;
    name: string;
    last_name: string;
    avatar_url: string | null;
    company?: { id: number; slug: string; name: string };
  };
  last_message: null | {
    id: number;
    author: { id: number; name: string; last_name: string } | null;
    body: string;
    file: unknown;
    created_at: string;
  };
  unread_count: number;
  blocked: { by_me: boolean; by_other: boolean };
  last_activity_at: string;
};
type TMessage = {
  id: number;
  conversation_id: number;
  author: { id: number; name: string; last_name: string; avatar_url: string | null } | null;
  body: string;
  file: null | { id: number; url: string; name: string; mime: string; size: number };
  created_at: string;
};
type TList = {
  data: TConversation[];
  total: number;
  page: number;
  per_page: number;
  last_page: number;
  unread: number;
};

let api: Awaited<ReturnType<typeof createTestApi>>;
let fx: ReturnType<typeof pipelineFixtures>;
let team: Awaited<ReturnType<typeof createTeam>>;
let other: Awaited<ReturnType<typeof createTeam>>;
let applicant: TTestUser;
let posting: TPosting;
let applicationId: number;

beforeAll(async () => {
  api = await createTestApi();
  fx = pipelineFixtures(api.call, () => api.clock.now);
  team = await createTeam(api, { prefix: 'Conv' });
  other = await createTeam(api, { prefix: 'Other' });
  applicant = await createTalent(api, { name: 'Ana' });
  posting = await fx.post('project', team.owner.token, { name: 'A landing page' });
  applicationId = (await fx.apply('project', applicant.token, posting.id)).id;
});
afterAll(async () => api.close());
beforeEach(async () => {
  await api.resetRateLimits();
});

const open = (token: string | undefined, body: unknown) =>
  api.call('POST', '/conversations', { token, body });

/** The conversation of the main application, opened by the applicant (200 or 201). */
async function theConversation() {
  const r = await open(applicant.token, { kind: 'project', application_id: applicationId });
  expect([200, 201]).toContain(r.status);
  return r.json.data as TConversation;
}

async function send(token: string, id: number, body: unknown) {
  return api.call('POST', `/conversations/${id}/messages`, { token, body });
}

async function sendOk(token: string, id: number, text: string) {
  const r = await send(token, id, { body: text });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  expect(r.json).toMatchObject({ message: 'Message sent.', message_es: 'Mensaje enviado.' });
  return r.json.data as TMessage;
}

async function listOf(token: string, query = '') {
  const r = await api.call('GET', `/conversations${query}`, { token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data as TList;
}

describe('opening a conversation', () => {
  it('the applicant opens it (201), and opening again answers the same one (200)', async () => {
    const first = await open(applicant.token, { kind: 'project', application_id: applicationId });
    expect(first.status, JSON.stringify(first.json)).toBe(201);
    expect(first.json).toMatchObject({
      message: 'Conversation started.',
      message_es: 'Conversación iniciada.',
    });
    const c = first.json.data as TConversation;
    expect(c).toMatchObject({
      kind: 'project',
      application_id: applicationId,
      posting: { id: posting.id, name: 'A landing page' },
      other: {
        id: team.owner.id,
        company: { id: team.companyId, name: expect.any(String), slug: expect.any(String) },
      },
      last_message: null,
      unread_count: 0,
      blocked: { by_me: false, by_other: false },
    });
    const again = await open(team.recruiter.token, {
      kind: 'project',
      application_id: applicationId,
    });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({
      message: 'Conversation opened.',
      message_es: 'Conversación abierta.',
    });
    const seen = again.json.data as TConversation;
    expect(seen.id).toBe(c.id);
    // The team sees the talent on the other side.
    expect(seen.other).toEqual({
      id: applicant.id,
      name: 'Ana',
      last_name: expect.any(String),
      avatar_url: null,
    });
  });

  it('the team opens a new one first (201) for a job application too', async () => {
    const job = await fx.post('job', team.admin.token);
    const talent = await createTalent(api, { name: 'Jobseeker' });
    const a = await fx.apply('job', talent.token, job.id);
    const r = await open(team.admin.token, { kind: 'job', application_id: a.id });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    expect(r.json.data).toMatchObject({ kind: 'job', posting: { id: job.id } });
    const mine = await open(talent.token, { kind: 'job', application_id: a.id });
    expect(mine.status).toBe(200);
    expect((mine.json.data as TConversation).id).toBe((r.json.data as TConversation).id);
  });

  it('stays open after the talent withdraws: both sides read and write', async () => {
    const p = await fx.post('project', team.owner.token);
    const talent = await createTalent(api, { name: 'Leaving' });
    const a = await fx.apply('project', talent.token, p.id);
    const w = await api.call('DELETE', '/project_applications', {
      token: talent.token,
      body: { id: a.id },
    });
    expect(w.status, JSON.stringify(w.json)).toBe(200);
    const r = await open(team.recruiter.token, { kind: 'project', application_id: a.id });
    expect(r.status).toBe(201);
    const id = (r.json.data as TConversation).id;
    await sendOk(team.recruiter.token, id, 'May we ask why?');
    await sendOk(talent.token, id, 'I took another offer.');
  });

  it('is refused to another company’s member, another talent (404) and signed out (401)', async () => {
    const body = { kind: 'project', application_id: applicationId };
    expectRefusal(await open(other.owner.token, body), 404, 'not_found');
    expectRefusal(await open(other.talent.token, body), 404, 'not_found');
    expectRefusal(await open(undefined, body), 401, 'unauthorized');
    // An application of the other kind with that id does not exist.
    expectRefusal(
      await open(applicant.token, { kind: 'job', application_id: applicationId }),
      404,
      'not_found',
    );
  });

  it('refuses bad input: kind, application id', async () => {
    for (const body of [
      { kind: 'gig', application_id: applicationId },
      { kind: 'project', application_id: 'abc' },
      { kind: 'project', application_id: 0 },
      { kind: 'project' },
      {},
    ]) {
      const r = await open(applicant.token, body);
      expectRefusal(r, 400, 'invalid_input');
    }
    const r = await open(applicant.token, { kind: 'gig', application_id: -1 });
    expect(errorsOf(r.json).map((e) => [e.path, e.code])).toEqual([
      ['kind', 'choice'],
      ['application_id', 'id'],
    ]);
    expectRefusal(
      await open(applicant.token, { kind: 'project', application_id: 2_147_483_647 }),
      404,
      'not_found',
    );
  });
});

describe('who takes part', () => {
  it('the applicant, the owner, an admin and a recruiter read, write and mark read; another company, another talent 404; signed out 401', async () => {
    const c = await theConversation();
    for (const who of [applicant, team.owner, team.admin, team.recruiter]) {
      const get = await api.call('GET', `/conversations/${c.id}`, { token: who.token });
      expect(get.status, `${who.email}: ${JSON.stringify(get.json)}`).toBe(200);
      const list = await api.call('GET', `/conversations/${c.id}/messages`, { token: who.token });
      expect(list.status).toBe(200);
      const m = await sendOk(who.token, c.id, `Hello from ${who.email}`);
      expect(m.author?.id).toBe(who.id);
      const read = await api.call('PATCH', `/conversations/${c.id}/read`, { token: who.token });
      expect(read.status).toBe(200);
      expect(read.json).toEqual({
        status: true,
        data: { unread_count: 0 },
        message: 'Conversation marked as read.',
        message_es: 'Conversación marcada como leída.',
      });
    }
    for (const who of [other.owner, other.recruiter, other.talent, team.talent]) {
      for (const [method, path, body] of [
        ['GET', `/conversations/${c.id}`],
        ['GET', `/conversations/${c.id}/messages`],
        ['POST', `/conversations/${c.id}/messages`, { body: 'Hi' }],
        ['PATCH', `/conversations/${c.id}/read`],
        ['POST', `/conversations/${c.id}/block`],
        ['DELETE', `/conversations/${c.id}/block`],
      ] as const) {
        expectRefusal(await api.call(method, path, { token: who.token, body }), 404, 'not_found');
      }
      const theirs = await listOf(who.token);
      expect(theirs.data.map((x) => x.id)).not.toContain(c.id);
    }
    for (const [method, path] of [
      ['GET', '/conversations'],
      ['GET', `/conversations/${c.id}`],
      ['GET', `/conversations/${c.id}/messages`],
      ['POST', `/conversations/${c.id}/messages`],
      ['PATCH', `/conversations/${c.id}/read`],
      ['POST', `/conversations/${c.id}/block`],
    ] as const) {
      const body = method === 'GET' ? undefined : { body: 'x' };
      expectRefusal(await api.call(method, path, { body }), 401, 'unauthorized');
    }
  });

  it('a member removed from the company is told so (403) and no longer sees the conversation', async () => {
    const c = await theConversation();
    const gone = await joinAs(api, team.companyId, 'recruiter', 'Gone Recruiter');
    expect((await api.call('GET', `/conversations/${c.id}`, { token: gone.token })).status).toBe(
      200,
    );
    const removed = await api.call('DELETE', `/companies/${team.companyId}/members/${gone.id}`, {
      token: team.owner.token,
    });
    expect(removed.status, JSON.stringify(removed.json)).toBe(200);
    expectRefusal(
      await api.call('GET', `/conversations/${c.id}`, { token: gone.token }),
      403,
      'forbidden',
    );
    expectRefusal(await send(gone.token, c.id, { body: 'still here?' }), 403, 'forbidden');
    expect((await listOf(gone.token)).data).toEqual([]);
  });

  it('answers 404 for an id that is not a conversation, whatever its form', async () => {
    for (const id of ['999999', '0', 'abc', '-1', '99999999999', '1.5']) {
      expectRefusal(
        await api.call('GET', `/conversations/${id}`, { token: applicant.token }),
        404,
        'not_found',
      );
    }
  });
});

describe('messages', () => {
  it('keeps line breaks, and refuses other control characters, 4001 characters and an empty text', async () => {
    const c = await theConversation();
    const m = await sendOk(applicant.token, c.id, '  Line one\nLine two\r\n\tindented  ');
    expect(m.body).toBe('Line one\nLine two\r\n\tindented');
    expect(m).toMatchObject({
      conversation_id: c.id,
      author: { id: applicant.id, name: 'Ana' },
      file: null,
    });
    const max = await send(applicant.token, c.id, { body: 'x'.repeat(4000) });
    expect(max.status).toBe(201);
    const long = await send(applicant.token, c.id, { body: 'x'.repeat(4001) });
    expectRefusal(long, 400, 'invalid_input');
    expect(errorsOf(long.json)).toMatchObject([
      { path: 'body', code: 'too_long', params: { max: 4000 } },
    ]);
    for (const body of ['bell\u0007', 'nul\u0000', 'esc\u001b[31m', 'c1\u0085']) {
      const r = await send(applicant.token, c.id, { body });
      expectRefusal(r, 400, 'invalid_input');
      expect(errorsOf(r.json)[0]).toMatchObject({ path: 'body', code: 'control_characters' });
    }
    for (const body of [{ body: '   \n ' }, { body: '' }, {}, { body: 42 }]) {
      expectRefusal(await send(applicant.token, c.id, body), 400, 'invalid_input');
    }
  });

  it('attaches an upload of the author or an unclaimed one; someone else’s is refused', async () => {
    const c = await theConversation();
    const uploadOf = async (ownerId: number | null) => {
      const key = `${randomBytes(16).toString('hex')}.pdf`;
      const [row] = await api.db
        .insert(uploads)
        .values({
          ownerId,
          kind: 'file',
          storageKey: key,
          originalName: 'brief.pdf',
          mime: 'application/pdf',
          size: 1234,
        })
        .returning();
      return row!;
    };
    const mine = await uploadOf(applicant.id);
    const r = await send(applicant.token, c.id, { body: 'The brief', file_id: mine.id });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    expect((r.json.data as TMessage).file).toEqual({
      id: mine.id,
      url: `/api/uploads/${mine.storageKey}`,
      name: 'brief.pdf',
      mime: 'application/pdf',
      size: 1234,
    });
    const unclaimed = await uploadOf(null);
    expect(
      (await send(team.recruiter.token, c.id, { body: 'Ours', file_id: unclaimed.id })).status,
    ).toBe(201);
    const someoneElses = await uploadOf(other.talent.id);
    const refused = await send(applicant.token, c.id, {
      body: 'Not mine',
      file_id: someoneElses.id,
    });
    expectRefusal(refused, 400, 'invalid_input');
    expect(errorsOf(refused.json)).toMatchObject([{ path: 'file_id', code: 'upload_first' }]);
    expectRefusal(
      await send(applicant.token, c.id, { body: 'x', file_id: 'abc' }),
      400,
      'invalid_input',
    );
  });

  it('pages back with `before`, oldest first in each page, saying whether older ones remain', async () => {
    const p = await fx.post('project', team.owner.token);
    const talent = await createTalent(api, { name: 'Pager' });
    const a = await fx.apply('project', talent.token, p.id);
    const c = (await open(talent.token, { kind: 'project', application_id: a.id })).json
      .data as TConversation;
    const sent: TMessage[] = [];
    for (let i = 1; i <= 7; i++)
      sent.push(await sendOk(i % 2 ? talent.token : team.owner.token, c.id, `m${i}`));
    const page = async (query: string) => {
      const r = await api.call('GET', `/conversations/${c.id}/messages${query}`, {
        token: talent.token,
      });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      return r.json.data as { data: TMessage[]; has_more: boolean };
    };
    const newest = await page('?per_page=3');
    expect(newest.data.map((m) => m.body)).toEqual(['m5', 'm6', 'm7']);
    expect(newest.has_more).toBe(true);
    const older = await page(`?per_page=3&before=${newest.data[0]!.id}`);
    expect(older.data.map((m) => m.body)).toEqual(['m2', 'm3', 'm4']);
    const oldest = await page(`?per_page=3&before=${older.data[0]!.id}`);
    expect(oldest).toEqual({ data: [sent[0]], has_more: false });
    expect((await page('')).data).toHaveLength(7);
    for (const query of [
      '?before=abc',
      '?before=0',
      '?before=-3',
      '?per_page=0',
      '?per_page=101',
      '?per_page=x',
    ]) {
      const r = await api.call('GET', `/conversations/${c.id}/messages${query}`, {
        token: talent.token,
      });
      expectRefusal(r, 400, 'invalid_input');
    }
  });

  it('refuses the 31st message of a minute with 429 and Retry-After; the next minute takes them again', async () => {
    const c = await theConversation();
    for (let i = 0; i < 30; i++) await sendOk(team.admin.token, c.id, `burst ${i}`);
    const refused = await send(team.admin.token, c.id, { body: 'one too many' });
    expectRefusal(refused, 429, 'rate_limited');
    expect(refused.json.message).toMatch(/Too many messages/);
    expect(refused.json.message_es).toMatch(/Demasiados mensajes/);
    expect(Number(refused.res.headers.get('Retry-After'))).toBeGreaterThan(0);
    // Another participant is not held by the admin's count; the refused one was not written.
    await sendOk(applicant.token, c.id, 'I am not limited');
    const last = await api.call('GET', `/conversations/${c.id}/messages?per_page=2`, {
      token: applicant.token,
    });
    expect((last.json.data as { data: TMessage[] }).data.map((m) => m.body)).toEqual([
      'burst 29',
      'I am not limited',
    ]);
    api.clock.now = new Date(api.clock.now.getTime() + 61_000);
    await sendOk(team.admin.token, c.id, 'a minute later');
  });
});

describe('the list and read marks', () => {
  it('lists newest activity first with the last message and unread counts; `unread` totals them; reading clears it', async () => {
    const talent = await createTalent(api, { name: 'Lister' });
    const p1 = await fx.post('project', team.owner.token, { name: 'First posting' });
    const p2 = await fx.post('job', team.owner.token, { name: 'Second posting' });
    const a1 = await fx.apply('project', talent.token, p1.id);
    const a2 = await fx.apply('job', talent.token, p2.id);
    const c1 = (await open(talent.token, { kind: 'project', application_id: a1.id })).json
      .data as TConversation;
    const c2 = (await open(talent.token, { kind: 'job', application_id: a2.id })).json
      .data as TConversation;
    api.clock.now = new Date(api.clock.now.getTime() + 1000);
    await sendOk(team.recruiter.token, c2.id, 'About the job');
    api.clock.now = new Date(api.clock.now.getTime() + 1000);
    await sendOk(team.owner.token, c1.id, 'About the project');
    await sendOk(team.admin.token, c1.id, 'And one more');
    // The talent's own message is never unread to them.
    await sendOk(talent.token, c1.id, 'Thanks!');

    const list = await listOf(talent.token);
    expect(list).toMatchObject({ total: 2, page: 1, per_page: 20, last_page: 1, unread: 3 });
    expect(list.data.map((c) => [c.id, c.unread_count])).toEqual([
      [c1.id, 2],
      [c2.id, 1],
    ]);
    expect(list.data[0]!.last_message).toMatchObject({
      body: 'Thanks!',
      author: { id: talent.id, name: 'Lister' },
      file: null,
    });
    expect(list.data[0]!.posting).toEqual({ id: p1.id, name: 'First posting' });
    expect(list.data[1]!.posting).toEqual({ id: p2.id, name: 'Second posting' });

    // The team: each member's own mark; a colleague's message is not unread news.
    const recruiterView = (await listOf(team.recruiter.token)).data.find((c) => c.id === c1.id)!;
    expect(recruiterView.unread_count).toBe(1);
    const read = await api.call('PATCH', `/conversations/${c1.id}/read`, { token: talent.token });
    expect(read.json.data).toEqual({ unread_count: 0 });
    const after = await listOf(talent.token);
    expect(after.unread).toBe(1);
    expect(after.data.find((c) => c.id === c1.id)!.unread_count).toBe(0);
    const paged = await listOf(talent.token, '?per_page=1&page=2');
    expect(paged).toMatchObject({ total: 2, last_page: 2, unread: 1 });
    expect(paged.data.map((c) => c.id)).toEqual([c2.id]);
    // Past the last page: no item, the same counts.
    const past = await listOf(talent.token, '?per_page=1&page=3');
    expect(past).toMatchObject({ data: [], total: 2, last_page: 2, unread: 1 });
    for (const q of ['?page=0', '?per_page=51', '?page=x']) {
      expectRefusal(
        await api.call('GET', `/conversations${q}`, { token: talent.token }),
        400,
        'invalid_input',
      );
    }
  });
});

describe('blocking', () => {
  it('the talent blocks: the team gets 409 `blocked` saying so (en and es); unblocking restores it', async () => {
    const p = await fx.post('project', team.owner.token);
    const talent = await createTalent(api, { name: 'Blocker' });
    const a = await fx.apply('project', talent.token, p.id);
    const c = (await open(talent.token, { kind: 'project', application_id: a.id })).json
      .data as TConversation;
    const blocked = await api.call('POST', `/conversations/${c.id}/block`, { token: talent.token });
    expect(blocked.status).toBe(200);
    expect(blocked.json).toMatchObject({
      message: 'Conversation blocked.',
      message_es: 'Conversación bloqueada.',
    });
    expect((blocked.json.data as TConversation).blocked).toEqual({ by_me: true, by_other: false });
    const team_ = (await api.call('GET', `/conversations/${c.id}`, { token: team.recruiter.token }))
      .json.data as TConversation;
    expect(team_.blocked).toEqual({ by_me: false, by_other: true });

    const refused = await send(team.recruiter.token, c.id, { body: 'Please reconsider' });
    expectRefusal(refused, 409, 'blocked');
    expect(refused.json.message).toBe(
      'The applicant has blocked this conversation: your team can no longer write in it.',
    );
    expect(refused.json.message_es).toBe(
      'La persona que se postuló ha bloqueado esta conversación: tu equipo ya no puede escribir en ella.',
    );
    // The blocker cannot write either while it stands; reading stays possible for both.
    const own = await send(talent.token, c.id, { body: 'hello?' });
    expectRefusal(own, 409, 'blocked');
    expect(own.json.message_es).toBe(
      'Has bloqueado esta conversación. Desbloquéala para volver a escribir.',
    );
    expect(
      (await api.call('GET', `/conversations/${c.id}/messages`, { token: team.owner.token }))
        .status,
    ).toBe(200);
    // The team cannot lift the talent's block, and is told it stays.
    const ownLift = await api.call('DELETE', `/conversations/${c.id}/block`, {
      token: team.owner.token,
    });
    expect(ownLift.json).toMatchObject({
      message: 'Block lifted. The other side still blocks this conversation.',
      message_es: 'Bloqueo levantado. La otra parte aún bloquea esta conversación.',
    });
    expectRefusal(await send(team.owner.token, c.id, { body: 'x' }), 409, 'blocked');

    const lifted = await api.call('DELETE', `/conversations/${c.id}/block`, {
      token: talent.token,
    });
    expect((lifted.json.data as TConversation).blocked).toEqual({ by_me: false, by_other: false });
    expect(lifted.json).toMatchObject({
      message: 'Block lifted.',
      message_es: 'Bloqueo levantado.',
    });
    await sendOk(team.recruiter.token, c.id, 'Thank you');
  });

  it('a member blocks: the talent gets 409 `blocked` saying the company did (en and es); any member unblocks', async () => {
    const p = await fx.post('project', team.owner.token);
    const talent = await createTalent(api, { name: 'Blocked' });
    const a = await fx.apply('project', talent.token, p.id);
    const c = (await open(talent.token, { kind: 'project', application_id: a.id })).json
      .data as TConversation;
    await api.call('POST', `/conversations/${c.id}/block`, { token: team.recruiter.token });
    const mine = (await api.call('GET', `/conversations/${c.id}`, { token: talent.token })).json
      .data as TConversation;
    expect(mine.blocked).toEqual({ by_me: false, by_other: true });
    const refused = await send(talent.token, c.id, { body: 'Why?' });
    expectRefusal(refused, 409, 'blocked');
    expect(refused.json.message).toBe(
      'The company has blocked this conversation: you can no longer write in it.',
    );
    expect(refused.json.message_es).toBe(
      'La empresa ha bloqueado esta conversación: ya no puedes escribir en ella.',
    );
    const ownSide = await send(team.admin.token, c.id, { body: 'x' });
    expect(ownSide.json.message).toBe(
      'Your team has blocked this conversation. Unblock it to write again.',
    );
    await api.call('DELETE', `/conversations/${c.id}/block`, { token: team.admin.token });
    await sendOk(talent.token, c.id, 'Thanks for unblocking');
  });
});

describe('who the unread e-mail goes to (messageMailRecipients)', () => {
  it('the talent for a member’s message; for the talent’s, the members who wrote, else the posting’s author, while they take part', async () => {
    const p = await fx.post('project', team.admin.token);
    const talent = await createTalent(api, { name: 'Mailed' });
    const a = await fx.apply('project', talent.token, p.id);
    const c = (await open(talent.token, { kind: 'project', application_id: a.id })).json
      .data as TConversation;
    const row = { id: c.id, talent_id: talent.id, company_id: team.companyId };
    expect(await messageMailRecipients(api.db, row, team.owner.id)).toEqual([talent.id]);
    // Nobody of the team wrote yet: the posting's author.
    expect(await messageMailRecipients(api.db, row, talent.id)).toEqual([team.admin.id]);
    const writer = await joinAs(api, team.companyId, 'recruiter', 'Writer Recruiter');
    await sendOk(writer.token, c.id, 'Hello');
    await sendOk(team.owner.token, c.id, 'Welcome');
    expect(await messageMailRecipients(api.db, row, talent.id)).toEqual(
      [team.owner.id, writer.id].sort((x, y) => x - y),
    );
    // A writer who left the company is not e-mailed.
    await api.call('DELETE', `/companies/${team.companyId}/members/${writer.id}`, {
      token: team.owner.token,
    });
    expect(await messageMailRecipients(api.db, row, talent.id)).toEqual([team.owner.id]);
  });
});
