import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { createdAt, id, timestamps } from './columns';
import { userRef, users } from './users';

// Discovery and deadlines (docs/product.md "Discovery", "Deadlines"): saved searches and their
// alerts, invitations to apply, favourites, and the reminders the deadline jobs sent.

/**
 * A user's saved search of postings of `kind` ('project' or 'job'): the filters of
 * /opportunities under a name, and how new matching postings are told: 'instant', 'daily' or
 * 'off'. `required_terms` is what a posting's terms must all contain for it to match (its facet
 * terms and its words, as server/services/discovery/matching.ts derives them), so that one query
 * over this table with a posting's terms finds every search it matches (a reverse index, GIN).
 * Pay is compared in `currency` only, in whole units.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: id(),
    userId: userRef(),
    name: varchar('name', { length: 80 }).notNull(),
    kind: varchar('kind', { length: 7 }).notNull(),
    /** The filters as the API takes them: {search, skill, country, modality, contract, …}. */
    query: jsonb('query').$type<Record<string, unknown>>().notNull(),
    alert: varchar('alert', { length: 7 }).notNull().default('instant'),
    requiredTerms: text('required_terms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    minPay: bigint('min_pay', { mode: 'number' }),
    maxPay: bigint('max_pay', { mode: 'number' }),
    currency: varchar('currency', { length: 3 }),
    ...timestamps(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId, t.createdAt),
    index('saved_searches_terms_idx')
      .using('gin', t.requiredTerms)
      .where(sql`${t.alert} <> 'off'`),
    check('saved_searches_alert', sql`${t.alert} in ('instant', 'daily', 'off')`),
  ],
);

/** A posting alerted to a user: each posting at most once to a person, whatever search found it. */
export const savedSearchAlerts = pgTable(
  'saved_search_alerts',
  {
    userId: userRef(),
    kind: varchar('kind', { length: 7 }).notNull(),
    postingId: integer('posting_id').notNull(),
    savedSearchId: integer('saved_search_id').references(() => savedSearches.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.postingId] })],
);

/** A company's invitation to a talent to apply to one of its postings: once per talent and posting. */
export const postingInvites = pgTable(
  'posting_invites',
  {
    id: id(),
    kind: varchar('kind', { length: 7 }).notNull(),
    postingId: integer('posting_id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    talentId: userRef('talent_id'),
    /** The member who invited; null once their account is gone. */
    inviterId: integer('inviter_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('posting_invites_unique_idx').on(t.kind, t.postingId, t.talentId),
    index('posting_invites_talent_idx').on(t.talentId, t.createdAt),
    index('posting_invites_posting_idx').on(t.kind, t.postingId, t.createdAt),
  ],
);

/** A favourite: a talent's posting ('project', 'job') or a company member's talent ('talent'). */
export const favorites = pgTable(
  'favorites',
  {
    userId: userRef(),
    kind: varchar('kind', { length: 7 }).notNull(),
    targetId: integer('target_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.targetId] }),
    index('favorites_user_idx').on(t.userId, t.kind, t.createdAt),
  ],
);

/**
 * A reminder or step the deadline jobs took for a posting (server/services/discovery/deadlines.ts):
 * `step` names it ('deadline_soon', 'closed', 'waiting:<date>', …); the primary key makes each
 * step happen once, across instances and after a crash.
 */
export const postingReminders = pgTable(
  'posting_reminders',
  {
    kind: varchar('kind', { length: 7 }).notNull(),
    postingId: integer('posting_id').notNull(),
    step: varchar('step', { length: 40 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.postingId, t.step] })],
);
