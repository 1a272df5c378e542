import { sql } from 'drizzle-orm';
import type { Db } from '@/db/types';
import { langOf } from '@/lib/i18n/lang';
import type { TDeps } from '@/server/context';
import { rowsOf } from '@/server/lib/sql';
import { log } from '@/server/logger';
import { digestMail, type TDigestKind } from '@/server/mail/templates';
import { listUnsubscribeHeaders, unsubscribeUrl } from '@/server/mail/unsubscribe';
import type { TJobSpec } from '@/server/queue';
import { deliveryOf } from './email-preferences';
import { DIGEST_ONLY_TOPIC } from './mail-outbox';

// The daily digest (docs/product.md "E-mail that respects people"): the outbox's rows of the kinds
// a user takes "daily" wait there (the instant sender leaves them, ./mail-outbox.ts), and once a
// day, at DIGEST_HOUR_UTC, one e-mail per user lists them all, in the user's language. A pg-boss
// cron job runs every hour; from that hour on it sends what was due by then and is still pending,
// so a day whose 07:00 found no server running is caught up by the next run. Each user's rows are
// claimed (no other instance takes them), sent with a Message-ID of the user and the date (the
// idempotency key: a repeated send is the same message), and marked sent in one statement.

/** The hour of the day (UTC) the digests leave. */
export const DIGEST_HOUR_UTC = 7;
/** The digest's queue (db/queue.ts QUEUES) and its schedule: every hour, on the hour. */
export const MAIL_DIGEST = 'mail.digest';
const EVERY_HOUR = '0 * * * *';
/** How long a claim holds: longer than any send takes. */
const CLAIM_SECONDS = 5 * 60;
/** Users one query of the pending finds. */
const USERS_BATCH = 200;

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Today's digest moment (DIGEST_HOUR_UTC of `now`'s UTC date), or null before it. */
export function digestMoment(now: Date): Date | null {
  const moment = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), DIGEST_HOUR_UTC),
  );
  return now < moment ? null : moment;
}

/**
 * The rows of the digest: pending by `cut`, of a kind their user takes daily (or of a topic only
 * the digest sends, DIGEST_ONLY_TOPIC, of a kind not off), not held.
 */
const pendingDaily = (now: Date, cut: Date) => sql`m.due_at is not null and m.due_at <= ${at(cut)}
  and (m.locked_until is null or m.locked_until <= ${at(now)})
  and (${deliveryOf(sql`m.user_id`, sql`m.kind`)} = 'daily'
    or (m.topic like ${`${DIGEST_ONLY_TOPIC}%`}
      and ${deliveryOf(sql`m.user_id`, sql`m.kind`)} <> 'off'))`;

type TDigestRow = {
  id: number;
  revision: number;
  kind: TDigestKind;
  message: string;
  message_es: string;
  link: string | null;
  email: string;
  lang: string;
};

/** Takes the digest's rows of `userId` that no other instance holds. */
function claim(db: Db, now: Date, cut: Date, userId: number) {
  const until = new Date(now.getTime() + CLAIM_SECONDS * 1000);
  return rowsOf<TDigestRow>(
    db,
    sql`update mail_outbox o set locked_until = ${at(until)}
      from users u
      where u.id = o.user_id and o.id in (
        select m.id from mail_outbox m
        where m.user_id = ${userId} and ${pendingDaily(now, cut)}
        for update of m skip locked)
      returning o.id, o.revision, o.kind, o.message, o.message_es, o.link, o.due_at,
        u.email, u.lang`,
  );
}

/**
 * Marks the sent rows: nothing pending, the topic's window starts now. A row whose text changed
 * while the digest left keeps that text for the next digest.
 */
async function markSent(db: Db, now: Date, rows: TDigestRow[]) {
  const values = rows.map((m) => sql`(${m.id}::int, ${m.revision}::int)`);
  await db.execute(sql`update mail_outbox o set sent_at = ${at(now)}, locked_until = null,
      attempts = 0, due_at = case when o.revision = s.revision then null else o.due_at end
    from (values ${sql.join(values, sql`, `)}) as s (id, revision)
    where o.id = s.id`);
}

/** Frees the rows of a digest that failed, for the next run. */
async function release(db: Db, rows: TDigestRow[]) {
  await db.execute(sql`update mail_outbox set locked_until = null
    where id in (${sql.join(
      rows.map((m) => sql`${m.id}::int`),
      sql`, `,
    )})`);
}

const KIND_ORDER: TDigestKind[] = ['messages', 'application_updates', 'new_applicants', 'alerts'];

/** One user's digest: the e-mail of their claimed rows, oldest first. */
async function digestOf(
  deps: Pick<TDeps, 'appUrl' | 'jwtSecret'>,
  userId: number,
  date: string,
  rows: TDigestRow[],
) {
  const lang = langOf(rows[0]!.lang);
  const kinds = KIND_ORDER.filter((k) => rows.some((r) => r.kind === k));
  const unsubscribe = await Promise.all(
    kinds.map(async (kind) => ({
      kind,
      url: await unsubscribeUrl(deps.appUrl, userId, kind, deps.jwtSecret),
    })),
  );
  const mail = digestMail(lang, rows[0]!.email, {
    items: rows.map((r) => ({
      message: lang === 'es' ? r.message_es : r.message,
      path: r.link ?? '/notifications',
    })),
    unsubscribe,
    appUrl: deps.appUrl,
  });
  const host = new URL(deps.appUrl).hostname || 'talentchain';
  return {
    ...mail,
    // The header names one kind (RFC 8058 takes one address): the first the digest holds; the
    // text has a link per kind.
    headers: await listUnsubscribeHeaders(deps.appUrl, userId, kinds[0]!, deps.jwtSecret),
    messageId: `<digest.${userId}.${date}@${host}>`,
  };
}

/**
 * Sends the digest of every user with pending rows of a daily kind, due by today's digest moment
 * (nothing before it). Safe to run anywhere, at once: each user's rows are claimed by one run.
 * Answers how many digests left and how many failed (their rows wait for the next run).
 */
export async function sendDigests(env: {
  db: Db;
  now: Date;
  deps: Pick<TDeps, 'mailer' | 'appUrl' | 'jwtSecret'>;
}) {
  const { db, now, deps } = env;
  const totals = { sent: 0, failed: 0 };
  const cut = digestMoment(now);
  if (!cut) return totals;
  const date = cut.toISOString().slice(0, 10);
  const tried = new Set<number>();
  for (;;) {
    const skip = [...tried];
    const users = await rowsOf<{ user_id: number }>(
      db,
      sql`select distinct m.user_id from mail_outbox m where ${pendingDaily(now, cut)}
        ${
          skip.length > 0
            ? sql`and m.user_id not in (${sql.join(
                skip.map((id) => sql`${id}::int`),
                sql`, `,
              )})`
            : sql``
        }
        order by m.user_id limit ${USERS_BATCH}`,
    );
    if (users.length === 0) return totals;
    for (const { user_id: userId } of users) {
      tried.add(userId);
      const rows = await claim(db, now, cut, userId);
      if (rows.length === 0) continue;
      rows.sort((a, b) => a.id - b.id);
      try {
        await deps.mailer.send(await digestOf(deps, userId, date, rows));
      } catch (err) {
        log('error', 'daily digest failed', {
          userId,
          error: err instanceof Error ? err.name : 'unknown',
        });
        await release(db, rows);
        totals.failed += 1;
        continue;
      }
      await markSent(db, now, rows);
      totals.sent += 1;
    }
  }
}

/** The `mail.digest` job (every hour): the digests, from DIGEST_HOUR_UTC on. */
export async function digestJob(_data: unknown, deps: TDeps) {
  const { failed } = await sendDigests({ db: await deps.getDb(), now: deps.now(), deps });
  // pg-boss retries the job; what was sent is marked and is not sent again.
  if (failed > 0) throw new Error('some daily digests could not be sent');
}

/** The digest's job (server/queue/jobs.ts). */
export const DIGEST_JOBS: TJobSpec[] = [
  { name: MAIL_DIGEST, handler: digestJob, cron: EVERY_HOUR, pollingIntervalSeconds: 30 },
];
