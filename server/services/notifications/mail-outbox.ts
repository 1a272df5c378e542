import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/types';
import { langOf } from '@/lib/i18n/lang';
import type { TDeps } from '@/server/context';
import { rowsOf } from '@/server/lib/sql';
import { log, safeErrorFields } from '@/server/logger';
import { notificationMail } from '@/server/mail/templates';
import { deliveryOf } from './email-preferences';

// The e-mails of notifications go through an outbox (docs/architecture.md "Live notifications"):
// notify() writes one row per topic (an application) and recipient in the transaction of the
// event, and a sender claims the rows that are due and sends them. So an e-mail survives a crash
// or a restart, leaves once however many instances sweep, and one topic sends at most one e-mail
// per window, with the latest text (docs/security.md "Coalescing"). A job queue can take the
// sender's place later; the table and the writes stay.

/**
 * One topic sends at most one e-mail per this many seconds, and its status notification is
 * replaced within it rather than added.
 */
export const COALESCE_SECONDS = 10 * 60;
/** How long a sender's claim holds: longer than any send takes (the SMTP timeouts are shorter). */
const CLAIM_SECONDS = 5 * 60;
/** Rows one claim takes. */
const BATCH = 50;
/** A text whose send failed this many times is dropped (and logged); until then it is retried. */
const MAX_ATTEMPTS = 20;
/** How often every instance sweeps the outbox for due rows. */
export const MAIL_OUTBOX_EVERY_MS = 60_000;

/** COALESCE_SECONDS as an SQL interval. */
export const coalesceWindow = sql.raw(`interval '${COALESCE_SECONDS} seconds'`);
const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/**
 * The statement part that puts e-mails in the outbox: `rows` selects (topic, user_id, type,
 * kind, message, message_es, link). A new text replaces the pending one; it is due now, or when the
 * window after the last e-mail about its topic ends.
 */
export const enqueueMails = (rows: SQL, now: Date) => sql`
  insert into mail_outbox as o (topic, user_id, type, kind, message, message_es, link, due_at)
  select topic, user_id, type, kind, message, message_es, link, ${at(now)} from (${rows}) as r
  on conflict (topic, user_id) do update set
    type = excluded.type, kind = excluded.kind, message = excluded.message,
    message_es = excluded.message_es,
    link = excluded.link, revision = o.revision + 1, attempts = 0,
    due_at = greatest(excluded.due_at, o.sent_at + ${coalesceWindow})`;

/** Which row: a topic and its recipient. */
export type TMailKey = { topic: string; userId: number };

type TClaimed = {
  id: number;
  revision: number;
  user_id: number;
  type: string;
  message: string;
  message_es: string;
  link: string | null;
  email: string;
  lang: string;
};

/** Takes up to BATCH due rows that no other sender holds (only those of `only`, if given). */
function claim(db: Db, now: Date, only?: TMailKey[]) {
  const keys = only?.map((k) => sql`(${k.topic}::varchar, ${k.userId}::int)`);
  const ofKeys = keys
    ? sql`and (m.topic, m.user_id) in (values ${sql.join(keys, sql`, `)})`
    : sql``;
  const until = new Date(now.getTime() + CLAIM_SECONDS * 1000).toISOString();
  return rowsOf<TClaimed>(
    db,
    sql`update mail_outbox o set locked_until = ${until}::timestamptz
      from users u
      where u.id = o.user_id and o.id in (
        select m.id from mail_outbox m
        where m.due_at <= ${at(now)} and (m.locked_until is null or m.locked_until <= ${at(now)})
          and ${deliveryOf(sql`m.user_id`, sql`m.kind`)} = 'instant'
          ${ofKeys}
        order by m.due_at limit ${BATCH}
        for update skip locked)
      returning o.id, o.revision, o.user_id, o.type, o.message, o.message_es, o.link,
        u.email, u.lang`,
  );
}

/**
 * Marks what was sent: the window starts now. A row whose text changed while it was being sent
 * (another move) keeps that text pending, due when the window ends.
 */
async function markSent(db: Db, now: Date, sent: TClaimed[]) {
  if (sent.length === 0) return;
  const values = sent.map((m) => sql`(${m.id}::int, ${m.revision}::int)`);
  await db.execute(sql`update mail_outbox o set sent_at = ${at(now)}, locked_until = null,
      attempts = 0,
      due_at = case when o.revision = s.revision then null else ${at(now)} + ${coalesceWindow} end
    from (values ${sql.join(values, sql`, `)}) as s (id, revision)
    where o.id = s.id`);
}

/** Frees what failed for a later sweep (a minute more per attempt), or drops it at last. */
async function release(db: Db, now: Date, failed: TClaimed[]) {
  if (failed.length === 0) return;
  const rows = await rowsOf<{ user_id: number; type: string; dropped: boolean }>(
    db,
    sql`update mail_outbox o set locked_until = null, attempts = o.attempts + 1,
        due_at = case when o.attempts + 1 >= ${MAX_ATTEMPTS} then null
          else greatest(o.due_at, ${at(now)} + (o.attempts + 1) * interval '1 minute') end
      where o.id in (${sql.join(
        failed.map((m) => sql`${m.id}::int`),
        sql`, `,
      )})
      returning o.user_id, o.type, (o.due_at is null) as dropped`,
  );
  for (const row of rows.filter((r) => r.dropped)) {
    log('error', 'notification mail dropped after repeated failures', {
      userId: row.user_id,
      type: row.type,
    });
  }
}

/** What a sender needs: the database, the clock's reading, the mailer and the app's address. */
export type TMailEnv = { db: Db; now: Date; deps: Pick<TDeps, 'mailer' | 'appUrl'> };

/** Sends the claimed rows, in each recipient's language; answers which were sent. */
async function send({ deps }: TMailEnv, rows: TClaimed[]) {
  const sent: TClaimed[] = [];
  const failed: TClaimed[] = [];
  const host = new URL(deps.appUrl).hostname || 'talentchain';
  await Promise.all(
    rows.map(async (m) => {
      const lang = langOf(m.lang);
      const mail = notificationMail(
        lang,
        m.email,
        lang === 'es' ? m.message_es : m.message,
        m.link ?? '/notifications',
        deps.appUrl,
      );
      try {
        // The same text of the same row keeps its Message-ID: a send repeated after a crash
        // (sent, not yet marked) is one message to the receiving side.
        await deps.mailer.send({ ...mail, messageId: `<outbox.${m.id}.${m.revision}@${host}>` });
        sent.push(m);
      } catch (err) {
        // The error's class only: a transport error may quote the message it failed to send.
        log('error', 'notification mail failed', {
          userId: m.user_id,
          type: m.type,
          error: err instanceof Error ? err.name : 'unknown',
        });
        failed.push(m);
      }
    }),
  );
  return { sent, failed };
}

/**
 * Sends the outbox's due e-mails (only those of `only`, if given: a request sends its own at
 * once), batch after batch. Safe to run anywhere at any time: a row is claimed by one sender,
 * marked sent once its e-mail has left, and freed for a later sweep when the send fails.
 */
export async function sendDueMails(env: TMailEnv, only?: TMailKey[]) {
  const totals = { sent: 0, failed: 0 };
  if (only?.length === 0) return totals;
  for (;;) {
    const rows = await claim(env.db, env.now, only);
    if (rows.length === 0) return totals;
    const { sent, failed } = await send(env, rows);
    await markSent(env.db, env.now, sent);
    await release(env.db, env.now, failed);
    totals.sent += sent.length;
    totals.failed += failed.length;
    if (rows.length < BATCH) return totals;
  }
}

/** Deletes rows with nothing pending whose window has ended: they no longer hold anything back. */
export async function purgeSentMails(db: Db, now: Date): Promise<number> {
  const gone = await rowsOf<{ id: number }>(
    db,
    sql`delete from mail_outbox where due_at is null
      and (sent_at is null or sent_at <= ${at(now)} - ${coalesceWindow}) returning id`,
  );
  return gone.length;
}

/**
 * Sweeps the outbox every minute, in every instance (claims keep each e-mail to one sender),
 * and once at start: what was due while no server ran leaves then. The timer never keeps the
 * process alive.
 */
export function scheduleMailOutbox(deps: TDeps): void {
  let running = false;
  const run = async () => {
    if (running) return; // a slow sweep is not overtaken by the next
    running = true;
    try {
      await sendDueMails({ db: await deps.getDb(), now: deps.now(), deps });
    } catch (err) {
      log('warn', 'mail outbox sweep failed', safeErrorFields(err));
    } finally {
      running = false;
    }
  };
  void run();
  setInterval(run, MAIL_OUTBOX_EVERY_MS).unref();
}
