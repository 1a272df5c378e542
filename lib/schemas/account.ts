import * as v from 'valibot';
import { email, lang, PASSWORD } from './common';
import { noControlChars } from './text';

// One's own account (docs/api.md "One's own account"): confirming the address, changing it,
// deleting the account. Messages are error codes (docs/api.md "Errors").

/** The current password, as the password change asks for it. */
const currentPassword = () =>
  v.pipe(
    v.string('invalid_type'),
    noControlChars(),
    v.nonEmpty('required'),
    v.maxLength(PASSWORD.max, 'too_long'),
  );

/** `POST /me/email/verification`: the e-mail's language. */
export const emailVerificationSchema = /* @__PURE__ */ v.object({
  lang: v.optional(lang(), 'en'),
});

/** `POST /me/email/confirm`: the link's token (a signed JWT, at most a few hundred characters). */
export const confirmEmailSchema = /* @__PURE__ */ v.object({
  token: v.pipe(
    v.string('invalid_type'),
    v.trim(),
    v.nonEmpty('required'),
    v.maxLength(2000, 'too_long'),
  ),
});

/** `POST /me/email`: the new address, proved by the current password. */
export const changeEmailSchema = /* @__PURE__ */ v.object({
  new_email: email(),
  current_password: currentPassword(),
  lang: v.optional(lang(), 'en'),
});
export type TChangeEmailInput = v.InferInput<typeof changeEmailSchema>;

/**
 * `DELETE /me`: the current password; an account without one (Google only) signs in with Google
 * again instead: `google_id_token`, a fresh ID token of its own Google account (docs/product.md
 * "Deleting one's account"). A session token alone never deletes an account.
 */
export const deleteAccountSchema = /* @__PURE__ */ v.object({
  current_password: v.optional(currentPassword()),
  google_id_token: v.optional(
    v.pipe(
      v.string('invalid_type'),
      v.trim(),
      v.nonEmpty('required'),
      v.maxLength(4096, 'too_long'),
    ),
  ),
});
export type TDeleteAccountInput = v.InferInput<typeof deleteAccountSchema>;
