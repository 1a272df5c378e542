import { index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

/** Stored files: random storage keys, the original name kept only for display. */
export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    kind: varchar('kind', { length: 5 }).notNull(),
    storageKey: varchar('storage_key', { length: 80 }).notNull().unique(),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_owner_idx').on(t.ownerId)],
);
