import { eq, sql, type SQL } from 'drizzle-orm';
import type { projectApplications, projects } from '@/db/schema';
import { conversations } from '@/db/schema';
import type { Db } from '@/db/types';
import type { TPostingKind } from '@/lib/kinds';
import type { TCtx } from '@/server/context';
import { rowsOf } from '@/server/lib/sql';
import { hasRole, requireUser } from '@/server/services/access';
import { assertCompanyCan } from '@/server/services/companies/permissions';
import { applicationNotFound } from '@/server/services/marketplace/application-dto';
import { SERVER_KINDS } from '@/server/services/marketplace/kinds';
import { paginated } from '@/server/services/profile/common';
import {
  conversationNotFound,
  PARTICIPANT_ACTION,
  participantOf,
  postingColumn,
  postingJoins,
  takesPart,
} from './access';
import { fileDto, iso } from './dto';
import { messageShownTo } from '@/server/services/trust/visibility';

// Conversations (docs/api.md "Conversations", docs/product.md "Conversations"): one per
// application, opened by either side once the talent has applied (whatever the application's
// status since, a withdrawn one included: the talk may be about why), listed newest activity
// first with what the caller has not read, blocked and unblocked by either side.

type TItemRow = {
  id: number;
  kind: TPostingKind;
  application_id: number;
  posting_id: number;
  talent_id: number;
  company_id: number;
  talent_blocked_at: Date | string | null;
  company_blocked_at: Date | string | null;
  last_activity_at: Date | string;
  posting_name: string | null;
  owner_id: number | null;
  company_slug: string;
  company_name: string;
  company_logo: string | null;
  talent_name: string;
  talent_last_name: string;
  talent_avatar: string | null;
  owner_name: string | null;
  owner_last_name: string | null;
  owner_avatar: string | null;
  lm_id: number | null;
  lm_body: string | null;
  lm_created_at: Date | string | null;
  lm_author_id: number | null;
  lm_author_name: string | null;
  lm_author_last_name: string | null;
  lm_file_id: number | null;
  lm_file_key: string | null;
  lm_file_name: string | null;
  lm_file_mime: string | null;
  lm_file_size: number | null;
  unread_count: number;
};

/**
 * Unread by `me` in the conversation `c` (read mark `r`): what the other side wrote after the
 * mark. The talent's other side is everyone else; a member's is the talent (what a colleague
 * wrote is not news to the team).
 */
const unreadOf = (me: number): SQL =>
  sql`(select count(*) from conversation_messages m
    where m.conversation_id = c.id and m.id > coalesce(r.last_read_message_id, 0)
      and m.hidden_at is null
      and case when c.talent_id = ${me} then m.author_id is distinct from c.talent_id
        else m.author_id = c.talent_id end)::int`;

/** The query of the conversations matching `where` (on `c`) as `me` sees them, newest activity first. */
const itemQuery = (me: number, where: SQL, page?: { limit: number; offset: number }) =>
  sql`select c.id, c.kind, c.application_id, c.posting_id, c.talent_id, c.company_id,
      c.talent_blocked_at, c.company_blocked_at, c.last_activity_at,
      ${postingColumn('name')} as posting_name, ${postingColumn('owner_id')} as owner_id,
      co.slug as company_slug, co.name as company_name, co.logo_url as company_logo,
      tu.name as talent_name, tu.last_name as talent_last_name, tu.avatar_url as talent_avatar,
      ou.name as owner_name, ou.last_name as owner_last_name, ou.avatar_url as owner_avatar,
      lm.id as lm_id, lm.body as lm_body, lm.created_at as lm_created_at,
      lm.author_id as lm_author_id, lm.author_name as lm_author_name,
      lm.author_last_name as lm_author_last_name, lm.file_id as lm_file_id,
      lm.file_key as lm_file_key, lm.file_name as lm_file_name, lm.file_mime as lm_file_mime,
      lm.file_size as lm_file_size,
      ${unreadOf(me)} as unread_count
    from conversations c
    join companies co on co.id = c.company_id
    join users tu on tu.id = c.talent_id
    ${postingJoins()}
    left join users ou on ou.id = ${postingColumn('owner_id')}
    left join conversation_reads r on r.conversation_id = c.id and r.user_id = ${me}
    left join lateral (
      select m.id, m.body, m.created_at, m.author_id, a.name as author_name,
        a.last_name as author_last_name, f.id as file_id, f.storage_key as file_key,
        f.original_name as file_name, f.mime as file_mime, f.size as file_size
      from conversation_messages m
      left join users a on a.id = m.author_id
      left join uploads f on f.id = m.file_id
      where m.conversation_id = c.id and ${messageShownTo('m', me)}
      order by m.id desc limit 1
    ) lm on true
    where ${where}
    order by c.last_activity_at desc, c.id desc
    ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`;

/** The conversations matching `where` (on `c`) as `me` sees them, newest activity first. */
const itemRows = (db: Db, me: number, where: SQL) => rowsOf<TItemRow>(db, itemQuery(me, where));

/** One conversation as the API answers it to `me` (docs/api.md "Conversations"). */
function itemDto(row: TItemRow, me: number) {
  const talentSide = row.talent_id === me;
  const company = { id: row.company_id, slug: row.company_slug, name: row.company_name };
  // The talent talks with the company: its posting's author, under the company's logo.
  const other = talentSide
    ? {
        id: row.owner_id ?? 0,
        name: row.owner_name ?? row.company_name,
        last_name: row.owner_last_name ?? '',
        avatar_url: row.company_logo ?? row.owner_avatar,
        company,
      }
    : {
        id: row.talent_id,
        name: row.talent_name,
        last_name: row.talent_last_name,
        avatar_url: row.talent_avatar,
      };
  return {
    id: row.id,
    kind: row.kind,
    application_id: row.application_id,
    posting: { id: row.posting_id, name: row.posting_name ?? '' },
    other,
    last_message:
      row.lm_id === null
        ? null
        : {
            id: row.lm_id,
            author:
              row.lm_author_id === null
                ? null
                : {
                    id: row.lm_author_id,
                    name: row.lm_author_name ?? '',
                    last_name: row.lm_author_last_name ?? '',
                  },
            body: row.lm_body ?? '',
            file: fileDto({
              id: row.lm_file_id,
              storageKey: row.lm_file_key,
              originalName: row.lm_file_name,
              mime: row.lm_file_mime,
              size: row.lm_file_size,
            }),
            created_at: iso(row.lm_created_at!),
          },
    unread_count: row.unread_count,
    blocked: talentSide
      ? { by_me: row.talent_blocked_at !== null, by_other: row.company_blocked_at !== null }
      : { by_me: row.company_blocked_at !== null, by_other: row.talent_blocked_at !== null },
    last_activity_at: iso(row.last_activity_at),
  };
}

export type TConversationDto = ReturnType<typeof itemDto>;

/** The conversation `id` as `me` sees it (the caller checked that they take part). */
export async function conversationItem(db: Db, me: number, id: number) {
  const [row] = await itemRows(db, me, sql`c.id = ${id}`);
  if (!row) throw conversationNotFound();
  return itemDto(row, me);
}

/**
 * `GET /conversations`: the caller's, newest activity first, each with its unread count, and
 * `unread`: what is unread over all of them (the header's count).
 */
export async function listConversations(ctx: TCtx, input: { page: number; per_page: number }) {
  const user = requireUser(ctx);
  const me = user.id;
  // The page and the counts in one statement, so in one snapshot: read apart, a message
  // written between them showed in the list's unread count but not in the header's.
  const rows = await rowsOf<
    Partial<TItemRow> & { id: number | null; list_total: number; list_unread: number }
  >(
    ctx.db,
    sql`with items as (${itemQuery(me, takesPart(user), {
      limit: input.per_page,
      offset: (input.page - 1) * input.per_page,
    })})
    select i.*, k.total as list_total, k.unread as list_unread
    from (select count(*)::int as total, coalesce(sum(u.n), 0)::int as unread from (
        select ${unreadOf(me)} as n from conversations c
        left join conversation_reads r on r.conversation_id = c.id and r.user_id = ${me}
        where ${takesPart(user)}) u) k
    left join items i on true
    order by i.last_activity_at desc nulls last, i.id desc`,
  );
  const counts = rows[0];
  const items = rows.filter((r): r is TItemRow & typeof r => r.id !== null);
  return {
    ...paginated(
      items.map((r) => itemDto(r, me)),
      counts?.list_total ?? 0,
      input.page,
      input.per_page,
    ),
    unread: counts?.list_unread ?? 0,
  };
}

/** `GET /conversations/{id}`. */
export async function getConversation(ctx: TCtx, input: { id: number }) {
  const { me } = await participantOf(ctx, input.id);
  return conversationItem(ctx.db, me, input.id);
}

/**
 * `POST /conversations`: the application's talent, or a member who may act on its posting's
 * board, opens its conversation; `created` says whether it is new (201) or was there (200).
 * Anyone else is told the application does not exist.
 */
export async function openConversation(
  ctx: TCtx,
  input: { kind: TPostingKind; application_id: number },
) {
  const me = requireUser(ctx);
  const k = SERVER_KINDS[input.kind];
  const table = k.applicationTable as typeof projectApplications;
  const posting = k.postingTable as typeof projects;
  const [app] = await ctx.db
    .select({ talentId: table.userId, postingId: posting.id, companyId: posting.companyId })
    .from(table)
    .innerJoin(posting, eq(posting.id, k.applicationFk))
    .where(eq(table.id, input.application_id));
  if (!app) throw applicationNotFound();
  if (app.talentId !== me.id) {
    if (!hasRole(me, 'business')) throw applicationNotFound();
    await assertCompanyCan(ctx, app.companyId, PARTICIPANT_ACTION, applicationNotFound);
  }
  const [added] = await ctx.db
    .insert(conversations)
    .values({
      kind: input.kind,
      applicationId: input.application_id,
      postingId: app.postingId,
      talentId: app.talentId,
      companyId: app.companyId,
      lastActivityAt: ctx.now,
      createdAt: ctx.now,
    })
    .onConflictDoNothing({ target: [conversations.kind, conversations.applicationId] })
    .returning({ id: conversations.id });
  const where = added
    ? sql`c.id = ${added.id}`
    : sql`c.kind = ${input.kind} and c.application_id = ${input.application_id}`;
  const [row] = await itemRows(ctx.db, me.id, where);
  if (!row) throw conversationNotFound();
  return { created: Boolean(added), conversation: itemDto(row, me.id) };
}

/**
 * `POST /conversations/{id}/block` (`blocked` true) and `DELETE` (false): the caller's side
 * blocks the other, or lifts its own block; the other side's block stays as it is. Either is
 * idempotent.
 */
export async function setBlocked(ctx: TCtx, input: { id: number; blocked: boolean }) {
  const { me, side } = await participantOf(ctx, input.id);
  const at = input.blocked ? ctx.now : null;
  await ctx.db
    .update(conversations)
    .set(
      side === 'talent'
        ? { talentBlockedAt: at }
        : { companyBlockedAt: at, companyBlockedBy: input.blocked ? me : null },
    )
    .where(eq(conversations.id, input.id));
  return conversationItem(ctx.db, me, input.id);
}

/** `PATCH /conversations/{id}/read`: the caller has read everything written so far. */
export async function markRead(ctx: TCtx, input: { id: number }) {
  const { me } = await participantOf(ctx, input.id);
  await ctx.db.execute(sql`
    insert into conversation_reads (conversation_id, user_id, last_read_message_id, read_at)
    values (${input.id}, ${me},
      coalesce((select max(id) from conversation_messages where conversation_id = ${input.id}), 0),
      ${ctx.now.toISOString()}::timestamptz)
    on conflict (conversation_id, user_id) do update set
      last_read_message_id = greatest(conversation_reads.last_read_message_id,
        excluded.last_read_message_id),
      read_at = excluded.read_at`);
  return { unread_count: 0 };
}
