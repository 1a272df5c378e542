import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TPostingKind as TKind } from '@/types/marketplace';
import type { TApplicationNote, TRatingResult } from '@/types/pipeline';
import { createTestApi, type TJson } from '../helpers/api';
import { createTeam } from '../helpers/companies';
import { createTalent, type TTestUser } from '../helpers/users';
import {
  errorsOf,
  expectRefusal,
  pipelineFixtures,
  TEAM_CALLERS,
  teamApplication,
  tokenOf,
  type TBoardApplication,
} from '../helpers/marketplace';

// The team's private notes and ratings of an applicant (docs/api.md "The recruiter's workbench",
// docs/product.md "The recruiter's workbench"): who may read and write them (any member of the
// posting's company; only a note's author edits or deletes it; anyone else is told the
// application is not there), what a note may hold, the rate limit, and that the talent never sees
// a note nor a rating in any answer, their own included.

let api: Awaited<ReturnType<typeof createTestApi>>;
let fx: ReturnType<typeof pipelineFixtures>;
beforeAll(async () => {
  api = await createTestApi();
  fx = pipelineFixtures(api.call, () => api.clock.now);
});
afterAll(async () => api?.close());
beforeEach(async () => api.resetRateLimits());

type TScene = Awaited<ReturnType<typeof teamApplication>>;
const scene = (kind: TKind) => teamApplication(api, fx, kind, `Notes ${kind}`);
const CALLERS = TEAM_CALLERS;

const notesPath = (s: TScene) => `/${s.kind}_applications/${s.application.id}/notes`;
const ratingPath = (s: TScene) => `/${s.kind}_applications/${s.application.id}/rating`;

async function writeNote(s: TScene, author: TTestUser, body = 'Strong portfolio.') {
  const r = await api.call('POST', notesPath(s), { token: author.token, body: { body } });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json.data as TApplicationNote;
}

type TCell = { method: string; path: string; body?: unknown };
type TCall = { name: string; request: (s: TScene) => Promise<TCell>; expect: number[] };

//                                applicant owner admin recruiter outsider talent anonymous
const CALLS: TCall[] = [
  {
    name: 'GET /{kind}_applications/{id}/notes',
    request: async (s) => ({ method: 'GET', path: notesPath(s) }),
    expect: [404, 200, 200, 200, 404, 404, 401],
  },
  {
    name: 'POST /{kind}_applications/{id}/notes',
    request: async (s) => ({ method: 'POST', path: notesPath(s), body: { body: 'Call back.' } }),
    expect: [404, 201, 201, 201, 404, 404, 401],
  },
  {
    name: "PATCH /notes/{id} (the owner's note)",
    request: async (s) => ({
      method: 'PATCH',
      path: `/notes/${(await writeNote(s, s.owner)).id}`,
      body: { body: 'Edited.' },
    }),
    expect: [404, 200, 403, 403, 404, 404, 401],
  },
  {
    name: "DELETE /notes/{id} (the owner's note)",
    request: async (s) => ({
      method: 'DELETE',
      path: `/notes/${(await writeNote(s, s.owner)).id}`,
    }),
    expect: [404, 200, 403, 403, 404, 404, 401],
  },
  {
    name: "PATCH /notes/{id} (the recruiter's note)",
    request: async (s) => ({
      method: 'PATCH',
      path: `/notes/${(await writeNote(s, s.recruiter)).id}`,
      body: { body: 'Edited.' },
    }),
    expect: [404, 403, 403, 200, 404, 404, 401],
  },
  {
    name: 'PUT /{kind}_applications/{id}/rating',
    request: async (s) => ({ method: 'PUT', path: ratingPath(s), body: { rating: 4 } }),
    expect: [404, 200, 200, 200, 404, 404, 401],
  },
  {
    name: 'DELETE /{kind}_applications/{id}/rating',
    request: async (s) => ({ method: 'DELETE', path: ratingPath(s) }),
    expect: [404, 200, 200, 200, 404, 404, 401],
  },
];

const scenes: Partial<Record<TKind, TScene>> = {};
const sceneOf = async (kind: TKind) => (scenes[kind] ??= await scene(kind));

describe.each(['project', 'job'] as const)('who may use the notes and ratings of a %s', (kind) => {
  for (const call of CALLS) {
    describe(call.name, () => {
      CALLERS.forEach((caller, i) => {
        const status = call.expect[i]!;
        it(`${caller} → ${status}`, async () => {
          const s = await sceneOf(kind);
          const req = await call.request(s);
          const r = await api.call(req.method, req.path, {
            token: tokenOf(s, caller),
            body: req.body,
          });
          if (status >= 400) {
            const code = { 401: 'unauthorized', 403: 'forbidden', 404: 'not_found' }[status]!;
            expectRefusal(r, status, code);
          } else {
            expect(r.status, JSON.stringify(r.json)).toBe(status);
          }
        });
      });
    });
  }

  it('a member removed from the company is told so (403), and sees no note', async () => {
    const s = await scene(kind);
    await writeNote(s, s.owner, 'Removed members must not read this.');
    const removed = await api.call(
      'DELETE',
      `/companies/${s.companyId}/members/${s.recruiter.id}`,
      { token: s.owner.token },
    );
    expect(removed.status, JSON.stringify(removed.json)).toBe(200);
    for (const req of [
      { method: 'GET', path: notesPath(s) },
      { method: 'POST', path: notesPath(s), body: { body: 'Still here?' } },
      { method: 'PUT', path: ratingPath(s), body: { rating: 1 } },
    ]) {
      const r = await api.call(req.method, req.path, { token: s.recruiter.token, body: req.body });
      expectRefusal(r, 403, 'forbidden');
      expect(JSON.stringify(r.json)).not.toContain('Removed members');
    }
  });
});

describe('notes', () => {
  it('are listed oldest first with their author and times; the author edits and deletes', async () => {
    const s = await scene('project');
    const first = await writeNote(s, s.owner, 'First call went well.');
    api.clock.now = new Date(api.clock.now.getTime() + 60_000);
    const second = await writeNote(s, s.recruiter, 'Ask about the timeline.');
    expect(first).toMatchObject({
      author: { id: s.owner.id, name: 'Notes project Owner', last_name: 'Test' },
      body: 'First call went well.',
    });
    expect(first.created_at).toBe(first.updated_at);

    const list = async () =>
      (await api.call('GET', notesPath(s), { token: s.admin.token })).json
        .data as TApplicationNote[];
    expect((await list()).map((n) => n.id)).toEqual([first.id, second.id]);

    api.clock.now = new Date(api.clock.now.getTime() + 60_000);
    const edited = await api.call('PATCH', `/notes/${first.id}`, {
      token: s.owner.token,
      body: { body: '  First call went very well.  ' },
    });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    expect(edited.json).toMatchObject({ message: 'Note saved.', message_es: 'Nota guardada.' });
    const note = edited.json.data as TApplicationNote;
    expect(note.body).toBe('First call went very well.');
    expect(note.created_at).toBe(first.created_at);
    expect(note.updated_at > note.created_at).toBe(true);

    const refused = await api.call('DELETE', `/notes/${second.id}`, { token: s.owner.token });
    expectRefusal(refused, 403, 'forbidden');
    expect(refused.json).toMatchObject({
      message: 'Only the author of a note can edit or delete it.',
      message_es: 'Solo el autor de una nota puede editarla o borrarla.',
    });
    const deleted = await api.call('DELETE', `/notes/${second.id}`, { token: s.recruiter.token });
    expect(deleted.status).toBe(200);
    expect(deleted.json.data).toEqual({ deleted: true });
    expect((await list()).map((n) => n.body)).toEqual(['First call went very well.']);
    const again = await api.call('DELETE', `/notes/${second.id}`, { token: s.recruiter.token });
    expectRefusal(again, 404, 'not_found');
  });

  it('keep line breaks and tabs; hold up to 4,000 characters', async () => {
    const s = await scene('job');
    const kept = await writeNote(s, s.owner, 'Line one\n\tLine two\r\nLine three');
    expect(kept.body).toBe('Line one\n\tLine two\r\nLine three');
    const longest = await writeNote(s, s.owner, 'x'.repeat(4000));
    expect(longest.body).toHaveLength(4000);
  });

  it.each([
    ['empty', '', 'required'],
    ['only spaces', '   \n ', 'required'],
    ['4,001 characters', 'x'.repeat(4001), 'too_long'],
    ['a control character', 'Bell \u0007 here', 'control_characters'],
    ['not a text', 42, 'invalid_type'],
  ])('a note that is %s is refused (400) and nothing is written', async (_what, body, code) => {
    const s = await scene('project');
    for (const req of [
      { method: 'POST', path: notesPath(s) },
      { method: 'PATCH', path: `/notes/${(await writeNote(s, s.owner, 'Kept as it is.')).id}` },
    ]) {
      const r = await api.call(req.method, req.path, { token: s.owner.token, body: { body } });
      expectRefusal(r, 400, 'invalid_input');
      expect(errorsOf(r.json)).toContainEqual(expect.objectContaining({ path: 'body', code }));
    }
    const list = await api.call('GET', notesPath(s), { token: s.owner.token });
    expect((list.json.data as TApplicationNote[]).map((n) => n.body)).toEqual(['Kept as it is.']);
  });

  it('a member writes at most 60 notes a minute (429), then may write again', async () => {
    const s = await scene('project');
    for (let i = 1; i <= 60; i++) await writeNote(s, s.admin, `Note ${i}`);
    const refused = await api.call('POST', notesPath(s), {
      token: s.admin.token,
      body: { body: 'Note 61' },
    });
    expectRefusal(refused, 429, 'rate_limited');
    // Another member is not held back by the first one's count.
    await writeNote(s, s.owner, 'From the owner');
    const list = await api.call('GET', notesPath(s), { token: s.owner.token });
    expect(list.json.data as TApplicationNote[]).toHaveLength(61);
    api.clock.now = new Date(api.clock.now.getTime() + 61_000);
    await writeNote(s, s.admin, 'Note 61, a minute later');
  });

  it('a note on an application that does not exist, or a missing note, is 404', async () => {
    const s = await sceneOf('project');
    for (const [method, path] of [
      ['GET', '/project_applications/2147483647/notes'],
      ['GET', '/project_applications/abc/notes'],
      ['PATCH', '/notes/2147483647'],
      ['DELETE', '/notes/0'],
    ] as const) {
      const body = method === 'PATCH' ? { body: 'Hello' } : undefined;
      const r = await api.call(method, path, { token: s.owner.token, body });
      expectRefusal(r, 404, 'not_found');
    }
  });
});

describe('ratings', () => {
  it('each member rates 1–5; the answer is the average (one decimal), the count and mine', async () => {
    const s = await scene('project');
    const rate = async (user: TTestUser, rating: number) => {
      const r = await api.call('PUT', ratingPath(s), { token: user.token, body: { rating } });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      expect(r.json).toMatchObject({
        message: 'Rating saved.',
        message_es: 'Valoración guardada.',
      });
      return r.json.data as TRatingResult;
    };
    expect(await rate(s.owner, 4)).toEqual({ average: 4, count: 1, mine: 4 });
    expect(await rate(s.admin, 5)).toEqual({ average: 4.5, count: 2, mine: 5 });
    expect(await rate(s.recruiter, 5)).toEqual({ average: 4.7, count: 3, mine: 5 });
    // A member's second rating replaces their first.
    expect(await rate(s.owner, 2)).toEqual({ average: 4, count: 3, mine: 2 });
    const cleared = await api.call('DELETE', ratingPath(s), { token: s.admin.token });
    expect(cleared.json).toEqual({
      status: true,
      data: { average: 3.5, count: 2, mine: null },
      message: 'Your rating was cleared.',
      message_es: 'Se quitó tu valoración.',
    });
    const board = await fx.board('project', s.owner.token, s.posting.id);
    expect(board.data[0]).toMatchObject({ rating: { average: 3.5, count: 2 }, notes_count: 0 });
  });

  it.each([
    [0, 'too_small'],
    [6, 'too_large'],
    [2.5, 'integer'],
    ['x', 'invalid_type'],
    ['4', 'invalid_type'],
    [null, 'invalid_type'],
  ])('a rating of %j is refused (400 %s)', async (rating, code) => {
    const s = await sceneOf('job');
    const r = await api.call('PUT', ratingPath(s), { token: s.owner.token, body: { rating } });
    expectRefusal(r, 400, 'invalid_input');
    expect(errorsOf(r.json)).toContainEqual(expect.objectContaining({ path: 'rating', code }));
  });
});

/** Every key and text of an answer, to look for what the talent must never see. */
const text = (json: TJson) => JSON.stringify(json);
const SECRET = 'Private: salary expectations too high';

describe.each(['project', 'job'] as const)('the talent never sees the team’s %s notes', (kind) => {
  it('nor ratings, in any answer: applying, editing, their applications, the posting, their profile', async () => {
    const team = await createTeam(api, { prefix: `Private ${kind}` });
    const posting = await fx.post(kind, team.owner.token);
    const talent = await createTalent(api, { name: 'Watched' });
    const answers: { what: string; json: TJson }[] = [];
    const applied = await api.call('POST', `/${kind}_applications`, {
      token: talent.token,
      body:
        kind === 'project'
          ? {
              project_id: posting.id,
              proposal: 'I can build this in two weeks, with reviews.',
              price_proposal: 100_000,
              weeks: 2,
            }
          : { job_id: posting.id, summary: 'Five years of Node.js.' },
    });
    expect(applied.status, text(applied.json)).toBe(201);
    const application = applied.json.data as TBoardApplication;
    const s = { ...team, kind, posting, application, applicant: talent };
    await writeNote(s, team.owner, SECRET);
    await writeNote(s, team.recruiter, `${SECRET} (recruiter)`);
    for (const member of [team.owner, team.admin]) {
      const r = await api.call('PUT', ratingPath(s), { token: member.token, body: { rating: 2 } });
      expect(r.status).toBe(200);
    }
    // The team sees them on the board.
    const board = await fx.board(kind, team.owner.token, posting.id);
    expect(board.data[0]).toMatchObject({ notes_count: 2, rating: { average: 2, count: 2 } });

    answers.push({ what: 'apply', json: applied.json });
    const edit =
      kind === 'project'
        ? { id: application.id, weeks: 3 }
        : { id: application.id, summary: 'Six years of Node.js.' };
    const updated = await api.call('PATCH', `/${kind}_applications`, {
      token: talent.token,
      body: edit,
    });
    expect(updated.status, text(updated.json)).toBe(200);
    answers.push({ what: 'update', json: updated.json });
    for (const path of [
      `/me/applications?type=${kind}`,
      `/me/applications?type=${kind}&posting_id=${posting.id}`,
      `/${kind}s/${posting.id}`,
      `/${kind}s?per_page=50`,
      `/users/id/${talent.id}`,
      `/notifications?per_page=50`,
    ]) {
      const r = await api.call('GET', path, { token: talent.token });
      expect(r.status, `${path}: ${text(r.json)}`).toBe(200);
      answers.push({ what: path, json: r.json });
    }
    for (const { what, json } of answers) {
      const body = text(json);
      expect(body, what).not.toContain(SECRET);
      expect(body, what).not.toContain('notes_count');
      expect(body, what).not.toContain('"rating"');
      expect(body, what).not.toContain('"notes"');
    }
  });
});
