import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_STATUS, JOB_STATUS, PROJECT_STATUS } from '@/lib/statuses';
import { createTestApi } from '../helpers/api';
import { statementsOf } from '../helpers/statements';
import { createUser, type TTestUser, createBusiness } from '../helpers/users';
import { pipelineFixtures } from '../helpers/marketplace';

// A profile read is served from the process's cache while the user's profile_version is the one
// it was read at; triggers raise the version with every change to what the profile shows
// (docs/architecture.md "Reads and writes"). Each change below is made in SQL, behind the
// services' back, as another instance or a forgotten code path would: every view read before it
// (cached) must show it after.

let api: Awaited<ReturnType<typeof createTestApi>>;
let ana: TTestUser;
let biz: TTestUser;
let projectId: number;
let jobId: number;
let apply: ReturnType<typeof pipelineFixtures>['apply'];

const exec = (query: ReturnType<typeof sql>) => api.db.execute(query);

beforeAll(async () => {
  api = await createTestApi();
  ana = await createUser(api.db, api.deps);
  biz = await createBusiness(api);
  const fixtures = pipelineFixtures(api.call, () => api.clock.now);
  projectId = (await fixtures.postProject(biz.token, { name: 'Logo design' })).id;
  jobId = (await fixtures.postJob(biz.token)).id;
  apply = fixtures.apply;
});
afterAll(async () => api.close());

type TProfile = Record<string, unknown>;

/** Ana's profile as the public, the business and Ana herself see it. */
async function views() {
  const read = async (token?: string) => {
    const r = await api.call('GET', `/users/id/${ana.id}`, { token });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return r.json.data as TProfile;
  };
  return { anonymous: await read(), business: await read(biz.token), own: await read(ana.token) };
}

/** Reads every view (filling the cache), makes `change`, and answers the views read after it. */
async function afterChange(change: () => Promise<unknown>) {
  await views();
  await change();
  return views();
}

describe('the profile cache', () => {
  it('answers a repeated read with one primary-key lookup, and none for one’s own', async () => {
    await views();
    const anonymous = await statementsOf(api.db, () => api.call('GET', `/users/id/${ana.id}`, {}));
    expect(anonymous).toHaveLength(1);
    expect(anonymous[0]).toMatch(/^select "profile_version" from "users"/);
    // The token's lookup reads the version: nothing more.
    const own = await statementsOf(api.db, () =>
      api.call('GET', `/users/id/${ana.id}`, { token: ana.token }),
    );
    expect(own).toHaveLength(1);
  });

  it('serves concurrent reads of a cached profile from the cache', async () => {
    await views();
    const statements = await statementsOf(api.db, () =>
      Promise.all(Array.from({ length: 10 }, () => api.call('GET', `/users/id/${ana.id}`, {}))),
    );
    expect(statements).toHaveLength(10);
    for (const s of statements) expect(s).toMatch(/^select "profile_version" from "users"/);
  });

  it('shows a change of the user row', async () => {
    const v = await afterChange(() =>
      exec(sql`update users set headline = 'Cached no more' where id = ${ana.id}`),
    );
    for (const view of Object.values(v)) expect(view.headline).toBe('Cached no more');
  });

  it('shows each list’s additions, edits and removals', async () => {
    let v = await afterChange(() =>
      exec(sql`insert into user_workplaces (user_id, workplace_name, position, start_date, work_here)
               values (${ana.id}, 'Acme', 'Dev', '2020-01-01', true)`),
    );
    for (const view of Object.values(v)) {
      expect(view.workplaces).toMatchObject([{ workplace_name: 'Acme', position: 'Dev' }]);
    }
    v = await afterChange(() =>
      exec(sql`update user_workplaces set position = 'Lead' where user_id = ${ana.id}`),
    );
    expect(v.anonymous.workplaces).toMatchObject([{ position: 'Lead' }]);
    v = await afterChange(() => exec(sql`delete from user_workplaces where user_id = ${ana.id}`));
    for (const view of Object.values(v)) expect(view.workplaces).toEqual([]);

    v = await afterChange(() =>
      exec(sql`insert into user_study_centres (user_id, name, course_name, start_date, studying_here)
               values (${ana.id}, 'Uni', 'CS', '2015-01-01', false)`),
    );
    expect(v.business.study_centres).toMatchObject([{ name: 'Uni' }]);

    await api.call('POST', '/user_skills', { token: ana.token, body: { name: 'Go' } });
    v = await afterChange(() => exec(sql`delete from user_skills where user_id = ${ana.id}`));
    expect(v.own.skills).toEqual([]);

    v = await afterChange(() =>
      exec(sql`insert into user_roles_interest (user_id, name) values (${ana.id}, 'Backend')`),
    );
    expect(v.anonymous.roles_interest).toEqual([{ name: 'Backend' }]);

    v = await afterChange(() =>
      exec(sql`insert into user_languages (user_id, language_id) values (${ana.id}, 1)`),
    );
    expect(v.anonymous.languages).toMatchObject([{ id: 1 }]);
  });

  it('shows a new notification and its click to the user', async () => {
    let v = await afterChange(() =>
      exec(sql`insert into notifications (user_id, type, message, message_es, link)
               values (${ana.id}, 'general', 'Hello', 'Hola', '/notifications')`),
    );
    expect(v.own.notifications).toMatchObject([{ message: 'Hello', been_clicked: false }]);
    v = await afterChange(() =>
      exec(sql`update notifications set been_clicked = true where user_id = ${ana.id}`),
    );
    expect(v.own.notifications).toMatchObject([{ message: 'Hello', been_clicked: true }]);
  });

  it('shows applications, and their postings’ names and statuses', async () => {
    await apply('project', ana.token, projectId);
    let v = await views();
    expect(v.own.projects).toMatchObject([{ id: projectId, name: 'Logo design' }]);
    // The business she applied to now sees her contact.
    expect(v.business.email).toBe(ana.email);

    v = await afterChange(() =>
      exec(sql`update projects set name = 'Logo, renamed' where id = ${projectId}`),
    );
    expect(v.own.projects).toMatchObject([{ name: 'Logo, renamed' }]);
    // Hired on finished work: others see it now.
    expect(v.anonymous.projects).toEqual([]);
    v = await afterChange(async () => {
      await exec(sql`update project_applications set accepted = ${APPLICATION_STATUS.hired}
                     where project_id = ${projectId}`);
      await exec(sql`update projects set project_status_id = ${PROJECT_STATUS.finished}
                     where id = ${projectId}`);
    });
    expect(v.anonymous.projects).toMatchObject([{ id: projectId, name: 'Logo, renamed' }]);

    await apply('job', ana.token, jobId);
    v = await afterChange(() =>
      exec(sql`update jobs set job_status_id = ${JOB_STATUS.finished} where id = ${jobId}`),
    );
    expect(v.own.jobs).toMatchObject([{ id: jobId, job_status_id: JOB_STATUS.finished }]);
    v = await afterChange(() => exec(sql`delete from job_applications where job_id = ${jobId}`));
    expect(v.own.jobs).toEqual([]);
  });

  it('shows the CV gone with its upload', async () => {
    const key = 'c0ffee00c0ffee00c0ffee00c0ffee00.pdf';
    await exec(sql`insert into uploads (owner_id, kind, storage_key, original_name, mime, size)
                   values (${ana.id}, 'file', ${key}, 'cv.pdf', 'application/pdf', 10)`);
    const saved = await api.call('PATCH', '/users/info', {
      token: ana.token,
      body: { cv_url: `/api/uploads/${key}` },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    let v = await views();
    expect(v.anonymous.cv_file).toMatchObject({ name: 'cv.pdf' });
    v = await afterChange(() => exec(sql`delete from uploads where storage_key = ${key}`));
    expect(v.anonymous.cv_file).toBeNull();
  });

  it('forgets a deleted user', async () => {
    const gone = await createUser(api.db, api.deps);
    expect((await api.call('GET', `/users/id/${gone.id}`, {})).status).toBe(200);
    await exec(sql`delete from users where id = ${gone.id}`);
    expect((await api.call('GET', `/users/id/${gone.id}`, {})).status).toBe(404);
  });
});
