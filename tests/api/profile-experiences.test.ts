import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWorkplaces, users } from '@/db/schema';
import { createTestApi } from '../helpers/api';
import { createUser, type TTestUser, createTalent } from '../helpers/users';

let api: Awaited<ReturnType<typeof createTestApi>>;
let ana: TTestUser;
let bob: TTestUser;

beforeAll(async () => {
  api = await createTestApi();
  ana = await createUser(api.db, api.deps);
  bob = await createUser(api.db, api.deps);
});
afterAll(async () => api.close());

const experience = (over: Record<string, unknown> = {}) => ({
  workplace_name: 'Andes Labs',
  position: 'Developer',
  start_date: '2020-03-01',
  end_date: '2022-06-30',
  description: 'Built the API.',
  work_here: false,
  enable_business: false,
  ...over,
});

type TWorkplace = { id: number; verify_status_id: number; end_date: string | null } & Record<
  string,
  unknown
>;

async function add(token: string, over: Record<string, unknown> = {}) {
  const r = await api.call('POST', '/user_workplaces', { token, body: experience(over) });
  expect(r.status).toBe(201);
  return r.json.data as TWorkplace;
}

const rowOf = async (id: number) =>
  (await api.db.select().from(userWorkplaces).where(eq(userWorkplaces.id, id)))[0];

describe('POST /api/user_workplaces', () => {
  it('adds an experience to the caller and answers it with status true', async () => {
    const { status, json } = await api.call('POST', '/user_workplaces', {
      token: ana.token,
      body: experience(),
    });
    expect(status).toBe(201);
    expect(json).toMatchObject({
      status: true,
      message: 'Successfully updated.',
      message_es: 'Experiencias actualizadas correctamente',
      data: { ...experience(), id: expect.any(Number), verify_status_id: 1 },
    });
    const row = await rowOf((json.data as TWorkplace).id);
    expect(row?.userId).toBe(ana.id);
  });

  it('ignores unknown fields, user_id and verify_status_id sent by the client', async () => {
    const w = await add(ana.token, {
      user_id: bob.id,
      verify_status_id: 3,
      id: 999,
      is_admin: true,
    });
    const row = await rowOf(w.id);
    expect(row).toMatchObject({ userId: ana.id, verifyStatusId: 1 });
    expect(w.id).not.toBe(999);
  });

  it('clears the end date when the user still works there', async () => {
    const w = await add(ana.token, { work_here: true, end_date: '2023-01-01' });
    expect(w.end_date).toBeNull();
    expect((await rowOf(w.id))?.endDate).toBeNull();
  });

  it('requires an end date unless the user still works there', async () => {
    const { status, json } = await api.call('POST', '/user_workplaces', {
      token: ana.token,
      body: experience({ end_date: null }),
    });
    expect(status).toBe(400);
    expect(json).toMatchObject({ status: false, code: 'invalid_input' });
    expect(json.errors).toContainEqual({
      path: 'end_date',
      code: 'end_required',
      message: 'Give an end date, or mark it as current.',
    });
  });

  it('refuses an end date before the start date on end_date', async () => {
    const { status, json } = await api.call('POST', '/user_workplaces', {
      token: ana.token,
      body: experience({ start_date: '2021-05-01', end_date: '2021-04-30' }),
    });
    expect(status).toBe(400);
    expect(json.errors).toEqual([
      {
        path: 'end_date',
        code: 'end_before_start',
        message: 'The end date cannot be before the start date.',
      },
    ]);
  });

  it('refuses dates that do not exist or are not YYYY-MM-DD', async () => {
    for (const start_date of ['2023-02-30', '01/02/2020', '2020-1-1', '', 20200101, null]) {
      const { status, json } = await api.call('POST', '/user_workplaces', {
        token: ana.token,
        body: experience({ start_date }),
      });
      expect(status, String(start_date)).toBe(400);
      expect((json.errors as { path: string }[]).map((e) => e.path)).toContain('start_date');
    }
  });

  it('refuses a start date in the future', async () => {
    const nextYear = `${api.clock.now.getUTCFullYear() + 1}-01-15`;
    const { status, json } = await api.call('POST', '/user_workplaces', {
      token: ana.token,
      body: experience({ start_date: nextYear, work_here: true }),
    });
    expect(status).toBe(400);
    expect(json.errors).toEqual([
      { path: 'start_date', code: 'date_future', message: 'The date cannot be in the future.' },
    ]);
  });

  it('answers wrong types, missing fields and huge strings with 400 field errors', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [experience({ workplace_name: '' }), 'workplace_name'],
      [experience({ position: undefined }), 'position'],
      [experience({ workplace_name: 'x'.repeat(151) }), 'workplace_name'],
      [experience({ description: 'x'.repeat(100_000) }), 'description'],
      [experience({ work_here: 'yes' }), 'work_here'],
      [experience({ position: ['a', 'b'] }), 'position'],
      [experience({ enable_business: Array(10_000).fill(true) }), 'enable_business'],
    ];
    for (const [body, path] of cases) {
      const { status, json } = await api.call('POST', '/user_workplaces', {
        token: ana.token,
        body,
      });
      expect(status, path).toBe(400);
      expect(json).toMatchObject({
        status: false,
        code: 'invalid_input',
        message_es: expect.any(String),
      });
      expect((json.errors as { path: string }[]).map((e) => e.path)).toContain(path);
    }
    const malformed = await api.call('POST', '/user_workplaces', {
      token: ana.token,
      rawBody: '{"workplace_name":',
    });
    expect(malformed.status).toBe(400);
  });

  it('makes the user a business when the experience enables business', async () => {
    const talent = await createTalent(api);
    await add(talent.token, { enable_business: true, work_here: true });
    const [row] = await api.db.select().from(users).where(eq(users.id, talent.id));
    expect(row?.isTalent).toBe(false);
  });

  it('needs a bearer token', async () => {
    expect((await api.call('POST', '/user_workplaces', { body: experience() })).status).toBe(401);
    const bad = await api.call('POST', '/user_workplaces', {
      body: experience(),
      token: 'not.a.token',
    });
    expect(bad.status).toBe(401);
  });
});

describe('GET /api/user_workplaces/list', () => {
  it("lists only the caller's experiences, newest start first, as a data.data page", async () => {
    const user = await createUser(api.db, api.deps);
    await add(user.token, { start_date: '2015-01-01', end_date: '2016-01-01' });
    await add(user.token, { start_date: '2019-01-01', work_here: true });
    await add(user.token, { start_date: '2017-01-01', end_date: '2018-01-01' });
    await add(bob.token, { start_date: '2021-01-01', work_here: true });
    const { status, json } = await api.call('GET', '/user_workplaces/list', { token: user.token });
    expect(status).toBe(200);
    const page = json.data as {
      data: TWorkplace[];
      total: number;
      page: number;
      per_page: number;
      last_page: number;
    };
    expect(page.data.map((w) => w.start_date)).toEqual(['2019-01-01', '2017-01-01', '2015-01-01']);
    expect(page).toMatchObject({ total: 3, page: 1, last_page: 1 });
    const second = await api.call('GET', '/user_workplaces/list?page=2&per_page=2', {
      token: user.token,
    });
    expect(second.json.data).toMatchObject({ total: 3, page: 2, per_page: 2, last_page: 2 });
    expect((second.json.data as { data: unknown[] }).data).toHaveLength(1);
    expect(
      (await api.call('GET', '/user_workplaces/list?per_page=1000', { token: user.token })).status,
    ).toBe(400);
  });

  it('needs a bearer token', async () => {
    expect((await api.call('GET', '/user_workplaces/list')).status).toBe(401);
  });
});

describe('PATCH /api/user_workplaces', () => {
  it('changes the sent fields of an own experience and keeps the others', async () => {
    const w = await add(ana.token);
    const { status, json } = await api.call('PATCH', '/user_workplaces', {
      token: ana.token,
      body: { id: w.id, position: 'Lead developer', verify_status_id: 3 },
    });
    expect(status).toBe(200);
    expect(json.data).toMatchObject({
      ...experience(),
      position: 'Lead developer',
      verify_status_id: 1,
    });
  });

  it('clears the end date when work_here becomes true and checks the merged dates', async () => {
    const w = await add(ana.token);
    const now = await api.call('PATCH', '/user_workplaces', {
      token: ana.token,
      body: { id: w.id, work_here: true },
    });
    expect(now.json.data).toMatchObject({ work_here: true, end_date: null });
    const back = await api.call('PATCH', '/user_workplaces', {
      token: ana.token,
      body: { id: w.id, work_here: false },
    });
    expect(back.status).toBe(400);
    expect((back.json.errors as { path: string }[])[0]?.path).toBe('end_date');
    const early = await api.call('PATCH', '/user_workplaces', {
      token: ana.token,
      body: { id: w.id, work_here: false, end_date: '2019-01-01' },
    });
    expect(early.status).toBe(400);
  });

  it('resets the verification when a verified experience changes its place or dates', async () => {
    const w = await add(ana.token);
    await api.db
      .update(userWorkplaces)
      .set({ verifyStatusId: 3 })
      .where(eq(userWorkplaces.id, w.id));
    const text = await api.call('PATCH', '/user_workplaces', {
      token: ana.token,
      body: { id: w.id, description: 'More.' },
    });
    expect(text.json.data).toMatchObject({ verify_status_id: 3 });
    const moved = await api.call('PATCH', '/user_workplaces', {
      token: ana.token,
      body: { id: w.id, start_date: '2019-01-01' },
    });
    expect(moved.json.data).toMatchObject({ verify_status_id: 1 });
  });

  it('makes the user a business when enable_business is saved', async () => {
    const talent = await createUser(api.db, api.deps);
    const w = await add(talent.token);
    await api.call('PATCH', '/user_workplaces', {
      token: talent.token,
      body: { id: w.id, enable_business: true },
    });
    const [row] = await api.db.select().from(users).where(eq(users.id, talent.id));
    expect(row?.isTalent).toBe(false);
  });

  it("answers 404 for another user's experience and leaves it unchanged", async () => {
    const w = await add(bob.token);
    const { status, json } = await api.call('PATCH', '/user_workplaces', {
      token: ana.token,
      body: { id: w.id, position: 'Hacked' },
    });
    expect(status).toBe(404);
    expect(json).toMatchObject({ status: false, code: 'not_found' });
    expect((await rowOf(w.id))?.position).toBe('Developer');
  });

  it('answers 400 for a missing or malformed id and 404 for one out of range', async () => {
    for (const id of [undefined, 'abc', -1, 1.5, true]) {
      const r = await api.call('PATCH', '/user_workplaces', {
        token: ana.token,
        body: { id, position: 'x' },
      });
      expect(r.status, String(id)).toBe(400);
    }
    const huge = await api.call('PATCH', '/user_workplaces', {
      token: ana.token,
      body: { id: 99_999_999_999 },
    });
    expect(huge.status).toBe(400);
    const none = await api.call('PATCH', '/user_workplaces', {
      token: ana.token,
      body: { id: 2_147_483_647 },
    });
    expect(none.status).toBe(404);
  });
});

describe('DELETE /api/user_workplaces', () => {
  it('removes an own experience', async () => {
    const w = await add(ana.token);
    const { status, json } = await api.call('DELETE', '/user_workplaces', {
      token: ana.token,
      body: { id: w.id },
    });
    expect(status).toBe(200);
    expect(json.status).toBe(true);
    expect(await rowOf(w.id)).toBeUndefined();
  });

  it("answers 404 for another user's experience and keeps it", async () => {
    const w = await add(bob.token);
    const { status } = await api.call('DELETE', '/user_workplaces', {
      token: ana.token,
      body: { id: w.id },
    });
    expect(status).toBe(404);
    expect(await rowOf(w.id)).toBeDefined();
  });

  it('needs a bearer token and an id', async () => {
    expect((await api.call('DELETE', '/user_workplaces', { body: { id: 1 } })).status).toBe(401);
    expect(
      (await api.call('DELETE', '/user_workplaces', { token: ana.token, body: {} })).status,
    ).toBe(400);
  });
});

describe('POST /api/user_workplaces/verify', () => {
  const verify = (token: string | undefined, body: Record<string, unknown>) =>
    api.call('POST', '/user_workplaces/verify', { token, body });

  it('puts the experience in process and mails the verification team the details', async () => {
    const w = await add(ana.token, { workplace_name: 'Inca Pay', position: 'CTO' });
    const before = api.outbox.length;
    const { status, json } = await verify(ana.token, { workplace_id: w.id, lang: 'es' });
    expect(status).toBe(200);
    expect(json).toEqual({
      status: true,
      data: { ...w, verify_status_id: 2 },
      message: 'Thank you! We will verify it.',
      message_es: '¡Gracias! Lo verificaremos.',
    });
    expect((await rowOf(w.id))?.verifyStatusId).toBe(2);
    expect(api.outbox).toHaveLength(before + 1);
    const mail = api.outbox.at(-1)!;
    expect(mail.to).toBe('verify@talentchain.test');
    expect(mail.subject).toBe(`Solicitud de verificación #${w.id}: Inca Pay`);
    for (const text of [
      'Empresa: Inca Pay',
      'Puesto: CTO',
      'Company: Inca Pay',
      ana.email,
      '2020-03-01',
      '2022-06-30',
      `${w.id} (user_workplaces)`,
    ]) {
      expect(mail.text).toContain(text);
    }
  });

  it('answers the entry again while in process, sends nothing more, and 409 once verified', async () => {
    const w = await add(ana.token);
    expect((await verify(ana.token, { workplace_id: w.id })).status).toBe(200);
    const mails = api.outbox.length;
    const again = await verify(ana.token, { workplace_id: w.id, lang: 'en' });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ status: true, data: { id: w.id, verify_status_id: 2 } });
    expect(api.outbox).toHaveLength(mails);
    await api.db
      .update(userWorkplaces)
      .set({ verifyStatusId: 3 })
      .where(eq(userWorkplaces.id, w.id));
    const done = await verify(ana.token, { workplace_id: w.id, lang: 'en' });
    expect(done.status).toBe(409);
    expect(done.json).toMatchObject({
      status: false,
      code: 'conflict',
      message: 'This experience is already verified.',
      message_es: 'Esta experiencia ya está verificada.',
    });
    expect((await rowOf(w.id))?.verifyStatusId).toBe(3);
    expect(api.outbox).toHaveLength(mails);
  });

  it('accepts a new request after a rejection', async () => {
    const w = await add(ana.token);
    await api.db
      .update(userWorkplaces)
      .set({ verifyStatusId: 4 })
      .where(eq(userWorkplaces.id, w.id));
    const r = await verify(ana.token, { workplace_id: w.id, lang: 'en' });
    expect(r.status).toBe(200);
    expect((await rowOf(w.id))?.verifyStatusId).toBe(2);
  });

  it("answers 404 for another user's experience and sends nothing", async () => {
    const w = await add(bob.token);
    const before = api.outbox.length;
    const r = await verify(ana.token, { workplace_id: w.id, lang: 'en' });
    expect(r.status).toBe(404);
    expect(r.json).toMatchObject({ status: false, code: 'not_found' });
    expect(api.outbox).toHaveLength(before);
    expect((await rowOf(w.id))?.verifyStatusId).toBe(1);
  });

  it('answers bad input with 400 on its field and no token with 401', async () => {
    const missing = await verify(ana.token, { lang: 'en' });
    expect(missing.status).toBe(400);
    expect((missing.json.errors as { path: string }[])[0]?.path).toBe('workplace_id');
    const lang = await verify(ana.token, { workplace_id: 1, lang: 'fr' });
    expect(lang.status).toBe(400);
    expect((lang.json.errors as { path: string }[])[0]?.path).toBe('lang');
    expect((await verify(ana.token, { workplace_id: 'x' })).status).toBe(400);
    expect((await verify(undefined, { workplace_id: 1 })).status).toBe(401);
  });

  it('leaves the experience as it was when the mail cannot be sent', async () => {
    const broken = await createTestApi({
      mailer: {
        send: async () => {
          throw new Error('smtp down');
        },
      },
    });
    try {
      const user = await createUser(broken.db, broken.deps);
      const created = await broken.call('POST', '/user_workplaces', {
        token: user.token,
        body: experience(),
      });
      const id = (created.json.data as TWorkplace).id;
      const r = await broken.call('POST', '/user_workplaces/verify', {
        token: user.token,
        body: { workplace_id: id, lang: 'en' },
      });
      expect(r.status).toBe(503);
      expect(r.json).toMatchObject({ status: false, code: 'unavailable' });
      const [row] = await broken.db.select().from(userWorkplaces).where(eq(userWorkplaces.id, id));
      expect(row?.verifyStatusId).toBe(1);
    } finally {
      await broken.close();
    }
  });
});
