import { eq, sql, type SQL } from 'drizzle-orm';
import { notifications, users } from '@/db/schema';
import type { Db } from '@/db/types';
import type { TCtx } from '@/server/context';
import { APPLICATION_STATUS, JOB_STATUS, PROJECT_STATUS } from '@/lib/statuses';
import { AppError } from '@/server/errors';
import { prepared } from '@/server/lib/sql';
import { isOperatorRow } from '@/server/services/trust/operators';
import {
  CV_FILE_JSON,
  ownInfoDto,
  presentationDto,
  type languageDto,
  type studyCentreDto,
  type TCvFile,
  type workplaceDto,
} from '@/server/services/profile/dto';
import { profileIsHidden, seesHidden } from '@/server/services/trust/visibility';
import type {
  TPublicUser,
  TUser,
  TUserJob as TJobJson,
  TUserProject as TProjectJson,
} from '@/types/user';

// The user object (docs/api.md "The user object") is read in ONE statement: PostgreSQL builds each
// list as JSON in a correlated subquery, so a profile costs one round trip however long it is
// (docs/architecture.md "Reads and writes"). The JSON keys are the API's, so rows pass through.

export const notificationDto = (n: typeof notifications.$inferSelect) => ({
  id: n.id,
  type: n.type,
  message: n.message,
  message_es: n.messageEs,
  link: n.link,
  been_clicked: n.beenClicked,
  created_at: n.createdAt.toISOString(),
});

/** A list as JSON: `[]` when there is nothing. */
const jsonList = (query: SQL) => sql`coalesce((${query}), '[]'::json)`;

/** A timestamp as `Date.prototype.toISOString()` writes it. */
const isoTime = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

// "users"."id" below is the outer row's: each list is a correlated subquery of the user's select.
const WORKPLACES = jsonList(sql`
  select json_agg(json_build_object(
    'id', w.id, 'workplace_name', w.workplace_name, 'position', w.position,
    'start_date', w.start_date, 'end_date', w.end_date, 'description', w.description,
    'work_here', w.work_here, 'enable_business', w.enable_business,
    'verify_status_id', w.verify_status_id
  ) order by w.start_date desc, w.id desc)
  from user_workplaces w where w.user_id = "users"."id"`);

const STUDY_CENTRES = jsonList(sql`
  select json_agg(json_build_object(
    'id', s.id, 'name', s.name, 'course_name', s.course_name, 'start_date', s.start_date,
    'end_date', s.end_date, 'studying_here', s.studying_here, 'description', s.description,
    'verify_status_id', s.verify_status_id
  ) order by s.start_date desc, s.id desc)
  from user_study_centres s where s.user_id = "users"."id"`);

const SKILLS = jsonList(sql`
  select json_agg(json_build_object('name', k.name) order by us.created_at, k.name)
  from user_skills us join skills k on k.id = us.skill_id where us.user_id = "users"."id"`);

const ROLES = jsonList(sql`
  select json_agg(json_build_object('name', r.name) order by r.id)
  from user_roles_interest r where r.user_id = "users"."id"`);

// `name` in the user's own language, both names for a viewer in another.
const LANGUAGES = jsonList(sql`
  select json_agg(json_build_object(
    'id', l.id, 'code', l.code,
    'name', case when "users"."lang" = 'es' then l.name_es else l.name_en end,
    'name_en', l.name_en, 'name_es', l.name_es
  ) order by ul.created_at)
  from user_languages ul join languages l on l.id = ul.language_id where ul.user_id = "users"."id"`);

/**
 * The user's applications of one kind with their postings; to others only finished work they
 * were hired for. The table and column names are constants of this module, never input.
 */
function applicationsList(
  t: {
    applications: string;
    postings: string;
    postingFk: string;
    postingStatus: string;
    decision: string;
    /** The application's fields after its id, as `'name', a.column` pairs. */
    fields: string;
  },
  finishedStatus: number,
  finishedOnly: boolean,
) {
  const finished = finishedOnly
    ? sql`and p.${sql.raw(t.postingStatus)} = ${finishedStatus} and a.${sql.raw(t.decision)} = ${APPLICATION_STATUS.hired}`
    : sql``;
  return jsonList(sql`
    select json_agg(json_build_object(
      'id', p.id, 'name', p.name, '${sql.raw(t.postingStatus)}', p.${sql.raw(t.postingStatus)},
      'application', json_build_object(
        'id', a.id, ${sql.raw(t.fields)}, 'algorand_transaction', a.algorand_transaction,
        'near_transaction', a.near_transaction)
    ) order by a.created_at desc)
    from ${sql.raw(t.applications)} a join ${sql.raw(t.postings)} p on p.id = a.${sql.raw(t.postingFk)}
    where a.user_id = "users"."id" ${finished}`);
}

const projectsList = (finishedOnly: boolean) =>
  applicationsList(
    {
      applications: 'project_applications',
      postings: 'projects',
      postingFk: 'project_id',
      postingStatus: 'project_status_id',
      decision: 'accepted',
      fields: `'accepted', a.accepted, 'shown_accepted_message', a.shown_accepted_message,
        'ready_to_close', a.ready_to_close`,
    },
    PROJECT_STATUS.finished,
    finishedOnly,
  );

const jobsList = (finishedOnly: boolean) =>
  applicationsList(
    {
      applications: 'job_applications',
      postings: 'jobs',
      postingFk: 'job_id',
      postingStatus: 'job_status_id',
      decision: 'selected',
      fields: `'selected', a.selected`,
    },
    JOB_STATUS.finished,
    finishedOnly,
  );

/** The newest 50 notifications, as notificationDto() shapes them. */
const NOTIFICATIONS = jsonList(sql`
  select json_agg(json_build_object(
    'id', n.id, 'type', n.type, 'message', n.message, 'message_es', n.message_es,
    'link', n.link, 'been_clicked', n.been_clicked, 'created_at', ${isoTime('n.created_at')}
  ) order by n.created_at desc, n.id desc)
  from (select * from notifications where user_id = "users"."id"
        order by created_at desc, id desc limit 50) n`);

/**
 * Whether the business viewing (placeholder `viewer`) is a member of a company with a posting the
 * user applied to (docs/product.md "Companies and teams", "Permissions"): the whole team may contact
 * the applicant; a member who left or was removed no longer may, whoever wrote the posting.
 */
const APPLIED_TO_VIEWER = sql<boolean>`(
  exists (select 1 from project_applications pa join projects p on p.id = pa.project_id
          join company_members m on m.company_id = p.company_id
          where pa.user_id = "users"."id" and m.user_id = ${sql.placeholder('viewer')})
  or exists (select 1 from job_applications ja join jobs j on j.id = ja.job_id
             join company_members m on m.company_id = j.company_id
             where ja.user_id = "users"."id" and m.user_id = ${sql.placeholder('viewer')}))`;

/** Whether the business viewing (placeholder `viewer`) saved the user (docs/api.md "Favourites"). */
const SAVED_BY_VIEWER = sql<boolean>`exists (select 1 from favorites f
  where f.user_id = ${sql.placeholder('viewer')} and f.kind = 'talent' and f.target_id = "users"."id")`;

type TWorkplaceJson = ReturnType<typeof workplaceDto>;
type TStudyCentreJson = ReturnType<typeof studyCentreDto>;
type TLanguageJson = ReturnType<typeof languageDto>;
type TNotificationJson = ReturnType<typeof notificationDto>;

/**
 * The user's row with every list, in one prepared statement per view: `self` adds the
 * notifications, `viewer` (a business) whether it may see the contact.
 */
function profileStatement(db: Db, view: 'self' | 'public' | 'viewer') {
  return prepared(db, `profile_${view}`, () =>
    db
      .select({
        user: users,
        cvFile: sql<TCvFile | null>`${CV_FILE_JSON}`,
        workplaces: sql<TWorkplaceJson[]>`${WORKPLACES}`,
        studyCentres: sql<TStudyCentreJson[]>`${STUDY_CENTRES}`,
        skills: sql<{ name: string }[]>`${SKILLS}`,
        roles: sql<{ name: string }[]>`${ROLES}`,
        languages: sql<TLanguageJson[]>`${LANGUAGES}`,
        projects: sql<TProjectJson[]>`${projectsList(view !== 'self')}`,
        jobs: sql<TJobJson[]>`${jobsList(view !== 'self')}`,
        notifications:
          view === 'self' ? sql<TNotificationJson[]>`${NOTIFICATIONS}` : sql<null>`null`,
        contact: view === 'viewer' ? APPLIED_TO_VIEWER : sql<boolean>`false`,
        saved: view === 'viewer' ? SAVED_BY_VIEWER : sql<boolean>`false`,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('id'))),
  );
}

/** The user's current `profile_version`. */
const versionStatement = (db: Db) =>
  prepared(db, 'profile_version', () =>
    db
      .select({ version: users.profileVersion })
      .from(users)
      .where(eq(users.id, sql.placeholder('id'))),
  );

/**
 * For a business viewing: the user's `profile_version`, whether the viewer sees the contact now
 * and whether the viewer saved the user. A membership change or a favourite raises no profile
 * version, so the cached row's `contact` and `saved` are never trusted: they are read again with
 * the version, in the same one statement.
 */
const viewerVersionStatement = (db: Db) =>
  prepared(db, 'profile_version_viewer', () =>
    db
      .select({ version: users.profileVersion, contact: APPLIED_TO_VIEWER, saved: SAVED_BY_VIEWER })
      .from(users)
      .where(eq(users.id, sql.placeholder('id'))),
  );

/** How many profile rows each database's cache keeps, the least recently read going first. */
const CACHED_PROFILES = 1000;
const cacheByDb = new WeakMap<Db, Map<string, TProfileRow>>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * The profile row of a view, from this process's cache when its `profile_version` is the user's
 * current one: triggers raise it with every change to what the profile shows, in the change's
 * transaction, so a match means nothing changed, whichever instance wrote
 * (docs/architecture.md "Reads and writes"). The version costs one primary-key read, or none when
 * the caller read it already (the token's user reading their own profile). Rows are frozen: every
 * reader shares them.
 */
async function readProfile(
  db: Db,
  userId: number,
  opts: { self: boolean; viewerId?: number; version?: number },
) {
  const view = opts.self ? 'self' : opts.viewerId === undefined ? 'public' : 'viewer';
  let cache = cacheByDb.get(db);
  if (!cache) cacheByDb.set(db, (cache = new Map()));
  const key = `${view}:${userId}:${opts.viewerId ?? ''}`;
  const cached = cache.get(key);
  if (cached) {
    // Left in place while the version is read: concurrent reads of the profile share it.
    const now =
      view === 'viewer'
        ? (await viewerVersionStatement(db).execute({ id: userId, viewer: opts.viewerId }))[0]
        : undefined;
    const version =
      now?.version ??
      opts.version ??
      (await versionStatement(db).execute({ id: userId }))[0]?.version;
    if (version === cached.user.profileVersion) {
      if (cache.get(key) === cached) {
        cache.delete(key); // and back, as the most recently read
        cache.set(key, cached);
      }
      return now && (now.contact !== cached.contact || now.saved !== cached.saved)
        ? { ...cached, contact: now.contact, saved: now.saved }
        : cached;
    }
  }
  const [row] = await profileStatement(db, view).execute({ id: userId, viewer: opts.viewerId });
  const current = cache.get(key);
  // A concurrent read may have stored a newer version meanwhile.
  if (row && !(current && current.user.profileVersion > row.user.profileVersion)) {
    cache.delete(key);
    cache.set(key, deepFreeze(row));
    if (cache.size > CACHED_PROFILES) cache.delete(cache.keys().next().value!);
  }
  return row;
}

type TProfileRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof profileStatement>['execute']>>[number]
>;

/** The profile sections everyone may see. */
const profileSections = ({ user, cvFile, ...lists }: TProfileRow) => ({
  id: user.id,
  is_talent: user.isTalent,
  ...presentationDto(user, cvFile),
  workplaces: lists.workplaces,
  study_centres: lists.studyCentres,
  skills: lists.skills,
  roles_interest: lists.roles,
  languages: lists.languages,
  projects: lists.projects,
  jobs: lists.jobs,
  algo_address: user.algoAddress,
  near_wallet: user.nearWallet,
});

/**
 * The signed-in user as docs/api.md "The user object" describes it: everything, for the user
 * themself, with whether they are an operator (`operators`: the e-mails OPERATORS lists;
 * docs/product.md "Operators"). Granting or confirming changes the row, so its version too.
 */
export async function selfUserDto(
  db: Db,
  userId: number,
  version?: number,
  operators?: readonly string[],
) {
  const row = await readProfile(db, userId, { self: true, version });
  if (!row) throw new AppError('not_found');
  return {
    ...profileSections(row),
    ...ownInfoDto(row.user, row.cvFile),
    notifications: row.notifications ?? [],
    is_operator: isOperatorRow(row.user, operators),
  };
}

export type TUserDto = Awaited<ReturnType<typeof selfUserDto>>;

/**
 * `GET /users/id/{id}`: the full user to themself; to others the public profile, without
 * e-mail, phone, payment e-mail or notifications, except e-mail and phone for a business that
 * owns a posting the talent applied to. Others see finished work only (docs/product.md "Public
 * profiles"), never open applications.
 */
export async function getUser(ctx: TCtx, input: { id: number }): Promise<TUser | TPublicUser> {
  const viewer = ctx.user;
  if (viewer?.id === input.id) {
    return selfUserDto(ctx.db, input.id, viewer.profileVersion, ctx.deps.operators);
  }
  const row = await readProfile(ctx.db, input.id, {
    self: false,
    viewerId: viewer && !viewer.isTalent ? viewer.id : undefined,
  });
  // A hidden, suspended or deleted profile is not found but by operators (docs/product.md
  // "Reports and suspension"); the row read says so, no statement more.
  if (!row || (profileIsHidden(row.user) && !seesHidden(viewer)))
    throw new AppError('not_found', {
      message: 'User not found.',
      messageEs: 'Usuario no encontrado.',
    });
  const { user } = row;
  // A deleted account has no contact to give (docs/product.md "Deleting one's account").
  const contact = row.contact && user.deletedAt === null;
  return {
    ...profileSections(row),
    person: { name: user.name, last_name: user.lastName, phone: contact ? user.phone : null },
    ...(contact ? { email: user.email } : {}),
    saved: row.saved,
  };
}
