import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/types';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { rowsOf } from '@/server/lib/sql';
import { requireUser } from '@/server/services/access';
import { takeRateLimit } from '@/server/services/rate-limit';

// `GET /me/export` (docs/api.md "One's own account"): everything the platform holds about the
// caller, as one JSON document. Each section is one statement reading the caller's own rows
// (`me` below is always the token's user, never input); what belongs to others appears only
// as far as the caller sees it in the product (their conversations, reviews now visible).
// Secrets stay out: the password hash, the token version, Google's identifier.

/** How many days a review's window lasts after the work finishes (docs/product.md "Reviews"). */
const REVIEW_WINDOW_DAYS = 14;

/** The rows of `query`'s single column `j`, as a list. */
async function list(db: Db, query: SQL): Promise<unknown[]> {
  const rows = await rowsOf<{ j: unknown }>(db, query);
  return rows.map((r) => r.j);
}

/** The links of uploads: the same as the product's (they work for the signed-in user). */
const uploadUrl = (column: string) => sql.raw(`'/api/uploads/' || ${column}`);

function sections(me: number, now: Date): Record<string, SQL> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const application = (kind: 'project' | 'job') => {
    const [apps, postings, fk, status] =
      kind === 'project'
        ? ['project_applications', 'projects', 'project_id', 'project_status_id']
        : ['job_applications', 'jobs', 'job_id', 'job_status_id'];
    const file =
      kind === 'job'
        ? sql.raw(`, 'cv_file', (select json_build_object('name', f.original_name, 'url', '/api/uploads/' || f.storage_key)
            from uploads f where f.id = a.file_id)`)
        : sql``;
    return sql`select (to_jsonb(a) || jsonb_build_object(
        'kind', ${kind}::text,
        'posting', json_build_object('id', p.id, 'name', p.name, 'status_id', p.${sql.raw(status)},
          'company', (select c.name from companies c where c.id = p.company_id)),
        'status_history', coalesce((select json_agg(json_build_object('from', h.from_status,
            'to', h.to_status, 'reason', h.reason, 'created_at', h.created_at) order by h.created_at, h.id)
          from application_status_history h where h.kind = ${kind} and h.application_id = a.id), '[]'::json)
        ${file})) as j
      from ${sql.raw(apps)} a join ${sql.raw(postings)} p on p.id = a.${sql.raw(fk)}
      where a.user_id = ${me} order by a.created_at, a.id`;
  };
  // A review received is the caller's once it is visible: both sides wrote or the window ended.
  const finishedOf = sql`coalesce(
    (select p.finished_at from project_applications a join projects p on p.id = a.project_id
      where r.kind = 'project' and a.id = r.application_id),
    (select j.finished_at from job_applications a join jobs j on j.id = a.job_id
      where r.kind = 'job' and a.id = r.application_id))`;
  const reviewFields = sql`'id', r.id, 'kind', r.kind, 'application_id', r.application_id,
    'side', r.side, 'company', (select c.name from companies c where c.id = r.company_id),
    'rating', r.rating, 'body', r.body, 'reply', r.reply_body, 'replied_at', r.replied_at,
    'created_at', r.created_at`;
  return {
    workplaces: sql`select to_jsonb(w) - 'user_id' as j from user_workplaces w
      where w.user_id = ${me} order by w.start_date, w.id`,
    study_centres: sql`select to_jsonb(s) - 'user_id' as j from user_study_centres s
      where s.user_id = ${me} order by s.start_date, s.id`,
    skills: sql`select json_build_object('name', k.name, 'added_at', us.created_at) as j
      from user_skills us join skills k on k.id = us.skill_id where us.user_id = ${me}
      order by us.created_at, k.name`,
    languages: sql`select json_build_object('code', l.code, 'name', l.name_en, 'added_at', ul.created_at) as j
      from user_languages ul join languages l on l.id = ul.language_id where ul.user_id = ${me}
      order by ul.created_at`,
    roles: sql`select to_jsonb(r) - 'user_id' as j from user_roles_interest r
      where r.user_id = ${me} order by r.id`,
    project_applications: application('project'),
    job_applications: application('job'),
    projects: sql`select to_jsonb(p) as j from projects p where p.owner_id = ${me} order by p.id`,
    jobs: sql`select to_jsonb(p) as j from jobs p where p.owner_id = ${me} order by p.id`,
    company_memberships: sql`select json_build_object('company', json_build_object('id', c.id,
        'name', c.name, 'slug', c.slug), 'role', m.role, 'joined_at', m.joined_at) as j
      from company_members m join companies c on c.id = m.company_id where m.user_id = ${me}
      order by m.joined_at`,
    // Their conversations: a talent's own, a member's company's; a message an operator hid is
    // left out unless the caller wrote it.
    conversations: sql`select json_build_object('id', v.id, 'kind', v.kind,
        'application_id', v.application_id, 'posting_id', v.posting_id,
        'company', (select c.name from companies c where c.id = v.company_id),
        'created_at', v.created_at,
        'messages', coalesce((select json_agg(json_build_object('id', cm.id,
            'from_me', cm.author_id is not distinct from ${me},
            'author', (select u.name || case when u.last_name = '' then '' else ' ' || u.last_name end
              from users u where u.id = cm.author_id),
            'body', cm.body,
            'file', (select json_build_object('name', f.original_name, 'url', '/api/uploads/' || f.storage_key)
              from uploads f where f.id = cm.file_id),
            'created_at', cm.created_at) order by cm.id)
          from conversation_messages cm where cm.conversation_id = v.id
            and (cm.hidden_at is null or cm.author_id = ${me})), '[]'::json)) as j
      from conversations v
      where v.talent_id = ${me}
        or v.company_id in (select company_id from company_members where user_id = ${me})
      order by v.id`,
    reviews_written: sql`select json_build_object(${reviewFields}) as j from reviews r
      where r.author_id = ${me} order by r.id`,
    reviews_received: sql`select json_build_object(${reviewFields}) as j from reviews r
      where r.talent_id = ${me} and r.side = 'company' and r.hidden_at is null
        and (exists (select 1 from reviews o where o.kind = r.kind
              and o.application_id = r.application_id and o.side <> r.side)
          or ${finishedOf} + ${sql.raw(`interval '${REVIEW_WINDOW_DAYS} days'`)} <= ${at})
      order by r.id`,
    notifications: sql`select to_jsonb(n) - 'user_id' as j from notifications n
      where n.user_id = ${me} order by n.created_at, n.id`,
    saved_searches: sql`select to_jsonb(s) - 'user_id' as j from saved_searches s
      where s.user_id = ${me} order by s.id`,
    saved_search_alerts: sql`select to_jsonb(a) - 'user_id' as j from saved_search_alerts a
      where a.user_id = ${me} order by a.created_at`,
    favorites: sql`select to_jsonb(f) - 'user_id' as j from favorites f
      where f.user_id = ${me} order by f.created_at`,
    invitations: sql`select json_build_object('id', i.id, 'kind', i.kind, 'posting_id', i.posting_id,
        'company', (select c.name from companies c where c.id = i.company_id),
        'message', i.message, 'created_at', i.created_at) as j
      from posting_invites i where i.talent_id = ${me} order by i.id`,
    reports: sql`select json_build_object('id', r.id, 'target_kind', r.target_kind,
        'target_id', r.target_id, 'posting_kind', r.target_posting_kind, 'reason', r.reason,
        'status', r.status, 'created_at', r.created_at) as j
      from reports r where r.reporter_id = ${me} order by r.id`,
    email_preferences: sql`select to_jsonb(p) - 'user_id' as j from email_preferences p
      where p.user_id = ${me}`,
    uploads: sql`select json_build_object('name', u.original_name, 'mime', u.mime, 'size', u.size,
        'url', ${uploadUrl('u.storage_key')}, 'created_at', u.created_at) as j
      from uploads u where u.owner_id = ${me} order by u.id`,
  };
}

/**
 * The document of `GET /me/export`, at most 5 an hour per account. The sections run one after
 * another on one connection (an export is rare; its cost is bounded by one person's data).
 */
export async function exportAccount(ctx: TCtx) {
  const me = requireUser(ctx);
  await takeRateLimit(
    ctx,
    { name: 'exportsPerUser', subject: `user:${me.id}` },
    {
      message: 'Too many exports. Please wait and try again.',
      messageEs: 'Demasiadas descargas. Espera un momento y vuelve a intentarlo.',
    },
  );
  const [user] = await list(
    ctx.db,
    sql`select to_jsonb(u) - 'password_hash' - 'token_version' - 'google_sub'
        - 'profile_version' - 'profile_rank' || jsonb_build_object('google_linked', u.google_sub is not null) as j
      from users u where u.id = ${me.id}`,
  );
  if (!user) throw new AppError('unauthorized');
  const document: Record<string, unknown> = { exported_at: ctx.now.toISOString(), user };
  for (const [name, query] of Object.entries(sections(me.id, ctx.now))) {
    const rows = await list(ctx.db, query);
    document[name] = name === 'email_preferences' ? (rows[0] ?? null) : rows;
  }
  return document;
}

/** The export's file name: `talentchain-export-YYYY-MM-DD.json` (the day in UTC). */
export const exportFileName = (now: Date) =>
  `talentchain-export-${now.toISOString().slice(0, 10)}.json`;
