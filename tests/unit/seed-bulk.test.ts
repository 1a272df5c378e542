import { asc, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import type { PgTable } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '@/db/schema';
import {
  applicationStatusHistory,
  companies,
  companyAudit,
  companyMembers,
  jobApplications,
  jobs,
  notifications,
  projectApplications,
  projects,
  reviews,
  skills,
  userLanguages,
  userRolesInterest,
  userSkills,
  userStudyCentres,
  userWorkplaces,
  users,
} from '@/db/schema';
import { seedDemoData } from '@/db/seed';
import {
  DEMO_BUSINESSES,
  DEMO_JOBS,
  DEMO_OPERATORS,
  DEMO_PLAN,
  DEMO_PROJECTS,
  DEMO_REVIEWS,
  DEMO_TALENTS,
  DEMO_TEAM,
  demoLink,
  type TDemoUserRef,
} from '@/db/seed-data';
import type { Db, DbHandle } from '@/db/types';
import { createTestDb } from '../helpers/db';

// What the demo seed writes (db/seed.ts), table by table, and how: in a bounded number of
// statements, one INSERT per table, in one transaction. On PGlite, or on the PostgreSQL server
// of TEST_DATABASE_URL.

const DAY = 24 * 3600 * 1000;
const EMAILS = [
  ...DEMO_TALENTS.map((t) => t.email),
  ...DEMO_BUSINESSES.map((b) => b.email),
  ...DEMO_TEAM.map((m) => m.email),
  ...DEMO_OPERATORS.map((o) => o.email),
];

/** `handle`'s database again, on the same connection(s), logging each statement it sends. */
function loggingDb(handle: DbHandle, statements: string[]): Db {
  const logger = { logQuery: (query: string) => void statements.push(query) };
  const client = (handle.db as unknown as { $client: never }).$client;
  return (handle.kind === 'pglite'
    ? drizzlePglite(client, { schema, logger })
    : drizzleNodePostgres(client, { schema, logger })) as unknown as Db;
}

const countOf = async (db: Db, table: PgTable) => {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row!.n;
};

describe('the demo seed', () => {
  let handle: DbHandle;
  const statements: string[] = [];
  let before = 0;
  let after = 0;

  beforeAll(async () => {
    handle = await createTestDb();
    before = Date.now();
    await seedDemoData(loggingDb(handle, statements));
    after = Date.now();
  });
  afterAll(async () => handle?.close());

  it('writes every table in one INSERT, in a bounded number of statements', () => {
    const inserts = new Map<string, number>();
    for (const s of statements) {
      const table = /^insert into "(\w+)"/i.exec(s)?.[1];
      if (table) inserts.set(table, (inserts.get(table) ?? 0) + 1);
    }
    expect(Object.fromEntries(inserts)).toEqual({
      users: 1,
      companies: 1,
      company_members: 1,
      company_audit: 1,
      user_workplaces: 1,
      user_study_centres: 1,
      skills: 1,
      user_skills: 1,
      user_roles_interest: 1,
      user_languages: 1,
      projects: 1,
      jobs: 1,
      project_applications: 1,
      job_applications: 1,
      application_status_history: 1,
      reviews: 1,
      notifications: 1,
    });
    // The 17 inserts, the check for users, and the look-ups of skill and language ids, besides
    // the transaction's own (which node-postgres's Drizzle logs, PGlite's not). Row by row, it
    // would take more than 150.
    const control = /^\s*(begin|commit|rollback|savepoint|release)\b/i;
    expect(statements.filter((s) => !control.test(s)).length).toBeLessThanOrEqual(20);
  });

  it('writes as many rows to each table as the demo data holds', async () => {
    const db = handle.db;
    const applications = (kind: 'project' | 'job') =>
      DEMO_PLAN.applications.filter((a) => a.kind === kind).length;
    const distinctSkills = new Set(
      DEMO_TALENTS.flatMap((t) => t.skills.map((s) => s.toLowerCase())),
    );
    const counts = {
      users: await countOf(db, users),
      companies: await countOf(db, companies),
      companyMembers: await countOf(db, companyMembers),
      companyAudit: await countOf(db, companyAudit),
      userWorkplaces: await countOf(db, userWorkplaces),
      userStudyCentres: await countOf(db, userStudyCentres),
      skills: await countOf(db, skills),
      userSkills: await countOf(db, userSkills),
      userRolesInterest: await countOf(db, userRolesInterest),
      userLanguages: await countOf(db, userLanguages),
      projects: await countOf(db, projects),
      jobs: await countOf(db, jobs),
      projectApplications: await countOf(db, projectApplications),
      jobApplications: await countOf(db, jobApplications),
      applicationStatusHistory: await countOf(db, applicationStatusHistory),
      reviews: await countOf(db, reviews),
      notifications: await countOf(db, notifications),
    };
    const sum = (f: (t: (typeof DEMO_TALENTS)[number]) => number) =>
      DEMO_TALENTS.reduce((n, t) => n + f(t), 0);
    expect(counts).toEqual({
      users: EMAILS.length,
      companies: DEMO_BUSINESSES.length,
      companyMembers: DEMO_BUSINESSES.length + DEMO_TEAM.length,
      // Each posting published, each team member's joining, each move a member made.
      companyAudit:
        DEMO_PROJECTS.length +
        DEMO_JOBS.length +
        DEMO_TEAM.length +
        DEMO_PLAN.history.filter((h) => h.actor.role !== 'talent').length,
      userWorkplaces: sum((t) => t.workplaces.length) + DEMO_BUSINESSES.length,
      userStudyCentres: DEMO_TALENTS.length,
      skills: distinctSkills.size,
      userSkills: sum((t) => t.skills.length),
      userRolesInterest: sum((t) => t.roles.length),
      userLanguages: sum((t) => t.languages.length),
      projects: DEMO_PROJECTS.length,
      jobs: DEMO_JOBS.length,
      projectApplications: applications('project'),
      jobApplications: applications('job'),
      applicationStatusHistory: DEMO_PLAN.history.length,
      reviews: DEMO_REVIEWS.length,
      notifications: DEMO_PLAN.notifications.length,
    });
    // The figures of the demo as it is today: a change to them is a change to the demo data.
    expect(Object.values(counts)).toEqual([
      12, 2, 4, 27, 16, 7, 19, 28, 9, 18, 4, 3, 12, 6, 19, 2, 41,
    ]);
  });

  it('numbers accounts and postings in the order of the data', async () => {
    // The seed matches postings' ids back by name.
    expect(new Set(DEMO_PROJECTS.map((p) => p.name)).size).toBe(DEMO_PROJECTS.length);
    expect(new Set(DEMO_JOBS.map((j) => j.name)).size).toBe(DEMO_JOBS.length);
    const db = handle.db;
    expect(
      (await db.select({ email: users.email }).from(users).orderBy(asc(users.id))).map(
        (r) => r.email,
      ),
    ).toEqual(EMAILS);
    expect(
      (await db.select({ name: projects.name }).from(projects).orderBy(asc(projects.id))).map(
        (r) => r.name,
      ),
    ).toEqual(DEMO_PROJECTS.map((p) => p.name));
    expect(
      (await db.select({ name: jobs.name }).from(jobs).orderBy(asc(jobs.id))).map((r) => r.name),
    ).toEqual(DEMO_JOBS.map((j) => j.name));
  });

  it('writes each posting with its owner, its values and its times relative to the seeding', async () => {
    const db = handle.db;
    const emailOf = new Map(
      (await db.select({ id: users.id, email: users.email }).from(users)).map((u) => [
        u.id,
        u.email,
      ]),
    );
    const within = (d: Date, daysAgo: number) => {
      expect(d.getTime()).toBeGreaterThanOrEqual(before - daysAgo * DAY);
      expect(d.getTime()).toBeLessThanOrEqual(after - daysAgo * DAY);
    };
    const dayIn = (days: number) =>
      [before, after].map((t) => new Date(t + days * DAY).toISOString().slice(0, 10));
    const projectRows = await db.select().from(projects).orderBy(asc(projects.id));
    for (const [i, p] of DEMO_PROJECTS.entries()) {
      const row = projectRows[i]!;
      expect(row).toMatchObject({
        name: p.name,
        budget: p.budget,
        currency: p.currency,
        weeks: p.weeks,
        skills: p.skills,
        projectStatusId: p.status,
      });
      expect(emailOf.get(row.ownerId)).toBe(DEMO_BUSINESSES[p.owner]!.email);
      expect(dayIn(p.deadlineInDays)).toContain(row.endDate);
      within(row.createdAt, p.postedDaysAgo);
    }
    const jobRows = await db.select().from(jobs).orderBy(asc(jobs.id));
    for (const [i, j] of DEMO_JOBS.entries()) {
      const row = jobRows[i]!;
      expect(row).toMatchObject({
        name: j.name,
        requirements: j.requirements,
        contractType: j.contractType,
        minSalary: j.minSalary,
        maxSalary: j.maxSalary,
        jobStatusId: j.status,
      });
      expect(emailOf.get(row.ownerId)).toBe(DEMO_BUSINESSES[j.owner]!.email);
      within(row.createdAt, j.postedDaysAgo);
      const planned = DEMO_PLAN.postings.find((p) => p.kind === 'job' && p.index === i)!;
      within(row.updatedAt, planned.updatedDaysAgo);
    }
  });

  it('writes the planned applications, status history and notifications, each to its own', async () => {
    const db = handle.db;
    const userIds = new Map(
      (await db.select({ id: users.id, email: users.email }).from(users)).map((u) => [
        u.email,
        u.id,
      ]),
    );
    const accounts = { talent: DEMO_TALENTS, business: DEMO_BUSINESSES, team: DEMO_TEAM };
    const userId = (ref: TDemoUserRef) => userIds.get(accounts[ref.role][ref.index]!.email)!;
    const postingIds = {
      project: (await db.select({ id: projects.id }).from(projects).orderBy(asc(projects.id))).map(
        (r) => r.id,
      ),
      job: (await db.select({ id: jobs.id }).from(jobs).orderBy(asc(jobs.id))).map((r) => r.id),
    };
    // Times in tenths of a day before the seeding, as the plan gives them.
    const tenthsAgo = (d: Date) => Math.round(((before - d.getTime()) / DAY) * 10);
    const tenths = (daysAgo: number) => Math.round(daysAgo * 10);
    const applicationRows = [
      ...(await db.select().from(projectApplications)).map((a) => ({
        kind: 'project',
        id: a.id,
        key: `project:${a.projectId}:${a.userId}`,
        status: a.accepted,
        reason: a.reason,
        applied: tenthsAgo(a.createdAt),
      })),
      ...(await db.select().from(jobApplications)).map((a) => ({
        kind: 'job',
        id: a.id,
        key: `job:${a.jobId}:${a.userId}`,
        status: a.selected,
        reason: a.reason,
        applied: tenthsAgo(a.createdAt),
      })),
    ];
    const plannedKey = (i: number) => {
      const a = DEMO_PLAN.applications[i]!;
      return `${a.kind}:${postingIds[a.kind][a.posting]}:${userId({ role: 'talent', index: a.talent })}`;
    };
    const rowOf = (i: number) => applicationRows.find((r) => r.key === plannedKey(i))!;
    for (const [i, a] of DEMO_PLAN.applications.entries()) {
      expect(rowOf(i), plannedKey(i)).toMatchObject({
        status: a.status,
        reason: a.reason,
        applied: tenths(a.appliedDaysAgo),
      });
    }

    const sortJson = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).sort();
    const history = await db.select().from(applicationStatusHistory);
    expect(
      sortJson(
        history.map((h) => [
          h.kind,
          h.applicationId,
          h.actorId,
          h.fromStatus,
          h.toStatus,
          h.reason,
          tenthsAgo(h.createdAt),
        ]),
      ),
    ).toEqual(
      sortJson(
        DEMO_PLAN.history.map((h) => [
          DEMO_PLAN.applications[h.application]!.kind,
          rowOf(h.application).id,
          userId(h.actor),
          h.from,
          h.to,
          h.reason,
          tenths(h.daysAgo),
        ]),
      ),
    );

    const written = await db.select().from(notifications);
    expect(
      sortJson(
        written.map((n) => [
          n.userId,
          n.type,
          n.message,
          n.messageEs,
          n.link,
          n.beenClicked,
          tenthsAgo(n.createdAt),
        ]),
      ),
    ).toEqual(
      sortJson(
        DEMO_PLAN.notifications.map((n) => [
          userId(n.recipient),
          n.type,
          n.message,
          n.messageEs,
          demoLink(n.link, postingIds[n.link.kind][n.link.posting]!),
          n.beenClicked,
          tenths(n.daysAgo),
        ]),
      ),
    );
  });
});

describe('the demo seed’s transaction', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => handle?.close());

  /** Makes the seed's last insert (notifications) fail with SQLSTATE `code`. */
  const failNotifications = async (code: string | null) => {
    await handle.db.execute(sql.raw('DROP TRIGGER IF EXISTS seed_fails ON notifications'));
    if (!code) return;
    await handle.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION seed_fails() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'made to fail' USING ERRCODE = '${code}'; END $$`),
    );
    await handle.db.execute(
      sql.raw(
        'CREATE TRIGGER seed_fails BEFORE INSERT ON notifications FOR EACH STATEMENT EXECUTE FUNCTION seed_fails()',
      ),
    );
  };

  it('writes nothing when its last statement fails, and says so', async () => {
    await failNotifications('check_violation');
    await expect(seedDemoData(handle.db)).rejects.toThrow();
    expect(await countOf(handle.db, users)).toBe(0);
    expect(await countOf(handle.db, projects)).toBe(0);
  });

  it('writes nothing, quietly, when another instance’s seeding won a unique index', async () => {
    await failNotifications('unique_violation');
    await expect(seedDemoData(handle.db)).resolves.toBeUndefined();
    expect(await countOf(handle.db, users)).toBe(0);
  });

  it('writes all of it once nothing fails', async () => {
    await failNotifications(null);
    await seedDemoData(handle.db);
    expect(await countOf(handle.db, users)).toBe(EMAILS.length);
    expect(await countOf(handle.db, notifications)).toBe(DEMO_PLAN.notifications.length);
  });
});
