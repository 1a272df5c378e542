import { z } from 'zod';
import { line, ZPhone } from '@/lib/schemas/profile';

// The account calls' inputs (seed §3 and §7). No server-only import here, so the forms can
// share them. Unknown fields are stripped by zod: no mass assignment.

// The same bounds as server/auth/password.ts, which cannot be imported here (native Argon2).
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

const ZEmail = z.string().trim().max(254).pipe(z.email());

/** New passwords: 8 to 128 characters, kept whole (Argon2 does not truncate, unlike bcrypt). */
export const ZNewPassword = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

export const ZLang = z.enum(['en', 'es']);

/** A calendar date YYYY-MM-DD that exists (no 2024-02-30). */
export const ZIsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, 'Not a valid date');

const ZGoogleIdToken = z.string().trim().min(1).max(4096);

/** Forms send '' or null for a field left empty: for optional fields that means "not given". */
const blankAsMissing = (v: unknown) => (v === '' || v === null ? undefined : v);

const ZRegisterCommon = z.object({
  email: ZEmail,
  name: line(1, 100),
  last_name: line(0, 100),
  phone: z.preprocess(blankAsMissing, ZPhone.nullish()).transform((v) => v ?? null),
  // Optional only with a Google ID token (checked below); a Google sign-up may send ''.
  password: z.preprocess(blankAsMissing, ZNewPassword.optional()),
  google_id_token: z.preprocess(blankAsMissing, ZGoogleIdToken.optional()),
  lang: ZLang.default('en'),
});

/**
 * Registration (seed §3). A business (is_talent false) also names where it works now; a talent's
 * workplace fields, if any are sent, are ignored.
 */
export const ZRegisterInput = z
  .discriminatedUnion('is_talent', [
    ZRegisterCommon.extend({ is_talent: z.literal(true) }),
    ZRegisterCommon.extend({
      is_talent: z.literal(false),
      workplace_name: line(1, 150),
      position: line(1, 150),
      start_date: ZIsoDate,
      work_here: z.literal(true),
    }),
  ])
  .superRefine((v, ctx) => {
    if (!v.password && !v.google_id_token) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'A password is required' });
    }
  });
export type TRegisterInput = z.infer<typeof ZRegisterInput>;

export const ZLoginInput = z.object({
  email: ZEmail,
  // Any length the account could have been given; only new passwords obey the 8..128 rule.
  password: z.string().min(1).max(PASSWORD_MAX),
});
export type TLoginInput = z.infer<typeof ZLoginInput>;

export const ZCheckEmailInput = z.object({ email: ZEmail });

export const ZGoogleLoginInput = z.object({ google_id_token: ZGoogleIdToken });

export const ZRecoveryEmailInput = z.object({ email: ZEmail, lang: ZLang.optional() });
export type TRecoveryEmailInput = z.infer<typeof ZRecoveryEmailInput>;

/** Recovery codes have 12 digits (at least 10^12 possibilities: docs/security.md). */
export const RECOVERY_CODE_DIGITS = 12;

/** A code as typed or pasted: the groups' spaces and hyphens are not part of it. */
export const normalizeRecoveryCode = (code: string) => code.replace(/[\s-]/g, '');

/** `123456789012` → `1234 5678 9012`, as the e-mail shows it. */
export const formatRecoveryCode = (code: string) => code.replace(/(\d{4})(?=\d)/g, '$1 ');

export const ZRecoveryPasswordInput = z.object({
  // Any short string: a code of the wrong shape is simply a wrong code (same answer, counted).
  code: z.string().trim().min(1).max(32),
  password: ZNewPassword,
  email: ZEmail.optional(),
});
export type TRecoveryPasswordInput = z.infer<typeof ZRecoveryPasswordInput>;

export const ZChangePasswordInput = z.object({
  new_password: ZNewPassword,
  confirm_new_password: z.string().max(PASSWORD_MAX),
});
export type TChangePasswordInput = z.infer<typeof ZChangePasswordInput>;

/** Path ids are positive integers. */
export const ZUserIdParam = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'Not a valid id')
    .transform(Number)
    .refine((n) => n <= 2_147_483_647, 'Not a valid id'),
});
