import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { createdAt, id } from './columns';
import { uploads } from './uploads';
import { userRef, users } from './users';

// Conversations (docs/product.md "Conversations"): one per application, between its talent and
// the posting's company (the members who can act on its board).

/** One application's conversation (`kind` is 'project' or 'job'). */
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    kind: varchar('kind', { length: 7 }).notNull(),
    applicationId: integer('application_id').notNull(),
    postingId: integer('posting_id').notNull(),
    /** The applicant. */
    talentId: userRef('talent_id'),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The talent blocked the company here: the company's side can no longer write. */
    talentBlockedAt: timestamp('talent_blocked_at', { withTimezone: true }),
    /** A member blocked the talent here: the talent can no longer write. */
    companyBlockedAt: timestamp('company_blocked_at', { withTimezone: true }),
    companyBlockedBy: integer('company_blocked_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** When the last message was written (the list's order); the creation time before any. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_application_idx').on(t.kind, t.applicationId),
    index('conversations_talent_idx').on(t.talentId, t.lastActivityAt),
    index('conversations_company_idx').on(t.companyId, t.lastActivityAt),
  ],
);

/** A message of a conversation: text (1–4000 characters) and an optional attached upload. */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: id(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** Null once the author's account is gone; the message stays for the other side. */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    fileId: integer('file_id').references(() => uploads.id, { onDelete: 'set null' }),
    /** An operator hid it after a report: only its author and operators see it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('conversation_messages_conv_idx').on(t.conversationId, t.id),
    check('conversation_messages_body_len', sql`char_length(${t.body}) between 1 and 4000`),
  ],
);

/** How far one participant has read a conversation: unread is what the other side wrote after. */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: userRef(),
    lastReadMessageId: integer('last_read_message_id').notNull().default(0),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] })],
);

/** The kinds of e-mail a user chooses about (docs/product.md "E-mail that respects people"). */
export const EMAIL_KINDS = ['messages', 'application_updates', 'new_applicants', 'alerts'] as const;
/** How each kind is delivered: at once, in the daily digest, or not at all. */
export const EMAIL_DELIVERIES = ['instant', 'daily', 'off'] as const;

/** A user's e-mail preferences; no row means every kind `instant`. */
export const emailPreferences = pgTable('email_preferences', {
  userId: userRef().primaryKey(),
  messages: varchar('messages', { length: 7 }).notNull().default('instant'),
  applicationUpdates: varchar('application_updates', { length: 7 }).notNull().default('instant'),
  newApplicants: varchar('new_applicants', { length: 7 }).notNull().default('instant'),
  alerts: varchar('alerts', { length: 7 }).notNull().default('instant'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
