import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStudyCentres } from '@/db/schema';
import { createTestApi } from '../helpers/api';
import { createUser, type TTestUser } from '../helpers/users';

let api: Awaited<ReturnType<typeof createTestApi>>;
let ana: TTestUser;
let bob: TTestUser;

beforeAll(async () => {
  api = await createTestApi();
  ana = await createUser(api.db, api.deps, { name: 'Ana' });
  bob = await createUser(api.db, api.deps, { name: 'Bob' });
});
afterAll(async () => api.close());

const education = (over: Record<string, unknown> = {}) => ({
  name: 'Universidad Nacional de Ingeniería',
  course_name: 'Systems engineering',
  start_date: '2015-03-01',
  end_date: '2020-12-15',
  studying_here: false,
  description: null,
  ...over,
});

type TStudy = { id: number; verify_status_id: number; is_known?: boolean } & Record<
  string,
  unknown
>;

async function add(token: string, over: Record<string, unknown> = {}) {
  const r = await api.call('POST', '/user_study_centres', { token, body: education(over) });
  expect(r.status).toBe(201);
  return r.json.data as TStudy;
}

const rowOf = async (id: number) =>
  (await api.db.select().from(userStudyCentres).where(eq(userStudyCentres.id, id)))[0];

describe('POST /api/user_study_centres', () => {
  it('adds an education entry and says whether the platform knows the centre', async () => {
    const name = 'Escuela Única de Pruebas';
    const first = await add(ana.token, { name });
    expect(first).toMatchObject({
      ...education({ name }),
      id: expect.any(Number),
      verify_status_id: 1,
      is_known: false,
    });
    // The same user adding it again: still only known to themself.
    expect((await add(ana.token, { name })).is_known).toBe(false);
    // Someone else, with other case and spacing: known.
    expect((await add(bob.token, { name: '  escuela   ÚNICA de pruebas ' })).is_known).toBe(true);
  });

  it('stores names trimmed with single spaces', async () => {
    const s = await add(ana.token, { name: '  Instituto    del   Sur  ' });
    expect(s.name).toBe('Instituto del Sur');
  });

  it('counts a centre as known once any entry for it was verified', async () => {
    const s = await add(ana.token, { name: 'Verified Academy' });
    await api.db
      .update(userStudyCentres)
      .set({ verifyStatusId: 3 })
      .where(eq(userStudyCentres.id, s.id));
    expect((await add(ana.token, { name: 'verified academy' })).is_known).toBe(true);
  });

  it('clears the end date while studying there and checks the dates', async () => {
    expect(
      (await add(ana.token, { studying_here: true, end_date: '2024-01-01' })).end_date,
    ).toBeNull();
    const missing = await api.call('POST', '/user_study_centres', {
      token: ana.token,
      body: education({ end_date: '' }),
    });
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toContainEqual({
      path: 'end_date',
      code: 'end_required',
      message: 'Give an end date, or mark it as current.',
    });
    const before = await api.call('POST', '/user_study_centres', {
      token: ana.token,
      body: education({ end_date: '2014-01-01' }),
    });
    expect(before.status).toBe(400);
  });

  it('ignores user_id and verify_status_id in the body', async () => {
    const s = await add(ana.token, { user_id: bob.id, verify_status_id: 3 });
    expect(await rowOf(s.id)).toMatchObject({ userId: ana.id, verifyStatusId: 1 });
  });

  it('answers bad input with 400 and no token with 401', async () => {
    const huge = await api.call('POST', '/user_study_centres', {
      token: ana.token,
      body: education({ course_name: 'x'.repeat(10_000) }),
    });
    expect(huge.status).toBe(400);
    expect((huge.json.errors as { path: string }[])[0]?.path).toBe('course_name');
    expect((await api.call('POST', '/user_study_centres', { body: education() })).status).toBe(401);
  });
});

describe('GET /api/user_study_centres/list', () => {
  it("lists the caller's entries newest first", async () => {
    const user = await createUser(api.db, api.deps);
    await add(user.token, { start_date: '2010-01-01', end_date: '2012-01-01' });
    await add(user.token, { start_date: '2013-01-01', studying_here: true });
    const { json } = await api.call('GET', '/user_study_centres/list', { token: user.token });
    const page = json.data as { data: TStudy[]; total: number };
    expect(page.total).toBe(2);
    expect(page.data.map((s) => s.start_date)).toEqual(['2013-01-01', '2010-01-01']);
  });
});

describe('PATCH and DELETE /api/user_study_centres', () => {
  it('changes an own entry', async () => {
    const s = await add(ana.token);
    const { status, json } = await api.call('PATCH', '/user_study_centres', {
      token: ana.token,
      body: { id: s.id, course_name: 'Computer science', studying_here: true },
    });
    expect(status).toBe(200);
    expect(json.data).toMatchObject({
      course_name: 'Computer science',
      studying_here: true,
      end_date: null,
    });
  });

  it("answers 404 for another user's entry and changes or deletes nothing", async () => {
    const s = await add(bob.token);
    const patch = await api.call('PATCH', '/user_study_centres', {
      token: ana.token,
      body: { id: s.id, name: 'X' },
    });
    expect(patch.status).toBe(404);
    const del = await api.call('DELETE', '/user_study_centres', {
      token: ana.token,
      body: { id: s.id },
    });
    expect(del.status).toBe(404);
    expect(await rowOf(s.id)).toMatchObject({ name: education().name, userId: bob.id });
  });

  it('deletes an own entry', async () => {
    const s = await add(ana.token);
    const { status } = await api.call('DELETE', '/user_study_centres', {
      token: ana.token,
      body: { id: s.id },
    });
    expect(status).toBe(200);
    expect(await rowOf(s.id)).toBeUndefined();
  });
});

describe('POST /api/user_study_centres/verify', () => {
  it('puts the entry in process and mails the verification team the details', async () => {
    const s = await add(ana.token, {
      name: 'Instituto Tecnológico del Norte',
      course_name: 'Data science',
    });
    const before = api.outbox.length;
    const { status, json } = await api.call('POST', '/user_study_centres/verify', {
      token: ana.token,
      body: { study_id: s.id, lang: 'es' },
    });
    expect(status).toBe(200);
    expect(json).toEqual({
      status: true,
      data: { ...s, verify_status_id: 2, is_known: undefined },
      message: 'Thank you! We will verify it.',
      message_es: '¡Gracias! Lo verificaremos.',
    });
    expect((await rowOf(s.id))?.verifyStatusId).toBe(2);
    expect(api.outbox).toHaveLength(before + 1);
    const mail = api.outbox.at(-1)!;
    expect(mail.to).toBe('verify@talentchain.test');
    expect(mail.subject).toContain('Instituto Tecnológico del Norte');
    for (const text of [
      'Ana Test',
      ana.email,
      'Data science',
      '2015-03-01',
      '2020-12-15',
      String(s.id),
    ]) {
      expect(mail.text).toContain(text);
    }
  });

  it('answers the entry again while in process, sends nothing more, and 409 once verified', async () => {
    const s = await add(ana.token);
    await api.call('POST', '/user_study_centres/verify', {
      token: ana.token,
      body: { study_id: s.id, lang: 'en' },
    });
    const mails = api.outbox.length;
    const again = await api.call('POST', '/user_study_centres/verify', {
      token: ana.token,
      body: { study_id: s.id, lang: 'en' },
    });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ status: true, data: { id: s.id, verify_status_id: 2 } });
    expect(api.outbox).toHaveLength(mails);
    await api.db
      .update(userStudyCentres)
      .set({ verifyStatusId: 3 })
      .where(eq(userStudyCentres.id, s.id));
    const done = await api.call('POST', '/user_study_centres/verify', {
      token: ana.token,
      body: { study_id: s.id, lang: 'en' },
    });
    expect(done.status).toBe(409);
    expect(done.json).toMatchObject({ status: false, code: 'conflict' });
    expect((await rowOf(s.id))?.verifyStatusId).toBe(3);
    expect(api.outbox).toHaveLength(mails);
  });

  it('accepts a new request after a rejection', async () => {
    const s = await add(ana.token);
    await api.db
      .update(userStudyCentres)
      .set({ verifyStatusId: 4 })
      .where(eq(userStudyCentres.id, s.id));
    const r = await api.call('POST', '/user_study_centres/verify', {
      token: ana.token,
      body: { study_id: s.id, lang: 'en' },
    });
    expect(r.status).toBe(200);
    expect((await rowOf(s.id))?.verifyStatusId).toBe(2);
  });

  it("answers 404 for another user's entry and sends nothing", async () => {
    const s = await add(bob.token);
    const before = api.outbox.length;
    const r = await api.call('POST', '/user_study_centres/verify', {
      token: ana.token,
      body: { study_id: s.id, lang: 'en' },
    });
    expect(r.status).toBe(404);
    expect(api.outbox).toHaveLength(before);
    expect((await rowOf(s.id))?.verifyStatusId).toBe(1);
  });

  it('answers bad input with 400 and no token with 401', async () => {
    expect(
      (
        await api.call('POST', '/user_study_centres/verify', {
          token: ana.token,
          body: { lang: 'en' },
        })
      ).status,
    ).toBe(400);
    const lang = await api.call('POST', '/user_study_centres/verify', {
      token: ana.token,
      body: { study_id: 1, lang: 'fr' },
    });
    expect(lang.status).toBe(400);
    expect(
      (await api.call('POST', '/user_study_centres/verify', { body: { study_id: 1 } })).status,
    ).toBe(401);
  });

  it('leaves the entry as it was when the mail cannot be sent', async () => {
    const broken = await createTestApi({
      mailer: {
        send: async () => {
          throw new Error('smtp down');
        },
      },
    });
    try {
      const user = await createUser(broken.db, broken.deps);
      const created = await broken.call('POST', '/user_study_centres', {
        token: user.token,
        body: education(),
      });
      const id = (created.json.data as TStudy).id;
      const r = await broken.call('POST', '/user_study_centres/verify', {
        token: user.token,
        body: { study_id: id, lang: 'en' },
      });
      expect(r.status).toBe(503);
      expect(r.json).toMatchObject({ status: false, code: 'unavailable' });
      const [row] = await broken.db
        .select()
        .from(userStudyCentres)
        .where(eq(userStudyCentres.id, id));
      expect(row?.verifyStatusId).toBe(1);
    } finally {
      await broken.close();
    }
  });
});
