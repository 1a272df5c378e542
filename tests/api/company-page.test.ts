import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companies, companyAudit, companyMembers, jobs, projects } from '@/db/schema';
import { KINDS } from '@/lib/kinds';
import { createTestApi, socketFrom, type TJson } from '../helpers/api';
import { errorsOf, expectRefusal, pipelineFixtures } from '../helpers/marketplace';
import { createBusiness, createTalent, type TTestUser } from '../helpers/users';

// The company's public page and its editing (docs/api.md "Companies and teams").

let api: Awaited<ReturnType<typeof createTestApi>>;
let owner: TTestUser;
let admin: TTestUser;
let recruiter: TTestUser;
let outsider: TTestUser; // the owner of another company
let talent: TTestUser;
let companyId: number;
let slug: string;
let fx: ReturnType<typeof pipelineFixtures>;

beforeAll(async () => {
  api = await createTestApi();
  fx = pipelineFixtures(api.call, () => api.clock.now);
  owner = await createBusiness(api, { name: 'Andes Page' });
  companyId = owner.companyId!;
  admin = await createBusiness(api, { name: 'Admin', company: false });
  recruiter = await createBusiness(api, { name: 'Recruiter', company: false });
  await api.db.insert(companyMembers).values([
    { companyId, userId: admin.id, role: 'admin' },
    { companyId, userId: recruiter.id, role: 'recruiter' },
  ]);
  outsider = await createBusiness(api, { name: 'Outsider' });
  talent = await createTalent(api, { name: 'Talent' });
  const [row] = await api.db.select().from(companies).where(eq(companies.id, companyId));
  slug = row!.slug;
});
afterAll(async () => api.close());
beforeEach(async () => api.resetRateLimits());

const patch = (id: number | string, body: unknown, token?: string) =>
  api.call('PATCH', `/companies/${id}`, { body, token });

// A PNG header, as tests/api/uploads.test.ts builds one.
const ascii = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));
const u32be = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const png = () =>
  new Uint8Array([
    ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    ...u32be(13),
    ...ascii('IHDR'),
    ...u32be(64),
    ...u32be(64),
    ...[8, 6, 0, 0, 0],
    ...u32be(0),
  ]);
let ip = 0;
async function uploadImage(token: string) {
  const form = new FormData();
  form.append('image', new Blob([png() as BlobPart]), 'logo.png');
  const res = await api.app.request(
    '/api/image',
    { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}` } },
    socketFrom(`203.0.113.${++ip}`),
  );
  const json = (await res.json()) as TJson;
  expect(res.status, JSON.stringify(json)).toBe(201);
  return (json.data as { url: string }).url;
}

describe('GET /companies/{slug}', () => {
  it('shows the company with its open postings only, newest first, to anyone', async () => {
    const older = await fx.postProject(owner.token, { name: 'Older open project' });
    api.clock.now = new Date(api.clock.now.getTime() + 1000);
    const newer = await fx.postJob(owner.token, { name: 'Newer open job' });
    const cancelled = await fx.postProject(owner.token, { name: 'Cancelled project' });
    await api.db
      .update(projects)
      .set({ projectStatusId: KINDS.project.statuses.cancelled })
      .where(eq(projects.id, cancelled.id));
    const inSelection = await fx.postJob(owner.token, { name: 'Job in selection' });
    await api.db
      .update(jobs)
      .set({ jobStatusId: KINDS.job.statuses.inSelection! })
      .where(eq(jobs.id, inSelection.id));
    await fx.postProject(outsider.token, { name: 'Another company project' });

    const r = await api.call('GET', `/companies/${slug}`);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const data = r.json.data as Record<string, unknown> & {
      open_postings: { kind: string; id: number; name: string }[];
    };
    expect(data).toMatchObject({
      id: companyId,
      slug,
      name: 'Andes Page Co',
      logo_url: null,
      about: null,
      website: null,
      country_code: null,
      rating: { average: null, count: 0 },
    });
    expect(data.open_postings.map((p) => [p.kind, p.id])).toEqual([
      ['job', newer.id],
      ['project', older.id],
    ]);
    expect(data.open_postings[0]).toEqual({
      kind: 'job',
      id: newer.id,
      name: 'Newer open job',
      summary: expect.any(String),
      modality: 'remote',
      country_code: 'AR',
      end_date: expect.any(String),
      created_at: expect.any(String),
    });
  });

  it('answers 404 for an unknown slug, a numeric id or a malformed one', async () => {
    for (const path of ['no-such-company', String(companyId), 'Bad%20Slug', 'x'.repeat(200)]) {
      expectRefusal(await api.call('GET', `/companies/${path}`), 404, 'not_found');
    }
  });
});

describe('PATCH /companies/{id}', () => {
  it('lets the owner change every field, keeps the slug and writes company.updated', async () => {
    const logo = await uploadImage(owner.token);
    const r = await patch(
      companyId,
      {
        name: 'Andes Renamed',
        logo_url: logo,
        about: 'We build things.',
        website: 'https://andes.example',
        country_code: 'pe',
        slug: 'stolen',
        id: 999,
      },
      owner.token,
    );
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toEqual({
      id: companyId,
      slug,
      name: 'Andes Renamed',
      logo_url: logo,
      about: 'We build things.',
      website: 'https://andes.example',
      country_code: 'PE',
      rating: { average: null, count: 0 },
    });
    expect(r.json.message_es).toEqual(expect.any(String));
    const [entry] = await api.db
      .select()
      .from(companyAudit)
      .where(and(eq(companyAudit.companyId, companyId), eq(companyAudit.action, 'company.updated')))
      .orderBy(desc(companyAudit.id));
    expect(entry).toMatchObject({
      actorId: owner.id,
      target: {
        type: 'company',
        id: companyId,
        label: 'Andes Renamed',
        fields: ['name', 'logo_url', 'about', 'website', 'country_code'],
      },
    });
    // The old links keep working: the page is still at its slug.
    const page = await api.call('GET', `/companies/${slug}`);
    expect(page.json.data).toMatchObject({ name: 'Andes Renamed', about: 'We build things.' });
  });

  it('lets an admin change the about text; the fields not sent stay', async () => {
    const r = await patch(companyId, { about: 'Admin wrote this.' }, admin.token);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({ about: 'Admin wrote this.', name: 'Andes Renamed' });
  });

  it('refuses a recruiter (403) and a talent (403), with both languages', async () => {
    expectRefusal(await patch(companyId, { about: 'x' }, recruiter.token), 403, 'forbidden');
    expectRefusal(await patch(companyId, { about: 'x' }, talent.token), 403, 'forbidden');
  });

  it("answers another company's member as if the company did not exist (404)", async () => {
    expectRefusal(await patch(companyId, { about: 'x' }, outsider.token), 404, 'not_found');
  });

  it('asks anonymous callers to sign in (401)', async () => {
    expectRefusal(await patch(companyId, { about: 'x' }), 401, 'unauthorized');
  });

  it('answers 404 for an id out of range or not a number', async () => {
    for (const id of ['2147483648', '99999999999', 'abc', '0']) {
      expectRefusal(await patch(id, { about: 'x' }, owner.token), 404, 'not_found');
    }
  });

  it('refuses a too long name or about, a bad website and an unknown country by field', async () => {
    const r = await patch(
      companyId,
      {
        name: 'n'.repeat(151),
        about: 'a'.repeat(2001),
        website: 'javascript:alert(1)',
        country_code: 'ZZ',
      },
      owner.token,
    );
    expectRefusal(r, 400, 'invalid_input');
    expect(errorsOf(r.json).map((e) => [e.path, e.code])).toEqual(
      expect.arrayContaining([
        ['name', 'too_long'],
        ['about', 'too_long'],
        ['website', 'url'],
      ]),
    );
    const country = await patch(companyId, { country_code: 'ZZ' }, owner.token);
    expectRefusal(country, 400, 'invalid_input');
    expect(errorsOf(country.json).map((e) => [e.path, e.code])).toEqual([
      ['country_code', 'country'],
    ]);
    const empty = await patch(companyId, { name: '  ' }, owner.token);
    expect(errorsOf(empty.json).map((e) => [e.path, e.code])).toEqual([['name', 'required']]);
  });

  it("refuses a logo that is not an upload, or another user's upload", async () => {
    const foreign = await uploadImage(outsider.token);
    for (const logo_url of ['https://evil.example/logo.png', foreign]) {
      const r = await patch(companyId, { logo_url }, owner.token);
      expectRefusal(r, 400, 'invalid_input');
      expect(errorsOf(r.json).map((e) => [e.path, e.code])).toEqual([['logo_url', 'upload_first']]);
    }
  });

  it('drops unknown fields: a body of only those changes nothing and writes no entry', async () => {
    const before = await api.db.select().from(companyAudit);
    const r = await patch(companyId, { slug: 'other', owner_id: 1 }, owner.token);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({ slug, name: 'Andes Renamed' });
    expect(await api.db.select().from(companyAudit)).toHaveLength(before.length);
  });
});

describe('GET /me/company', () => {
  it("answers the chosen company's record and the caller's role", async () => {
    const r = await api.call('GET', '/me/company', { token: recruiter.token });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({
      company: { id: companyId, slug, name: 'Andes Renamed' },
      role: 'recruiter',
    });
    // A company the caller is not a member of is ignored: their own again.
    const mine = await api.call('GET', `/me/company?company_id=${companyId}`, {
      token: outsider.token,
    });
    expect(mine.json.data).toMatchObject({
      company: { id: outsider.companyId },
      role: 'owner',
    });
  });

  it('refuses a talent (403) and anonymous callers (401)', async () => {
    expectRefusal(await api.call('GET', '/me/company', { token: talent.token }), 403, 'forbidden');
    expectRefusal(await api.call('GET', '/me/company'), 401, 'unauthorized');
  });
});
