import type { Db } from '@/db/types';

type TLogger = { logQuery(query: string, params: unknown[]): void };
type TSessionLike = { logger: TLogger; options: { logger?: TLogger } };

/**
 * Records the SQL statements `db` runs while `work` runs, through Drizzle's logger (docs/
 * architecture.md "Reads and writes"). The logger is set on the open database's session, and on
 * the options its transactions copy. BEGIN and COMMIT are left out: PGlite runs them outside the
 * logger, node-postgres through it, and the budgets count the same on both.
 */
export async function statementsOf(db: Db, work: () => Promise<unknown>): Promise<string[]> {
  const session = (db as unknown as { session?: TSessionLike }).session;
  if (!session?.logger || !session.options) {
    throw new Error("Drizzle's session has no logger to count with (did drizzle-orm change?)");
  }
  const seen: string[] = [];
  const logger: TLogger = {
    logQuery: (query) => {
      if (!/^\s*(begin|commit|rollback)\b/i.test(query)) seen.push(query);
    },
  };
  const before = { logger: session.logger, options: session.options.logger };
  session.logger = logger;
  session.options.logger = logger;
  try {
    await work();
  } finally {
    session.logger = before.logger;
    session.options.logger = before.options;
  }
  return seen;
}
