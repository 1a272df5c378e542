import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';

/**
 * A column with its table's name. A select from one table renders its columns unqualified, so in
 * a correlated subquery `"id"` would mean the subquery's own table: subqueries name both sides
 * with this.
 */
export const qualified = (column: Column): SQL =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
