import { sql } from 'drizzle-orm';
import type { Db } from '@/db/types';
import type { TWebhookEvent } from '@/lib/schemas/webhooks';
import { rowsOf } from '@/server/lib/sql';
import { enqueueMany, wakeWorker } from '@/server/queue';

// A company's webhook events (docs/api.md "Webhooks", docs/architecture.md "Webhook deliveries"):
// the service where something happens calls queueWebhookEvent inside its own transaction, which
// writes one `webhook_deliveries` row per enabled endpoint of the company subscribed to the
// event, and a `webhooks.deliver` job per row (the mail outbox's pattern): the event and its
// deliveries commit or roll back together. ./webhook-delivery.ts sends them.

/** The queue of the sends, and of the sweep (db/queue.ts QUEUES). */
export const WEBHOOKS_DELIVER = 'webhooks.deliver';
export const WEBHOOKS_SWEEP = 'webhooks.sweep';

/** A `webhooks.deliver` job's singleton key: one waiting now per delivery, one per later time. */
export const deliveryJobKey = (id: number, at?: Date) => `${id}${at ? `@${at.toISOString()}` : ''}`;

/** What a delivery's body says: the Standard Webhooks shape. */
export type TWebhookPayload = {
  type: TWebhookEvent;
  timestamp: string;
  data: Record<string, unknown>;
};

/**
 * Queues `event` for the company's endpoints subscribed to it, in the transaction `tx` of what
 * happened (`now` its instant): one delivery row and one job each. Answers how many.
 */
export async function queueWebhookEvent(
  tx: Db,
  companyId: number,
  event: TWebhookEvent,
  data: Record<string, unknown>,
  now: Date,
): Promise<number> {
  return queueWebhookEvents(tx, [{ companyId, event, data }], now);
}

/** Several events at once (a bulk move): one statement for the rows, one for the jobs. */
export async function queueWebhookEvents(
  tx: Db,
  events: { companyId: number; event: TWebhookEvent; data: Record<string, unknown> }[],
  now: Date,
): Promise<number> {
  if (events.length === 0) return 0;
  const at = sql`${now.toISOString()}::timestamptz`;
  const values = events.map((e, i) => {
    const payload: TWebhookPayload = { type: e.event, timestamp: now.toISOString(), data: e.data };
    return sql`(${i}::int, ${e.companyId}::int, ${e.event}::varchar, ${JSON.stringify(payload)}::jsonb)`;
  });
  // The message id is random per row: gen_random_uuid is PostgreSQL's (13+) and PGlite's.
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`insert into webhook_deliveries (webhook_id, event, message_id, payload, next_attempt_at,
        created_at)
      select w.id, e.event,
        'msg_' || replace(gen_random_uuid()::text, '-', ''), e.payload, ${at}, ${at}
      from (values ${sql.join(values, sql`, `)}) as e (ord, company_id, event, payload)
      join webhooks w on w.company_id = e.company_id and w.disabled_at is null
        and e.event = any(w.events)
      order by e.ord, w.id
      returning id`,
  );
  await enqueueMany(
    WEBHOOKS_DELIVER,
    rows.map((r) => ({ id: r.id })),
    { tx },
    (r) => deliveryJobKey(r.id),
  );
  return rows.length;
}

/** After the commit: this instance's worker sends at once (others poll). */
export const wakeWebhookWorker = () => wakeWorker(WEBHOOKS_DELIVER);

type TAppKind = 'project' | 'job';

/** Each kind's tables, for the application events' one query. */
const APP_TABLES: Record<TAppKind, { app: string; fk: string; posting: string; status: string }> = {
  project: {
    app: 'project_applications',
    fk: 'project_id',
    posting: 'projects',
    status: 'accepted',
  },
  job: { app: 'job_applications', fk: 'job_id', posting: 'jobs', status: 'selected' },
};

/**
 * The application events of `kind` in `tx`: `application.created` for new applications, or
 * `application.status_changed` for moved ones (`from` their status before). Their company, posting
 * and talent are read in one query; the payload carries ids and statuses only.
 */
export async function queueApplicationEvents(
  tx: Db,
  kind: TAppKind,
  event: 'application.created' | 'application.status_changed',
  applications: readonly { id: number; from?: number }[],
  now: Date,
) {
  if (applications.length === 0) return;
  const t = APP_TABLES[kind];
  const ids = applications.map((a) => sql`${a.id}::int`);
  const rows = await rowsOf<{
    id: number;
    company_id: number;
    posting_id: number;
    user_id: number;
    status: number;
  }>(
    tx,
    sql`select a.id, p.company_id, p.id as posting_id, a.user_id, a.${sql.raw(t.status)} as status
      from ${sql.raw(t.app)} a join ${sql.raw(t.posting)} p on p.id = a.${sql.raw(t.fk)}
      where a.id in (${sql.join(ids, sql`, `)})
        and exists (select 1 from webhooks w where w.company_id = p.company_id)
      order by a.id`,
  );
  if (rows.length === 0) return;
  const fromOf = new Map(applications.map((a) => [a.id, a.from]));
  await queueWebhookEvents(
    tx,
    rows.map((r) => ({
      companyId: r.company_id,
      event,
      data: {
        application: { kind, id: r.id },
        posting: { kind, id: r.posting_id },
        talent_id: r.user_id,
        status_id: r.status,
        ...(event === 'application.status_changed' ? { previous_status_id: fromOf.get(r.id) } : {}),
      },
    })),
    now,
  );
}

/**
 * `posting.closed`: the posting stopped taking applications for good, ended or cancelled by the
 * company or closed by its deadline.
 */
export async function queuePostingClosed(
  tx: Db,
  input: {
    kind: TAppKind;
    postingId: number;
    companyId: number;
    statusId: number;
    closedBy: 'company' | 'deadline';
  },
  now: Date,
) {
  await queueWebhookEvent(
    tx,
    input.companyId,
    'posting.closed',
    {
      posting: { kind: input.kind, id: input.postingId },
      status_id: input.statusId,
      closed_by: input.closedBy,
    },
    now,
  );
}
