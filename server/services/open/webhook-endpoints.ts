import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { webhookDeliveries, webhooks } from '@/db/schema';
import { WEBHOOK_LIMITS, type TWebhookEvent } from '@/lib/schemas/webhooks';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { rowsOf } from '@/server/lib/sql';
import { assertRole } from '@/server/services/access';
import { companyNotFound, roleIn } from '@/server/services/companies/permissions';
import { paginated, type TPage } from '@/server/services/profile/common';
import { addressProblem } from './webhook-address';

// A company's webhook endpoints (docs/api.md "Webhooks"): its owners and admins add, list and
// delete them and read their delivery logs. Anyone else (a recruiter, another company's member)
// is answered as for a company that does not exist: the endpoints and their secrets are the
// company's integration, not its team's work.

/** The owner or admin of `companyId` calling, else the company's "not found". */
async function assertManager(ctx: TCtx, companyId: number) {
  const me = assertRole(ctx, 'business');
  const role = await roleIn(ctx.db, companyId, me.id);
  if (role !== 'owner' && role !== 'admin') throw companyNotFound();
  return me;
}

export const webhookNotFound = () =>
  new AppError('not_found', {
    message: 'Webhook not found.',
    messageEs: 'Webhook no encontrado.',
  });

/** A new secret: `whsec_` and the base64 of 32 random bytes (Standard Webhooks). */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * `POST /companies/{id}/webhooks`: a new endpoint, its secret answered this once. The address is
 * checked (https, no credentials, a public host: a field error on `url`), and the company keeps
 * at most WEBHOOK_LIMITS.perCompany (409 `limit`).
 */
export async function createWebhook(
  ctx: TCtx,
  input: { companyId: number; url: string; events: TWebhookEvent[] },
) {
  const me = await assertManager(ctx, input.companyId);
  const problem = await addressProblem(input.url, ctx.deps.webhooksAllowPrivate === true);
  if (problem) throw AppError.invalidField('url', problem);
  const secret = newSecret();
  const row = await ctx.db.transaction(async (tx) => {
    // The company's row locked: two adds at once count each other.
    await tx.execute(sql`select id from companies where id = ${input.companyId} for update`);
    const [have] = await tx
      .select({ n: count() })
      .from(webhooks)
      .where(eq(webhooks.companyId, input.companyId));
    if ((have?.n ?? 0) >= WEBHOOK_LIMITS.perCompany) {
      throw new AppError('limit', {
        message: `A company can have at most ${WEBHOOK_LIMITS.perCompany} webhooks: delete one first.`,
        messageEs: `Una empresa puede tener como máximo ${WEBHOOK_LIMITS.perCompany} webhooks: elimina uno primero.`,
      });
    }
    const [made] = await tx
      .insert(webhooks)
      .values({
        companyId: input.companyId,
        url: input.url,
        events: input.events,
        secret,
        createdBy: me.id,
        createdAt: ctx.now,
      })
      .returning();
    return made!;
  });
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    secret,
    created_at: row.createdAt.toISOString(),
  };
}

type TListed = {
  id: number;
  url: string;
  events: string[];
  failures: number;
  disabled_at: string | Date | null;
  created_at: string | Date;
  last_status: string | null;
  last_attempt_at: string | Date | null;
};

const iso = (d: string | Date | null) => (d === null ? null : new Date(d).toISOString());

/** `GET /companies/{id}/webhooks`: the endpoints, newest first, without their secrets. */
export async function listWebhooks(ctx: TCtx, input: { companyId: number }) {
  await assertManager(ctx, input.companyId);
  const rows = await rowsOf<TListed>(
    ctx.db,
    sql`select w.id, w.url, w.events, w.failures, w.disabled_at, w.created_at,
        d.status as last_status, d.created_at as last_attempt_at
      from webhooks w
      left join lateral (select status, created_at from webhook_deliveries
        where webhook_id = w.id order by id desc limit 1) d on true
      where w.company_id = ${input.companyId}
      order by w.id desc`,
  );
  return rows.map((r) => ({
    id: r.id,
    url: r.url,
    events: r.events,
    enabled: r.disabled_at === null,
    disabled_at: iso(r.disabled_at),
    failures: r.failures,
    created_at: iso(r.created_at)!,
    last_delivery:
      r.last_status === null
        ? null
        : { status: r.last_status, created_at: iso(r.last_attempt_at)! },
  }));
}

/** The company's endpoint `webhookId`, else its "not found". */
async function ownWebhook(ctx: TCtx, companyId: number, webhookId: number) {
  const [row] = await ctx.db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.companyId, companyId)));
  if (!row) throw webhookNotFound();
  return row;
}

/** `DELETE /companies/{id}/webhooks/{webhook_id}`: the endpoint and its log (nothing more leaves). */
export async function deleteWebhook(ctx: TCtx, input: { companyId: number; webhookId: number }) {
  await assertManager(ctx, input.companyId);
  const gone = await ctx.db
    .delete(webhooks)
    .where(and(eq(webhooks.id, input.webhookId), eq(webhooks.companyId, input.companyId)))
    .returning({ id: webhooks.id });
  if (gone.length === 0) throw webhookNotFound();
}

/** `GET /companies/{id}/webhooks/{webhook_id}/deliveries`: the log, newest first, paged. */
export async function listDeliveries(
  ctx: TCtx,
  input: TPage & { companyId: number; webhookId: number },
) {
  await assertManager(ctx, input.companyId);
  await ownWebhook(ctx, input.companyId, input.webhookId);
  const where = eq(webhookDeliveries.webhookId, input.webhookId);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.id))
      .limit(input.per_page)
      .offset((input.page - 1) * input.per_page),
    ctx.db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  const data = rows.map((d) => ({
    id: d.id,
    event: d.event,
    message_id: d.messageId,
    status: d.status as 'pending' | 'delivered' | 'failed',
    attempts: d.attempts,
    last_status: d.lastStatus,
    last_error: d.lastError,
    created_at: d.createdAt.toISOString(),
    delivered_at: d.deliveredAt?.toISOString() ?? null,
    next_attempt_at: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
  }));
  return paginated(data, total?.n ?? 0, input.page, input.per_page);
}
