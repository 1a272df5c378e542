import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, companyMembers } from '@/db/schema';
import { createTestApi } from '../helpers/api';
import { createTalent } from '../helpers/users';

// Every business comes with a company (docs/product.md "Companies and teams"): registering one
// creates it with the registrant as owner, named after the workplace; a talent who saves a
// workplace enabled for business gets one too, once. Slugs stay unique when two companies of one
// name are made at the same moment.

let api: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => api.close());

let seq = 0;
const fromIp = () => `10.7.0.${++seq}`;

const business = (workplace: string) => ({
  email: `owner-${++seq}@example.com`,
  name: 'Lucía',
  last_name: 'Martín',
  password: 'correct horse battery',
  lang: 'es',
  is_talent: false,
  workplace_name: workplace,
  position: 'CEO',
  start_date: '2020-01-15',
  work_here: true,
});

const companiesOf = (userId: number) =>
  api.db
    .select({ slug: companies.slug, name: companies.name, role: companyMembers.role })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, userId));

describe('a company for every business', () => {
  it('registering a business creates its company, named after the workplace, with the registrant as owner', async () => {
    const { status, json } = await api.call('POST', '/users/register', {
      body: business('Café Ñandú S.A.'),
      ip: fromIp(),
    });
    expect(status).toBe(201);
    const id = (json.data as { id: number }).id;
    expect(await companiesOf(id)).toEqual([
      { slug: 'cafe-nandu-s-a', name: 'Café Ñandú S.A.', role: 'owner' },
    ]);
  });

  it('two businesses of one name registering at the same moment get two companies with distinct slugs', async () => {
    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        api.call('POST', '/users/register', { body: business('Twin Works'), ip: fromIp() }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    const slugs = await Promise.all(
      answers.map(async (a) => (await companiesOf((a.json.data as { id: number }).id))[0]!.slug),
    );
    expect(new Set(slugs).size).toBe(3);
    expect(slugs).toContain('twin-works');
    for (const slug of slugs) expect(slug).toMatch(/^twin-works(-\d+)?$/);
  });

  it('a talent who saves a workplace enabled for business gets a company, once', async () => {
    const talent = await createTalent(api);
    const save = (name: string) =>
      api.call('POST', '/user_workplaces', {
        token: talent.token,
        body: {
          workplace_name: name,
          position: 'Founder',
          start_date: '2021-03-01',
          work_here: true,
          enable_business: true,
        },
      });
    expect((await save('Río Claro Studio')).status).toBe(201);
    expect(await companiesOf(talent.id)).toEqual([
      { slug: 'rio-claro-studio', name: 'Río Claro Studio', role: 'owner' },
    ]);
    expect((await save('Second Venture')).status).toBe(201);
    expect(await companiesOf(talent.id)).toHaveLength(1);
  });
});
