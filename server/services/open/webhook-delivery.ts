import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/types';
import { langOf } from '@/lib/i18n/lang';
import type { TDeps } from '@/server/context';
import { rowsOf } from '@/server/lib/sql';
import { log } from '@/server/logger';
import { webhookDisabledMail } from '@/server/mail/templates';
import { enqueue, enqueueMany, type TJobSpec } from '@/server/queue';
import { enqueueAccountMail, wakeMailWorker } from '@/server/services/notifications/mail-outbox';
import { deliveryProblem, guardedLookup, RefusedAddress } from './webhook-address';
import { deliveryJobKey, wakeWebhookWorker, WEBHOOKS_DELIVER, WEBHOOKS_SWEEP } from './webhooks';

// Sending webhook deliveries (docs/api.md "Webhooks", docs/architecture.md "Webhook deliveries"):
// a `webhooks.deliver` job claims its row, POSTs the payload signed as Standard Webhooks says,
// and records the answer. A 2xx delivers it; anything else (an error, a timeout, a redirect, a
// refused address) is retried after 1 min, 5 min, 30 min, 2 h and 6 h, then given up ('failed').
// An endpoint with DISABLE_AFTER deliveries given up in a row is disabled and its company's owners
// are e-mailed. A sweep gives a job to due rows that have none.

/** The waits before each retry (after the 1st, 2nd… attempt); then the delivery is given up. */
export const RETRY_DELAYS_SECONDS = [60, 5 * 60, 30 * 60, 2 * 3600, 6 * 3600] as const;
/** Attempts in all: the first and the retries. */
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;
/** Deliveries given up in a row that disable an endpoint (a success resets the count). */
export const DISABLE_AFTER = 5;
/** How long one attempt waits for the receiver's answer. */
export const TIMEOUT_MS = 10_000;
/** How much of a failed answer's body is kept (as `last_error`). */
const ERROR_CHARS = 200;
/** A claim holds this long (longer than an attempt can take); a crashed sender's row is due then. */
const CLAIM_SECONDS = 60;
/** Rows one claim takes. */
const BATCH = 20;

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

type TClaimed = {
  id: number;
  message_id: string;
  payload: unknown;
  attempts: number;
  webhook_id: number;
  company_id: number;
  url: string;
  secret: string;
  disabled: boolean;
};

/** Takes up to BATCH due pending rows (only those of `only`, if given) that no sender holds. */
function claim(db: Db, now: Date, only?: number[]) {
  const ofIds = only
    ? sql`and d.id in (${sql.join(
        only.map((id) => sql`${id}::int`),
        sql`, `,
      )})`
    : sql``;
  const until = new Date(now.getTime() + CLAIM_SECONDS * 1000);
  return rowsOf<TClaimed>(
    db,
    sql`update webhook_deliveries o set next_attempt_at = ${at(until)}
      from webhooks w
      where w.id = o.webhook_id and o.id in (
        select d.id from webhook_deliveries d
        where d.status = 'pending' and d.next_attempt_at <= ${at(now)} ${ofIds}
        order by d.next_attempt_at limit ${BATCH}
        for update of d skip locked)
      returning o.id, o.message_id, o.payload, o.attempts, w.id as webhook_id, w.company_id,
        w.url, w.secret, (w.disabled_at is not null) as disabled`,
  );
}

/** The Standard Webhooks signature of `body`: `v1,` and the base64 HMAC-SHA256 with the secret. */
export function signature(secret: string, messageId: string, timestamp: number, body: string) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const mac = createHmac('sha256', key)
    .update(`${messageId}.${timestamp}.${body}`)
    .digest('base64');
  return `v1,${mac}`;
}

type TAttempt = { ok: boolean; status: number | null; error: string | null };

/**
 * One POST of `body` to `url`: the address checked before connecting and at the lookup (the
 * socket goes to the address checked), no redirect followed, no pooled socket, TIMEOUT_MS (a
 * receiver that never answers is left then, its socket closed). Exported for its tests.
 */
export function post(
  url: URL,
  headers: Record<string, string>,
  body: string,
  allowPrivate: boolean,
  timeoutMs = TIMEOUT_MS,
): Promise<TAttempt> {
  const problem = deliveryProblem(url, allowPrivate);
  if (problem) {
    return Promise.resolve({ ok: false, status: null, error: `address refused (${problem})` });
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<TAttempt>((resolve) => {
    let settled = false;
    const finish = (a: TAttempt) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(a);
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(allowPrivate),
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) {
          res.resume();
          finish({ ok: true, status, error: null });
          return;
        }
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          if (text.length >= ERROR_CHARS) res.destroy();
        });
        const done = () =>
          finish({ ok: false, status, error: text.slice(0, ERROR_CHARS) || `HTTP ${status}` });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      finish({ ok: false, status: null, error: 'timeout' });
    }, timeoutMs);
    req.on('error', (err) => {
      const error =
        err instanceof RefusedAddress ||
        (err as { cause?: unknown }).cause instanceof RefusedAddress
          ? 'address refused (webhook_private)'
          : `connection failed (${(err as NodeJS.ErrnoException).code ?? err.name})`;
      finish({ ok: false, status: null, error });
    });
    req.end(body);
  });
}

export type TWebhookEnv = {
  db: Db;
  now: Date;
  deps: Pick<TDeps, 'appUrl' | 'webhooksAllowPrivate'>;
};

/** Sends one claimed row; answers the attempt. */
async function attempt(env: TWebhookEnv, row: TClaimed): Promise<TAttempt> {
  if (row.disabled) return { ok: false, status: null, error: 'endpoint disabled' };
  const body = JSON.stringify(row.payload);
  const timestamp = Math.floor(env.now.getTime() / 1000);
  let url: URL;
  try {
    url = new URL(row.url);
  } catch {
    return { ok: false, status: null, error: 'address refused (url)' };
  }
  return post(
    url,
    {
      'content-type': 'application/json',
      'user-agent': 'TalentChain-Webhooks/1.0',
      'webhook-id': row.message_id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signature(row.secret, row.message_id, timestamp, body),
    },
    body,
    env.deps.webhooksAllowPrivate === true,
  );
}

/** Records a delivered row: the endpoint's run of failures ends. */
async function markDelivered(db: Db, now: Date, row: TClaimed, result: TAttempt) {
  await db.execute(sql`update webhook_deliveries set status = 'delivered',
      attempts = attempts + 1, last_status = ${result.status}, last_error = null,
      delivered_at = ${at(now)}, next_attempt_at = ${at(now)}
    where id = ${row.id}`);
  await db.execute(sql`update webhooks set failures = 0 where id = ${row.webhook_id}`);
}

/**
 * Records a failed attempt: the row is due again after its delay, with a job for then, or given
 * up after MAX_ATTEMPTS (a disabled endpoint's at once). A given-up row adds to its endpoint's
 * failures; at DISABLE_AFTER the endpoint is disabled and the owners e-mailed, in one transaction.
 */
async function markFailed(env: TWebhookEnv, row: TClaimed, result: TAttempt) {
  const { db, now } = env;
  const attempts = row.attempts + 1;
  const giveUp = row.disabled || attempts >= MAX_ATTEMPTS;
  const status = result.status === null ? null : Math.min(result.status, 32767);
  if (!giveUp) {
    const due = new Date(now.getTime() + RETRY_DELAYS_SECONDS[attempts - 1]! * 1000);
    await db.transaction(async (tx) => {
      await tx.execute(sql`update webhook_deliveries set attempts = ${attempts},
          last_status = ${status}, last_error = ${result.error}, next_attempt_at = ${at(due)}
        where id = ${row.id}`);
      await enqueue(
        WEBHOOKS_DELIVER,
        { id: row.id },
        {
          tx,
          startAfter: due,
          singletonKey: deliveryJobKey(row.id, due),
        },
      );
    });
    return;
  }
  const disabledNow = await db.transaction(async (tx) => {
    await tx.execute(sql`update webhook_deliveries set status = 'failed', attempts = ${attempts},
        last_status = ${status}, last_error = ${result.error}, next_attempt_at = ${at(now)}
      where id = ${row.id}`);
    if (row.disabled) return false;
    const [hook] = await rowsOf<{ disabled: boolean }>(
      tx,
      sql`update webhooks set failures = failures + 1,
          disabled_at = case when failures + 1 >= ${DISABLE_AFTER} then ${at(now)} else null end
        where id = ${row.webhook_id} and disabled_at is null
        returning (disabled_at is not null) as disabled`,
    );
    if (!hook?.disabled) return false;
    await tellOwners(tx, env, row);
    return true;
  });
  if (disabledNow) {
    log('warn', 'webhook endpoint disabled after repeated failures', {
      webhookId: row.webhook_id,
      companyId: row.company_id,
    });
    wakeMailWorker();
  }
}

/** The e-mail to each owner of the company, in their language, through the outbox. */
async function tellOwners(tx: Db, env: TWebhookEnv, row: TClaimed) {
  const owners = await rowsOf<{ id: number; email: string; lang: string; company: string }>(
    tx,
    sql`select u.id, u.email, u.lang, c.name as company
      from company_members m join users u on u.id = m.user_id
      join companies c on c.id = m.company_id
      where m.company_id = ${row.company_id} and m.role = 'owner' and u.deleted_at is null
      order by u.id`,
  );
  for (const o of owners) {
    await enqueueAccountMail(
      tx,
      { now: env.now },
      {
        userId: o.id,
        type: 'webhook_disabled',
        mail: webhookDisabledMail(langOf(o.lang), o.email, {
          url: row.url,
          company: o.company,
          failures: DISABLE_AFTER,
          appUrl: env.deps.appUrl,
        }),
      },
    );
  }
}

/**
 * Sends the due deliveries (only those of `only`, if given), batch after batch. Safe anywhere at
 * any time: a row is claimed by one sender and recorded after its attempt.
 */
export async function deliverDueWebhooks(env: TWebhookEnv, only?: number[]) {
  const totals = { delivered: 0, failed: 0 };
  if (only?.length === 0) return totals;
  for (;;) {
    const rows = await claim(env.db, env.now, only);
    if (rows.length === 0) return totals;
    await Promise.all(
      rows.map(async (row) => {
        const result = await attempt(env, row);
        if (result.ok) {
          await markDelivered(env.db, env.now, row, result);
          totals.delivered += 1;
        } else {
          await markFailed(env, row, result);
          totals.failed += 1;
        }
      }),
    );
    if (rows.length < BATCH) return totals;
  }
}

/** The `webhooks.deliver` job: its row, if due (a retry's job waits for its time). */
export async function deliverWebhookJob(data: { id: number }, deps: TDeps) {
  const db = await deps.getDb();
  await deliverDueWebhooks({ db, now: deps.now(), deps }, [data.id]);
}

/** How many rows one sweep gives jobs to. */
const SWEEP_BATCH = 500;

/**
 * The `webhooks.sweep` job (every minute, and once at start): due pending rows without a waiting
 * job (whose job ran in a server that crashed, or whose claim lapsed) get one.
 */
export async function sweepWebhooksJob(_data: unknown, deps: TDeps) {
  const db = await deps.getDb();
  const now = deps.now();
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select d.id from webhook_deliveries d
      where d.status = 'pending' and d.next_attempt_at <= ${at(now)}
        and not exists (select 1 from pgboss.job j
          where j.name = ${WEBHOOKS_DELIVER} and j.state in ('created', 'retry')
            and split_part(j.singleton_key, '@', 1) = d.id::text
            and j.start_after <= now())
      order by d.next_attempt_at limit ${SWEEP_BATCH}`,
  );
  await enqueueMany(WEBHOOKS_DELIVER, rows, { db }, (r) => deliveryJobKey(r.id));
  if (rows.length > 0) wakeWebhookWorker();
}

/** The webhooks' jobs (server/queue/jobs.ts). */
export const WEBHOOK_JOBS: TJobSpec[] = [
  { name: WEBHOOKS_DELIVER, handler: deliverWebhookJob as TJobSpec['handler'] },
  {
    name: WEBHOOKS_SWEEP,
    handler: sweepWebhooksJob,
    cron: '* * * * *',
    pollingIntervalSeconds: 10,
  },
];
