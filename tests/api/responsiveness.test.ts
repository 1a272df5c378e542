import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationStatusHistory,
  companies,
  companyResponsiveness,
  jobApplications,
  projectApplications,
} from '@/db/schema';
import { APPLICATION_STATUS } from '@/lib/statuses';
import type { TResponsiveness } from '@/types/pipeline';
import { createTestApi } from '../helpers/api';
import { pipelineFixtures, type TKind } from '../helpers/marketplace';
import { setSsrDeps } from '@/server/ssr/context';
import { loadCompanyPage } from '@/server/ssr/company';
import { postingPageProps } from '@/server/ssr/marketplace';
import { planWithoutScans } from '../helpers/db';
import { pageContext } from '../helpers/pages';
import { statementsOf, statementsWithParamsOf } from '../helpers/statements';
import { createBusiness, createTalent, type TTestUser } from '../helpers/users';

// A company's responsiveness in public (docs/product.md "Responsiveness"): over a seeded history
// with a fixed clock, the exact figures, who is left out, the 10-application floor, the kept row
// (one read within the hour, computed again after it), and the field on the company's page and
// on each kind of posting.

const DAY = 86_400_000;
const NOW = new Date('2026-06-01T12:00:00.000Z');
const { shortlisted, hired, rejected, withdrawn } = APPLICATION_STATUS;

let api: Awaited<ReturnType<typeof createTestApi>>;
let fx: ReturnType<typeof pipelineFixtures>;
let owner: TTestUser;
let other: TTestUser;
let talents: TTestUser[];
let slug: string;
let otherSlug: string;
const postings = {} as Record<'project' | 'job' | 'otherProject', number>;
/** How many applications each posting has, so that each one goes to a talent of its own. */
const used = new Map<string, number>();

/** An application `daysAgo` days before NOW to `postingId`, straight in the database. */
async function apply(kind: TKind, postingId: number, daysAgo: number, status = 0) {
  const key = `${kind}-${postingId}`;
  const n = used.get(key) ?? 0;
  used.set(key, n + 1);
  const userId = talents[n]!.id;
  const createdAt = new Date(NOW.getTime() - daysAgo * DAY);
  const common = { userId, createdAt, updatedAt: createdAt };
  const [row] =
    kind === 'project'
      ? await api.db
          .insert(projectApplications)
          .values({
            ...common,
            projectId: postingId,
            proposal: 'p',
            priceProposal: 1000,
            weeks: 2,
            accepted: status,
          })
          .returning({ id: projectApplications.id })
      : await api.db
          .insert(jobApplications)
          .values({ ...common, jobId: postingId, summary: 's', selected: status })
          .returning({ id: jobApplications.id });
  return { kind, id: row!.id, appliedAt: createdAt };
}

type TApp = Awaited<ReturnType<typeof apply>>;

/** A history row: the application moved from `from` to `to`, `days` after it was made. */
async function move(app: TApp, days: number, to: number, from = 0) {
  await api.db.insert(applicationStatusHistory).values({
    kind: app.kind,
    applicationId: app.id,
    actorId: to === withdrawn ? null : owner.id,
    fromStatus: from,
    toStatus: to,
    createdAt: new Date(app.appliedAt.getTime() + days * DAY),
  });
}

const companyPage = async (s = slug) => {
  const r = await api.call('GET', `/companies/${s}`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return (r.json.data as { responsiveness: TResponsiveness }).responsiveness;
};

const postingPage = async (kind: TKind, id: number) => {
  const r = await api.call('GET', `/${kind === 'project' ? 'projects' : 'jobs'}/${id}`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return (r.json.data as { responsiveness: TResponsiveness }).responsiveness;
};

beforeAll(async () => {
  api = await createTestApi();
  api.clock.now = NOW;
  fx = pipelineFixtures(api.call, () => api.clock.now);
  owner = await createBusiness(api, { name: 'Quick Co' });
  other = await createBusiness(api, { name: 'Other Co' });
  talents = [];
  for (let i = 0; i < 8; i++) talents.push(await createTalent(api, { name: `Applicant ${i}` }));
  postings.project = (await fx.postProject(owner.token, { end_date: null })).id;
  postings.job = (await fx.postJob(owner.token, { end_date: null })).id;
  postings.otherProject = (await fx.postProject(other.token, { end_date: null })).id;
  const read = async (id: number) =>
    (await api.db.select().from(companies).where(eq(companies.id, id)))[0]!.slug;
  slug = await read(owner.companyId!);
  otherSlug = await read(other.companyId!);
});
afterAll(async () => api.close());

describe('responsiveness of a company', () => {
  let tenth: TApp;

  it('shows nothing under 10 counted applications, leaving out the withdrawn, the young and the old', async () => {
    const { project, job } = postings;
    // Counted, moved: 1, 2, 3, 4 (then hired: the first move counts), 5, 20, and 2 days.
    await move(await apply('project', project, 30, shortlisted), 1, shortlisted);
    await move(await apply('project', project, 40, rejected), 2, rejected);
    await move(await apply('project', project, 50, shortlisted), 3, shortlisted);
    const fourth = await apply('job', job, 60, hired);
    await move(fourth, 4, shortlisted);
    await move(fourth, 20, hired, shortlisted);
    await move(await apply('job', job, 20, rejected), 5, rejected);
    await move(await apply('job', job, 80, shortlisted), 20, shortlisted);
    // Only 5 days old, but moved already (after 2 days): counted.
    await move(await apply('project', project, 5, shortlisted), 2, shortlisted);
    // Counted, never moved, old enough to be judged.
    await apply('job', job, 30);
    // Moved after 10 days, withdrawn later: counted (10 days).
    const late = await apply('project', project, 70, withdrawn);
    await move(late, 10, shortlisted);
    await move(late, 30, withdrawn, shortlisted);

    // Left out: withdrawn before any move, the young and unmoved, the older than 90 days,
    // another company's.
    await move(await apply('project', project, 20, withdrawn), 3, withdrawn);
    await move(await apply('job', job, 25, withdrawn), 2, withdrawn);
    // Withdrawn, as older data may be, with no history row.
    await apply('job', job, 35, withdrawn);
    await apply('job', job, 10);
    await move(await apply('project', project, 100, shortlisted), 1, shortlisted);
    await move(await apply('project', postings.otherProject, 30, shortlisted), 1, shortlisted);

    expect(await companyPage()).toBeNull();
    const [row] = await api.db
      .select()
      .from(companyResponsiveness)
      .where(eq(companyResponsiveness.companyId, owner.companyId!));
    expect(row!.sample).toBe(9);
    expect(row!.computedAt.getTime()).toBe(NOW.getTime());
  });

  it('keeps the figures for an hour: a second read within it computes nothing', async () => {
    // The 10th counted application: never moved, 45 days old.
    tenth = await apply('job', postings.job, 45);
    api.clock.now = new Date(NOW.getTime() + 59 * 60_000);
    let answer: TResponsiveness | undefined;
    const sql = await statementsOf(api.db, async () => {
      answer = await companyPage();
    });
    expect(answer).toBeNull();
    const touching = sql.filter((s) => s.includes('company_responsiveness'));
    expect(touching, touching.join('\n')).toHaveLength(1);
    expect(touching[0]).toMatch(/^\s*select/i);
  });

  it('computes again after an hour: at 10 applications the figures show, exact', async () => {
    expect(tenth).toBeDefined();
    api.clock.now = new Date(NOW.getTime() + 60 * 60_000 + 1000);
    let answer: TResponsiveness | undefined;
    const sql = await statementsOf(api.db, async () => {
      answer = await companyPage();
    });
    const touching = sql.filter((s) => s.includes('company_responsiveness'));
    expect(touching, touching.join('\n')).toHaveLength(2);
    // 7 of 10 moved within 14 days; moved after 1, 2, 2, 3, 4, 5, 10, 20 days: median 3.5.
    expect(answer).toEqual({ answered_share: 0.7, median_days_to_first_move: 3.5, sample: 10 });
  });

  it('gives the same figures on each kind of posting, and another company its own', async () => {
    const expected = { answered_share: 0.7, median_days_to_first_move: 3.5, sample: 10 };
    expect(await postingPage('project', postings.project)).toEqual(expected);
    expect(await postingPage('job', postings.job)).toEqual(expected);
    expect(await postingPage('project', postings.otherProject)).toBeNull();
    expect(await companyPage(otherSlug)).toBeNull();
  });

  it("computes from the company's postings and their applications through indexes, never a scan of every application", async () => {
    api.clock.now = new Date(NOW.getTime() + 3 * 60 * 60_000);
    const seen = await statementsWithParamsOf(api.db, () => companyPage());
    const upsert = seen.find((s) => /insert into company_responsiveness/i.test(s.query));
    expect(upsert, seen.map((s) => s.query).join('\n')).toBeDefined();
    const plan = await planWithoutScans(api.db, upsert!.query, upsert!.params);
    expect(plan).not.toMatch(/Seq Scan/);
    for (const index of [
      'projects_company_idx',
      'jobs_company_idx',
      'project_applications_unique_idx',
      'job_applications_unique_idx',
      'application_status_history_app_idx',
    ]) {
      expect(plan, plan).toContain(index);
    }
  });

  it('puts the figures in the pages as the server renders them, so nothing appears after', async () => {
    const expected = { answered_share: 0.7, median_days_to_first_move: 3.5, sample: 10 };
    setSsrDeps(api.deps);
    try {
      expect((await loadCompanyPage(slug, 'es'))!.company.responsiveness).toEqual(expected);
      for (const [kind, route] of [
        ['job', '/jobs/[id]'],
        ['project', '/projects/[id]'],
      ] as const) {
        const params = { id: String(postings[kind]) };
        const result = await postingPageProps(kind)(pageContext({ route, params, locale: 'es' }));
        const props = (result as { props: { responsiveness: TResponsiveness; posting: object } })
          .props;
        expect(props.responsiveness).toEqual(expected);
        expect(props.posting).not.toHaveProperty('responsiveness');
      }
    } finally {
      setSsrDeps(undefined);
    }
  });
});
