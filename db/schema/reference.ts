import { pgTable, varchar } from 'drizzle-orm/pg-core';
import { id } from './columns';

/** ISO 3166-1 countries, filled at start from a maintained package. */
export const countries = pgTable('countries', {
  code: varchar('code', { length: 2 }).primaryKey(),
  nameEn: varchar('name_en', { length: 100 }).notNull(),
  nameEs: varchar('name_es', { length: 100 }).notNull(),
});

/** ISO 639-1 languages with stable integer ids (`POST /me/languages` takes `language_id`). */
export const languages = pgTable('languages', {
  id: id(),
  code: varchar('code', { length: 2 }).notNull().unique(),
  nameEn: varchar('name_en', { length: 100 }).notNull(),
  nameEs: varchar('name_es', { length: 100 }).notNull(),
});
