import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';

export type TUserLinks = {
  linkedin?: string | null;
  github?: string | null;
  website?: string | null;
};

/** A person: talent (`is_talent`) or business. E-mails are unique without regard to case. */
export const users = pgTable(
  'users',
  {
    id: id(),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash'),
    googleSub: varchar('google_sub', { length: 255 }),
    isTalent: boolean('is_talent').notNull().default(true),
    name: varchar('name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull().default(''),
    phone: varchar('phone', { length: 32 }),
    headline: varchar('headline', { length: 160 }),
    about: text('about'),
    countryCode: varchar('country_code', { length: 2 }),
    city: varchar('city', { length: 100 }),
    avatarUrl: text('avatar_url'),
    cvUrl: text('cv_url'),
    links: jsonb('links').$type<TUserLinks>().notNull().default({}),
    algoAddress: varchar('algo_address', { length: 58 }),
    nearWallet: varchar('near_wallet', { length: 64 }),
    paypalEmail: varchar('paypal_email', { length: 254 }),
    lang: varchar('lang', { length: 2 }).notNull().default('en'),
    /** Raised on password change and recovery: tokens carrying an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * Raised by triggers with every change to what the profile shows: the row, its lists, its
     * applications' postings, its notifications (db/migrations/0004_profile_version.sql). A
     * cached profile of the same version is current (docs/architecture.md "Reads and writes").
     */
    profileVersion: integer('profile_version').notNull().default(0),
    /**
     * How much a talent's card has to show, one point each for a headline, a photo, a skill and
     * an experience: kept by a trigger on every change of the row (the lists' changes raise
     * `profile_version`, so they reach it too), db/migrations/0007_talent_rank.sql. `GET /talents`
     * lists the fullest profiles first (docs/api.md "Search").
     */
    profileRank: smallint('profile_rank').notNull().default(0),
    /** When the address was confirmed by its link (docs/product.md "One's own account"). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Granted by `npm run operator -- grant EMAIL`; `OPERATORS` names others (server/services/trust/operators.ts). */
    isOperator: boolean('is_operator').notNull().default(false),
    /** An operator's suspension: tokens refused, sign-in 403 `suspended`, profile and postings hidden. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** An operator hid the profile after a report: only its owner and operators see it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** The account was deleted: the row stays, erased, as "Former user" (docs/product.md). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_sub_idx').on(t.googleSub),
    // GET /talents matches words of the name and headline, accents and case aside (docs/api.md).
    index('users_talent_search_idx')
      .using(
        'gin',
        sql`public.tc_search_norm(${t.name} || ' ' || ${t.lastName} || ' ' || coalesce(${t.headline}, '')) gin_trgm_ops`,
      )
      .where(sql`${t.isTalent}`),
  ],
);

/**
 * A reference to the user a row belongs to, deleted with them: `user_id` (or `name`) `integer
 * not null references users(id) on delete cascade`.
 */
export function userRef(name = 'user_id') {
  return integer(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
}
