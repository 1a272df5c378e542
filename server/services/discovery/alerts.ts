import type { Db } from '@/db/types';
import { postingPath, type TPostingKind } from '@/lib/kinds';
import { notices } from '@/lib/i18n/notices';
import type { TCtx, TDeps } from '@/server/context';
import { enqueue, type TJobSpec, wakeWorker } from '@/server/queue';
import { DIGEST_ONLY_TOPIC } from '@/server/services/notifications/mail-outbox';
import { notify, type TNewNotification } from '@/server/services/notifications/notifications';
import { recordMatches } from './matching';

// Alerts of saved searches (docs/product.md "Saved searches and alerts"): a posting created (or
// reopened) sends one `alerts.match` job in its own transaction; the job matches it against every
// saved search in one query (./matching.ts) and tells each person found once, never in the
// request. An instant search's alert is a notification and an e-mail as the person's `alerts`
// e-mail choice says; a daily search's is a notification whose e-mail only the daily digest
// sends; a search with alerts off is never matched.

/** The job's queue (db/queue.ts QUEUES). */
export const ALERTS_MATCH = 'alerts.match';

export type TAlertJob = { kind: TPostingKind; posting_id: number };

/**
 * Sends the posting's match job inside `tx`, the transaction that creates or reopens it: the job
 * exists if and only if the posting does. Answers what to do after the commit (wake the worker).
 */
export async function queueAlertMatch(tx: Db, kind: TPostingKind, postingId: number) {
  const data: TAlertJob = { kind, posting_id: postingId };
  await enqueue(ALERTS_MATCH, data, { tx });
  return () => wakeWorker(ALERTS_MATCH);
}

/** The e-mail topic of a posting's alert: a daily search's waits for the digest. */
const topicOf = (kind: TPostingKind, postingId: number, alert: 'instant' | 'daily') =>
  `${alert === 'daily' ? DIGEST_ONLY_TOPIC : ''}alert:${kind}:${postingId}`;

/** The `alerts.match` job: records the posting's alerts and notifies, in one transaction. */
export async function alertMatchJob(data: TAlertJob, deps: TDeps) {
  const db = await deps.getDb();
  const now = deps.now();
  const ctx: TCtx = { db, user: null, now, deps, ip: 'job' };
  const afterCommit = await db.transaction(async (tx) => {
    const matches = await recordMatches(tx, now, data.kind, data.posting_id);
    const items: TNewNotification[] = matches.map((m) => {
      const [message, messageEs] = notices('alert_match', {
        posting: m.posting_name,
        search: m.search_name,
      });
      return {
        userId: m.user_id,
        type: 'alert_match',
        topic: topicOf(data.kind, data.posting_id, m.alert),
        message,
        messageEs,
        link: postingPath(data.kind, data.posting_id),
      };
    });
    return notify(ctx, tx, items);
  });
  await afterCommit();
}

/** The alerts' job (server/queue/jobs.ts). */
export const ALERT_JOBS: TJobSpec[] = [
  { name: ALERTS_MATCH, handler: alertMatchJob as TJobSpec['handler'] },
];
