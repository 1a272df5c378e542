import type { Db } from '@/db/types';

// Drizzle's logger sees every statement before it is sent (docs/architecture.md "Reads and
// writes"). The helpers set one on the open database's session, and on the options its
// transactions copy. BEGIN and COMMIT are left out: PGlite runs them outside the logger,
// node-postgres through it, so both databases count the same.

type TLogger = { logQuery(query: string, params: unknown[]): void };
type TSessionLike = { logger: TLogger; options: { logger?: TLogger } };

const isTransactionControl = (query: string) => /^\s*(begin|commit|rollback)\b/i.test(query);

/** Runs `work` with `onStatement` called before each statement (except BEGIN and COMMIT). */
async function withStatementHook(
  db: Db,
  onStatement: (query: string) => void,
  work: () => Promise<unknown>,
) {
  const session = (db as unknown as { session?: TSessionLike }).session;
  if (!session?.logger || !session.options) {
    throw new Error("Drizzle's session has no logger to hook (did drizzle-orm change?)");
  }
  const logger: TLogger = {
    logQuery: (query) => {
      if (!isTransactionControl(query)) onStatement(query);
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
}

/** The SQL statements `db` runs while `work` runs. */
export async function statementsOf(db: Db, work: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  await withStatementHook(db, (query) => seen.push(query), work);
  return seen;
}

/**
 * Runs `work` with the first statement that `fails` picks failing as a crashed database
 * connection would: the hook throws before the statement is sent. Answers the statements seen.
 */
export async function withFailingStatement(
  db: Db,
  fails: (query: string) => boolean,
  work: () => Promise<unknown>,
) {
  const seen: string[] = [];
  let failed = false;
  await withStatementHook(
    db,
    (query) => {
      seen.push(query);
      if (!failed && fails(query)) {
        failed = true;
        throw new Error('statement failed (test)');
      }
    },
    work,
  );
  if (!failed) throw new Error(`No statement was picked to fail among:\n${seen.join('\n')}`);
  return seen;
}
