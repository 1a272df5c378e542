// `npm run bench:for-you`: the "For you" list's latency budget (docs/performance.md "For you").
// Seeds a fresh PGlite database in a temporary directory with 10 000 projects (most of them open,
// some closed or past their deadline), their companies, 200 talents with skills and roles of
// interest and some applications, serves the API in this process on 127.0.0.1, and measures
// `GET /api/me/recommendations?kind=project` from one client, in turn as several talents. Budget:
// p99 ≤ 50 ms with 1 client on the embedded database (PGlite).
//
//   npm run bench:for-you                                    # 10 s, 10 000 projects
//   BENCH_SECONDS=2 BENCH_POSTINGS=2000 npm run bench:for-you          # the compact form (CI)
//   npm run bench:for-you -- --seconds 2 --postings 2000               # the same, as flags
//
// The load generator runs in a worker thread; other work on the machine skews the figures, so the
// load average is printed. Exits 1 when the budget fails or any answer is not 2xx, 2 when it
// could not run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { inArray, sql } from 'drizzle-orm';
import { createCompany } from '@/db/companies';
import { openDatabase } from '@/db/client';
import { projectApplications, skills, userRolesInterest, userSkills, users } from '@/db/schema';
import type { Db } from '@/db/types';
import { signAccessToken } from '@/server/auth/tokens';
import {
  BENCH_PASSWORD_HASH,
  cleanUpAll,
  collectServerErrors,
  DAY,
  inBatches,
  insertProjects,
  isoDate,
  LATENCY_HEADER,
  latencyRow,
  loadAverage,
  ms,
  randomSource,
  runSize,
  serveApi,
} from './lib/bench-kit';

const { values: flags } = parseArgs({
  options: { seconds: { type: 'string' }, postings: { type: 'string' } },
  strict: true,
});

const { seconds: SECONDS, postings: POSTINGS } = runSize(flags);
const BUSINESSES = 40;
const TALENTS = 200;
/** The talents the client reads as, in turn (each with its own skills and roles). */
const READERS = 8;
const BATCH = 500;
const WARMUP_REQUESTS = 100;
const BUDGET_P99_MS = 50;
const PATH = '/api/me/recommendations?kind=project';

/** The same data every run. */
const { next: rand, int, pick, sample } = randomSource(1);

const SKILLS = [
  'Figma',
  'Adobe Illustrator',
  'Photoshop',
  'UI Design',
  'UX Research',
  'Branding',
  'Diseño gráfico',
  'TypeScript',
  'React',
  'Node.js',
  'PostgreSQL',
  'Python',
  'Django',
  'Go',
  'Rust',
  'Docker',
  'Kubernetes',
  'AWS',
  'SEO',
  'Copywriting',
  'Google Ads',
  'Excel',
  'Power BI',
  'Machine Learning',
  'Traducción',
  'Contabilidad',
];
const ROLES = [
  'Frontend developer',
  'Backend developer',
  'Data analyst',
  'Diseñadora UX',
  'Product designer',
  'Marketing manager',
  'Desarrollador móvil',
  'Traductor',
];
const WORDS = [
  'Build',
  'Design',
  'Redesign',
  'Migrate',
  'Analyse',
  'Diseño de',
  'Desarrollo de',
  'Análisis de',
];
const THINGS = [
  'our web app',
  'a landing page',
  'the data pipeline',
  'una tienda en línea',
  'el panel de control',
  'a mobile app',
  'the brand identity',
  'reportes de ventas',
];

const NOW = Date.now();

async function seed(db: Db) {
  const people = [
    ...Array.from({ length: BUSINESSES }, (_, i) => ({
      email: `business${i + 1}@bench.test`,
      passwordHash: BENCH_PASSWORD_HASH,
      isTalent: false,
      name: pick(['Ana', 'Carlos', 'Lucía', 'James']),
      lastName: pick(['García', 'Smith', 'Tanaka']),
    })),
    ...Array.from({ length: TALENTS }, (_, i) => ({
      email: `talent${i + 1}@bench.test`,
      passwordHash: BENCH_PASSWORD_HASH,
      isTalent: true,
      name: pick(['Valentina', 'Diego', 'Camila', 'Noah']),
      lastName: pick(['Rodríguez', 'Pérez', 'Brown']),
    })),
  ];
  const ids = await db
    .insert(users)
    .values(people)
    .returning({ id: users.id, version: users.tokenVersion });
  const businesses = ids.slice(0, BUSINESSES);
  const talents = ids.slice(BUSINESSES);
  const companyOf = new Map<number, number>();
  for (const [i, b] of businesses.entries()) {
    const company = await createCompany(db, {
      name: `Bench company ${i + 1}`,
      ownerId: b.id,
      now: new Date(NOW),
    });
    companyOf.set(b.id, company.id);
  }

  await db
    .insert(skills)
    .values(SKILLS.map((name) => ({ name })))
    .onConflictDoNothing();
  const skillRows = await db
    .select({ id: skills.id, name: skills.name })
    .from(skills)
    .where(
      inArray(
        sql`lower(${skills.name})`,
        SKILLS.map((s) => s.toLowerCase()),
      ),
    );
  const userSkillRows = talents.flatMap((t) =>
    sample(skillRows, int(3, 8)).map((s) => ({ userId: t.id, skillId: s.id })),
  );
  await inBatches(userSkillRows, BATCH, (batch) => db.insert(userSkills).values(batch));
  const roleRows = talents.flatMap((t) =>
    sample(ROLES, int(1, 3)).map((name) => ({ userId: t.id, name })),
  );
  await inBatches(roleRows, BATCH, (batch) => db.insert(userRolesInterest).values(batch));

  const projectRows = Array.from({ length: POSTINGS }, () => {
    const ownerId = pick(businesses).id;
    const createdAt = new Date(NOW - int(0, 365 * 24 * 60) * 60_000);
    const role = rand() < 0.3 ? ` (${pick(ROLES)})` : '';
    return {
      ownerId,
      companyId: companyOf.get(ownerId)!,
      name: `${pick(WORDS)} ${pick(THINGS)}${role}`,
      summary: `${pick(WORDS)} ${pick(THINGS)}`,
      description: sample(THINGS, 4).join('. '),
      skills: sample(SKILLS, int(2, 6)),
      currency: pick(['USD', 'EUR', 'PEN', 'MXN']),
      budget: int(300, 40_000) * 100,
      weeks: int(1, 30),
      modality: pick(['remote', 'onsite', 'hybrid'] as const),
      countryCode: pick(['PE', 'MX', 'AR', 'ES', 'CO']),
      endDate: rand() < 0.85 ? isoDate(NOW + int(1, 180) * DAY) : isoDate(NOW - int(1, 90) * DAY),
      createdAt,
      updatedAt: createdAt,
      projectStatusId: rand() < 0.85 ? 1 : pick([2, 3, 4]),
    };
  });
  const projectIds = await insertProjects(db, projectRows, BATCH);
  // Each reader applied to a few dozen projects: the list leaves those out.
  const applications = talents.flatMap((t) =>
    sample(projectIds, int(10, 40)).map((projectId) => ({
      projectId,
      userId: t.id,
      proposal: 'I can start next week.',
      priceProposal: int(100, 20_000) * 100,
      weeks: int(1, 20),
      accepted: 0,
    })),
  );
  await inBatches(applications, BATCH, (batch) => db.insert(projectApplications).values(batch));
  await db.execute(sql`ANALYZE`);
  return { talents, applications: applications.length };
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tc-bench-for-you-'));
  const errorLines = collectServerErrors();
  const cleanups: (() => Promise<void>)[] = [
    async () => fs.rmSync(work, { recursive: true, force: true }),
  ];
  try {
    console.log(`bench:for-you (${loadAverage()})`);
    let t = performance.now();
    const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(work, 'data') });
    cleanups.push(handle.close);
    console.log(`PGlite in ${work}: opened and migrated in ${ms(t)}`);
    t = performance.now();
    const seeded = await seed(handle.db);
    console.log(
      `seeded ${POSTINGS} projects, ${BUSINESSES} businesses, ${TALENTS} talents with skills and` +
        ` roles, ${seeded.applications} applications, then ANALYZE, in ${ms(t)}`,
    );
    const api = await serveApi(handle.db, work);
    cleanups.push(api.close);
    const readers = seeded.talents.slice(0, READERS);
    const tokens = await Promise.all(
      readers.map((r) =>
        signAccessToken({ userId: r.id, version: r.version }, api.deps.jwtSecret, new Date()),
      ),
    );
    // Each answer is a full page, ranked: the first has the most shared skills and roles.
    const first = await fetch(api.baseUrl + PATH, {
      headers: { authorization: `Bearer ${tokens[0]}` },
    });
    const body = (await first.json()) as { data?: { total?: number; data?: unknown[] } };
    if (first.status !== 200 || !body.data?.data?.length) {
      throw new Error(
        `the first answer was ${first.status}: ${JSON.stringify(body).slice(0, 300)}`,
      );
    }
    console.log(`${PATH}: ${body.data.total} open projects for the first reader`);
    t = performance.now();
    for (let i = 0; i < WARMUP_REQUESTS; i++) {
      const res = await fetch(api.baseUrl + PATH, {
        headers: { authorization: `Bearer ${tokens[i % tokens.length]}` },
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`warm-up request answered ${res.status}`);
    }
    console.log(`warmed up with ${WARMUP_REQUESTS} requests in ${ms(t)}`);

    console.log(`measuring 1 client for ${SECONDS} s (${loadAverage()})…`);
    const r = await autocannon({
      url: api.baseUrl,
      connections: 1,
      duration: SECONDS,
      workers: 1,
      timeout: 30,
      requests: tokens.map((token) => ({
        method: 'GET',
        path: PATH,
        headers: { authorization: `Bearer ${token}` },
      })),
    });
    console.log(LATENCY_HEADER);
    console.log(`${latencyRow(1, r)}\n`);
    let failed = false;
    if (r.non2xx > 0 || r.errors > 0 || r.timeouts > 0) {
      failed = true;
      console.log(`FAIL  ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
    }
    const ok = r.latency.p99 <= BUDGET_P99_MS;
    if (!ok) failed = true;
    console.log(
      `${ok ? 'PASS' : 'FAIL'}  1 client: p99 ${r.latency.p99} ms, budget ≤ ${BUDGET_P99_MS} ms on PGlite`,
    );
    console.log(
      `bench-for-you ${JSON.stringify({ postings: POSTINGS, seconds: SECONDS, p50: r.latency.p50, p99: r.latency.p99, rps: Math.round(r.requests.average) })}`,
    );
    if (errorLines.length > 0) console.log(`server errors logged:\n${errorLines.join('\n')}`);
    process.exitCode = failed ? 1 : 0;
  } catch (err) {
    console.error(`bench:for-you could not run: ${err instanceof Error ? err.message : err}`);
    if (errorLines.length > 0) console.error(`server errors logged:\n${errorLines.join('\n')}`);
    process.exitCode = 2;
  } finally {
    await cleanUpAll(cleanups);
  }
}

void main();
