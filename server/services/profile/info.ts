import algosdk from 'algosdk';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { users } from '@/db/schema';
import type { Db } from '@/db/types';
import type { TUserInfo } from '@/lib/schemas/profile';
import type { TCtx } from '@/server/context';
import { AppError, fieldError, type TFieldProblem } from '@/server/errors';
import { rowsOf } from '@/server/lib/sql';
import { requireUser } from '@/server/services/access';
import { CV_FILE_JSON, ownInfoDto, uploadKeyOf, type TCvFile } from './dto';

/**
 * The references `input` makes that the database must confirm, in one statement: the country,
 * and the avatar (`image`) and CV, which must be our uploads by the caller or anonymous
 * (`POST /file` takes no token), the avatar an image. Unsent ones join nothing.
 */
async function referenceProblems(db: Db, userId: number, input: TUserInfo) {
  const { country_code: country, avatar_url: avatar, cv_url: cv } = input;
  if (!country && !avatar && !cv) return [];
  type TUpload = { id: number; owner_id: number | null; mime: string } | null;
  const [row] = await rowsOf<{ country: boolean; avatar: TUpload; cv: TUpload }>(
    db,
    sql`
      select exists (select 1 from countries where code = ${country ?? ''}) as country,
             (select json_build_object('id', id, 'owner_id', owner_id, 'mime', mime)
              from uploads where storage_key = ${avatar ? uploadKeyOf(avatar) : ''}) as avatar,
             (select json_build_object('id', id, 'owner_id', owner_id, 'mime', mime)
              from uploads where storage_key = ${cv ? uploadKeyOf(cv) : ''}) as cv`,
  );
  const errors: TFieldProblem[] = [];
  if (country && !row?.country) errors.push(fieldError('country_code', 'country'));
  const mine = (upload: TUpload) =>
    upload !== null && (upload.owner_id === null || upload.owner_id === userId);
  if (avatar) {
    if (!mine(row?.avatar ?? null)) errors.push(fieldError('avatar_url', 'upload_first'));
    else if (!row!.avatar!.mime.startsWith('image/')) {
      errors.push(fieldError('avatar_url', 'image_required'));
    }
  }
  if (cv && !mine(row?.cv ?? null)) errors.push(fieldError('cv_url', 'upload_first'));
  return errors;
}

/** The stored links with the sent ones over them; a null link is removed, null removes all. */
function linksUpdate(links: TUserInfo['links']) {
  if (links === undefined) return undefined;
  if (links === null) return {};
  const set: Record<string, string> = {};
  const removed: string[] = [];
  for (const k of ['linkedin', 'github', 'website'] as const) {
    const v = links[k];
    if (v === null) removed.push(k);
    else if (v !== undefined) set[k] = v;
  }
  const minus = removed.map((k) => sql` - ${k}::text`);
  // Merged by PostgreSQL in the UPDATE, so two saves of different links both stay.
  return sql`(${users.links} || ${JSON.stringify(set)}::jsonb)${sql.join(minus)}`;
}

/**
 * `PATCH /users/info`: the fields sent change, the others stay. Answers the user's own fields as
 * the UPDATE returned them (no lists: they did not change): one statement to confirm references
 * when some are sent, one to write and answer.
 */
export async function updateUserInfo(ctx: TCtx, input: TUserInfo) {
  const me = requireUser(ctx);
  const errors = await referenceProblems(ctx.db, me.id, input);
  if (errors.length > 0) throw new AppError('invalid_input', { errors });

  const [row] = await ctx.db
    .update(users)
    .set({
      name: input.name,
      lastName: input.last_name,
      phone: input.phone,
      countryCode: input.country_code,
      city: input.city,
      headline: input.headline,
      about: input.about,
      avatarUrl: input.avatar_url,
      cvUrl: input.cv_url,
      links: linksUpdate(input.links),
      updatedAt: ctx.now,
    })
    .where(eq(users.id, me.id))
    .returning({ ...getTableColumns(users), cvFile: sql<TCvFile | null>`${CV_FILE_JSON}` });
  if (!row) throw new AppError('unauthorized');
  return ownInfoDto(row, row.cvFile);
}

/** Ties an Algorand address to the caller (checksum included), or unties it with null. */
export async function updateAlgoAddress(ctx: TCtx, input: { algo_address: string | null }) {
  const me = requireUser(ctx);
  const address = input.algo_address;
  if (address !== null && !algosdk.isValidAddress(address)) {
    throw AppError.invalidField('algo_address', 'algo_address');
  }
  await ctx.db
    .update(users)
    .set({ algoAddress: address, updatedAt: ctx.now })
    .where(eq(users.id, me.id));
  return { algo_address: address };
}

/** Ties a NEAR account (already checked by the schema) to the caller, or unties it with null. */
export async function updateNearWallet(ctx: TCtx, input: { near_wallet: string | null }) {
  const me = requireUser(ctx);
  await ctx.db
    .update(users)
    .set({ nearWallet: input.near_wallet, updatedAt: ctx.now })
    .where(eq(users.id, me.id));
  return { near_wallet: input.near_wallet };
}

/** The e-mail of the caller's payment account, or null to remove it. */
export async function updatePaypalEmail(ctx: TCtx, input: { paypal_email: string | null }) {
  const me = requireUser(ctx);
  await ctx.db
    .update(users)
    .set({ paypalEmail: input.paypal_email, updatedAt: ctx.now })
    .where(eq(users.id, me.id));
  return { paypal_email: input.paypal_email };
}
