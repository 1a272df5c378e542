import { sql } from 'drizzle-orm';
import {
  check,
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
import { companies } from './companies';
import { createdAt, id } from './columns';
import { userRef, users } from './users';

// Open to other software (docs/api.md "Tokens", "Webhooks"): personal access tokens a person's
// own tools call the API with, and a company's webhooks with their delivery log.

/**
 * A personal access token: acts as its user on the calls its `scopes` cover. Only the SHA-256 of
 * the secret is kept (`token_hash`); `prefix` is the start of it shown in lists. A revoked or
 * expired token stops at once.
 */
export const personalTokens = pgTable(
  'personal_tokens',
  {
    id: id(),
    userId: userRef(),
    name: varchar('name', { length: 80 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    prefix: varchar('prefix', { length: 16 }).notNull(),
    scopes: text('scopes').array().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('personal_tokens_hash_idx').on(t.tokenHash),
    index('personal_tokens_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * A company's webhook endpoint: the events it receives at `url`, signed with `secret`
 * (`whsec_…`, Standard Webhooks). `failures` counts deliveries given up in a row; at the limit the
 * endpoint is disabled (`disabled_at`) and the owners told.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    failures: integer('failures').notNull().default(0),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('webhooks_company_idx').on(t.companyId)],
);

/**
 * One event for one endpoint, written in the event's transaction (the outbox) and sent by the
 * job queue: `status` 'pending' until delivered (a 2xx) or given up ('failed') after the last
 * retry. `message_id` is the `webhook-id` header, the same on every attempt.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: varchar('event', { length: 40 }).notNull(),
    messageId: varchar('message_id', { length: 40 }).notNull(),
    payload: jsonb('payload').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastStatus: smallint('last_status'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_log_idx').on(t.webhookId, t.id),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('webhook_deliveries_message_idx').on(t.messageId),
    check('webhook_deliveries_status', sql`${t.status} in ('pending', 'delivered', 'failed')`),
  ],
);
