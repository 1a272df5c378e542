import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { skills, uploads, users } from '@/db/schema';
import { APPLICATION_STATUS } from '@/lib/statuses';
import type { TPostingKind as TKind } from '@/types/marketplace';
import { createTestApi } from '../helpers/api';
import { createTeam } from '../helpers/companies';
import { statementsOf } from '../helpers/statements';
import { createTalent, type TTestUser } from '../helpers/users';
import {
  errorsOf,
  expectRefusal,
  pipelineFixtures,
  type TBoard,
  type TBoardApplication,
} from '../helpers/marketplace';

// The board that finds people (docs/api.md "The recruiter's workbench"): search over the talent's
// name, headline and proposal or summary; filters by the team's rating, a skill, a CV, and a
// project's price and weeks; sorts by applied date, price, rating and time in stage, either way;
// counts per status over the filtered set; each application's rating, notes count and stage_since.

let api: Awaited<ReturnType<typeof createTestApi>>;
let fx: ReturnType<typeof pipelineFixtures>;
beforeAll(async () => {
  api = await createTestApi();
  fx = pipelineFixtures(api.call, () => api.clock.now);
});
afterAll(async () => api?.close());
beforeEach(async () => api.resetRateLimits());

const tick = (seconds: number) => {
  api.clock.now = new Date(api.clock.now.getTime() + seconds * 1000);
};

type TCast = { zelda: TTestUser; bruno: TTestUser; carla: TTestUser };

/**
 * A posting of `kind` with three applicants, a minute apart: Zelda (a Rust engineer with the skill
 * and a CV, rated 5, with a note), Bruno Díaz (a designer, rated 2 and 3, shortlisted a minute after
 * the last one applied), Carla (nothing said of her yet).
 */
async function board(kind: TKind) {
  const team = await createTeam(api, { prefix: `Board ${kind}` });
  const posting = await fx.post(kind, team.owner.token);
  const zelda = await createTalent(api, { name: 'Zelda' });
  const bruno = await createTalent(api, { name: 'Bruno' });
  const carla = await createTalent(api, { name: 'Carla' });
  await api.db
    .update(users)
    .set({ lastName: 'Quartz', headline: 'Rust engineer', cvUrl: '/api/uploads/zelda.pdf' })
    .where(eq(users.id, zelda.id));
  await api.db
    .update(users)
    .set({ lastName: 'Díaz', headline: 'Product designer' })
    .where(eq(users.id, bruno.id));
  const skill = await api.call('POST', '/user_skills', {
    token: zelda.token,
    body: { name: `Rust ${kind}` },
  });
  expect(skill.status, JSON.stringify(skill.json)).toBeLessThan(300);
  const [rust] = await api.db
    .select()
    .from(skills)
    .where(sql`lower(${skills.name}) = ${`rust ${kind}`}`);
  const texts = {
    zelda: 'I will build it in Rust, with tests on every part.',
    bruno: 'Figma first: wireframes, then the whole interface.',
    carla: 'A plain proposal with the usual steps and reviews.',
  };
  const terms = {
    zelda: { price_proposal: 100_000, weeks: 2 },
    bruno: { price_proposal: 300_000, weeks: 6 },
    carla: { price_proposal: 200_000, weeks: 4 },
  };
  const cast: TCast = { zelda, bruno, carla };
  const apps = {} as Record<keyof TCast, TBoardApplication>;
  for (const name of ['zelda', 'bruno', 'carla'] as const) {
    tick(60);
    apps[name] =
      kind === 'project'
        ? await fx.applyProject(cast[name].token, posting.id, {
            proposal: texts[name],
            ...terms[name],
          })
        : await fx.applyJob(cast[name].token, posting.id, { summary: texts[name] });
  }
  const rate = async (user: TTestUser, name: keyof TCast, rating: number) => {
    const r = await api.call('PUT', `/${kind}_applications/${apps[name].id}/rating`, {
      token: user.token,
      body: { rating },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
  };
  await rate(team.owner, 'zelda', 5);
  await rate(team.owner, 'bruno', 2);
  await rate(team.admin, 'bruno', 3);
  const note = await api.call('POST', `/${kind}_applications/${apps.zelda.id}/notes`, {
    token: team.recruiter.token,
    body: { body: 'Great first call.' },
  });
  expect(note.status).toBe(201);
  tick(60);
  const movedAt = api.clock.now.toISOString();
  await fx.move(kind, team.owner.token, apps.bruno.id, APPLICATION_STATUS.shortlisted);
  tick(10);

  const names = new Map(Object.entries(apps).map(([name, a]) => [a.id, name]));
  /** The board's applicants in its order, by name, and its counts, for `query`. */
  const read = async (query = '') => {
    const page: TBoard = await fx.board(kind, team.owner.token, posting.id, query);
    return { names: page.data.map((a) => names.get(a.id)), page };
  };
  return { team, posting, apps, rust: rust!, movedAt, read };
}

const scenes: Partial<Record<TKind, Awaited<ReturnType<typeof board>>>> = {};
const sceneOf = async (kind: TKind) => (scenes[kind] ??= await board(kind));

describe.each(['project', 'job'] as const)('the board of a %s', (kind) => {
  it('shows each applicant’s team rating, notes count and when they entered their stage', async () => {
    const { apps, movedAt, read } = await sceneOf(kind);
    const { page } = await read();
    const byId = new Map(page.data.map((a) => [a.id, a]));
    expect(byId.get(apps.zelda.id)).toMatchObject({
      rating: { average: 5, count: 1, mine: 5 },
      notes_count: 1,
      stage_since: apps.zelda.created_at,
    });
    expect(byId.get(apps.bruno.id)).toMatchObject({
      rating: { average: 2.5, count: 2, mine: 2 },
      notes_count: 0,
      stage_since: movedAt,
    });
    expect(byId.get(apps.carla.id)).toMatchObject({
      rating: { average: null, count: 0, mine: null },
      notes_count: 0,
      stage_since: apps.carla.created_at,
    });
  });

  it('gives each member their own rating (`mine`) beside the team’s, and none to one who did not rate', async () => {
    const { team, posting, apps } = await sceneOf(kind);
    const mineOf = async (token: string) => {
      const page: TBoard = await fx.board(kind, token, posting.id);
      return Object.fromEntries(page.data.map((a) => [a.id, a.rating]));
    };
    const admin = await mineOf(team.admin.token);
    expect(admin[apps.zelda.id]).toEqual({ average: 5, count: 1, mine: null });
    expect(admin[apps.bruno.id]).toEqual({ average: 2.5, count: 2, mine: 3 });
    const recruiter = await mineOf(team.recruiter.token);
    expect(Object.values(recruiter).map((r) => r.mine)).toEqual([null, null, null]);
  });

  it.each([
    ['?search=zelda', ['zelda']],
    ['?search=QUARTZ', ['zelda']],
    ['?search=rust%20eng', ['zelda']],
    ['?search=diaz', ['bruno']],
    ['?search=figma', ['bruno']],
    ['?search=wirefram', ['bruno']],
    ['?search=plain%20proposal', ['carla']],
    ['?search=nobody%20here', []],
    ['?search=%20%20', ['zelda', 'bruno', 'carla']],
  ])('search %s finds the name, last name, headline or text', async (query, expected) => {
    const { read } = await sceneOf(kind);
    expect((await read(query)).names).toEqual(expected);
  });

  it('filters by the team’s rating, a skill and a CV', async () => {
    const { read, rust } = await sceneOf(kind);
    expect((await read('?min_rating=3')).names).toEqual(['zelda']);
    expect((await read('?min_rating=2')).names).toEqual(['zelda', 'bruno']);
    expect((await read('?min_rating=5')).names).toEqual(['zelda']);
    expect((await read(`?skill=${encodeURIComponent(rust.name)}`)).names).toEqual(['zelda']);
    expect((await read('?has_cv=true')).names).toEqual(['zelda']);
    expect((await read('?has_cv=false')).names).toEqual(['bruno', 'carla']);
    expect((await read('?min_rating=1&has_cv=false')).names).toEqual(['bruno']);
  });

  it('filters by a skill’s name, as the browse pages do, case and spaces aside', async () => {
    const { read, rust } = await sceneOf(kind);
    expect((await read(`?skill=${encodeURIComponent(rust.name)}`)).names).toEqual(['zelda']);
    expect((await read(`?skill=${encodeURIComponent(rust.name.toUpperCase())}`)).names).toEqual([
      'zelda',
    ]);
    expect((await read(`?skill=%20%20rust%20%20${kind}%20`)).names).toEqual(['zelda']);
    expect((await read('?skill=Figma')).names).toEqual([]);
    // A substring is not the skill.
    expect((await read('?skill=rust')).names).toEqual([]);
    expect((await read('?skill=%20')).names).toEqual(['zelda', 'bruno', 'carla']);
    expect((await read(`?skill=${encodeURIComponent(rust.name)}&has_cv=false`)).names).toEqual([]);
  });

  it('counts each status over the filtered set, and pages within a status', async () => {
    const { read } = await sceneOf(kind);
    expect((await read()).page.counts).toEqual({ 0: 2, 1: 1, 2: 0, 3: 0, 4: 0 });
    const figma = await read('?search=figma');
    expect(figma.page.counts).toEqual({ 0: 0, 1: 1, 2: 0, 3: 0, 4: 0 });
    expect(figma.page.total).toBe(1);
    const applied = await read('?status=0&min_rating=2');
    expect(applied.names).toEqual(['zelda']);
    expect(applied.page.total).toBe(1);
    expect(applied.page.counts).toEqual({ 0: 1, 1: 1, 2: 0, 3: 0, 4: 0 });
  });

  it.each([
    ['', ['zelda', 'bruno', 'carla']],
    ['?sort=applied', ['zelda', 'bruno', 'carla']],
    ['?sort=applied&order=desc', ['carla', 'bruno', 'zelda']],
    ['?order=desc', ['carla', 'bruno', 'zelda']],
    ['?sort=rating', ['zelda', 'bruno', 'carla']],
    ['?sort=rating&order=asc', ['bruno', 'zelda', 'carla']],
    // Bruno entered his stage last; Zelda has waited since she applied, first.
    ['?sort=stage_time', ['zelda', 'carla', 'bruno']],
    ['?sort=stage_time&order=asc', ['bruno', 'carla', 'zelda']],
  ])('sorts %s', async (query, expected) => {
    const { read } = await sceneOf(kind);
    expect((await read(query)).names).toEqual(expected);
  });

  it.each([
    ['min_rating=0', 'min_rating', 'too_small'],
    ['min_rating=6', 'min_rating', 'too_large'],
    ['min_rating=x', 'min_rating', 'integer'],
    [`skill=${'a'.repeat(61)}`, 'skill', 'too_long'],
    ['skill=rust%07', 'skill', 'control_characters'],
    ['has_cv=yes', 'has_cv', 'choice'],
    ['sort=name', 'sort', 'choice'],
    ['order=up', 'order', 'choice'],
    [`search=${'a'.repeat(101)}`, 'search', 'too_long'],
  ])('a bad parameter %s is refused (400, the field named)', async (query, path, code) => {
    const { team, posting } = await sceneOf(kind);
    const r = await api.call('GET', `/${kind}s/${posting.id}/applications?${query}`, {
      token: team.owner.token,
    });
    expectRefusal(r, 400, 'invalid_input');
    expect(errorsOf(r.json)).toContainEqual(expect.objectContaining({ path, code }));
  });

  it('reads a filtered, sorted board in the same few statements, however many applicants', async () => {
    const { team, posting } = await sceneOf(kind);
    const path = `/${kind}s/${posting.id}/applications?search=a&min_rating=1&skill=rust&has_cv=false&sort=rating`;
    const statements = await statementsOf(api.db, async () => {
      const r = await api.call('GET', path, { token: team.owner.token });
      expect(r.status).toBe(200);
    });
    // The caller, the posting, the member's role, the page, its history, the counts.
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(6);
  });
});

describe('a project’s board', () => {
  it('filters by the proposal’s price and weeks', async () => {
    const { read } = await sceneOf('project');
    expect((await read('?min_price=150000')).names).toEqual(['bruno', 'carla']);
    expect((await read('?max_price=250000')).names).toEqual(['zelda', 'carla']);
    expect((await read('?min_price=150000&max_price=250000')).names).toEqual(['carla']);
    expect((await read('?max_weeks=4')).names).toEqual(['zelda', 'carla']);
    expect((await read('?max_weeks=1')).names).toEqual([]);
  });

  it('sorts by price, lowest first unless told', async () => {
    const { read } = await sceneOf('project');
    expect((await read('?sort=price')).names).toEqual(['zelda', 'carla', 'bruno']);
    expect((await read('?sort=price&order=desc')).names).toEqual(['bruno', 'carla', 'zelda']);
  });

  it('refuses a price range upside down (400 on max_price)', async () => {
    const { team, posting } = await sceneOf('project');
    const r = await api.call(
      'GET',
      `/projects/${posting.id}/applications?min_price=300&max_price=200`,
      { token: team.owner.token },
    );
    expectRefusal(r, 400, 'invalid_input');
    expect(errorsOf(r.json)).toContainEqual(
      expect.objectContaining({ path: 'max_price', code: 'min_above_max' }),
    );
  });
});

describe('a job’s board', () => {
  it('counts the CV sent with the application as a CV, as the profile’s', async () => {
    const { team } = await sceneOf('job');
    const job = await fx.postJob(team.owner.token);
    const [withFile, without] = [await createTalent(api), await createTalent(api)];
    const key = `cv-${withFile.id}.pdf`;
    const [file] = await api.db
      .insert(uploads)
      .values({
        ownerId: withFile.id,
        kind: 'file',
        storageKey: key,
        originalName: key,
        mime: 'application/pdf',
        size: 10,
      })
      .returning();
    const sent = await fx.applyJob(withFile.token, job.id, { file_id: file!.id });
    const plain = await fx.applyJob(without.token, job.id);
    const ids = async (query: string) =>
      (await fx.board('job', team.owner.token, job.id, query)).data.map((a) => a.id);
    expect(await ids('?has_cv=true')).toEqual([sent.id]);
    expect(await ids('?has_cv=false')).toEqual([plain.id]);
  });

  it.each(['min_price=100', 'max_price=100', 'max_weeks=2', 'sort=price'])(
    'refuses %s, which only projects have (400, the field named)',
    async (query) => {
      const { team, posting } = await sceneOf('job');
      const r = await api.call('GET', `/jobs/${posting.id}/applications?${query}`, {
        token: team.owner.token,
      });
      expectRefusal(r, 400, 'invalid_input');
      expect(errorsOf(r.json)).toContainEqual(
        expect.objectContaining({ path: query.split('=')[0] }),
      );
    },
  );
});

describe('who reads the board', () => {
  it('a recruiter filters it as the owner does; another company gets 404', async () => {
    const { team, posting, read } = await sceneOf('project');
    const r = await api.call('GET', `/projects/${posting.id}/applications?min_rating=3`, {
      token: team.recruiter.token,
    });
    expect(r.status).toBe(200);
    expect((r.json.data as TBoard).data.map((a) => a.id)).toEqual(
      (await read('?min_rating=3')).page.data.map((a: TBoardApplication) => a.id),
    );
    const outsider = await api.call('GET', `/projects/${posting.id}/applications?min_rating=3`, {
      token: team.outsider.token,
    });
    expectRefusal(outsider, 404, 'not_found');
  });
});
