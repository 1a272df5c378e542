import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { id, timestamps } from './columns';
import { userRef, users } from './users';

// The recruiter's workbench (docs/product.md "The recruiter's workbench"): what a company's team
// thinks of an applicant, never shown to the talent, and the company's public responsiveness.

/** A private note of a team member on an application (`kind` is 'project' or 'job'). */
export const applicationNotes = pgTable(
  'application_notes',
  {
    id: id(),
    kind: varchar('kind', { length: 7 }).notNull(),
    applicationId: integer('application_id').notNull(),
    /** Null once the author's account is gone; the note stays with the application. */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    ...timestamps(),
  },
  (t) => [index('application_notes_app_idx').on(t.kind, t.applicationId, t.createdAt)],
);

/** One member's rating (1–5) of an application; the board shows the team's average and count. */
export const applicationRatings = pgTable(
  'application_ratings',
  {
    kind: varchar('kind', { length: 7 }).notNull(),
    applicationId: integer('application_id').notNull(),
    userId: userRef(),
    rating: smallint('rating').notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.applicationId, t.userId] }),
    check('application_ratings_range', sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * A company's responsiveness over the last 90 days, computed from its applicants' first moves and
 * kept here so that a page view reads one row (docs/product.md "Responsiveness").
 */
export const companyResponsiveness = pgTable('company_responsiveness', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** Applications in the window, the figures' sample. */
  sample: integer('sample').notNull(),
  /** Share (0–1) of them moved within 14 days of applying. */
  answeredShare: doublePrecision('answered_share'),
  /** Median days from applying to the first move, over those moved. */
  medianDaysToFirstMove: doublePrecision('median_days_to_first_move'),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
});
