import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { userRef } from './users';

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: userRef(),
    type: varchar('type', { length: 40 }).notNull(),
    message: text('message').notNull(),
    messageEs: text('message_es').notNull(),
    link: text('link'),
    /**
     * What it is about (`project_application:12`): a newer status change of the same application
     * replaces its notification within minutes (docs/security.md "Coalescing").
     */
    topic: varchar('topic', { length: 80 }),
    beenClicked: boolean('been_clicked').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * The e-mails of notifications, written in the transaction of the event that causes them and
 * sent from here (server/services/notifications/mail-outbox.ts). One row per topic (an
 * application) and recipient holds the latest text to send, when it is due, and when the last
 * e-mail about that topic left, so that one topic sends at most one e-mail per window
 * (docs/security.md "Coalescing").
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    topic: varchar('topic', { length: 80 }).notNull(),
    userId: userRef(),
    /** The notification type of the latest text. */
    type: varchar('type', { length: 40 }).notNull(),
    /**
     * The kind of e-mail the user chooses about (EMAIL_KINDS: messages, application_updates,
     * new_applicants, alerts), or 'account' for what is always sent (recovery, invitations).
     */
    kind: varchar('kind', { length: 20 }).notNull().default('application_updates'),
    message: text('message').notNull(),
    messageEs: text('message_es').notNull(),
    link: text('link'),
    /** Raised by every new text: a send marks the row sent only for the text it sent. */
    revision: integer('revision').notNull().default(1),
    /** When the pending e-mail leaves; null when nothing is pending. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** When the last e-mail about the topic left: the next one waits for the window after it. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** A sender's claim: no other sender takes the row before it passes. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Failed sends of the pending text. */
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    uniqueIndex('mail_outbox_topic_user_idx').on(t.topic, t.userId),
    index('mail_outbox_due_idx')
      .on(t.dueAt)
      .where(sql`${t.dueAt} is not null`),
  ],
);
