import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { users } from '@/db/schema';
import type { TAuthUser } from '@/server/context';

// What an operator's hiding and a suspension take out of sight (docs/product.md "Reports and
// suspension", docs/security.md "Hidden things"): a hidden posting, a hidden, suspended or deleted
// profile and a hidden message are seen by nobody but their author and the operators. These are
// the conditions every read path adds to the statement it already runs (never a statement more:
// docs/architecture.md "Reads and writes").

/** A posting table's columns these conditions read (projects and jobs share them). */
type TPostingCols = { hiddenAt: unknown; ownerId: unknown; companyId: unknown };

/** A posting everyone may see: not hidden. For public lists (search, For you, company page…). */
export const postingShown = (t: TPostingCols): SQL => sql`${t.hiddenAt} is null`;

/**
 * A posting `viewer` may see: not hidden, or theirs: its owner's, or a member's of its company
 * (the team keeps working on its board and is told why it is hidden). Operators see everything,
 * so their statements leave the condition out (callers check `seesHidden`).
 */
export const postingShownTo = (t: TPostingCols, viewer: SQL | Placeholder | number): SQL =>
  sql`(${t.hiddenAt} is null or ${t.ownerId} = ${viewer} or exists (select 1 from company_members cm
    where cm.company_id = ${t.companyId} and cm.user_id = ${viewer}))`;

/** A profile everyone may see: neither hidden, nor suspended, nor deleted (`u`: users or an alias). */
export const profileShown = (
  u: { hiddenAt: unknown; suspendedAt: unknown; deletedAt: unknown } = users,
): SQL => sql`(${u.hiddenAt} is null and ${u.suspendedAt} is null and ${u.deletedAt} is null)`;

/** The same, in SQL over a users alias written by hand (`alias.hidden_at`…). */
export const profileShownAs = (alias: string): SQL => {
  const a = sql.raw(alias);
  return sql`(${a}.hidden_at is null and ${a}.suspended_at is null and ${a}.deleted_at is null)`;
};

/** Whether a users row read whole is out of sight for others. */
export const profileIsHidden = (row: {
  hiddenAt: Date | null;
  suspendedAt: Date | null;
  deletedAt: Date | null;
}): boolean => row.hiddenAt !== null || row.suspendedAt !== null || row.deletedAt !== null;

/** A message (alias `m`, written by hand) `me` may read in a thread: not hidden, or their own. */
export const messageShownTo = (alias: string, me: SQL | number): SQL => {
  const m = sql.raw(alias);
  return sql`(${m}.hidden_at is null or ${m}.author_id = ${me})`;
};

/** Whether the caller sees what is hidden from everyone else: an operator. */
export const seesHidden = (user: TAuthUser | null | undefined): boolean =>
  user?.isOperator === true;
