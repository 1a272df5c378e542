import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailPreferences, mailOutbox } from '@/db/schema';
import { APPLICATION_STATUS } from '@/lib/statuses';
import type { TMail } from '@/server/mail/mailer';
import { verifyUnsubscribeToken } from '@/server/mail/unsubscribe';
import { enqueue } from '@/server/queue';
import {
  MAIL_SWEEP,
  MESSAGE_MAIL_DELAY_SECONDS,
  MESSAGE_MAIL_WINDOW_SECONDS,
  sendDueMails,
} from '@/server/services/notifications/mail-outbox';
import { rowsOf } from '@/server/lib/sql';
import { createTestApi } from '../helpers/api';
import { businessTalentApplication, pipelineFixtures } from '../helpers/marketplace';
import { drainQueue, waitForMail } from '../helpers/queue';
import type { TTestUser } from '../helpers/users';

// The outbox sending through the job queue (docs/architecture.md "E-mail outbox and job queue"):
// what each kind of e-mail carries, the user's delivery per kind, the jobs written with the
// event, the sweep, and a conversation's unread e-mail. Both databases (TEST_DATABASE_URL).

const { shortlisted } = APPLICATION_STATUS;

let api: Awaited<ReturnType<typeof createTestApi>>;
let fx: ReturnType<typeof pipelineFixtures>;

beforeAll(async () => {
  api = await createTestApi();
  fx = pipelineFixtures(api.call, () => api.clock.now);
});
afterAll(async () => api.close());
beforeEach(async () => api.resetRateLimits());

const moveClock = (ms: number) => {
  api.clock.now = new Date(api.clock.now.getTime() + ms);
};
const mailsTo = (user: { email: string }, from = 0) =>
  api.outbox.slice(from).filter((m) => m.to === user.email);
const sweep = () => sendDueMails({ db: api.db, now: api.clock.now, deps: api.deps });

async function applicant() {
  const scene = await businessTalentApplication(api, {
    fx,
    posting: { name: `Shop ${randomBytes(3).toString('hex')}` },
  });
  return { owner: scene.business, t: scene.talent, p: scene.posting, a: scene.application };
}

const jobsOf = (topic: string, userId: number) =>
  rowsOf<{ state: string }>(
    api.db,
    sql`select state::text as state from pgboss.job where name = 'mail.send'
      and split_part(singleton_key, '@', 1) = ${`${topic}|${userId}`}`,
  );

const setDelivery = (userId: number, applicationUpdates: 'instant' | 'daily' | 'off') =>
  api.db
    .insert(emailPreferences)
    .values({ userId, applicationUpdates })
    .onConflictDoUpdate({ target: emailPreferences.userId, set: { applicationUpdates } });

describe('what each e-mail carries', () => {
  it('an application update carries a signed one-click List-Unsubscribe for that user and kind, and a Message-ID of its outbox row', async () => {
    const { owner, t, a } = await applicant();
    const mark = api.outbox.length;
    await fx.move('project', owner.token, a.id, shortlisted);
    const [mail] = mailsTo(t, mark);
    expect(mail?.messageId).toMatch(/^<outbox\.\d+\.1@app\.test>$/);
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = /^<(http:\/\/app\.test\/api\/unsubscribe\?token=(.+))>$/.exec(
      mail?.headers?.['List-Unsubscribe'] ?? '',
    );
    expect(link).not.toBeNull();
    expect(await verifyUnsubscribeToken(decodeURIComponent(link![2]!), api.deps.jwtSecret)).toEqual(
      { userId: t.id, kind: 'application_updates' },
    );
  });

  it('a recovery code e-mail has no List-Unsubscribe, and its code is erased from the outbox once sent', async () => {
    const { t } = await applicant();
    const mark = api.outbox.length;
    const r = await api.call('POST', '/users/recovery/email', { body: { email: t.email } });
    expect(r.status).toBe(200);
    const mail = await waitForMail(api.deps, api.outbox.slice(mark), (m) => m.to === t.email);
    expect(mail.headers).toBeUndefined();
    const code = /\d{12}/.exec(mail.text)?.[0];
    expect(code).toBeDefined();
    const rows = await api.db.select().from(mailOutbox).where(eq(mailOutbox.userId, t.id));
    const account = rows.filter((row) => row.kind === 'account');
    expect(account).toHaveLength(1);
    expect(account[0]!.dueAt).toBeNull();
    expect(account[0]!.message).toBe('');
    expect(JSON.stringify(rows)).not.toContain(code);
  });
});

describe("the user's delivery for the kind", () => {
  it("'off': the move sends nothing, and nothing stays pending", async () => {
    const { owner, t, a } = await applicant();
    await setDelivery(t.id, 'off');
    const mark = api.outbox.length;
    await fx.move('project', owner.token, a.id, shortlisted);
    expect(mailsTo(t, mark)).toEqual([]);
    const [row] = await api.db.select().from(mailOutbox).where(eq(mailOutbox.userId, t.id));
    expect(row?.dueAt).toBeNull();
    expect(row?.sentAt).toBeNull();
  });

  it("'daily': the e-mail is not sent now but left pending in the outbox for the digest", async () => {
    const { owner, t, a } = await applicant();
    await setDelivery(t.id, 'daily');
    const mark = api.outbox.length;
    await fx.move('project', owner.token, a.id, shortlisted);
    moveClock(60 * 60_000);
    await sweep();
    expect(mailsTo(t, mark)).toEqual([]);
    const [row] = await api.db.select().from(mailOutbox).where(eq(mailOutbox.userId, t.id));
    expect(row?.dueAt).not.toBeNull();
  });
});

describe('the jobs', () => {
  it("each e-mail's job is written with the event; a failed send fails the job, which pg-boss retries later", async () => {
    const { owner, t, a } = await applicant();
    const failing = await createTestApi(
      {
        jwtSecret: api.deps.jwtSecret,
        mailer: {
          send: async () => {
            throw new Error('SMTP down');
          },
        },
      },
      { db: { db: api.db, kind: 'pglite', close: async () => {}, listen: null as never } },
    );
    failing.clock.now = api.clock.now;
    const r = await failing.call('POST', '/project_applications/changeApplicationStatus', {
      token: owner.token,
      body: { application_id: a.id, status: shortlisted, lang: 'en' },
    });
    expect(r.status).toBe(200);
    const topic = `project_application:${a.id}`;
    expect((await jobsOf(topic, t.id)).map((j) => j.state)).toEqual(['retry']);
    const [row] = await api.db.select().from(mailOutbox).where(eq(mailOutbox.userId, t.id));
    expect(row?.attempts).toBe(1);
    expect(row?.dueAt).not.toBeNull();
  });

  it('a due row without a job (written by an older version) gets one from the sweep and leaves once', async () => {
    const { t } = await applicant();
    const topic = `project_application:${900_000 + Math.floor(Math.random() * 1000)}`;
    await api.db.insert(mailOutbox).values({
      topic,
      userId: t.id,
      type: 'application_status',
      message: 'Written before the queue.',
      messageEs: 'Escrito antes de la cola.',
      link: '/applications',
      dueAt: api.clock.now,
    });
    const mark = api.outbox.length;
    await enqueue(MAIL_SWEEP, {}, { db: api.db });
    await drainQueue(api.deps);
    expect(mailsTo(t, mark).map((m) => m.text.split('\n')[0])).toEqual([
      'Written before the queue.',
    ]);
    await enqueue(MAIL_SWEEP, {}, { db: api.db });
    await drainQueue(api.deps);
    expect(mailsTo(t, mark)).toHaveLength(1);
  });
});

describe("a conversation's unread e-mail", () => {
  /** The applicant's conversation with the posting's company, opened by its owner. */
  async function conversation() {
    const { owner, t, a } = await applicant();
    const opened = await api.call('POST', '/conversations', {
      token: owner.token,
      body: { kind: 'project', application_id: a.id },
    });
    expect(opened.status, JSON.stringify(opened.json)).toBe(201);
    return { owner, t, id: (opened.json.data as { id: number }).id };
  }

  /** `author` writes `body` through the API (the message and its e-mail commit together). */
  async function say(c: { id: number }, author: TTestUser, body: string) {
    const sent = await api.call('POST', `/conversations/${c.id}/messages`, {
      token: author.token,
      body: { body },
    });
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    return api.outbox.length;
  }

  it('a message unread for 10 minutes is e-mailed with its text and a link to the thread, at most once an hour', async () => {
    const c = await conversation();
    const mark = api.outbox.length;
    await say(c, c.owner, 'When can you start?');
    moveClock(MESSAGE_MAIL_DELAY_SECONDS * 1000 - 1000);
    await sweep();
    expect(mailsTo(c.t, mark)).toEqual([]);
    moveClock(1000);
    await sweep();
    const mails: TMail[] = mailsTo(c.t, mark);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('When can you start?');
    expect(mails[0]!.text).toContain(`http://app.test/messages/${c.id}`);
    expect(mails[0]!.headers?.['List-Unsubscribe']).toContain('/api/unsubscribe?token=');

    // Another message 10 minutes later: it waits for the hour after that e-mail.
    await say(c, c.owner, 'Are you there?');
    moveClock(MESSAGE_MAIL_DELAY_SECONDS * 1000);
    await sweep();
    expect(mailsTo(c.t, mark)).toHaveLength(1);
    moveClock((MESSAGE_MAIL_WINDOW_SECONDS - MESSAGE_MAIL_DELAY_SECONDS) * 1000);
    await sweep();
    expect(mailsTo(c.t, mark).map((m) => m.text.includes('Are you there?'))).toEqual([false, true]);
  });

  it('a message read within 10 minutes sends nothing', async () => {
    const c = await conversation();
    const mark = api.outbox.length;
    await say(c, c.owner, 'Quick question about the scope.');
    const read = await api.call('PATCH', `/conversations/${c.id}/read`, { token: c.t.token });
    expect(read.status, JSON.stringify(read.json)).toBe(200);
    moveClock(MESSAGE_MAIL_DELAY_SECONDS * 1000);
    await sweep();
    expect(mailsTo(c.t, mark)).toEqual([]);
    const [row] = await api.db.select().from(mailOutbox).where(eq(mailOutbox.userId, c.t.id));
    expect(row?.dueAt).toBeNull();
  });
});
