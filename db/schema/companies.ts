import { sql } from 'drizzle-orm';
import {
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
import { createdAt, id, timestamps } from './columns';
import { userRef, users } from './users';

// Companies and their teams (docs/product.md "Companies and teams"): a business user acts within
// a company, as one of its members with a role. Postings belong to the company.

export const COMPANY_ROLES = ['owner', 'admin', 'recruiter'] as const;
export type TCompanyRole = (typeof COMPANY_ROLES)[number];

/** A company: what its public page (`/companies/{slug}`) shows. */
export const companies = pgTable(
  'companies',
  {
    id: id(),
    slug: varchar('slug', { length: 80 }).notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    logoUrl: text('logo_url'),
    about: text('about'),
    website: text('website'),
    countryCode: varchar('country_code', { length: 2 }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('companies_slug_idx').on(t.slug)],
);

/** Who belongs to a company, with which role; at least one owner per company. */
export const companyMembers = pgTable(
  'company_members',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: userRef(),
    role: varchar('role', { length: 10 }).$type<TCompanyRole>().notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId] }),
    index('company_members_user_idx').on(t.userId),
  ],
);

/** An invitation by e-mail: its link's token is stored hashed, used once, valid 7 days. */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    role: varchar('role', { length: 10 }).$type<TCompanyRole>().notNull(),
    /** SHA-256 of the link's token, hex. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    lang: varchar('lang', { length: 2 }).notNull().default('en'),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('company_invitations_token_idx').on(t.tokenHash),
    index('company_invitations_company_idx').on(t.companyId, t.createdAt),
  ],
);

/** What happened in a company, by whom: the team page's audit log, newest first. */
export const companyAudit = pgTable(
  'company_audit',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 40 }).notNull(),
    target: jsonb('target')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('company_audit_company_idx').on(t.companyId, t.id)],
);
