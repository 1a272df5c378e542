import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationStatusHistory,
  jobApplications,
  jobs,
  notifications,
  projectApplications,
  projects,
  users,
} from '@/db/schema';
import { seedDemoData } from '@/db/seed';
import {
  DEMO_ACCOUNTS,
  DEMO_JOBS,
  DEMO_PLAN,
  DEMO_PROJECTS,
  DEMO_TEXTS,
  JOB,
  POSITION_CLOSED,
  PROJECT,
} from '@/db/seed-data';
import { APPLICATION_STATUS, JOB_STATUS, PROJECT_STATUS } from '@/lib/statuses';
import { seedOnStart } from '@/server/start-up';
import type { TNotification } from '@/types/user';
import { createTestApi } from '../helpers/api';
import type { TBoard } from '../helpers/marketplace';

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
    | typeof jobApplications
    | typeof applicationStatusHistory
    | typeof notifications,
) => {
  const [row] = await api.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row!.n;
};
const countAll = async () => [
  await count(users),
  await count(projects),
  await count(jobs),
  await count(projectApplications),
  await count(jobApplications),
  await count(applicationStatusHistory),
  await count(notifications),
];
const ACCOUNTS =
  DEMO_ACCOUNTS.talents.length +
  DEMO_ACCOUNTS.businesses.length +
  DEMO_ACCOUNTS.team.length +
  DEMO_ACCOUNTS.operators.length;

const idOf = async (email: string) => {
  const [row] = await api.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
};
const projectId = async (index: number) => {
  const [row] = await api.db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.name, DEMO_PROJECTS[index]!.name));
  return row!.id;
};
const jobId = async (index: number) => {
  const [row] = await api.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(eq(jobs.name, DEMO_JOBS[index]!.name));
  return row!.id;
};
const tokens = new Map<string, string>();
const signIn = async (email: string) => {
  if (!tokens.has(email)) {
    const { status, json } = await api.login(email, DEMO_ACCOUNTS.password);
    expect(status, email).toBe(200);
    tokens.set(email, json.access_token as string);
  }
  return tokens.get(email)!;
};
const [ANA, DIEGO, , CAMILA, MATEO] = DEMO_ACCOUNTS.talents;
const [MARIA, JOHN] = DEMO_ACCOUNTS.businesses;

/** The call `path` as `email`, which must succeed; its `data`. */
async function as<T>(email: string, method: string, path: string, body?: unknown): Promise<T> {
  const { status, json } = await api.call(method, path, { token: await signIn(email), body });
  expect(status, `${method} ${path} as ${email}: ${JSON.stringify(json)}`).toBeLessThan(300);
  return json.data as T;
}
const notificationsOf = (email: string) =>
  as<{ data: TNotification[]; total: number; unread: number }>(
    email,
    'GET',
    '/notifications?per_page=50',
  );
const newestOf = async (email: string) => (await notificationsOf(email)).data[0]!;

describe('the demo data', () => {
  it('is written once: seeding again changes nothing', async () => {
    const before = await countAll();
    expect(before).toEqual([
      ACCOUNTS,
      DEMO_PROJECTS.length,
      DEMO_JOBS.length,
      DEMO_PLAN.applications.filter((a) => a.kind === 'project').length,
      DEMO_PLAN.applications.filter((a) => a.kind === 'job').length,
      DEMO_PLAN.history.length,
      DEMO_PLAN.notifications.length,
    ]);
    expect(before.slice(0, 5)).toEqual([12, 4, 3, 12, 6]);
    await seedDemoData(api.db);
    expect(await countAll()).toEqual(before);
  });

  it('is written at start only when SEED_DEMO=true', async () => {
    const other = await createTestApi();
    try {
      await seedOnStart(other.db, { SEED_DEMO: 'false' });
      const [none] = await other.db.select({ n: sql<number>`count(*)::int` }).from(users);
      expect(none!.n).toBe(0);
      await seedOnStart(other.db, { SEED_DEMO: 'true' });
      const [some] = await other.db.select({ n: sql<number>`count(*)::int` }).from(users);
      expect(some!.n).toBe(ACCOUNTS);
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
    const { status, json } = await api.login(DEMO_ACCOUNTS.talents[0]!, DEMO_ACCOUNTS.password);
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
      const { status, json } = await api.login(email, DEMO_ACCOUNTS.password);
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

  it('shows María a board with every column filled, each move in its history', async () => {
    const id = await projectId(PROJECT.coffeeShop);
    const board = await as<TBoard>(MARIA, 'GET', `/projects/${id}/applications?per_page=50`);
    for (const status of ['0', '1', '2', '3', '4'] as const) {
      expect(board.counts[status], `column ${status}`).toBeGreaterThan(0);
    }
    expect(new Set(board.data.map((a) => a.talent.id)).size).toBe(board.data.length);
    expect(board.data.map((a) => a.talent.id)).toContain(await idOf(ANA));
    const maria = await idOf(MARIA);
    const elena = await idOf(DEMO_ACCOUNTS.team[1]);
    // María's recruiter, Elena, made the shortlistings; María the rest.
    const moverOf = (a: { talent: { id: number } }, to: number) =>
      to === APPLICATION_STATUS.withdrawn
        ? a.talent.id
        : to === APPLICATION_STATUS.shortlisted
          ? elena
          : maria;
    for (const a of board.data) {
      if (a.accepted === APPLICATION_STATUS.applied) {
        expect(a.history).toEqual([]);
        continue;
      }
      expect(a.history.at(-1)!.to).toBe(a.accepted);
      for (const h of a.history) {
        expect(h.actor_id).toBe(moverOf(a, h.to));
        expect(h.actor?.id).toBe(h.actor_id);
      }
      if (a.accepted === APPLICATION_STATUS.rejected) expect(a.reason).toBeTruthy();
    }
    // The hired talent has not seen the congratulations yet.
    const hired = board.data.find((a) => a.accepted === APPLICATION_STATUS.hired)!;
    expect(hired).toMatchObject({ shown_accepted_message: true });

    const job = await jobId(JOB.uxDesigner);
    const jobBoard = await as<TBoard>(MARIA, 'GET', `/jobs/${job}/applications?per_page=50`);
    expect(Object.values(jobBoard.counts).filter((n) => n > 0).length).toBeGreaterThanOrEqual(3);
  });

  it('gives María’s company a team and an activity log naming who did what', async () => {
    const [membership] = await as<{ company: { id: number; slug: string }; role: string }[]>(
      MARIA,
      'GET',
      '/me/companies',
    );
    expect(membership).toMatchObject({ company: { slug: 'andes-labs' }, role: 'owner' });
    const id = membership!.company.id;
    const members = await as<{ user: { email: string }; role: string }[]>(
      MARIA,
      'GET',
      `/companies/${id}/members`,
    );
    expect(members.map((m) => [m.user.email, m.role])).toEqual(
      expect.arrayContaining([
        [MARIA, 'owner'],
        [DEMO_ACCOUNTS.team[0], 'admin'],
        [DEMO_ACCOUNTS.team[1], 'recruiter'],
      ]),
    );
    const log = await as<{ data: { actor: { name: string } | null; action: string }[] }>(
      MARIA,
      'GET',
      `/companies/${id}/audit?per_page=50`,
    );
    expect(
      log.data.some((e) => e.action === 'application.moved' && e.actor?.name === 'Elena'),
    ).toBe(true);
    expect(log.data.some((e) => e.action === 'member.joined' && e.actor?.name === 'Pablo')).toBe(
      true,
    );
  });

  it('has a history row for every application that moved', async () => {
    for (const table of [projectApplications, jobApplications] as const) {
      const kind = table === projectApplications ? 'project' : 'job';
      const status =
        table === projectApplications ? projectApplications.accepted : jobApplications.selected;
      const rows = await api.db
        .select({ id: table.id, status })
        .from(table as typeof projectApplications);
      for (const row of rows) {
        const history = await api.db
          .select()
          .from(applicationStatusHistory)
          .where(
            and(
              eq(applicationStatusHistory.kind, kind),
              eq(applicationStatusHistory.applicationId, row.id),
            ),
          );
        if (row.status === APPLICATION_STATUS.applied) expect(history).toEqual([]);
        else {
          expect(history.length, `${kind} ${row.id}`).toBeGreaterThan(0);
          for (const h of history) expect(h.createdAt.getTime()).toBeLessThan(Date.now());
        }
      }
    }
  });

  it('has a finished project with Ana hired and ready to close, not yet on chain, the others closed', async () => {
    const id = await projectId(PROJECT.trackingPortal);
    const apps = await api.db
      .select()
      .from(projectApplications)
      .where(eq(projectApplications.projectId, id));
    const ana = await idOf(ANA);
    expect(apps.filter((a) => a.accepted === APPLICATION_STATUS.hired)).toEqual([
      expect.objectContaining({
        userId: ana,
        readyToClose: true,
        algorandTransaction: null,
        nearTransaction: null,
      }),
    ]);
    const others = apps.filter((a) => a.userId !== ana);
    expect(others.length).toBeGreaterThan(0);
    for (const a of others) {
      expect(a).toMatchObject({
        accepted: APPLICATION_STATUS.rejected,
        reason: POSITION_CLOSED.en,
      });
    }
    // Her public profile shows it as finished work.
    const { json } = await api.call('GET', `/users/id/${ana}`);
    expect((json.data as { projects: { id: number }[] }).projects).toEqual([
      expect.objectContaining({ id, project_status_id: PROJECT_STATUS.finished }),
    ]);
  });

  it('gives every demo account notifications, some unread, linking to the demo postings', async () => {
    const projectIds = new Set(
      (await api.db.select({ id: projects.id }).from(projects)).map((p) => p.id),
    );
    const jobIds = new Set((await api.db.select({ id: jobs.id }).from(jobs)).map((j) => j.id));
    for (const email of [...DEMO_ACCOUNTS.talents, ...DEMO_ACCOUNTS.businesses]) {
      const page = await notificationsOf(email);
      expect(page.total, email).toBeGreaterThan(0);
      expect(page.total).toBeLessThanOrEqual(50);
      expect(page.unread, email).toBeGreaterThan(0);
      expect(page.unread).toBe(page.data.filter((n) => !n.been_clicked).length);
      const business = (DEMO_ACCOUNTS.businesses as readonly string[]).includes(email);
      for (const n of page.data) {
        const link = n.link ?? ''; // every demo notification links somewhere
        const match = business
          ? /^\/business\/(project|job)s\/(\d+)\/applicants$/.exec(link)
          : /^\/(project|job)s\/(\d+)$/.exec(link);
        expect(match, link).not.toBeNull();
        expect((match![1] === 'project' ? projectIds : jobIds).has(Number(match![2]))).toBe(true);
        expect(n.message_es).not.toBe(n.message);
        expect(Date.parse(n.created_at)).toBeLessThan(Date.now());
      }
    }
    expect(await count(notifications)).toBeGreaterThan(
      (await api.db.select().from(notifications).where(eq(notifications.beenClicked, false)))
        .length,
    );
  });

  // Last: it moves the demo data on, as a user of the demo would.
  it('words its notifications as the server does, whose flows go on from the demo data', async () => {
    const coffee = await projectId(PROJECT.coffeeShop);
    const coffeeName = DEMO_PROJECTS[PROJECT.coffeeShop]!.name;
    const algorand = await projectId(PROJECT.algorandPayments);
    const algorandName = DEMO_PROJECTS[PROJECT.algorandPayments]!.name;
    const text = ([message, message_es]: [string, string], link: string) => ({
      message,
      message_es,
      link,
    });

    // A move on the board.
    const [anaApp] = await api.db
      .select({ id: projectApplications.id })
      .from(projectApplications)
      .where(
        and(
          eq(projectApplications.projectId, coffee),
          eq(projectApplications.userId, await idOf(ANA)),
        ),
      );
    await as(MARIA, 'POST', '/project_applications/changeApplicationStatus', {
      application_id: anaApp!.id,
      status: APPLICATION_STATUS.shortlisted,
    });
    expect(await newestOf(ANA)).toMatchObject({
      type: 'application_status',
      ...text(
        DEMO_TEXTS.status[APPLICATION_STATUS.shortlisted]!(coffeeName),
        `/projects/${coffee}`,
      ),
    });

    // The started project: ready to close, then finished.
    const [diegoApp] = await api.db
      .select({ id: projectApplications.id })
      .from(projectApplications)
      .where(
        and(
          eq(projectApplications.projectId, algorand),
          eq(projectApplications.userId, await idOf(DIEGO)),
        ),
      );
    await as(DIEGO, 'POST', '/project_applications/readytoclose', { id: diegoApp!.id });
    expect(await newestOf(MARIA)).toMatchObject({
      type: 'ready_to_close',
      ...text(
        DEMO_TEXTS.readyToClose('Diego Hernández', algorandName),
        `/business/projects/${algorand}/applicants`,
      ),
    });
    await as(MARIA, 'POST', '/projects/end', { id: algorand });
    expect(await newestOf(DIEGO)).toMatchObject({
      type: 'project_finished',
      ...text(DEMO_TEXTS.projectFinished(algorandName), `/projects/${algorand}`),
    });

    // Starting the board's project: the hired talent is told, the ones waiting are closed.
    await as(MARIA, 'POST', '/projects/start', { id: coffee });
    expect(await newestOf(MATEO)).toMatchObject({
      type: 'project_started',
      ...text(DEMO_TEXTS.projectStarted(coffeeName), `/projects/${coffee}`),
    });
    for (const email of [ANA, CAMILA]) {
      expect(await newestOf(email)).toMatchObject({
        type: 'posting_closed',
        ...text(DEMO_TEXTS.postingClosed(coffeeName), `/projects/${coffee}`),
      });
    }

    // A rejection with its reason, a new application, and a job's end.
    const ux = await jobId(JOB.uxDesigner);
    const uxName = DEMO_JOBS[JOB.uxDesigner]!.name;
    const [camilaUx] = await api.db
      .select({ id: jobApplications.id })
      .from(jobApplications)
      .where(and(eq(jobApplications.jobId, ux), eq(jobApplications.userId, await idOf(CAMILA))));
    await as(MARIA, 'POST', '/job_applications/changeApplicationStatus', {
      application_id: camilaUx!.id,
      status: APPLICATION_STATUS.rejected,
      reason: 'Buscamos más experiencia en investigación.',
    });
    expect(await newestOf(CAMILA)).toMatchObject({
      type: 'application_status',
      ...text(
        DEMO_TEXTS.withReason(
          DEMO_TEXTS.status[APPLICATION_STATUS.rejected]!(uxName),
          'Buscamos más experiencia en investigación.',
        ),
        `/jobs/${ux}`,
      ),
    });
    const logistics = await projectId(PROJECT.logistics);
    await as(ANA, 'POST', '/project_applications', {
      project_id: logistics,
      proposal: 'I can build the dashboard over your delivery data in eight weeks.',
      price_proposal: 550_000,
      weeks: 8,
    });
    expect(await newestOf(JOHN)).toMatchObject({
      type: 'application_new',
      ...text(
        DEMO_TEXTS.applicationNew('Ana Quispe', DEMO_PROJECTS[PROJECT.logistics]!.name),
        `/business/projects/${logistics}/applicants`,
      ),
    });
    const react = await jobId(JOB.reactDeveloper);
    const [camilaReact] = await api.db
      .select({ id: jobApplications.id })
      .from(jobApplications)
      .where(and(eq(jobApplications.jobId, react), eq(jobApplications.userId, await idOf(CAMILA))));
    await as(JOHN, 'POST', '/job_applications/changeApplicationStatus', {
      application_id: camilaReact!.id,
      status: APPLICATION_STATUS.hired,
    });
    await as(JOHN, 'POST', '/jobs/end', { id: react });
    expect(await newestOf(CAMILA)).toMatchObject({
      type: 'job_finished',
      ...text(DEMO_TEXTS.jobFinished(DEMO_JOBS[JOB.reactDeveloper]!.name), `/jobs/${react}`),
    });
  });
});

describe('the demo operator', () => {
  it('signs in as an operator and finds one entry waiting in the verification queue', async () => {
    const [OLGA] = DEMO_ACCOUNTS.operators;
    const { status, json } = await api.login(OLGA, DEMO_ACCOUNTS.password);
    expect(status).toBe(200);
    expect(json.data).toMatchObject({ is_operator: true, is_talent: false });
    const queue = await as<{ data: { kind: string; talent: { email: string }; entry: unknown }[] }>(
      OLGA,
      'GET',
      '/admin/verifications',
    );
    expect(queue.data).toEqual([
      expect.objectContaining({
        kind: 'study',
        talent: expect.objectContaining({ email: CAMILA }),
        entry: expect.objectContaining({ name: 'Universidad de Chile', verify_status_id: 2 }),
      }),
    ]);
    // Nobody else is one.
    const ana = await api.call('GET', '/admin/verifications', { token: await signIn(ANA!) });
    expect(ana.status).toBe(404);
  });
});
