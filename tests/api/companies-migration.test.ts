import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, companyMembers, jobs, projects } from '@/db/schema';
import { signAccessToken } from '@/server/auth/tokens';
import type { TPage, TPosting } from '../helpers/marketplace';
import { createTestApi } from '../helpers/api';
import { createTestDbBefore } from '../helpers/db';

// The migration companies (db/migrations/*_companies.sql) on a database the previous release
// left: every business, and anyone who had posted, gets a company of their own named after the
// workplace they run (enable_business) or else after themselves, with an address made of that
// name (a name taken already gets `-<company id>`), is its owner, and their postings move to it;
// postings then always have a company (docs/product.md "Companies and teams").

const MIGRATION = 'companies';

const bea = 100; // a business running "Acme Ltd"
const carl = 101; // another business running an "Acme Ltd"
const dora = 102; // a talent who turned business: posted, runs no workplace
const eva = 103; // a talent who never posted
const fede = 104; // a business without a workplace and without postings
const ids = { beaProject: 201, beaJob: 301, carlProject: 202, doraProject: 203, doraJob: 302 };

let api: Awaited<ReturnType<typeof createTestApi>>;

beforeAll(async () => {
  const before = await createTestDbBefore(MIGRATION);
  await before.run(`
    INSERT INTO users (id, email, is_talent, name, last_name) VALUES
      (${bea}, 'bea@example.com', false, 'Bea', 'Ruiz'),
      (${carl}, 'carl@example.com', false, 'Carl', 'Soto'),
      (${dora}, 'dora@example.com', true, 'Dora', 'Díaz'),
      (${eva}, 'eva@example.com', true, 'Eva', 'Luna'),
      (${fede}, 'fede@example.com', false, 'Fede', 'Gómez');
    INSERT INTO user_workplaces (user_id, workplace_name, position, start_date, work_here,
                                 enable_business) VALUES
      (${bea}, 'Old Corp', 'Intern', '2010-01-01', false, false),
      (${bea}, '  Acme Ltd ', 'CEO', '2020-01-01', true, true),
      (${carl}, 'Acme Ltd', 'Founder', '2021-01-01', true, true),
      (${dora}, 'Studio Dora', 'Designer', '2019-01-01', true, false);
    INSERT INTO projects (id, owner_id, name, summary, description, budget, currency, weeks,
                          modality, project_status_id) VALUES
      (${ids.beaProject}, ${bea}, 'Portal', 'A portal', 'A portal.', 1000, 'USD', 2, 'remote', 1),
      (${ids.carlProject}, ${carl}, 'Shop', 'A shop', 'A shop.', 1000, 'USD', 2, 'remote', 3),
      (${ids.doraProject}, ${dora}, 'Logo', 'A logo', 'A logo.', 1000, 'USD', 2, 'remote', 1);
    INSERT INTO jobs (id, owner_id, name, summary, description, contract_type, currency,
                      modality, job_status_id) VALUES
      (${ids.beaJob}, ${bea}, 'Backend', 'Node.js', 'Node.js.', 'full_time', 'USD', 'remote', 1),
      (${ids.doraJob}, ${dora}, 'Frontend', 'React', 'React.', 'full_time', 'USD', 'remote', 4);
  `);
  api = await createTestApi({}, { db: await before.migrate() });
});
afterAll(async () => api.close());

const companyOf = async (userId: number) => {
  const rows = await api.db
    .select({
      id: companies.id,
      slug: companies.slug,
      name: companies.name,
      role: companyMembers.role,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, userId));
  return rows;
};

describe(`migration ${MIGRATION}`, () => {
  it('gives each business, and each talent who posted, a company of their own, as its owner', async () => {
    const [beas] = await companyOf(bea);
    expect(beas).toMatchObject({ slug: 'acme-ltd', name: 'Acme Ltd', role: 'owner' });
    // The same name again: the address takes the company's id.
    const [carls] = await companyOf(carl);
    expect(carls).toMatchObject({ slug: `acme-ltd-${carls!.id}`, name: 'Acme Ltd', role: 'owner' });
    // No business workplace: named after the person (their other workplace is not a business).
    const [doras] = await companyOf(dora);
    expect(doras).toMatchObject({ slug: 'dora-diaz', name: 'Dora Díaz', role: 'owner' });
    const [fedes] = await companyOf(fede);
    expect(fedes).toMatchObject({ slug: 'fede-gomez', name: 'Fede Gómez', role: 'owner' });
    // A talent who never posted has none.
    expect(await companyOf(eva)).toEqual([]);
    for (const user of [bea, carl, dora, fede]) expect(await companyOf(user)).toHaveLength(1);
    const all = await api.db.select({ slug: companies.slug }).from(companies);
    expect(all).toHaveLength(4);
  });

  it('moves every posting to its author’s company, and company_id is NOT NULL', async () => {
    const companyId = async (userId: number) => (await companyOf(userId))[0]!.id;
    const p = await api.db
      .select({ id: projects.id, companyId: projects.companyId, ownerId: projects.ownerId })
      .from(projects)
      .orderBy(asc(projects.id));
    expect(p).toEqual([
      { id: ids.beaProject, companyId: await companyId(bea), ownerId: bea },
      { id: ids.carlProject, companyId: await companyId(carl), ownerId: carl },
      { id: ids.doraProject, companyId: await companyId(dora), ownerId: dora },
    ]);
    const j = await api.db
      .select({ id: jobs.id, companyId: jobs.companyId })
      .from(jobs)
      .orderBy(asc(jobs.id));
    expect(j).toEqual([
      { id: ids.beaJob, companyId: await companyId(bea) },
      { id: ids.doraJob, companyId: await companyId(dora) },
    ]);
    // PGlite and node-postgres both answer { rows }.
    const { rows } = (await api.db.execute(sql`
      select table_name, is_nullable from information_schema.columns
      where column_name = 'company_id' and table_name in ('projects', 'jobs')
      order by table_name`)) as unknown as { rows: { table_name: string; is_nullable: string }[] };
    expect(rows).toEqual([
      { table_name: 'jobs', is_nullable: 'NO' },
      { table_name: 'projects', is_nullable: 'NO' },
    ]);
  });

  it('the migrated postings read as the company’s, for the owner, and on the posting', async () => {
    const token = await signAccessToken(
      { userId: bea, version: 0 },
      api.deps.jwtSecret,
      api.clock.now,
    );
    const mine = await api.call('GET', '/me/postings', { token });
    expect(mine.status, JSON.stringify(mine.json)).toBe(200);
    expect((mine.json.data as TPage<TPosting>).data.map((x) => x.id)).toEqual([ids.beaProject]);
    const p = await api.call('GET', `/projects/${ids.beaProject}`);
    expect(p.json.data).toMatchObject({
      company: { slug: 'acme-ltd', name: 'Acme Ltd' },
      owner: { id: bea, company: 'Acme Ltd' },
    });
  });

  it('a posting written without a company (an older instance) goes to its author’s company', async () => {
    const [row] = await api.db
      .insert(projects)
      .values({
        ownerId: fede,
        name: 'Written the old way',
        summary: 'A summary',
        description: 'A description.',
        budget: 1000,
        currency: 'USD',
        weeks: 2,
        modality: 'remote',
        // Drizzle sends no company_id when the value is undefined, as the previous release did.
        companyId: undefined as unknown as number,
      })
      .returning({ companyId: projects.companyId });
    expect(row!.companyId).toBe((await companyOf(fede))[0]!.id);
  });
});
