import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/types';
import { POSTING_KINDS } from '@/lib/kinds';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { rowsOf } from '@/server/lib/sql';
import { hasRole, requireUser } from '@/server/services/access';
import { assertCompanyCan, can, PERMISSIONS } from '@/server/services/companies/permissions';
import { SERVER_KINDS } from '@/server/services/marketplace/kinds';

// Who takes part in a conversation (docs/product.md "Conversations"): the application's talent,
// and on the company's side every member whose role may act on the posting's board
// (server/services/companies/permissions.ts, 'board.move'). Anyone else is told the conversation
// does not exist (404); a member who was removed or left is told so (403), as everywhere in the
// company's things.

/** The company action that makes a member a participant of its postings' conversations. */
export const PARTICIPANT_ACTION = 'board.move' as const;

export const conversationNotFound = () =>
  new AppError('not_found', {
    message: 'Conversation not found.',
    messageEs: 'Conversación no encontrada.',
  });

export type TSide = 'talent' | 'company';

/** A conversation's row as the verbs read it. */
export type TConversationRow = {
  id: number;
  kind: 'project' | 'job';
  application_id: number;
  posting_id: number;
  talent_id: number;
  company_id: number;
  talent_blocked_at: Date | string | null;
  company_blocked_at: Date | string | null;
};

/** The roles whose members take part, as an SQL list. */
export const participantRoles = (): SQL =>
  sql.join(
    PERMISSIONS[PARTICIPANT_ACTION].map((r) => sql`${r}`),
    sql`, `,
  );

/**
 * Whether `me` takes part in the conversation aliased `c` (in SQL): its talent, or a member of
 * its company with a participant's role.
 */
export const takesPart = (me: number): SQL =>
  sql`(c.talent_id = ${me} or c.company_id in (
    select cm.company_id from company_members cm
    where cm.user_id = ${me} and cm.role in (${participantRoles()})))`;

/** A left join of each kind's posting table as `p_<kind>` on the conversation `c`. */
export const postingJoins = (): SQL =>
  sql.join(
    POSTING_KINDS.map((kind) => {
      const table = sql.identifier(getTableName(SERVER_KINDS[kind].postingTable));
      const alias = sql.identifier(`p_${kind}`);
      return sql`left join ${table} ${alias} on c.kind = ${kind} and ${alias}.id = c.posting_id`;
    }),
    sql` `,
  );

/** The posting's column `column` whichever kind it is (after postingJoins). */
export const postingColumn = (column: string): SQL =>
  sql`coalesce(${sql.join(
    POSTING_KINDS.map((kind) => sql`${sql.identifier(`p_${kind}`)}.${sql.identifier(column)}`),
    sql`, `,
  )})`;

/**
 * The conversation `id` if the caller takes part in it, and their side. One statement: the row
 * and the caller's role in its company; a business caller without a role is asked the companies'
 * way (a removed member is told so), anyone else gets 404.
 */
export async function participantOf(
  ctx: TCtx,
  id: number,
  db: Db = ctx.db,
): Promise<{ conversation: TConversationRow; side: TSide; me: number }> {
  const me = requireUser(ctx);
  const [row] = await rowsOf<TConversationRow & { role: string | null }>(
    db,
    sql`select c.id, c.kind, c.application_id, c.posting_id, c.talent_id, c.company_id,
      c.talent_blocked_at, c.company_blocked_at,
      (select cm.role from company_members cm
        where cm.company_id = c.company_id and cm.user_id = ${me.id}) as role
    from conversations c where c.id = ${id}`,
  );
  if (!row) throw conversationNotFound();
  const { role, ...conversation } = row;
  if (conversation.talent_id === me.id) return { conversation, side: 'talent', me: me.id };
  if (!hasRole(me, 'business')) throw conversationNotFound();
  if (role && can(role as Parameters<typeof can>[0], PARTICIPANT_ACTION)) {
    return { conversation, side: 'company', me: me.id };
  }
  // Not (or no longer) a member with the right: the companies' answer (403 to one removed).
  await assertCompanyCan(ctx, conversation.company_id, PARTICIPANT_ACTION, conversationNotFound);
  throw conversationNotFound();
}
