import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobApplications, jobs, projectApplications, projects, users } from '@/db/schema';
import { seedDemoData } from '@/db/seed';
import { DEMO_ACCOUNTS } from '@/db/seed-data';
import { APPLICATION_STATUS, JOB_STATUS, PROJECT_STATUS } from '@/lib/statuses';
import { seedOnStart } from '@/server/start-up';
import { createTestApi } from '../helpers/api';

let api: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  api = await createTestApi();
  await seedDemoData(api.db);
});
afterAll(async () => api.close());

const count = async (
  table:
    | typeof users
    | typeof projects
    | typeof jobs
    | typeof projectApplications
    | typeof jobApplications,
) => {
  const [row] = await api.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row!.n;
};

describe('the demo data', () => {
  it('is written once: seeding again changes nothing', async () => {
    const before = [
      await count(users),
      await count(projects),
      await count(jobs),
      await count(projectApplications),
      await count(jobApplications),
    ];
    expect(before).toEqual([5, 3, 3, 3, 3]);
    await seedDemoData(api.db);
    const after = [
      await count(users),
      await count(projects),
      await count(jobs),
      await count(projectApplications),
      await count(jobApplications),
    ];
    expect(after).toEqual(before);
  });

  it('is written at start only when SEED_DEMO=true', async () => {
    const other = await createTestApi();
    try {
      await seedOnStart(other.db, { SEED_DEMO: 'false' });
      const [none] = await other.db.select({ n: sql<number>`count(*)::int` }).from(users);
      expect(none!.n).toBe(0);
      await seedOnStart(other.db, { SEED_DEMO: 'true' });
      const [some] = await other.db.select({ n: sql<number>`count(*)::int` }).from(users);
      expect(some!.n).toBe(5);
    } finally {
      await other.close();
    }
  });

  it('is never written into a database that already has users', async () => {
    const other = await createTestApi();
    await other.call('POST', '/users/register', {
      body: {
        email: 'real@example.com',
        name: 'Real',
        last_name: 'User',
        password: 'a real password',
        is_talent: true,
      },
    });
    await seedDemoData(other.db);
    const [row] = await other.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(row!.n).toBe(1);
    await other.close();
  });

  it('lets a demo talent sign in with the demo password and shows a full profile', async () => {
    const { status, json } = await api.call('POST', '/users/login', {
      body: { email: DEMO_ACCOUNTS.talents[0], password: DEMO_ACCOUNTS.password },
    });
    expect(status).toBe(200);
    const data = json.data as Record<string, unknown[]> & {
      person: unknown;
      country_code: string;
      city: string;
    };
    expect(data).toMatchObject({
      is_talent: true,
      person: { name: 'Ana', last_name: 'Quispe' },
      country_code: 'PE',
      city: 'Lima',
    });
    expect(data.workplaces).toHaveLength(2);
    expect(data.study_centres).toHaveLength(1);
    expect(data.skills!.length).toBeGreaterThanOrEqual(3);
    expect(data.roles_interest!.length).toBeGreaterThanOrEqual(1);
    expect(data.languages).toContainEqual(expect.objectContaining({ code: 'es' }));
    expect(data.projects!.length + data.jobs!.length).toBeGreaterThanOrEqual(1);
  });

  it('lets every demo account sign in, businesses with a workplace enabled for business', async () => {
    for (const email of [...DEMO_ACCOUNTS.talents, ...DEMO_ACCOUNTS.businesses]) {
      const { status, json } = await api.call('POST', '/users/login', {
        body: { email, password: DEMO_ACCOUNTS.password },
      });
      expect(status, email).toBe(200);
      const data = json.data as {
        is_talent: boolean;
        workplaces: { enable_business: boolean; work_here: boolean }[];
      };
      const isBusiness = (DEMO_ACCOUNTS.businesses as readonly string[]).includes(email);
      expect(data.is_talent).toBe(!isBusiness);
      if (isBusiness)
        expect(data.workplaces).toContainEqual(
          expect.objectContaining({ enable_business: true, work_here: true }),
        );
    }
  });

  it('has a hired talent on the started project and a selected one on the finished job', async () => {
    const started = await api.db
      .select()
      .from(projects)
      .where(eq(projects.projectStatusId, PROJECT_STATUS.started));
    expect(started).toHaveLength(1);
    const hired = await api.db
      .select()
      .from(projectApplications)
      .where(eq(projectApplications.projectId, started[0]!.id));
    expect(hired.map((a) => a.accepted)).toContain(APPLICATION_STATUS.hired);
    const finished = await api.db
      .select()
      .from(jobs)
      .where(eq(jobs.jobStatusId, JOB_STATUS.finished));
    expect(finished).toHaveLength(1);
    const selected = await api.db
      .select()
      .from(jobApplications)
      .where(eq(jobApplications.jobId, finished[0]!.id));
    expect(selected.map((a) => a.selected)).toContain(APPLICATION_STATUS.hired);
    const currencies = new Set(
      [...(await api.db.select().from(projects)), ...(await api.db.select().from(jobs))].map(
        (p) => p.currency,
      ),
    );
    expect(currencies).toEqual(new Set(['USD', 'PEN', 'EUR']));
  });
});
