import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/types';
import { APPLICATION_STATUS } from '@/lib/statuses';
import { POSTING_KINDS } from '@/lib/kinds';
import type { TCtx } from '@/server/context';
import { qualified, rowsOf } from '@/server/lib/sql';
import { SERVER_KINDS } from '@/server/services/marketplace/kinds';
import type { TResponsiveness } from '@/types/pipeline';

// How quickly a company answers its applicants, in public on its page and its postings
// (docs/product.md "Responsiveness"). The figures are kept in `company_responsiveness`: a view
// reads that one row, and only a missing or stale row is computed again, by one statement that
// reads the company's applications of the window (never every application).

/** The applications counted: those of the last this many days. */
export const WINDOW_DAYS = 90;
/** An applicant is answered when first moved within this many days of applying. */
export const ANSWER_DAYS = 14;
/** Below this many applications in the window, no figures are shown. */
export const MIN_SAMPLE = 10;
/** A computed row serves views for this long. */
export const CACHE_MS = 60 * 60 * 1000;

/** The statuses a company moves an applicant to: shortlisted, hired, rejected. */
const MOVES = [
  APPLICATION_STATUS.shortlisted,
  APPLICATION_STATUS.hired,
  APPLICATION_STATUS.rejected,
];

type TRow = {
  sample: number;
  answered_share: number | null;
  median_days_to_first_move: number | null;
  computed_at: Date | string;
};

/**
 * The company's applications of the window, both kinds, one row each: when it was made, its
 * status and its first company move (from application_status_history). Each kind walks its postings by company (`<posting>_company_idx`), their
 * applications by posting (`<application>_unique_idx`) and their history by application
 * (`application_status_history_app_idx`).
 */
function windowApplications(companyId: number, now: Date): SQL {
  const since = new Date(now.getTime() - WINDOW_DAYS * 86_400_000);
  const moves = sql.raw(MOVES.join(', '));
  const iso = now.toISOString();
  const parts = POSTING_KINDS.map((kind) => {
    const k = SERVER_KINDS[kind];
    const app = k.applicationTable;
    const posting = k.postingTable;
    return sql`
      select ${qualified(app.createdAt)} as applied_at,
             ${qualified(k.applicationStatus)} as status,
             (select min(h.created_at) from application_status_history h
               where h.kind = ${kind} and h.application_id = ${qualified(app.id)}
                 and h.to_status in (${moves}) and h.created_at <= ${iso}::timestamptz) as first_move
      from ${posting}
      join ${app} on ${qualified(k.applicationFk)} = ${qualified(posting.id)}
      where ${qualified(posting.companyId)} = ${companyId}
        and ${qualified(app.createdAt)} > ${since.toISOString()}::timestamptz
        and ${qualified(app.createdAt)} <= ${iso}::timestamptz`;
  });
  return sql.join(parts, sql` union all `);
}

/**
 * Computes the company's figures as of `now` and keeps them (one upsert, which answers them).
 * Left out: applications withdrawn before any company move, and those younger than
 * ANSWER_DAYS not moved yet (not yet judged). The median is over the moved ones, in days with
 * one decimal.
 */
async function recompute(db: Db, companyId: number, now: Date): Promise<TRow> {
  const young = new Date(now.getTime() - ANSWER_DAYS * 86_400_000).toISOString();
  const [row] = await rowsOf<TRow>(
    db,
    sql`
      with apps as (${windowApplications(companyId, now)}),
      judged as (
        select applied_at, first_move,
               extract(epoch from (first_move - applied_at)) / 86400.0 as days
        from apps
        -- Moved: counted. Not moved: counted once old enough to be judged, unless the talent
        -- withdrew it (a withdrawn application is never moved afterwards: withdrawn before any
        -- move is withdrawn and never moved).
        where first_move is not null
           or (status <> ${APPLICATION_STATUS.withdrawn} and applied_at <= ${young}::timestamptz)
      ),
      figures as (
        select count(*)::int as sample,
               (count(*) filter (where days <= ${ANSWER_DAYS}))::float8
                 / nullif(count(*), 0) as answered_share,
               round((percentile_cont(0.5) within group (order by days))::numeric, 1)::float8
                 as median_days_to_first_move
        from judged
      )
      insert into company_responsiveness
        (company_id, sample, answered_share, median_days_to_first_move, computed_at)
      select ${companyId}, sample, answered_share, median_days_to_first_move,
             ${now.toISOString()}::timestamptz from figures
      on conflict (company_id) do update set
        sample = excluded.sample,
        answered_share = excluded.answered_share,
        median_days_to_first_move = excluded.median_days_to_first_move,
        computed_at = excluded.computed_at
      returning sample, answered_share, median_days_to_first_move, computed_at`,
  );
  return row!;
}

/** What a page shows: the figures, or null below MIN_SAMPLE applications. */
export function responsivenessDto(row: TRow): TResponsiveness {
  if (row.sample < MIN_SAMPLE || row.answered_share === null) return null;
  return {
    answered_share: Math.round(row.answered_share * 1000) / 1000,
    median_days_to_first_move: row.median_days_to_first_move,
    sample: row.sample,
  };
}

/**
 * The company's responsiveness for a page: the kept row (one read), computed again when there is
 * none or it is older than CACHE_MS (docs/product.md "Responsiveness").
 */
export async function companyResponsiveness(
  ctx: Pick<TCtx, 'db' | 'now'>,
  companyId: number,
): Promise<TResponsiveness> {
  const [kept] = await rowsOf<TRow>(
    ctx.db,
    sql`select sample, answered_share, median_days_to_first_move, computed_at
        from company_responsiveness where company_id = ${companyId}`,
  );
  const fresh =
    kept && ctx.now.getTime() - new Date(kept.computed_at).getTime() < CACHE_MS
      ? kept
      : await recompute(ctx.db, companyId, ctx.now);
  return responsivenessDto(fresh);
}
