import algosdk from 'algosdk';
import { eq } from 'drizzle-orm';
import { countries, uploads, users, type TUserLinks } from '@/db/schema';
import type { Db } from '@/db/types';
import type { TUserInfo } from '@/lib/schemas/profile';
import type { TCtx } from '@/server/context';
import { AppError, fieldError, type TFieldProblem } from '@/server/errors';
import { requireUser } from '@/server/services/access';
import { cvFileOf, ownInfoDto, uploadKeyOf } from './dto';

/**
 * What is wrong with showing `url` as the caller's avatar (`image`) or CV: it must be one of our
 * uploads, by the caller or anonymous (`POST /file` takes no token), and an image for the avatar.
 */
async function uploadProblem(db: Db, userId: number, path: string, url: string, image: boolean) {
  const [row] = await db
    .select({ ownerId: uploads.ownerId, mime: uploads.mime })
    .from(uploads)
    .where(eq(uploads.storageKey, uploadKeyOf(url)));
  if (!row || (row.ownerId !== null && row.ownerId !== userId)) {
    return fieldError(path, 'upload_first');
  }
  if (image && !row.mime.startsWith('image/')) return fieldError(path, 'image_required');
  return null;
}

/** The references `input` makes that the database must confirm: country and uploads. */
async function referenceProblems(db: Db, userId: number, input: TUserInfo) {
  const errors: TFieldProblem[] = [];
  if (input.country_code) {
    const [country] = await db
      .select({ code: countries.code })
      .from(countries)
      .where(eq(countries.code, input.country_code));
    if (!country) errors.push(fieldError('country_code', 'country'));
  }
  for (const [field, image] of [
    ['avatar_url', true],
    ['cv_url', false],
  ] as const) {
    const url = input[field];
    const problem = url ? await uploadProblem(db, userId, field, url, image) : null;
    if (problem) errors.push(problem);
  }
  return errors;
}

/**
 * `PATCH /users/info`: the fields sent change, the others stay. Answers the user's own fields as
 * the UPDATE returned them (no lists: they did not change).
 */
export async function updateUserInfo(ctx: TCtx, input: TUserInfo) {
  const me = requireUser(ctx);
  const errors = await referenceProblems(ctx.db, me.id, input);
  if (errors.length > 0) throw new AppError('invalid_input', { errors });

  const row = await ctx.db.transaction(async (tx) => {
    let links: TUserLinks | undefined;
    if (input.links === null) links = {};
    else if (input.links) {
      const [current] = await tx
        .select({ links: users.links })
        .from(users)
        .where(eq(users.id, me.id))
        .for('update');
      links = { ...current?.links };
      for (const k of ['linkedin', 'github', 'website'] as const) {
        const v = input.links[k];
        if (v === null) delete links[k];
        else if (v !== undefined) links[k] = v;
      }
    }
    const [updated] = await tx
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
        links,
        updatedAt: ctx.now,
      })
      .where(eq(users.id, me.id))
      .returning();
    return updated;
  });
  if (!row) throw new AppError('unauthorized');
  return ownInfoDto(row, await cvFileOf(ctx.db, row.cvUrl));
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
