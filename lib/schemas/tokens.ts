import * as v from 'valibot';
import { line } from './text';

// Personal access tokens (docs/api.md "Personal access tokens"): a name, the scopes the token
// carries (SCOPES) and how many days it lives.

/** What a token may be given (server/auth/scopes.ts says which calls each one covers). */
export const SCOPES = [
  'postings:read',
  'applications:read',
  'applications:write',
  'messages:write',
] as const;
export type TScope = (typeof SCOPES)[number];

export const TOKEN_LIMITS = {
  /** Live tokens (neither revoked nor expired) one user keeps (docs/product.md "Access tokens"). */
  perUser: 20,
  name: 80,
} as const;

/** The lifetimes a token may be given, in days. */
export const TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;
export type TTokenExpiryDays = (typeof TOKEN_EXPIRY_DAYS)[number];

/** `POST /me/tokens`. */
export const newTokenSchema = /* @__PURE__ */ v.object({
  name: line(1, TOKEN_LIMITS.name),
  scopes: v.pipe(
    v.array(v.picklist(SCOPES, 'choice'), 'invalid_type'),
    v.minLength(1, 'required'),
    v.check((list) => new Set(list).size === list.length, 'invalid'),
  ),
  expires_in_days: v.picklist(TOKEN_EXPIRY_DAYS, 'choice'),
});
export type TNewToken = v.InferInput<typeof newTokenSchema>;
