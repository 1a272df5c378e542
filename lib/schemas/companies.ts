import * as v from 'valibot';
import { email, lang, listQuery } from './common';

// The team calls' inputs (docs/api.md "Companies and teams"), shared by the team page and the API.
// Unknown fields are dropped: no mass assignment.

/** The roles an invitation may give: an owner is made by a role change, never invited. */
export const INVITABLE_ROLES = ['admin', 'recruiter'] as const;
export const MEMBER_ROLES = ['owner', 'admin', 'recruiter'] as const;

/** An invitation's link token: 32 random bytes, base64url (43 characters). */
export const INVITATION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** `POST /companies/{id}/invitations`. The address is compared and stored in lower case. */
export const inviteSchema = /* @__PURE__ */ v.object({
  email: v.pipe(email(), v.toLowerCase()),
  role: v.picklist(INVITABLE_ROLES, 'choice'),
  /** The language of the e-mail: the inviter's choice. */
  lang: v.optional(lang(), 'en'),
});
export type TInviteInput = v.InferInput<typeof inviteSchema>;
export type TInvite = v.InferOutput<typeof inviteSchema>;

/** `POST /companies/{id}/invitations/{invitation_id}/resend`. */
export const resendInvitationSchema = /* @__PURE__ */ v.object({
  lang: v.optional(lang(), 'en'),
});

/** `PATCH /companies/{id}/members/{user_id}`. */
export const memberRoleSchema = /* @__PURE__ */ v.object({
  role: v.picklist(MEMBER_ROLES, 'choice'),
});
export type TMemberRoleInput = v.InferInput<typeof memberRoleSchema>;

/** `GET /companies/{id}/audit`: newest first, at most 50 a page. */
export const auditQuerySchema = /* @__PURE__ */ listQuery(20);
