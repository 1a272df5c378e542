import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { createdAt, id } from './columns';
import { userRef, users } from './users';

// Trust (docs/product.md "Reviews", "Operators", "One's own account"): reviews of finished work,
// reports of what people posted, and what operators did.

/**
 * A review of finished work: the hired talent reviews the company (`side` 'talent'), the company's
 * team reviews the talent (`side` 'company'), once per side and application (`kind` 'project' or
 * 'job'). Hidden until both sides wrote or the window closed (server/services/trust/reviews.ts);
 * the reviewed side may reply once. `hidden_at` is an operator's hiding after a report.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    kind: varchar('kind', { length: 7 }).notNull(),
    applicationId: integer('application_id').notNull(),
    side: varchar('side', { length: 7 }).notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    talentId: userRef('talent_id'),
    /** Who wrote it; null once that account is gone (the review stays, by "Former user"). */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    body: text('body').notNull(),
    lang: varchar('lang', { length: 2 }).notNull().default('en'),
    replyBody: text('reply_body'),
    replyAuthorId: integer('reply_author_id').references(() => users.id, { onDelete: 'set null' }),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reviews_unique_idx').on(t.kind, t.applicationId, t.side),
    // A talent's reviews (written by companies) and a company's (written by talents), newest first.
    index('reviews_talent_idx')
      .on(t.talentId, t.createdAt)
      .where(sql`${t.side} = 'company'`),
    index('reviews_company_idx')
      .on(t.companyId, t.createdAt)
      .where(sql`${t.side} = 'talent'`),
    check('reviews_side', sql`${t.side} in ('talent', 'company')`),
    check('reviews_rating', sql`${t.rating} between 1 and 5`),
    check('reviews_body_len', sql`char_length(${t.body}) between 1 and 2000`),
    check(
      'reviews_reply_len',
      sql`${t.replyBody} is null or char_length(${t.replyBody}) between 1 and 2000`,
    ),
  ],
);

/**
 * A reminder the review job sent for an application: `step` 'finish' (when the work finished) or
 * 'closing' (3 days before the window ends). The primary key makes each happen once.
 */
export const reviewReminders = pgTable(
  'review_reminders',
  {
    kind: varchar('kind', { length: 7 }).notNull(),
    applicationId: integer('application_id').notNull(),
    step: varchar('step', { length: 10 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.applicationId, t.step] })],
);

/**
 * A signed-in user's report of a posting, a profile, a message or a review, with a reason; an
 * operator resolves it: 'dismissed', 'hidden' (the thing) or 'suspended' (its author's account).
 * `target_user_id` is the thing's author (the posting's owner, the profile's user…), read when
 * the report is made, so that the queue and a suspension need not look it up again.
 */
export const reports = pgTable(
  'reports',
  {
    id: id(),
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    targetKind: varchar('target_kind', { length: 8 }).notNull(),
    targetId: integer('target_id').notNull(),
    /** For a posting, its kind ('project' or 'job'); null for the others. */
    targetPostingKind: varchar('target_posting_kind', { length: 7 }),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    status: varchar('status', { length: 9 }).notNull().default('open'),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reports_status_idx').on(t.status, t.createdAt),
    index('reports_reporter_idx').on(t.reporterId, t.createdAt),
    // One open report of a thing by the same person.
    uniqueIndex('reports_open_unique_idx')
      .on(t.reporterId, t.targetKind, sql`coalesce(${t.targetPostingKind}, '')`, t.targetId)
      .where(sql`${t.status} = 'open'`),
    check(
      'reports_target_kind',
      sql`${t.targetKind} in ('posting', 'profile', 'message', 'review')`,
    ),
    check('reports_status', sql`${t.status} in ('open', 'dismissed', 'hidden', 'suspended')`),
    check('reports_reason_len', sql`char_length(${t.reason}) between 1 and 1000`),
  ],
);

/** Every act of an operator (`/admin/audit`): who, what, on what, when. Newest first by id. */
export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: id(),
    operatorId: integer('operator_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 40 }).notNull(),
    target: jsonb('target')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('operator_audit_created_idx').on(t.createdAt)],
);
