import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '@/db/schema';
import { APPLICATION_STATUS } from '@/lib/statuses';
import type { TMail } from '@/server/mail/mailer';
import { verifyUnsubscribeToken } from '@/server/mail/unsubscribe';
import { enqueue } from '@/server/queue';
import { DIGEST_HOUR_UTC, MAIL_DIGEST, sendDigests } from '@/server/services/notifications/digest';
import { createTestApi } from '../helpers/api';
import { businessTalentApplication, pipelineFixtures } from '../helpers/marketplace';
import { drainQueue } from '../helpers/queue';
import { createBusiness, type TTestUser } from '../helpers/users';

// The daily digest (docs/product.md "E-mail that respects people"): the e-mails of the kinds a
// user takes "daily" wait in the outbox, and at DIGEST_HOUR_UTC (7) one e-mail per user lists
// them, in the user's language, with List-Unsubscribe; once per user and date, whatever runs at
// once. The hourly pg-boss job is run as a worker would, with the injected clock.

const { shortlisted, hired, rejected } = APPLICATION_STATUS;

let api: Awaited<ReturnType<typeof createTestApi>>;
let fx: ReturnType<typeof pipelineFixtures>;

beforeAll(async () => {
  api = await createTestApi();
  fx = pipelineFixtures(api.call, () => api.clock.now);
});
afterAll(async () => api.close());
beforeEach(async () => {
  // Each test starts on a day of its own at 10:00 UTC, after that day's digest.
  day += 2;
  api.clock.now = new Date(Date.UTC(2031, 0, day, 10));
  await api.resetRateLimits();
});
let day = 0;

const tomorrowAt = (hour: number, minute = 0) => new Date(Date.UTC(2031, 0, day + 1, hour, minute));
const mailsTo = (user: TTestUser, from = 0) =>
  api.outbox.slice(from).filter((m) => m.to === user.email);
/** The hourly job, as pg-boss hands it to a worker at the clock's time. */
async function runDigestJob() {
  await enqueue(MAIL_DIGEST, {}, { db: api.db });
  await drainQueue(api.deps);
}
const pendingOf = (user: TTestUser) =>
  api.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, user.id), isNotNull(mailOutbox.dueAt)));

/** A talent who takes application updates daily, with two applications moved today. */
async function talentWithTwoUpdates(lang: 'en' | 'es') {
  const scene = await businessTalentApplication(api, {
    fx,
    talent: { lang },
    posting: { name: `Logo ${day}` },
  });
  const t = scene.talent;
  const r = await api.call('PATCH', '/me/email_preferences', {
    token: t.token,
    body: { application_updates: 'daily' },
  });
  expect(r.status).toBe(200);
  const owner2 = await createBusiness(api);
  const p2 = await fx.post('project', owner2.token, { name: `Web ${day}` });
  const a2 = await fx.apply('project', t.token, p2.id);
  const from = api.outbox.length;
  await fx.move('project', scene.business.token, scene.application.id, shortlisted);
  await fx.move('project', owner2.token, a2.id, rejected, 'Another profile.');
  return { t, from, posting1: scene.posting, posting2: p2, scene };
}

describe('the daily digest', () => {
  it.each([
    [
      'en',
      'TalentChain: 2 updates today',
      'Good news: your application to “Logo',
      'Your application to “Web',
      'Reason: Another profile.',
    ],
    [
      'es',
      'TalentChain: 2 novedades de hoy',
      'Buenas noticias: tu postulación a “Logo',
      'Tu postulación a “Web',
      'Motivo: Another profile.',
    ],
  ] as const)(
    'nothing is sent at once; at 07:00 UTC one e-mail lists both, in the user’s language, with List-Unsubscribe (%s)',
    async (lang, subject, first, second, reason) => {
      const { t, from } = await talentWithTwoUpdates(lang);
      expect(mailsTo(t, from)).toEqual([]);
      expect(await pendingOf(t)).toHaveLength(2);

      // Before the hour: nothing.
      api.clock.now = tomorrowAt(DIGEST_HOUR_UTC - 1, 59);
      await runDigestJob();
      expect(mailsTo(t, from)).toEqual([]);

      api.clock.now = tomorrowAt(DIGEST_HOUR_UTC, 0);
      await runDigestJob();
      const mails = mailsTo(t, from);
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.subject).toBe(subject);
      expect(mail.text).toContain(first);
      expect(mail.text).toContain(second);
      expect(mail.text).toContain(reason);
      expect(mail.text.indexOf(first)).toBeLessThan(mail.text.indexOf(second));
      const date = tomorrowAt(0).toISOString().slice(0, 10);
      expect(mail.messageId).toBe(`<digest.${t.id}.${date}@app.test>`);
      expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      const link = /^<(.+)>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '')![1]!;
      const token = new URL(link).searchParams.get('token')!;
      expect(await verifyUnsubscribeToken(token, api.deps.jwtSecret)).toEqual({
        userId: t.id,
        kind: 'application_updates',
      });
      expect(mail.text).toContain(link);
      expect(await pendingOf(t)).toEqual([]);

      // The next runs of the day send it no more.
      api.clock.now = tomorrowAt(DIGEST_HOUR_UTC + 1);
      await runDigestJob();
      expect(mailsTo(t, from)).toHaveLength(1);
    },
  );

  it('two runs at once send one digest per user', async () => {
    const { t, from } = await talentWithTwoUpdates('en');
    api.clock.now = tomorrowAt(DIGEST_HOUR_UTC, 5);
    const env = { db: api.db, now: api.clock.now, deps: api.deps };
    const [a, b] = await Promise.all([sendDigests(env), sendDigests(env)]);
    expect(a.sent + b.sent).toBeGreaterThanOrEqual(1);
    expect(mailsTo(t, from)).toHaveLength(1);
  });

  it('what comes after the hour waits for the next day’s digest; a server down at 07:00 catches up later that day', async () => {
    const { t, from, scene } = await talentWithTwoUpdates('en');
    // Nobody ran at 07:00; the 09:00 run sends the digest of what was due by 07:00.
    api.clock.now = tomorrowAt(DIGEST_HOUR_UTC + 2);
    // After the hour, a new change: it waits for the day after.
    await fx.move('project', scene.business.token, scene.application.id, hired);
    await runDigestJob();
    let mails = mailsTo(t, from);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('TalentChain: 1 update today');
    expect(mails[0]!.text).toContain('Your application to “Web');
    expect(mails[0]!.text).not.toContain('Congratulations');
    expect(await pendingOf(t)).toHaveLength(1);

    api.clock.now = new Date(Date.UTC(2031, 0, day + 2, DIGEST_HOUR_UTC));
    await runDigestJob();
    mails = mailsTo(t, from);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('Congratulations! You were hired for “Logo');
    expect(mails[1]!.messageId).not.toBe(mails[0]!.messageId);
  });

  it('a digest that fails to send stays pending and leaves on the next run', async () => {
    const { t, from } = await talentWithTwoUpdates('en');
    api.clock.now = tomorrowAt(DIGEST_HOUR_UTC);
    const failing = {
      ...api.deps,
      mailer: {
        send: async (_m: TMail) => {
          throw new Error('smtp down');
        },
      },
    };
    expect(await sendDigests({ db: api.db, now: api.clock.now, deps: failing })).toEqual({
      sent: 0,
      failed: 1,
    });
    expect(await pendingOf(t)).toHaveLength(2);
    api.clock.now = tomorrowAt(DIGEST_HOUR_UTC + 1);
    await runDigestJob();
    expect(mailsTo(t, from)).toHaveLength(1);
  });

  it('instant and off users get nothing from it: their e-mails left at once, or never', async () => {
    const instant = await businessTalentApplication(api, { fx });
    const off = await businessTalentApplication(api, { fx });
    await api.call('PATCH', '/me/email_preferences', {
      token: off.talent.token,
      body: { application_updates: 'off' },
    });
    const from = api.outbox.length;
    await fx.move('project', instant.business.token, instant.application.id, shortlisted);
    await fx.move('project', off.business.token, off.application.id, shortlisted);
    expect(mailsTo(instant.talent, from)).toHaveLength(1);
    api.clock.now = tomorrowAt(DIGEST_HOUR_UTC);
    await runDigestJob();
    expect(mailsTo(instant.talent, from)).toHaveLength(1);
    expect(mailsTo(off.talent, from)).toEqual([]);
  });
});
