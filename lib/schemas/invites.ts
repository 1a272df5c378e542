import * as v from 'valibot';
import { id, lang, listQuery } from './common';
import { optionalText } from './text';

// Invitations to apply (docs/api.md "Invitations to apply"). Messages are error codes.

/** The longest message of an invitation. */
export const INVITE_MESSAGE_MAX = 1000;

/** `POST /projects/{id}/invites`, `POST /jobs/{id}/invites`. */
export const inviteSchema = /* @__PURE__ */ v.object({
  talent_id: id(),
  message: optionalText(INVITE_MESSAGE_MAX),
  lang: v.optional(lang(), 'en'),
});
export type TInviteInput = v.InferInput<typeof inviteSchema>;

/** `GET /me/invites`: a page. */
export const myInvitesQuerySchema = /* @__PURE__ */ listQuery(20);
