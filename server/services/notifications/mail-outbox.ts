import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { EMAIL_KINDS } from '@/db/schema';
import type { Db } from '@/db/types';
import { langOf } from '@/lib/i18n/lang';
import type { TCtx, TDeps } from '@/server/context';
import { rowsOf } from '@/server/lib/sql';
import { log } from '@/server/logger';
import type { TMail } from '@/server/mail/mailer';
import { notificationMail } from '@/server/mail/templates';
import { listUnsubscribeHeaders } from '@/server/mail/unsubscribe';
import { enqueue, enqueueMany, type TJobSpec, wakeWorker } from '@/server/queue';

// Every e-mail goes through an outbox (docs/architecture.md "E-mail outbox and job queue"): the
// event's transaction writes one row per topic (an application, a conversation, one account
// e-mail) and recipient, and a `mail.send` job of the job queue (server/queue) in the same
// transaction. The job claims its row, sends it with a Message-ID of the row and its text (the
// idempotency key) and marks it sent; a failed send is retried with backoff. So an e-mail
// survives a crash or a restart, leaves once however many instances run, and one topic sends at
// most one e-mail per window, with the latest text (docs/security.md "Coalescing"). A sweep
// (a cron job, and once at start) gives a job to due rows that have none.

/** The queue of the outbox's sends, and of its sweep (db/queue.ts QUEUES). */
export const MAIL_SEND = 'mail.send';
export const MAIL_SWEEP = 'mail.sweep';

/**
 * One topic sends at most one e-mail per this many seconds, and its status notification is
 * replaced within it rather than added.
 */
export const COALESCE_SECONDS = 10 * 60;
/**
 * How long a sender's claim holds: longer than any send takes (the SMTP timeouts are shorter,
 * server/mail/mailer.ts), short enough that a row a crashed sender held leaves within minutes.
 */
const CLAIM_SECONDS = 60;
/** Rows one claim takes. */
const BATCH = 50;
/** A text whose send failed this many times is dropped (and logged); until then it is retried. */
const MAX_ATTEMPTS = 20;

/** A conversation's unread e-mail: this long after the message, at most one per this window. */
export const MESSAGE_MAIL_DELAY_SECONDS = 10 * 60;
export const MESSAGE_MAIL_WINDOW_SECONDS = 60 * 60;

/** COALESCE_SECONDS as an SQL interval. */
export const coalesceWindow = sql.raw(`interval '${COALESCE_SECONDS} seconds'`);
/** The window of a row of the outbox `o`, by its kind. */
const windowOf = (o: string) =>
  sql.raw(`(case when ${o}.kind = 'messages' then interval '${MESSAGE_MAIL_WINDOW_SECONDS} seconds'
    else interval '${COALESCE_SECONDS} seconds' end)`);

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
    message_es = excluded.message_es, link = excluded.link, revision = o.revision + 1, attempts = 0,
    due_at = greatest(excluded.due_at, o.sent_at + ${coalesceWindow})`;

/** Which row: a topic and its recipient. */
export type TMailKey = { topic: string; userId: number };

/**
 * A `mail.send` job's singleton key: at most one waits per row to run now, and one per row and
 * later time (a job waiting for its row's window never holds back one that may run now).
 */
const jobKey = (k: TMailKey, at?: Date) =>
  `${k.topic}|${k.userId}${at ? `@${at.toISOString()}` : ''}`;

/**
 * Sends a `mail.send` job for each row of `keys` in the transaction `tx` that wrote them (one
 * statement). A job due before its row (a text held back by the window) waits for the row.
 */
export async function queueMailJobs(tx: Db, keys: TMailKey[]) {
  await enqueueMany(
    MAIL_SEND,
    keys.map((k) => ({ topic: k.topic, userId: k.userId })),
    { tx },
    (k) => jobKey(k),
  );
}

/** After the commit: this instance's worker takes the new jobs at once (others poll). */
export const wakeMailWorker = () => wakeWorker(MAIL_SEND);

type TClaimed = {
  id: number;
  revision: number;
  user_id: number;
  type: string;
  kind: string;
  /** The user's delivery for the row's kind: 'instant', or 'off' (dropped unsent). */
  delivery: string;
  /** A conversation's e-mail whose recipient has read everything since: dropped unsent. */
  read: boolean;
  message: string;
  message_es: string;
  link: string | null;
  email: string;
  lang: string;
};

/** The delivery the user of the row in `m` chose for its kind (`p`: their email_preferences). */
const deliveryOf = (m: string, p: string) =>
  sql.raw(`coalesce(case ${m}.kind ${EMAIL_KINDS.map((k) => `when '${k}' then ${p}.${k}`).join(' ')}
    end, 'instant')`);

/**
 * A topic under this prefix is e-mailed only in the daily digest, unless its kind is off: a saved
 * search's alert told daily (server/services/discovery/alerts.ts).
 */
export const DIGEST_ONLY_TOPIC = 'digest:';

/** Whether the row in `m` waits for the daily digest (`p`: its user's email_preferences). */
const leftToDigest = (m: string, p: string) =>
  sql`(${deliveryOf(m, p)} = 'daily' or (${sql.raw(m)}.topic like ${`${DIGEST_ONLY_TOPIC}%`}
    and ${deliveryOf(m, p)} <> 'off'))`;

/**
 * Takes up to BATCH due rows that no other sender holds (only those of `only`, if given). Rows
 * whose user takes their kind in the daily digest are left to it.
 */
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
        select m.id from mail_outbox m left join email_preferences p on p.user_id = m.user_id
        where m.due_at <= ${at(now)} and (m.locked_until is null or m.locked_until <= ${at(now)})
          and not ${leftToDigest('m', 'p')}
          ${ofKeys}
        order by m.due_at limit ${BATCH}
        for update of m skip locked)
      returning o.id, o.revision, o.user_id, o.type, o.kind, o.message, o.message_es, o.link,
        u.email, u.lang,
        (select ${deliveryOf('o', 'p')} from (select 1) one
          left join email_preferences p on p.user_id = o.user_id) as delivery,
        (o.kind = 'messages' and o.topic like 'conversation:%' and not exists (
          select 1 from conversation_messages cm
          left join conversation_reads r on r.conversation_id = cm.conversation_id
            and r.user_id = o.user_id
          where cm.conversation_id = split_part(o.topic, ':', 2)::int
            and cm.author_id is distinct from o.user_id
            and cm.id > coalesce(r.last_read_message_id, 0))) as read`,
  );
}

/** Drops what is not to be sent (the kind turned off, the conversation read): nothing pending. */
async function markDropped(db: Db, dropped: TClaimed[]) {
  if (dropped.length === 0) return;
  const values = dropped.map((m) => sql`(${m.id}::int, ${m.revision}::int)`);
  await db.execute(sql`update mail_outbox o set locked_until = null, attempts = 0,
      due_at = case when o.revision = s.revision then null else o.due_at end
    from (values ${sql.join(values, sql`, `)}) as s (id, revision)
    where o.id = s.id`);
}

/**
 * Marks what was sent: the window starts now. A row whose text changed while it was being sent
 * (another move) keeps that text pending, due when the window ends. An account e-mail's text
 * (a recovery code) is erased once sent.
 */
async function markSent(db: Db, now: Date, sent: TClaimed[]) {
  if (sent.length === 0) return;
  const values = sent.map((m) => sql`(${m.id}::int, ${m.revision}::int)`);
  await db.execute(sql`update mail_outbox o set sent_at = ${at(now)}, locked_until = null,
      attempts = 0,
      message = case when o.kind = 'account' then '' else o.message end,
      message_es = case when o.kind = 'account' then '' else o.message_es end,
      due_at = case when o.revision = s.revision then null else ${at(now)} + ${windowOf('o')} end
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
export type TMailEnv = {
  db: Db;
  now: Date;
  deps: Pick<TDeps, 'mailer' | 'appUrl' | 'jwtSecret'>;
};

/** The e-mail of a claimed row, in its recipient's language. */
async function mailOf({ deps }: TMailEnv, m: TClaimed): Promise<TMail> {
  // An account e-mail is stored rendered (the recipient may have no account: an invitation).
  if (m.kind === 'account') return JSON.parse(m.message) as TMail;
  const lang = langOf(m.lang);
  const mail = notificationMail(
    lang,
    m.email,
    lang === 'es' ? m.message_es : m.message,
    m.link ?? '/notifications',
    deps.appUrl,
  );
  if (!(EMAIL_KINDS as readonly string[]).includes(m.kind)) return mail;
  const kind = m.kind as (typeof EMAIL_KINDS)[number];
  return {
    ...mail,
    headers: await listUnsubscribeHeaders(deps.appUrl, m.user_id, kind, deps.jwtSecret),
  };
}

/** Sends the claimed rows, in each recipient's language; answers which were sent. */
async function send(env: TMailEnv, rows: TClaimed[]) {
  const { deps } = env;
  const sent: TClaimed[] = [];
  const failed: TClaimed[] = [];
  const host = new URL(deps.appUrl).hostname || 'talentchain';
  await Promise.all(
    rows.map(async (m) => {
      try {
        const mail = await mailOf(env, m);
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
    const skip = (m: TClaimed) => m.delivery === 'off' || m.read;
    await markDropped(env.db, rows.filter(skip));
    const { sent, failed } = await send(
      env,
      rows.filter((m) => !skip(m)),
    );
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
      and (sent_at is null or sent_at <= ${at(now)} - ${windowOf('mail_outbox')}) returning id`,
  );
  return gone.length;
}

/**
 * After the commit that wrote it, the request sends its account e-mail itself (the user waits for
 * a code), through the row's claim, so its job finds it sent; a crash before this leaves it to
 * the job. A failed send drops the row (its text erased) and answers false: the request then
 * says it could not send, and nothing arrives later.
 */
export async function sendAccountMailNow(ctx: TCtx, key: TMailKey): Promise<boolean> {
  const { sent, failed } = await sendDueMails(ctx, [key]);
  if (failed === 0) return sent > 0 || !(await isPending(ctx.db, key));
  await ctx.db.execute(sql`update mail_outbox set due_at = null, locked_until = null,
      message = '', message_es = ''
    where topic = ${key.topic} and user_id = ${key.userId}`);
  return false;
}

/** Whether the row of `key` still holds an e-mail to send. */
async function isPending(db: Db, key: TMailKey) {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select id from mail_outbox
      where topic = ${key.topic} and user_id = ${key.userId} and due_at is not null`,
  );
  return rows.length > 0;
}

/** Raised by a `mail.send` job whose e-mail failed: pg-boss retries it with its backoff. */
class MailNotSent extends Error {
  override name = 'MailNotSent';
}

/**
 * The `mail.send` job: sends its row if it is due. A row held back (by the window, or by a failed
 * send) gets a job for when it is due; a failed send fails the job, which pg-boss retries.
 */
export async function sendMailJob(key: TMailKey, deps: TDeps) {
  const db = await deps.getDb();
  const now = deps.now();
  const { failed } = await sendDueMails({ db, now, deps }, [key]);
  if (failed > 0) throw new MailNotSent('the e-mail could not be sent');
  const [later] = await rowsOf<{ due_at: string }>(
    db,
    sql`select due_at from mail_outbox
      where topic = ${key.topic} and user_id = ${key.userId} and due_at > ${at(now)}`,
  );
  if (later) {
    const due = new Date(later.due_at);
    await enqueue(MAIL_SEND, key, { db, startAfter: due, singletonKey: jobKey(key, due) });
  }
}

/** How many rows one sweep gives jobs to. */
const SWEEP_BATCH = 500;

/**
 * The `mail.sweep` job (every minute, and once at start): due rows without a waiting job (written
 * by an older version, or whose job was running in a server that crashed) get one.
 */
export async function sweepMailJob(_data: unknown, deps: TDeps) {
  const db = await deps.getDb();
  const now = deps.now();
  const rows = await rowsOf<TMailKey>(
    db,
    sql`select m.topic, m.user_id as "userId"
      from mail_outbox m left join email_preferences p on p.user_id = m.user_id
      where m.due_at <= ${at(now)} and (m.locked_until is null or m.locked_until <= ${at(now)})
        and not ${leftToDigest('m', 'p')}
        and not exists (select 1 from pgboss.job j
          where j.name = ${MAIL_SEND} and j.state in ('created', 'retry')
            and split_part(j.singleton_key, '@', 1) = m.topic || '|' || m.user_id
            and j.start_after <= now())
      order by m.due_at limit ${SWEEP_BATCH}`,
  );
  await enqueueMany(MAIL_SEND, rows, { db }, (k) => jobKey(k));
  if (rows.length > 0) wakeMailWorker();
}

/** The outbox's jobs (server/queue/jobs.ts). */
export const MAIL_JOBS: TJobSpec[] = [
  { name: MAIL_SEND, handler: sendMailJob as TJobSpec['handler'] },
  { name: MAIL_SWEEP, handler: sweepMailJob, cron: '* * * * *', pollingIntervalSeconds: 10 },
];

/**
 * A conversation's unread e-mail (docs/product.md "E-mail that respects people"), written in the
 * message's transaction `tx`: one row per recipient and conversation, due 10 minutes after the
 * first unread message and at most once an hour, with the latest text. At send time a recipient
 * who has read everything since gets nothing.
 */
export async function enqueueMessageMail(
  tx: Db,
  ctx: Pick<TCtx, 'now'>,
  input: {
    conversationId: number;
    messageId: number;
    recipients: number[];
    text: string;
    /** A path of this site: the thread. */
    link: string;
  },
) {
  if (input.recipients.length === 0) return;
  const topic = `conversation:${input.conversationId}`;
  const due = new Date(ctx.now.getTime() + MESSAGE_MAIL_DELAY_SECONDS * 1000);
  const users = input.recipients.map((id) => sql`(${id}::int)`);
  await tx.execute(sql`
    insert into mail_outbox as o (topic, user_id, type, kind, message, message_es, link, due_at)
    select ${topic}, r.user_id, 'message', 'messages', ${`You have an unread message:
${input.text}`},
      ${`Tienes un mensaje sin leer:
${input.text}`}, ${input.link}, ${at(due)}
    from (values ${sql.join(users, sql`, `)}) as r (user_id)
    -- A deleted account is e-mailed nothing (docs/product.md "Deleting one's account").
    where not exists (select 1 from users d where d.id = r.user_id and d.deleted_at is not null)
    on conflict (topic, user_id) do update set
      type = excluded.type, message = excluded.message, message_es = excluded.message_es,
      link = excluded.link, revision = o.revision + 1, attempts = 0,
      due_at = coalesce(o.due_at, greatest(excluded.due_at, o.sent_at + ${windowOf('o')}))`);
  await enqueueMany(
    MAIL_SEND,
    input.recipients.map((userId) => ({ topic, userId })),
    { tx, startAfter: due },
    (k) => jobKey(k, due),
  );
}

/**
 * An account e-mail (recovery code, invitation, verification request), written to the outbox in
 * the transaction `tx` of what causes it, rendered, and sent by a `mail.send` job: always, never
 * coalesced, without List-Unsubscribe; its text is erased once sent. `userId` is the account it
 * is about (the mail may go elsewhere: an invitee, the verifications address). Answers its key.
 */
export async function enqueueAccountMail(
  tx: Db,
  ctx: Pick<TCtx, 'now'>,
  input: { userId: number; type: string; mail: TMail },
): Promise<TMailKey> {
  const key = { topic: `account:${input.type}:${randomUUID()}`, userId: input.userId };
  await tx.execute(sql`
    insert into mail_outbox (topic, user_id, type, kind, message, message_es, link, due_at)
    values (${key.topic}, ${key.userId}, ${input.type}, 'account', ${JSON.stringify(input.mail)},
      '', null, ${at(ctx.now)})`);
  await enqueueMany(MAIL_SEND, [key], { tx }, (k) => jobKey(k));
  return key;
}
