import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';

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
