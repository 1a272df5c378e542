import { createHash } from 'node:crypto';
import { and, gt, inArray, lte, sql } from 'drizzle-orm';
import { rateLimits } from '@/db/schema';
import type { Db } from '@/db/types';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { rowsOf } from '@/server/lib/sql';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Every limit of the API (docs/security.md "Rate limits"): at most `max` per fixed window of
 * `windowSeconds`, counted per subject: a client address, or an account *at* an address, never
 * an account alone, so that nobody can lock an owner out from somewhere else. The exception is
 * what an account does itself (its postings, applications and moves), counted per account: only
 * its own token spends that count.
 *
 * `failures` limits count only failed attempts (a wrong password, a wrong code): an owner who
 * signs in correctly is never refused for it. The others count every admitted request (each one
 * sends mail or stores a file). A refused request never counts and never moves the window.
 */
export const RATE_LIMITS = {
  loginFailuresPerAddress: { max: 30, windowSeconds: 15 * MINUTE },
  loginFailuresPerAccountAddress: { max: 10, windowSeconds: 15 * MINUTE },
  recoveryCodeFailuresPerAddress: { max: 10, windowSeconds: 15 * MINUTE },
  registerPerAddress: { max: 10, windowSeconds: HOUR },
  recoveryEmailPerAddress: { max: 20, windowSeconds: HOUR },
  recoveryEmailPerAccountAddress: { max: 5, windowSeconds: HOUR },
  /** The e-mail check tells whether an account exists (docs/product.md "The calls"), so it is kept slow to scan. */
  checkEmailPerAddress: { max: 60, windowSeconds: 15 * MINUTE },
  uploadPerAddress: { max: 30, windowSeconds: 15 * MINUTE },
  /** Each posting is a page in the search; an office or a campus shares one address. */
  postingsPerCompany: { max: 20, windowSeconds: HOUR },
  postingsPerAddress: { max: 200, windowSeconds: HOUR },
  /** Each application notifies the posting's owner. */
  applicationsPerTalent: { max: 30, windowSeconds: HOUR },
  applicationsPerAddress: { max: 300, windowSeconds: HOUR },
  /** Each move notifies the talent (and may e-mail them): one applicant is not moved in a loop. */
  statusChangesPerApplication: { max: 20, windowSeconds: HOUR },
  /** Generous: a board of hundreds of applicants is sorted in an afternoon. */
  statusChangesPerCompany: { max: 1000, windowSeconds: HOUR },
  /** Each invitation (and each resend) e-mails an address nobody there has vouched for. */
  invitationsPerCompany: { max: 50, windowSeconds: DAY },
  invitationsPerInviter: { max: 20, windowSeconds: HOUR },
  /** A member's private notes on applicants, written or edited (docs/product.md "The recruiter's workbench"). */
  notesPerUser: { max: 60, windowSeconds: MINUTE },
  /** Reports, per account: each one asks an operator's time (docs/product.md "Reports and suspension"). */
  reportsPerUser: { max: 10, windowSeconds: DAY },
  /** A conversation's messages, per author (docs/product.md "Conversations"). */
  messagesPerUser: { max: 30, windowSeconds: MINUTE },
  /** Each sends a link to an address (docs/product.md "One's own account"). */
  emailLinksPerUser: { max: 5, windowSeconds: HOUR },
  /** An export reads everything the account holds. */
  exportsPerUser: { max: 5, windowSeconds: HOUR },
  /**
   * Every request made with one personal access token, whatever it calls: a script in a loop
   * stops here (docs/security.md "Personal access tokens"). Its own count, apart from the
   * session's limits, which still apply to what the request does.
   */
  requestsPerPersonalToken: { max: 1000, windowSeconds: HOUR },
} as const;

export type TRateLimitName = keyof typeof RATE_LIMITS;

/**
 * One counter: a limit and its subject (an address, or `account|address`); `count` is how many
 * requests it stands for (1 unless told: a bulk move counts each application it moves).
 */
export type TLimitRef = { name: TRateLimitName; subject: string; count?: number };

type TTexts = { message?: string; messageEs?: string };

/** What a limit needs of the request: the database and the clock's reading. */
export type TLimitCtx = Pick<TCtx, 'db' | 'now'>;

/**
 * The key stored for a counter. The subject (which a client may make as long as it likes) is
 * hashed: the table stays small and holds no e-mail or address.
 */
function rowKey({ name, subject }: TLimitRef): string {
  const digest = createHash('sha256').update(subject.toLowerCase()).digest('base64url');
  return `${name}:${digest}`;
}

/**
 * The subject of a company's limits: the company's id, so that its members share one count
 * (docs/security.md "Rate limits"). Counters of the previous version were keyed by the business
 * user's id in the same form; they expire within their window (an hour).
 */
export const companySubject = (companyId: number) => `company:${companyId}`;

/** The subject of a per-(account, address) limit. */
export const accountAt = (account: string, address: string) => `${account}\n${address}`;

/**
 * The failure limits of a password check for `account` from `ip`: a login, and a password change
 * (which asks for the current password), share them, so a stolen token adds no guesses.
 */
export const passwordFailureLimits = (account: string, ip: string): [TLimitRef, TLimitRef] => [
  { name: 'loginFailuresPerAddress', subject: ip },
  { name: 'loginFailuresPerAccountAddress', subject: accountAt(account, ip) },
];

function refused(resetAt: Date, now: Date, texts: TTexts): AppError {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
  return new AppError('rate_limited', { ...texts, headers: { 'Retry-After': String(seconds) } });
}

/**
 * Admits and counts one request against `ref`, or throws `rate_limited` once the window holds
 * `max`. One conditional upsert, so concurrent requests (and several server instances) cannot
 * slip past it; a refused request changes nothing.
 */
export async function takeRateLimit({ db, now }: TLimitCtx, ref: TLimitRef, texts: TTexts = {}) {
  const { max, windowSeconds } = RATE_LIMITS[ref.name];
  const key = rowKey(ref);
  const expired = sql`${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz`;
  const admitted = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: new Date(now.getTime() + windowSeconds * 1000) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        resetAt: sql`CASE WHEN ${expired} THEN excluded.reset_at ELSE ${rateLimits.resetAt} END`,
      },
      setWhere: sql`${expired} OR ${rateLimits.count} < ${max}`,
    })
    .returning({ count: rateLimits.count });
  if (admitted.length > 0) return;
  const [row] = await db
    .select({ resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key}`);
  throw refused(row?.resetAt ?? now, now, texts);
}

/**
 * Admits and counts one request (or `ref.count`) against every one of `refs` at once, or throws `rate_limited`
 * (with the latest end among the spent windows) and counts none of them. One statement: the
 * spent counters are found and, only when there are none, every counter goes up, each still
 * guarded as in takeRateLimit, so concurrent requests cannot pass a limit. Only then, when two
 * requests race for a counter's last place, may the loser have counted on the others.
 *
 * Inside a transaction (`db` a transaction), a refusal thrown from here rolls back the write
 * before it, so a request is counted exactly when it is written.
 */
export async function takeRateLimits(
  { db, now }: TLimitCtx,
  refs: [TLimitRef, ...TLimitRef[]],
  texts: TTexts = {},
) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const wanted = refs.map((ref) => {
    const { max, windowSeconds } = RATE_LIMITS[ref.name];
    const resetAt = new Date(now.getTime() + windowSeconds * 1000).toISOString();
    const n = ref.count ?? 1;
    return sql`(${rowKey(ref)}::varchar, ${resetAt}::timestamptz, ${max}::int, ${n}::int)`;
  });
  // A counter is spent when `n` more would pass its max (for n = 1: when it holds max); more
  // than a whole window's max at once is refused as a full window would be.
  const [row] = await rowsOf<{ taken: number; retry_ms: number | null }>(
    db,
    sql`with wanted (key, reset_at, max, n) as (values ${sql.join(wanted, sql`, `)}),
      spent as (
        select r.reset_at from rate_limits r join wanted w on w.key = r.key
        where r.reset_at > ${at} and r.count + w.n > w.max
        union all
        select w.reset_at from wanted w where w.n > w.max
      ),
      taken as (
        insert into rate_limits as r (key, count, reset_at)
        select key, n, reset_at from wanted where not exists (select 1 from spent)
        on conflict (key) do update set
          count = case when r.reset_at <= ${at} then excluded.count else r.count + excluded.count end,
          reset_at = case when r.reset_at <= ${at} then excluded.reset_at else r.reset_at end
        where r.reset_at <= ${at}
          or r.count + excluded.count <= (select w.max from wanted w where w.key = r.key)
        returning r.key
      )
      select (select count(*) from taken)::int as taken,
        (select extract(epoch from max(reset_at)) * 1000 from spent)::float8 as retry_ms`,
  );
  if (row && row.taken === refs.length) return;
  let retryMs = row?.retry_ms ?? null;
  if (retryMs === null) {
    // Lost a race for a last place: the spent window is the one that ends last.
    const [spent] = await db
      .select({ resetAt: sql<Date>`max(${rateLimits.resetAt})` })
      .from(rateLimits)
      .where(inArray(rateLimits.key, refs.map(rowKey)));
    retryMs = spent?.resetAt ? new Date(spent.resetAt).getTime() : now.getTime();
  }
  throw refused(new Date(retryMs), now, texts);
}

/** Throws `rate_limited` when any of `refs` has used up its failures in the current window. */
async function assertFailuresLeft(db: Db, refs: TLimitRef[], now: Date, texts: TTexts) {
  const byKey = new Map(refs.map((r) => [rowKey(r), r]));
  const rows = await db
    .select()
    .from(rateLimits)
    .where(and(inArray(rateLimits.key, [...byKey.keys()]), gt(rateLimits.resetAt, now)));
  const spent = rows.filter((row) => row.count >= RATE_LIMITS[byKey.get(row.key)!.name].max);
  if (spent.length === 0) return;
  const latest = new Date(Math.max(...spent.map((r) => r.resetAt.getTime())));
  throw refused(latest, now, texts);
}

/** Counts one failure against each of `refs`, starting a new window where the last one ended. */
async function recordFailures(db: Db, refs: TLimitRef[], now: Date) {
  const expired = sql`${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz`;
  await db
    .insert(rateLimits)
    .values(
      refs.map((r) => ({
        key: rowKey(r),
        count: 1,
        resetAt: new Date(now.getTime() + RATE_LIMITS[r.name].windowSeconds * 1000),
      })),
    )
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        resetAt: sql`CASE WHEN ${expired} THEN excluded.reset_at ELSE ${rateLimits.resetAt} END`,
      },
    });
}

const queues = new Map<string, Promise<void>>();

/**
 * Runs `fn` after every earlier call with the same key has finished, in this process. Attempts
 * limited by their failures run one at a time per address, so that parallel guesses cannot all
 * pass the check before the first failure is written; correct attempts merely wait their turn.
 * The counters themselves live in the database (shared by all instances); this queue only keeps
 * each instance's count exact.
 */
async function oneAtATime<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  let release!: () => void;
  const turn = new Promise<void>((resolve) => (release = resolve));
  const tail = previous.then(() => turn);
  queues.set(key, tail);
  await previous;
  try {
    return await fn();
  } finally {
    release();
    if (queues.get(key) === tail) queues.delete(key);
  }
}

/**
 * Runs `attempt` under limits that count failures. It is refused with 429 (before any work)
 * while one of `refs` has no failures left; when `attempt` throws an error that `isFailure`
 * accepts, one failure is counted on every ref. `refs[0]` is the per-address limit, whose subject
 * also queues the attempts (see oneAtATime).
 */
export async function withFailureLimits<T>(
  { db, now }: TLimitCtx,
  refs: [TLimitRef, ...TLimitRef[]],
  attempt: () => Promise<T>,
  isFailure: (err: unknown) => boolean,
  texts: TTexts = {},
): Promise<T> {
  return oneAtATime(rowKey(refs[0]), async () => {
    await assertFailuresLeft(db, refs, now, texts);
    try {
      return await attempt();
    } catch (err) {
      if (isFailure(err)) await recordFailures(db, refs, now);
      throw err;
    }
  });
}

/** Deletes the counters whose window has ended (they would restart at 1 anyway). */
export async function purgeExpiredRateLimits(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(rateLimits)
    .where(lte(rateLimits.resetAt, now))
    .returning({ key: rateLimits.key });
  return gone.length;
}
