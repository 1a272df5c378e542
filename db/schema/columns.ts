import { serial, timestamp } from 'drizzle-orm/pg-core';

// The columns most tables share, built once: a serial id, when a row was created and last
// changed. Each call makes new builders, one set per table. The owner reference is `userRef`
// (./users.ts), beside the table it points at.

/** `id serial primary key`. */
export function id() {
  return serial('id').primaryKey();
}

/** `created_at timestamptz not null default now()`. */
export function createdAt() {
  return timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
}

/** `created_at` and `updated_at`, both `timestamptz not null default now()`. */
export function timestamps() {
  return {
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  };
}
