import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '@/db/schema';
import { APPLICATION_STATUS } from '@/lib/statuses';
import { signUnsubscribeToken, unsubscribeUrl } from '@/server/mail/unsubscribe';
import { COALESCE_SECONDS, sendDueMails } from '@/server/services/notifications/mail-outbox';
import { createTestApi } from '../helpers/api';
import { businessTalentApplication, expectRefusal, pipelineFixtures } from '../helpers/marketplace';
import { createTalent, type TTestUser } from '../helpers/users';

// E-mail that respects people (docs/product.md "E-mail that respects people", docs/api.md
// "E-mail"): each user chooses per kind of e-mail (instant, daily digest, off); every e-mail of a
// kind carries a signed one-click unsubscribe link whose GET changes nothing and whose POST turns
// that kind off; businesses are e-mailed about new applications, withdrawals and "ready to
// close"; "mark all as read". Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

const { shortlisted, hired } = APPLICATION_STATUS;
const ALL_INSTANT = {
  messages: 'instant',
  application_updates: 'instant',
  new_applicants: 'instant',
  alerts: 'instant',
};

let api: Awaited<ReturnType<typeof createTestApi>>;
let fx: ReturnType<typeof pipelineFixtures>;

beforeAll(async () => {
  api = await createTestApi();
  fx = pipelineFixtures(api.call, () => api.clock.now);
});
afterAll(async () => api.close());
beforeEach(async () => api.resetRateLimits());

const afterTheWindow = () => {
  api.clock.now = new Date(api.clock.now.getTime() + COALESCE_SECONDS * 1000 + 1000);
};
const sweep = () => sendDueMails({ db: api.db, now: api.clock.now, deps: api.deps });
const mailsTo = (user: TTestUser, from: number) =>
  api.outbox.slice(from).filter((m) => m.to === user.email);
const prefsOf = async (user: TTestUser) =>
  (await api.call('GET', '/me/email_preferences', { token: user.token })).json.data;
const setPrefs = (user: TTestUser, body: Record<string, unknown>) =>
  api.call('PATCH', '/me/email_preferences', { token: user.token, body });

/** The raw answer of an unsubscribe address (a GET's 303 has no JSON). */
const unsubscribeRaw = (method: 'GET' | 'POST', query: string, body?: string) =>
  api.app.request(`/api/unsubscribe${query}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
  });

describe('e-mail preferences', () => {
  it('a new user gets every kind at once; a change of some kinds keeps the others', async () => {
    const t = await createTalent(api);
    expect(await prefsOf(t)).toEqual(ALL_INSTANT);
    const r = await setPrefs(t, { application_updates: 'daily', alerts: 'off' });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json).toMatchObject({ status: true, message: 'Saved.', message_es: 'Guardado.' });
    const changed = { ...ALL_INSTANT, application_updates: 'daily', alerts: 'off' };
    expect(r.json.data).toEqual(changed);
    expect(await prefsOf(t)).toEqual(changed);
    expect((await setPrefs(t, { alerts: 'instant' })).json.data).toEqual({
      ...changed,
      alerts: 'instant',
    });
  });

  it('a value other than instant, daily or off is refused with the field named, and nothing changes', async () => {
    const t = await createTalent(api);
    for (const body of [{ messages: 'weekly' }, { new_applicants: 1 }, { alerts: null }]) {
      const r = await setPrefs(t, { application_updates: 'off', ...body });
      expectRefusal(r, 400, 'invalid_input');
      expect(r.json.errors).toEqual([
        expect.objectContaining({ path: Object.keys(body)[0], code: expect.any(String) }),
      ]);
    }
    expect(await prefsOf(t)).toEqual(ALL_INSTANT);
  });

  it('without a session both calls answer 401', async () => {
    expectRefusal(await api.call('GET', '/me/email_preferences'), 401, 'unauthorized');
    expectRefusal(
      await api.call('PATCH', '/me/email_preferences', { body: { messages: 'off' } }),
      401,
      'unauthorized',
    );
  });
});

describe('one-click unsubscribe', () => {
  it('opening the link changes nothing: it leads (303) to the page that asks, in the user’s language', async () => {
    for (const lang of ['en', 'es'] as const) {
      const t = await createTalent(api, { lang });
      const url = await unsubscribeUrl(
        api.deps.appUrl,
        t.id,
        'application_updates',
        api.deps.jwtSecret,
      );
      const query = new URL(url).search;
      expect(new URL(url).pathname).toBe('/api/unsubscribe');
      const res = await unsubscribeRaw('GET', query);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`${lang === 'es' ? '/es' : ''}/unsubscribe${query}`);
      expect(await prefsOf(t)).toEqual(ALL_INSTANT);
    }
  });

  it('a POST of the link (RFC 8058, with or without the form body) turns that kind off', async () => {
    const t = await createTalent(api);
    const token = await signUnsubscribeToken(t.id, 'application_updates', api.deps.jwtSecret);
    const q = `?token=${encodeURIComponent(token)}`;
    const res = await unsubscribeRaw('POST', q, 'List-Unsubscribe=One-Click');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: true,
      data: { kind: 'application_updates', delivery: 'off' },
      message: 'You will no longer receive these e-mails.',
      message_es: 'Ya no recibirás estos correos.',
    });
    expect(await prefsOf(t)).toEqual({ ...ALL_INSTANT, application_updates: 'off' });
    // Another kind, posted with no body at all; the first stays off.
    const other = await signUnsubscribeToken(t.id, 'new_applicants', api.deps.jwtSecret);
    const again = await unsubscribeRaw('POST', `?token=${encodeURIComponent(other)}`);
    expect(again.status).toBe(200);
    expect(await prefsOf(t)).toEqual({
      ...ALL_INSTANT,
      application_updates: 'off',
      new_applicants: 'off',
    });
  });

  it('a missing, wrong, tampered or other-purpose token is 400 and changes nothing', async () => {
    const t = await createTalent(api);
    const token = await signUnsubscribeToken(t.id, 'messages', api.deps.jwtSecret);
    const [head, payload, signature] = token.split('.');
    const otherKind = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload!, 'base64url').toString()),
        kind: 'alerts',
      }),
    ).toString('base64url');
    const bad = [
      '',
      '?token=',
      '?token=nonsense',
      `?token=${head}.${otherKind}.${signature}`, // the kind changed: the signature fails
      `?token=${encodeURIComponent(await signUnsubscribeToken(t.id, 'messages', randomBytes(32)))}`,
      `?token=${encodeURIComponent(t.token)}`, // a session's access token is not an unsubscribe link
    ];
    for (const query of bad) {
      const res = await unsubscribeRaw('POST', query, 'List-Unsubscribe=One-Click');
      expect(res.status, query).toBe(400);
      expect(await res.json()).toMatchObject({
        status: false,
        code: 'invalid_input',
        message: 'This unsubscribe link is not valid.',
        message_es: 'Este enlace para darse de baja no es válido.',
      });
    }
    expect(await prefsOf(t)).toEqual(ALL_INSTANT);
  });
});

describe('mark all as read', () => {
  it('marks only the caller’s unread notifications and says how many', async () => {
    const scene = await businessTalentApplication(api, { fx });
    const other = await businessTalentApplication(api, { fx });
    await fx.move('project', scene.business.token, scene.application.id, shortlisted);
    const second = await fx.apply('project', scene.talent.token, other.posting.id);
    await fx.move('project', other.business.token, second.id, shortlisted);
    await fx.move('project', other.business.token, other.application.id, shortlisted);
    expect((await fx.notificationsOf(scene.talent.token)).unread).toBe(2);

    const r = await api.call('PATCH', '/notifications/clicked_all', { token: scene.talent.token });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toEqual({ updated: 2 });
    const page = await fx.notificationsOf(scene.talent.token);
    expect(page.unread).toBe(0);
    expect(page.data.every((n) => n.been_clicked)).toBe(true);
    // The other talent's and the businesses' stay unread.
    expect((await fx.notificationsOf(other.talent.token)).unread).toBe(1);
    expect((await fx.notificationsOf(other.business.token)).unread).toBe(2);
    // Again: nothing left to mark.
    const again = await api.call('PATCH', '/notifications/clicked_all', {
      token: scene.talent.token,
    });
    expect(again.json.data).toEqual({ updated: 0 });
    expectRefusal(await api.call('PATCH', '/notifications/clicked_all'), 401, 'unauthorized');
  });
});

describe('the business is e-mailed about its applicants', () => {
  it('a new application, a withdrawal and “ready to close” each e-mail the business, in its language', async () => {
    const scene = await businessTalentApplication(api, {
      fx,
      business: { lang: 'es' },
      talent: { name: 'Rosa' },
      posting: { name: 'Tienda online' },
    });
    const owner = scene.business;
    const applied = mailsTo(owner, 0);
    expect(applied.map((m) => m.subject)).toEqual([
      'TalentChain: Rosa Test se postuló a “Tienda online”.',
    ]);
    expect(applied[0]!.text).toContain(`/es/business/projects/${scene.posting.id}/applicants`);
    const [row] = await api.db
      .select({ kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, owner.id), eq(mailOutbox.type, 'application_new')));
    expect(row?.kind).toBe('new_applicants');

    // A withdrawal: notified at once, e-mailed once the window after the last e-mail about
    // this application has passed.
    const mark = api.outbox.length;
    const withdrawn = await api.call('DELETE', '/project_applications', {
      token: scene.talent.token,
      body: { id: scene.application.id },
    });
    expect(withdrawn.status, JSON.stringify(withdrawn.json)).toBe(200);
    const [note] = (await fx.notificationsOf(owner.token)).data;
    expect(note).toMatchObject({
      type: 'application_withdrawn',
      message: 'Rosa Test withdrew their application to “Tienda online”.',
      message_es: 'Rosa Test retiró su postulación a “Tienda online”.',
      link: `/business/projects/${scene.posting.id}/applicants`,
    });
    afterTheWindow();
    await sweep();
    expect(mailsTo(owner, mark).map((m) => m.subject)).toEqual([
      'TalentChain: Rosa Test retiró su postulación a “Tienda online”.',
    ]);

    // Ready to close, from the hired talent of a started project.
    const hiredTalent = await createTalent(api, { name: 'Hugo' });
    const a = await fx.apply('project', hiredTalent.token, scene.posting.id);
    await fx.move('project', owner.token, a.id, hired);
    await fx.start(owner.token, scene.posting.id);
    afterTheWindow();
    await sweep();
    const before = api.outbox.length;
    const ready = await api.call('POST', '/project_applications/readytoclose', {
      token: hiredTalent.token,
      body: { id: a.id, lang: 'en' },
    });
    expect(ready.status, JSON.stringify(ready.json)).toBe(200);
    const readyMails = mailsTo(owner, before);
    expect(readyMails).toHaveLength(1);
    expect(readyMails[0]!.text).toContain(
      'Hugo Test marcó “Tienda online” como listo para cerrar. Revisa el trabajo y finaliza el proyecto.',
    );
  });

  it('a business with “new applicants” off is notified but not e-mailed; a talent with updates off is not e-mailed', async () => {
    const scene = await businessTalentApplication(api, { fx });
    expect((await setPrefs(scene.business, { new_applicants: 'off' })).status).toBe(200);
    expect((await setPrefs(scene.talent, { application_updates: 'off' })).status).toBe(200);
    const mark = api.outbox.length;
    const t2 = await createTalent(api);
    const a2 = await fx.apply('project', t2.token, scene.posting.id);
    await api.call('DELETE', '/project_applications', { token: t2.token, body: { id: a2.id } });
    await fx.move('project', scene.business.token, scene.application.id, shortlisted);
    afterTheWindow();
    await sweep();
    expect(mailsTo(scene.business, mark)).toEqual([]);
    expect(mailsTo(scene.talent, mark)).toEqual([]);
    const types = (await fx.notificationsOf(scene.business.token)).data.map((n) => n.type);
    expect(types).toEqual(['application_withdrawn', 'application_new', 'application_new']);
    // Turned back on, the next one is e-mailed again.
    await setPrefs(scene.talent, { application_updates: 'instant' });
    await fx.move('project', scene.business.token, scene.application.id, hired);
    expect(mailsTo(scene.talent, mark)).toHaveLength(1);
  });
});
