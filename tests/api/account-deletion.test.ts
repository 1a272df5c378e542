import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companies, postingInvites, users } from '@/db/schema';
import { rowsOf } from '@/server/lib/sql';
import { KEPT_REFERENCES } from '@/server/services/account/deletion';
import { createTestApi, socketFrom, type TJson } from '../helpers/api';
import { startJwksPeer } from '../helpers/jwks';
import { pipelineFixtures, type TBoardApplication } from '../helpers/marketplace';
import { createTeam, joinAs } from '../helpers/companies';
import { createBusiness, createTalent, type TTestUser } from '../helpers/users';

// docs/product.md "Deleting one's account": the person's data goes, with their files; what others
// rely on stays, as "Former user"; no row anywhere still names them but the kept ones.

let api: Awaited<ReturnType<typeof createTestApi>>;
let fx: ReturnType<typeof pipelineFixtures>;
let google: Awaited<ReturnType<typeof startJwksPeer>>;
beforeAll(async () => {
  google = await startJwksPeer();
  api = await createTestApi({ google: { clientId: google.clientId, jwksUrl: google.jwksUrl } });
  fx = pipelineFixtures(api.call, api.deps.now);
});
afterAll(async () => {
  await api.close();
  await google.close();
});
beforeEach(async () => {
  await api.resetRateLimits();
});

let seq = 0;
const fromIp = () => `10.29.5.${++seq}`;
const del = (token: string | undefined, body: unknown) =>
  api.call('DELETE', '/me', { token, body, ip: fromIp() });

const png = () =>
  new Uint8Array([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 4,
    0, 0, 0, 4, 8, 6, 0, 0, 0, 0, 0, 0, 0,
  ]);
const pdf = () => new TextEncoder().encode('%PDF-1.4\n% a CV\n%%EOF\n');

/** Uploads bytes as the browser does; answers the upload's answer. */
async function upload(route: '/image' | '/file', bytes: Uint8Array, token: string) {
  const form = new FormData();
  form.append(route === '/image' ? 'image' : 'file', new Blob([bytes as BlobPart]), 'mine.bin');
  const res = await api.app.request(
    `/api${route}`,
    { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}` } },
    socketFrom(fromIp()),
  );
  expect(res.status).toBe(201);
  return ((await res.json()) as TJson).data as { id: number; url: string };
}

const filesInStorage = () => fs.readdirSync(api.uploadsDir).sort();

/** Every row, in every table with a foreign key to users, that names `userId`: `table.column`. */
async function referencesTo(userId: number) {
  const fks = await rowsOf<{ tbl: string; col: string }>(
    api.db,
    sql`select c.conrelid::regclass::text as tbl, a.attname as col
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.confrelid = 'users'::regclass`,
  );
  expect(fks.length).toBeGreaterThan(20);
  const found: string[] = [];
  for (const { tbl, col } of fks) {
    const [row] = await rowsOf<{ n: number }>(
      api.db,
      sql`select count(*)::int as n from ${sql.identifier(tbl.replace(/^public\./, ''))}
        where ${sql.identifier(col)} = ${userId}`,
    );
    if (row!.n > 0) found.push(`${tbl.replace(/^public\./, '')}.${col}`);
  }
  return found.sort();
}

/** A talent with everything a profile can hold, who applied to a business's project and job. */
async function aFullTalent() {
  const business = await createBusiness(api);
  const ana = await createTalent(api);
  const project = await fx.postProject(business.token);
  const job = await fx.postJob(business.token);
  const avatar = await upload('/image', png(), ana.token);
  const cv = await upload('/file', pdf(), ana.token);
  const info = await api.call('PATCH', '/users/info', {
    token: ana.token,
    body: { avatar_url: avatar.url, headline: 'Designer', about: 'Lima', phone: '+51 999' },
  });
  expect(info.status, JSON.stringify(info.json)).toBe(200);
  const projectApp = await fx.applyProject(ana.token, project.id);
  const jobApp = await fx.applyJob(ana.token, job.id, { file_id: cv.id });
  await api.call('POST', '/saved_searches', {
    token: ana.token,
    body: { name: 'Remote design', kind: 'project' },
  });
  const pat = await api.call('POST', '/me/tokens', {
    token: ana.token,
    body: { name: 'Script', scopes: ['applications:read'], expires_in_days: 30 },
  });
  expect(pat.status, JSON.stringify(pat.json)).toBe(201);
  await api.call('PUT', `/me/favorites/project/${project.id}`, { token: ana.token });
  await api.call('PUT', `/me/favorites/talent/${ana.id}`, { token: business.token });
  await api.db.insert(postingInvites).values({
    kind: 'job',
    postingId: job.id,
    companyId: business.companyId!,
    talentId: ana.id,
    inviterId: business.id,
  });
  const conv = await api.call('POST', '/conversations', {
    token: ana.token,
    body: { kind: 'project', application_id: projectApp.id },
  });
  const convId = (conv.json.data as { id: number }).id;
  const msg = await api.call('POST', `/conversations/${convId}/messages`, {
    token: ana.token,
    body: { body: 'Hello from Ana' },
  });
  expect(msg.status, JSON.stringify(msg.json)).toBe(201);
  return { business, ana, project, job, projectApp, jobApp, convId, files: [avatar, cv] };
}

describe('DELETE /api/me', () => {
  it('erases the person, keeps what others rely on, and leaves no row or file behind', async () => {
    const scene = await aFullTalent();
    const { ana, business } = scene;
    const keys = scene.files.map((f) => f.url.replace('/api/uploads/', ''));
    expect(filesInStorage()).toEqual(expect.arrayContaining(keys));

    const r = await del(ana.token, { current_password: ana.password });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json).toMatchObject({ status: true, data: { deleted: true } });

    // The row is a tombstone.
    const [row] = await api.db.select().from(users).where(eq(users.id, ana.id));
    expect(row).toMatchObject({
      name: 'Former user',
      lastName: '',
      email: `deleted-${ana.id}@invalid`,
      passwordHash: null,
      googleSub: null,
      phone: null,
      headline: null,
      about: null,
      avatarUrl: null,
      cvUrl: null,
      links: {},
      emailVerifiedAt: null,
    });
    expect(row!.deletedAt).toBeInstanceOf(Date);

    // No file of hers is left, and no row names her but the kept ones.
    for (const key of keys) expect(filesInStorage()).not.toContain(key);
    const left = await referencesTo(ana.id);
    for (const ref of left) expect(KEPT_REFERENCES as readonly string[]).toContain(ref);
    expect(left).toEqual(
      [
        'conversation_messages.author_id',
        'conversations.talent_id',
        'job_applications.user_id',
        'project_applications.user_id',
      ].sort(),
    );
    const [favs] = await rowsOf<{ n: number }>(
      api.db,
      sql`select count(*)::int as n from favorites where kind = 'talent' and target_id = ${ana.id}`,
    );
    expect(favs!.n).toBe(0);
    const [cvRef] = await rowsOf<{ file_id: number | null }>(
      api.db,
      sql`select file_id from job_applications where id = ${scene.jobApp.id}`,
    );
    expect(cvRef!.file_id).toBeNull();

    // Her token is refused; her address signs in like an unknown one, and can register again.
    expect((await api.call('GET', `/users/id/${ana.id}`, { token: ana.token })).status).toBe(401);
    const login = await api.login(ana.email, ana.password, { ip: fromIp() });
    expect(login.status).toBe(401);
    expect(login.json.message).toBe('Email and/or password incorrect');
    const again = await api.call('POST', '/users/register', {
      body: {
        email: ana.email,
        name: 'Ana',
        last_name: 'New',
        password: 'another long password',
        lang: 'en',
        is_talent: true,
      },
      ip: fromIp(),
    });
    expect(again.status).toBe(201);

    // The company's board still holds the application, as a former user without contact.
    for (const kind of ['project', 'job'] as const) {
      const board = await fx.board(kind, business.token, scene[kind].id);
      const app = board.data.find((a: TBoardApplication) => a.id === scene[`${kind}App`].id);
      expect(app, `${kind} board`).toBeDefined();
      expect(JSON.stringify(app)).not.toContain(ana.email);
      expect((app as unknown as { talent: TJson }).talent).toMatchObject({
        id: ana.id,
        name: 'Former user',
        last_name: '',
        avatar_url: null,
      });
    }
    // The conversation and its message stay, from a former user.
    const thread = await api.call('GET', `/conversations/${scene.convId}/messages`, {
      token: business.token,
    });
    expect(thread.status).toBe(200);
    expect(JSON.stringify(thread.json)).toContain('Hello from Ana');
    expect(JSON.stringify(thread.json)).not.toContain(ana.email);

    // Nothing more reaches the former user: a move, a message, and the board's file.
    await fx.move('project', business.token, scene.projectApp.id, 1);
    await api.call('POST', `/conversations/${scene.convId}/messages`, {
      token: business.token,
      body: { body: 'Are you still there?' },
    });
    for (const table of ['notifications', 'mail_outbox']) {
      const [n] = await rowsOf<{ n: number }>(
        api.db,
        sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${ana.id}`,
      );
      expect(n!.n, table).toBe(0);
    }
    const csv = await api.app.request(`/api/projects/${scene.project.id}/applications.csv`, {
      headers: { Authorization: `Bearer ${business.token}` },
    });
    const text = await csv.text();
    expect(text).toContain('Former user');
    expect(text).not.toContain('@invalid');
  });

  it('asks for the current password: none or a wrong one deletes nothing', async () => {
    const ana = await createTalent(api);
    const googleToken = await google.sign(
      { sub: `g-${ana.id}`, email: ana.email },
      { now: api.clock.now },
    );
    // A stolen session token alone deletes nothing; nor does a Google sign-in for an account
    // with a password.
    for (const body of [
      {},
      { current_password: 'not my password' },
      { google_id_token: googleToken },
    ]) {
      const r = await del(ana.token, body);
      expect(r.status).toBe(400);
      expect(r.json.errors).toMatchObject([{ path: 'current_password', code: 'wrong_password' }]);
    }
    expect((await del(undefined, { current_password: ana.password })).status).toBe(401);
    const [row] = await api.db.select().from(users).where(eq(users.id, ana.id));
    expect(row!.deletedAt).toBeNull();
    expect((await api.call('GET', `/users/id/${ana.id}`, { token: ana.token })).status).toBe(200);
  });

  it('a Google-only account proves itself by signing in with its own Google account again', async () => {
    const ana = await createTalent(api);
    const sub = `g-only-${ana.id}`;
    await api.db
      .update(users)
      .set({ passwordHash: null, googleSub: sub })
      .where(eq(users.id, ana.id));
    const someoneElse = await google.sign(
      { sub: 'another', email: ana.email },
      { now: api.clock.now },
    );
    const expired = await google.sign(
      { sub, email: ana.email },
      { now: new Date(api.clock.now.getTime() - 2 * 3600_000) },
    );
    for (const body of [{}, { google_id_token: someoneElse }, { google_id_token: expired }]) {
      const r = await del(ana.token, body);
      expect(r.status).toBe(400);
    }
    const wrong = await del(ana.token, { google_id_token: someoneElse });
    expect(wrong.json.errors).toMatchObject([{ path: 'google_id_token', code: 'google_account' }]);
    const [kept] = await api.db.select().from(users).where(eq(users.id, ana.id));
    expect(kept!.deletedAt).toBeNull();
    const fresh = await google.sign({ sub, email: ana.email }, { now: api.clock.now });
    expect((await del(ana.token, { google_id_token: fresh })).status).toBe(200);
    const [row] = await api.db.select().from(users).where(eq(users.id, ana.id));
    expect(row).toMatchObject({ googleSub: null, name: 'Former user' });
  });

  it('a sole owner’s company passes to its longest-standing admin, who is told; its postings stay open', async () => {
    const t = await createTeam(api, { prefix: 'Heir' });
    const project = await fx.postProject(t.owner.token);
    const r = await del(t.owner.token, { current_password: t.owner.password });
    expect(r.status, JSON.stringify(r.json)).toBe(200);

    const roles = await rowsOf<{ user_id: number; role: string }>(
      api.db,
      sql`select user_id, role from company_members where company_id = ${t.companyId} order by user_id`,
    );
    expect(roles).toEqual([
      { user_id: t.admin.id, role: 'owner' },
      { user_id: t.recruiter.id, role: 'recruiter' },
    ]);
    const [posting] = await rowsOf<{ project_status_id: number }>(
      api.db,
      sql`select project_status_id from projects where id = ${project.id}`,
    );
    expect(posting!.project_status_id).toBe(1);
    const told = (await fx.notificationsOf(t.admin.token)).data.find(
      (n) => n.type === 'company_owner',
    );
    expect(told).toMatchObject({
      message: expect.stringMatching(/^Your role in Heir Owner.* is now Owner/),
      message_es: expect.stringMatching(/^Ahora tu rol en Heir Owner.* es Propietario/),
      link: '/business/team',
    });
    const log = await api.call('GET', `/companies/${t.companyId}/audit`, { token: t.admin.token });
    expect((log.json.data as { data: unknown[] }).data[0]).toMatchObject({
      action: 'member.role_changed',
      target: { id: t.admin.id, from: 'admin', to: 'owner' },
    });
    // An owner indeed: the new owner manages the team.
    const promoted = await api.call(
      'PATCH',
      `/companies/${t.companyId}/members/${t.recruiter.id}`,
      {
        token: t.admin.token,
        body: { role: 'admin' },
      },
    );
    expect(promoted.status, JSON.stringify(promoted.json)).toBe(200);
  });

  it('with no admin, the longest-standing member takes the company; a suspended one never does', async () => {
    const owner = await createBusiness(api, { name: 'Lone Owner' });
    const recruiter = await joinAs(api, owner.companyId!, 'recruiter', 'Kept Recruiter');
    const suspended = await joinAs(api, owner.companyId!, 'admin', 'Suspended Admin');
    await api.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
    expect((await del(owner.token, { current_password: owner.password })).status).toBe(200);
    const roles = await rowsOf<{ user_id: number; role: string }>(
      api.db,
      sql`select user_id, role from company_members where company_id = ${owner.companyId} order by user_id`,
    );
    expect(roles).toEqual([
      { user_id: recruiter.id, role: 'owner' },
      { user_id: suspended.id, role: 'admin' },
    ]);

    // Nobody but a suspended member: nobody takes it, and its postings close.
    const alone = await createBusiness(api, { name: 'Alone Owner' });
    const away = await joinAs(api, alone.companyId!, 'admin', 'Away Admin');
    await api.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, away.id));
    const project = await fx.postProject(alone.token);
    expect((await del(alone.token, { current_password: alone.password })).status).toBe(200);
    const [left] = await rowsOf<{ role: string }>(
      api.db,
      sql`select role from company_members where company_id = ${alone.companyId}`,
    );
    expect(left).toEqual({ role: 'admin' });
    const [posting] = await rowsOf<{ project_status_id: number }>(
      api.db,
      sql`select project_status_id from projects where id = ${project.id}`,
    );
    expect(posting!.project_status_id).toBe(4);
  });

  it('a sole owner’s open postings close and their applicants are told; the company stays', async () => {
    const owner = await createBusiness(api);
    const talent: TTestUser = await createTalent(api);
    const project = await fx.postProject(owner.token);
    const application = await fx.applyProject(talent.token, project.id);
    const r = await del(owner.token, { current_password: owner.password });
    expect(r.status, JSON.stringify(r.json)).toBe(200);

    const [company] = await api.db
      .select()
      .from(companies)
      .where(eq(companies.id, owner.companyId!));
    expect(company).toBeDefined();
    const [posting] = await rowsOf<{ project_status_id: number }>(
      api.db,
      sql`select project_status_id from projects where id = ${project.id}`,
    );
    expect(posting!.project_status_id).toBe(4);
    const [app] = await rowsOf<{ accepted: number }>(
      api.db,
      sql`select accepted from project_applications where id = ${application.id}`,
    );
    expect(app!.accepted).toBe(3);
    const told = await fx.notificationsOf(talent.token);
    expect(told.data.map((n) => n.type)).toContain('posting_closed');
    const left = await referencesTo(owner.id);
    for (const ref of left) expect(KEPT_REFERENCES as readonly string[]).toContain(ref);
  });
});
