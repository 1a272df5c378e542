import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
  type ExtraConfigColumn,
} from 'drizzle-orm/pg-core';
import { APPLICATION_STATUS, JOB_STATUS, PROJECT_STATUS } from '@/lib/statuses';
import type { TContractType, TModality } from '@/types/marketplace';
import { createdAt, id, timestamps } from './columns';
import { companies } from './companies';
import { uploads } from './uploads';
import { userRef, users } from './users';

/** Postgres's text search document; written by the database only (generated columns). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * What a posting's search matches, as one text search document with a GIN index (docs/api.md
 * "Search"): its words, lower case and without accents (`tc_search_norm`), and its facets as
 * terms of their own (`tc_facet_terms`, migration 0002: "#skill=figma", "#modality=remote",
 * "#status=1", …; "#" never begins a word). One index lookup answers the words (as prefixes) and
 * every equality filter exactly; only the deadline and pay are read from the rows.
 */
const searchTermsOf = (status: string, facets: string[] = []) =>
  sql.raw(
    `to_tsvector('simple'::regconfig, public.tc_search_norm(name || ' ' || summary || ' ' || description || ' ' || skills::text))` +
      ` || public.tc_facet_terms(skills, array['#modality=' || modality, '#status=' || ${status}, '#country=' || lower(country_code)${facets.map((f) => `, ${f}`).join('')}])`,
  );

/**
 * Who signed each on-chain record (docs/api.md "Proofs"): the talent's Algorand address or NEAR
 * account saved when the record was stored. The public verification compares the chain's sender
 * with it, so a wallet changed or disconnected later does not change what the record proves.
 */
const recordSigners = {
  algorandSigner: varchar('algorand_signer', { length: 58 }),
  nearSigner: varchar('near_signer', { length: 64 }),
};

/**
 * The columns every posting begins with: its id, company, author and texts. A posting belongs to
 * its company (docs/product.md "Companies and teams"); `owner_id` is the member who created it.
 */
function postingHead() {
  return {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ownerId: userRef('owner_id'),
    name: varchar('name', { length: 150 }).notNull(),
    summary: varchar('summary', { length: 300 }).notNull(),
    description: text('description').notNull(),
  };
}

/** Where and until when a posting is: its modality, country and last day. */
function postingPlace() {
  return {
    modality: varchar('modality', { length: 10 }).$type<TModality>().notNull(),
    countryCode: varchar('country_code', { length: 2 }),
    endDate: date('end_date', { mode: 'string' }),
    /** When it moved to finished: the reviews' window opens then (docs/product.md "Reviews"). */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** An operator hid it: after a report ('report') or with its owner's suspension ('suspension'). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: varchar('hidden_by', { length: 10 }).$type<'report' | 'suspension'>(),
  };
}

/** The indexes every posting table has, named after it: by owner, status and age, deadline, search. */
function postingIndexes(
  table: string,
  status: ExtraConfigColumn,
  t: {
    ownerId: ExtraConfigColumn;
    companyId: ExtraConfigColumn;
    createdAt: ExtraConfigColumn;
    searchTerms: ExtraConfigColumn;
    endDate: ExtraConfigColumn;
  },
) {
  return [
    // The deadline jobs' sweep (docs/product.md "Deadlines"): postings with a last day, by it.
    index(`${table}_end_date_idx`)
      .on(t.endDate)
      .where(sql`${t.endDate} is not null`),
    index(`${table}_owner_idx`).on(t.ownerId),
    index(`${table}_company_idx`).on(t.companyId, t.createdAt),
    index(`${table}_status_created_idx`).on(status, t.createdAt),
    index(`${table}_search_idx`).using('gin', t.searchTerms),
  ];
}

/** An application's posting: `integer not null references <posting>(id) on delete cascade`. */
function postingRef(name: string, posting: () => AnyPgColumn) {
  return integer(name).notNull().references(posting, { onDelete: 'cascade' });
}

export const projects = pgTable(
  'projects',
  {
    ...postingHead(),
    skills: jsonb('skills').$type<string[]>().notNull().default([]),
    /** Minor units of `currency`. */
    budget: integer('budget').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    weeks: smallint('weeks').notNull(),
    ...postingPlace(),
    projectStatusId: smallint('project_status_id').notNull().default(PROJECT_STATUS.recruiting),
    ...timestamps(),
    /** What search matches (docs/api.md "Search"): kept by the database, never written. */
    searchTerms: tsvector('search_terms').generatedAlwaysAs(searchTermsOf('project_status_id')),
  },
  (t) => postingIndexes('projects', t.projectStatusId, t),
);

export const jobs = pgTable(
  'jobs',
  {
    ...postingHead(),
    requirements: text('requirements'),
    skills: jsonb('skills').$type<string[]>().notNull().default([]),
    contractType: varchar('contract_type', { length: 12 }).$type<TContractType>().notNull(),
    minSalary: integer('min_salary'),
    maxSalary: integer('max_salary'),
    currency: varchar('currency', { length: 3 }).notNull(),
    ...postingPlace(),
    jobStatusId: smallint('job_status_id').notNull().default(JOB_STATUS.recruiting),
    ...timestamps(),
    /** What search matches (docs/api.md "Search"): kept by the database, never written. */
    searchTerms: tsvector('search_terms').generatedAlwaysAs(
      searchTermsOf('job_status_id', [`'#contract=' || contract_type`]),
    ),
  },
  (t) => postingIndexes('jobs', t.jobStatusId, t),
);

/** The columns both application tables end with: the on-chain records and the timestamps. */
function applicationRecords() {
  return {
    algorandTransaction: varchar('algorand_transaction', { length: 64 }),
    nearTransaction: varchar('near_transaction', { length: 64 }),
    ...recordSigners,
    ...timestamps(),
  };
}

/**
 * The indexes both application tables have, named after the table: one application per posting
 * and user, a user's applications, and a record looked up by its transaction id (the public
 * verification, docs/api.md "Proofs").
 */
function applicationIndexes(
  table: string,
  postingId: ExtraConfigColumn,
  t: {
    userId: ExtraConfigColumn;
    algorandTransaction: ExtraConfigColumn;
    nearTransaction: ExtraConfigColumn;
  },
) {
  return [
    uniqueIndex(`${table}_unique_idx`).on(postingId, t.userId),
    index(`${table}_user_idx`).on(t.userId),
    index(`${table}_algorand_tx_idx`)
      .on(t.algorandTransaction)
      .where(sql`${t.algorandTransaction} is not null`),
    index(`${table}_near_tx_idx`)
      .on(t.nearTransaction)
      .where(sql`${t.nearTransaction} is not null`),
  ];
}

export const projectApplications = pgTable(
  'project_applications',
  {
    id: id(),
    projectId: postingRef('project_id', () => projects.id),
    userId: userRef(),
    proposal: text('proposal').notNull(),
    priceProposal: integer('price_proposal').notNull(),
    weeks: smallint('weeks').notNull(),
    accepted: smallint('accepted').notNull().default(APPLICATION_STATUS.applied),
    reason: text('reason'),
    shownAcceptedMessage: boolean('shown_accepted_message').notNull().default(false),
    readyToClose: boolean('ready_to_close').notNull().default(false),
    ...applicationRecords(),
  },
  (t) => applicationIndexes('project_applications', t.projectId, t),
);

export const jobApplications = pgTable(
  'job_applications',
  {
    id: id(),
    jobId: postingRef('job_id', () => jobs.id),
    userId: userRef(),
    summary: text('summary').notNull(),
    experience: text('experience'),
    fileId: integer('file_id').references(() => uploads.id, { onDelete: 'set null' }),
    selected: smallint('selected').notNull().default(APPLICATION_STATUS.applied),
    reason: text('reason'),
    ...applicationRecords(),
  },
  (t) => applicationIndexes('job_applications', t.jobId, t),
);

/** Audit of every application status change: who, when, from, to (docs/product.md). */
export const applicationStatusHistory = pgTable(
  'application_status_history',
  {
    id: id(),
    kind: varchar('kind', { length: 7 }).notNull(),
    applicationId: integer('application_id').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    fromStatus: smallint('from_status').notNull(),
    toStatus: smallint('to_status').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('application_status_history_app_idx').on(t.kind, t.applicationId)],
);
