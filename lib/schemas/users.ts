import * as v from 'valibot';
import { email, lang, MAX_ID, newPassword, optionalPhone, PASSWORD, pastDate } from './common';
import { INVITATION_TOKEN } from './companies';
import { blankToNull, line, noControlChars } from './text';

// The account calls' inputs (docs/product.md "Entities and fields", "The calls"), shared by the forms and the API. Unknown fields are
// dropped: no mass assignment.

const googleIdToken = () =>
  v.pipe(
    v.string('invalid_type'),
    noControlChars(),
    v.trim(),
    v.nonEmpty('required'),
    v.maxLength(4096, 'too_long'),
  );

/** Forms send '' or null for a field left empty: for these optional fields that means "not given". */
const omittedWhenBlank = <T extends v.GenericSchema>(schema: T) =>
  v.optional(
    v.pipe(
      v.unknown(),
      v.transform((x) => blankToNull(x) ?? undefined),
      v.optional(schema),
    ),
  );

/** An invitation's link token, when registering from one (docs/api.md "Companies and teams"). */
const invitationToken = () =>
  omittedWhenBlank(v.pipe(v.string('invalid_type'), v.regex(INVITATION_TOKEN, 'invalid')));

const registerCommon = {
  email: email(),
  name: line(1, 100),
  last_name: line(0, 100),
  phone: optionalPhone(),
  // Optional only with a Google ID token (checked below); a Google sign-up may send ''.
  password: omittedWhenBlank(newPassword()),
  google_id_token: omittedWhenBlank(googleIdToken()),
  lang: v.optional(lang(), 'en'),
};

type TRegisterBody = {
  is_talent: boolean;
  invitation_token?: string;
  workplace_name?: string;
  position?: string;
  start_date?: string;
  work_here?: boolean;
};

/**
 * A business names its current workplace (which makes its company), unless it registers from an
 * invitation: then only if it wants a company of its own too, and then all of it.
 */
const workplaceRequired = (r: TRegisterBody) =>
  !r.is_talent && (!r.invitation_token || r.workplace_name !== undefined);

/** A field of the business's variant, read from either variant. */
const field = (r: object, key: keyof TRegisterBody) => (r as TRegisterBody)[key];

/**
 * Registration (docs/product.md "Entities and fields"). A business (is_talent false) also names where it works now; a talent's
 * workplace fields, if any are sent, are dropped.
 */
export const registerSchema = /* @__PURE__ */ v.pipe(
  v.variant(
    'is_talent',
    [
      // A talent sending an invitation's token is refused by the server (talents join no company).
      v.object({
        ...registerCommon,
        is_talent: v.literal(true),
        invitation_token: invitationToken(),
      }),
      v.object({
        ...registerCommon,
        is_talent: v.literal(false),
        // With an invitation the workplace is optional (docs/api.md "Companies and teams").
        invitation_token: invitationToken(),
        workplace_name: omittedWhenBlank(line(1, 150)),
        position: omittedWhenBlank(line(1, 150)),
        start_date: omittedWhenBlank(pastDate()),
        work_here: v.optional(v.boolean('choice')),
      }),
    ],
    'choice',
  ),
  v.forward(
    v.check((r) => Boolean(r.password || r.google_id_token), 'required'),
    ['password'],
  ),
  v.forward(
    v.check(
      (r) => !workplaceRequired(r as TRegisterBody) || Boolean(field(r, 'workplace_name')),
      'required',
    ),
    ['workplace_name'],
  ),
  v.forward(
    v.check(
      (r) => !workplaceRequired(r as TRegisterBody) || Boolean(field(r, 'position')),
      'required',
    ),
    ['position'],
  ),
  v.forward(
    v.check(
      (r) => !workplaceRequired(r as TRegisterBody) || Boolean(field(r, 'start_date')),
      'required',
    ),
    ['start_date'],
  ),
  v.forward(
    v.check(
      (r) => !workplaceRequired(r as TRegisterBody) || field(r, 'work_here') === true,
      'choice',
    ),
    ['work_here'],
  ),
);
export type TRegisterInput = v.InferInput<typeof registerSchema>;
export type TRegister = v.InferOutput<typeof registerSchema>;

export const loginSchema = /* @__PURE__ */ v.object({
  email: email(),
  // Any length the account could have been given; only new passwords obey the 8..128 rule.
  password: v.pipe(
    v.string('invalid_type'),
    noControlChars(),
    v.nonEmpty('required'),
    v.maxLength(PASSWORD.max, 'too_long'),
  ),
});
export type TLoginInput = v.InferInput<typeof loginSchema>;

export const checkEmailSchema = /* @__PURE__ */ v.object({ email: email() });
export const googleLoginSchema = /* @__PURE__ */ v.object({ google_id_token: googleIdToken() });

export const recoveryEmailSchema = /* @__PURE__ */ v.object({
  email: email(),
  lang: v.optional(lang()),
});
export type TRecoveryEmailInput = v.InferOutput<typeof recoveryEmailSchema>;

/** Recovery codes have 12 digits (at least 10^12 possibilities: docs/security.md). */
export const RECOVERY_CODE_DIGITS = 12;

/** A code as typed or pasted: the groups' spaces and hyphens are not part of it. */
export const normalizeRecoveryCode = (code: string) => code.replace(/[\s-]/g, '');

/** `123456789012` → `1234 5678 9012`, as the e-mail shows it. */
export const formatRecoveryCode = (code: string) => code.replace(/(\d{4})(?=\d)/g, '$1 ');

export const recoveryPasswordSchema = /* @__PURE__ */ v.object({
  // Any short string: a code of the wrong shape is simply a wrong code (same answer, counted).
  code: v.pipe(
    v.string('invalid_type'),
    noControlChars(),
    v.trim(),
    v.nonEmpty('required'),
    v.maxLength(32, 'too_long'),
  ),
  password: newPassword(),
  email: v.optional(email()),
});
export type TRecoveryPasswordInput = v.InferOutput<typeof recoveryPasswordSchema>;

/** `POST /users/password`: the seed's two fields and ours, the current password. */
export const changePasswordSchema = /* @__PURE__ */ v.pipe(
  v.object({
    current_password: v.pipe(
      v.string('invalid_type'),
      noControlChars(),
      v.nonEmpty('required'),
      v.maxLength(PASSWORD.max, 'too_long'),
    ),
    new_password: newPassword(),
    confirm_new_password: v.pipe(
      v.string('invalid_type'),
      noControlChars(),
      v.maxLength(PASSWORD.max, 'too_long'),
    ),
  }),
  v.forward(
    v.partialCheck(
      [['new_password'], ['confirm_new_password']],
      (p) => p.new_password === p.confirm_new_password,
      'passwords_differ',
    ),
    ['confirm_new_password'],
  ),
);
export type TChangePasswordInput = v.InferInput<typeof changePasswordSchema>;

/** Path ids are positive integers written plainly. */
export const userIdParamSchema = /* @__PURE__ */ v.object({
  id: v.pipe(
    v.string(),
    v.regex(/^[1-9]\d{0,9}$/, 'id'),
    v.transform(Number),
    v.maxValue(MAX_ID, 'id'),
  ),
});
