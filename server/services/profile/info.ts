import algosdk from 'algosdk';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { countries, uploads, users, type TUserLinks } from '@/db/schema';
import type { z } from 'zod';
import type { ZUserInfoInput } from '@/lib/schemas/profile';
import { AppError, type TFieldError } from '@/server/errors';
import { selfUserDto } from '@/server/services/users/user-dto';
import type { TProfileCtx } from './common';

type TUserInfo = z.output<typeof ZUserInfoInput>;

const keyOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

/**
 * Whether `url` is one of our uploads that the caller may show: an image for the avatar, any file
 * for the CV, uploaded by the caller or anonymously (`POST /file` takes no token).
 */
async function uploadProblem(db: Db, userId: number, url: string, image: boolean) {
  const [row] = await db
    .select({ ownerId: uploads.ownerId, mime: uploads.mime })
    .from(uploads)
    .where(eq(uploads.storageKey, keyOf(url)));
  if (!row || (row.ownerId !== null && row.ownerId !== userId)) return 'Upload the file first.';
  if (image && !row.mime.startsWith('image/')) return 'Choose an image.';
  return null;
}

/** The fields `PATCH /users/info` changes; the caller's other data stays. */
export async function updateUserInfo(ctx: TProfileCtx, input: TUserInfo) {
  const errors: TFieldError[] = [];
  if (input.country_code) {
    const [country] = await ctx.db
      .select({ code: countries.code })
      .from(countries)
      .where(eq(countries.code, input.country_code));
    if (!country) errors.push({ path: 'country_code', message: 'Choose a country.' });
  }
  for (const [field, image] of [
    ['avatar_url', true],
    ['cv_url', false],
  ] as const) {
    const url = input[field];
    const problem = url ? await uploadProblem(ctx.db, ctx.user.id, url, image) : null;
    if (problem) errors.push({ path: field, message: problem });
  }
  if (errors.length > 0) throw new AppError('invalid_input', { errors });

  await ctx.db.transaction(async (tx) => {
    let links: TUserLinks | undefined;
    if (input.links === null) links = {};
    else if (input.links) {
      const [current] = await tx
        .select({ links: users.links })
        .from(users)
        .where(eq(users.id, ctx.user.id))
        .for('update');
      links = { ...current?.links };
      for (const k of ['linkedin', 'github', 'website'] as const) {
        const v = input.links[k];
        if (v === null) delete links[k];
        else if (v !== undefined) links[k] = v;
      }
    }
    await tx
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
      .where(eq(users.id, ctx.user.id));
  });
  return selfUserDto(ctx.db, ctx.user.id);
}

/** Ties an Algorand address to the caller (checksum included), or unties it with null. */
export async function updateAlgoAddress(ctx: TProfileCtx, address: string | null) {
  if (address !== null && !algosdk.isValidAddress(address)) {
    throw new AppError('invalid_input', {
      errors: [{ path: 'algo_address', message: 'Not a valid Algorand address.' }],
    });
  }
  await ctx.db
    .update(users)
    .set({ algoAddress: address, updatedAt: ctx.now })
    .where(eq(users.id, ctx.user.id));
  return { algo_address: address };
}

/** Ties a NEAR account (already checked by the schema) to the caller, or unties it with null. */
export async function updateNearWallet(ctx: TProfileCtx, account: string | null) {
  await ctx.db
    .update(users)
    .set({ nearWallet: account, updatedAt: ctx.now })
    .where(eq(users.id, ctx.user.id));
  return { near_wallet: account };
}

/** The e-mail of the caller's payment account, or null to remove it. */
export async function updatePaypalEmail(ctx: TProfileCtx, email: string | null) {
  await ctx.db
    .update(users)
    .set({ paypalEmail: email, updatedAt: ctx.now })
    .where(eq(users.id, ctx.user.id));
  return { paypal_email: email };
}
