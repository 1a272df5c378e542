import { VERIFY_STATUS } from '@/lib/statuses';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestamps } from './columns';
import { languages } from './reference';
import { userRef } from './users';

export const userWorkplaces = pgTable(
  'user_workplaces',
  {
    id: id(),
    userId: userRef(),
    workplaceName: varchar('workplace_name', { length: 150 }).notNull(),
    position: varchar('position', { length: 150 }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    description: text('description'),
    workHere: boolean('work_here').notNull().default(false),
    enableBusiness: boolean('enable_business').notNull().default(false),
    verifyStatusId: smallint('verify_status_id').notNull().default(VERIFY_STATUS.notRequested),
    ...timestamps(),
  },
  (t) => [index('user_workplaces_user_idx').on(t.userId)],
);

export const userStudyCentres = pgTable(
  'user_study_centres',
  {
    id: id(),
    userId: userRef(),
    name: varchar('name', { length: 150 }).notNull(),
    courseName: varchar('course_name', { length: 150 }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    studyingHere: boolean('studying_here').notNull().default(false),
    description: text('description'),
    verifyStatusId: smallint('verify_status_id').notNull().default(VERIFY_STATUS.notRequested),
    ...timestamps(),
  },
  (t) => [
    index('user_study_centres_user_idx').on(t.userId),
    index('user_study_centres_name_idx').on(sql`lower(${t.name})`),
  ],
);

export const skills = pgTable(
  'skills',
  {
    id: id(),
    name: varchar('name', { length: 60 }).notNull(),
  },
  (t) => [uniqueIndex('skills_name_lower_idx').on(sql`lower(${t.name})`)],
);

export const userSkills = pgTable(
  'user_skills',
  {
    userId: userRef(),
    skillId: integer('skill_id')
      .notNull()
      .references(() => skills.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.skillId] }),
    index('user_skills_skill_idx').on(t.skillId),
  ],
);

export const userRolesInterest = pgTable(
  'user_roles_interest',
  {
    id: id(),
    userId: userRef(),
    name: varchar('name', { length: 80 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_roles_interest_unique_idx').on(t.userId, sql`lower(${t.name})`)],
);

export const userLanguages = pgTable(
  'user_languages',
  {
    userId: userRef(),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.languageId] })],
);
