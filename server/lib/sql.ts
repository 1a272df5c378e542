import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/types';

/**
 * A column with its table's name. A select from one table renders its columns unqualified, so in
 * a correlated subquery `"id"` would mean the subquery's own table: subqueries name both sides
 * with this.
 */
export const qualified = (column: Column): SQL =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/**
 * The rows of a statement written in SQL (a write with CTEs that the query builder cannot say).
 * PGlite and node-postgres both answer `{ rows }`; columns come back as PostgreSQL sends them,
 * so cast counts to int in the SQL.
 */
export async function rowsOf<T>(db: { execute: (q: SQL) => Promise<unknown> }, query: SQL) {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

type TPrepared = { execute: (values: Record<string, unknown>) => Promise<unknown> };
const preparedByDb = new WeakMap<Db, Map<string, TPrepared>>();

/**
 * The statement named `name` on `db`, built by `build` the first time and prepared (values as
 * `sql.placeholder`): drizzle's query building costs more server time than a hot statement's
 * answer, and PostgreSQL parses a named statement once per connection.
 */
export function prepared<T>(
  db: Db,
  name: string,
  build: () => { prepare: (name: string) => T },
): T {
  let statements = preparedByDb.get(db);
  if (!statements) preparedByDb.set(db, (statements = new Map()));
  let statement = statements.get(name);
  if (!statement) {
    statement = build().prepare(name) as TPrepared;
    statements.set(name, statement);
  }
  return statement as T;
}
