import * as v from 'valibot';

// The e-mail preferences (docs/api.md "E-mail"; docs/product.md "E-mail that respects people"):
// four kinds, each delivered at once, in the daily digest, or not at all. The lists are the
// same as the database's (db/schema/conversations.ts EMAIL_KINDS, EMAIL_DELIVERIES), written
// here so that the browser's bundle needs no database module.

/** The kinds of e-mail a user chooses about. */
export const EMAIL_KIND_LIST = [
  'messages',
  'application_updates',
  'new_applicants',
  'alerts',
] as const;
/** How a kind is delivered. */
export const EMAIL_DELIVERY_LIST = ['instant', 'daily', 'off'] as const;

export type TEmailKindName = (typeof EMAIL_KIND_LIST)[number];
export type TEmailDelivery = (typeof EMAIL_DELIVERY_LIST)[number];
export type TEmailPreferences = Record<TEmailKindName, TEmailDelivery>;

const delivery = () => v.picklist(EMAIL_DELIVERY_LIST, 'choice');

/** `PATCH /me/email_preferences`: any subset of the four; unknown fields are dropped. */
export const emailPreferencesPatchSchema = v.object({
  messages: v.optional(delivery()),
  application_updates: v.optional(delivery()),
  new_applicants: v.optional(delivery()),
  alerts: v.optional(delivery()),
});

/** `?token=` of `/unsubscribe`: a signed token (server/mail/unsubscribe.ts checks it). */
export const unsubscribeQuerySchema = v.object({
  token: v.pipe(v.string('required'), v.nonEmpty('required'), v.maxLength(2000, 'too_long')),
});
