import type { Db } from '@/db/types';

// Drizzle's logger sees every statement before it is sent (docs/architecture.md "Reads and
// writes"). A prepared statement keeps the logger its session had when it was prepared, so the
// test databases get a logger of ours at once (createTestDb calls installStatementHook), before
// anything is prepared, and the helpers below only tell it where to report. BEGIN and COMMIT are
// left out: PGlite runs them outside the logger, node-postgres through it, so both databases
// count the same.

type TLogger = { logQuery(query: string, params: unknown[]): void };
type TSessionLike = { logger: TLogger; options: { logger?: TLogger } };
type THook = { onStatement?: (query: string, params: unknown[]) => void };

const hooks = new WeakMap<Db, THook>();

const isTransactionControl = (query: string) => /^\s*(begin|commit|rollback)\b/i.test(query);

/** Gives `db`'s session (and the transactions it opens) the logger the helpers below report from. */
export function installStatementHook(db: Db) {
  if (hooks.has(db)) return;
  const session = (db as unknown as { session?: TSessionLike }).session;
  if (!session?.logger || !session.options) {
    throw new Error("Drizzle's session has no logger to hook (did drizzle-orm change?)");
  }
  const hook: THook = {};
  const original = session.logger;
  const logger: TLogger = {
    logQuery: (query, params) => {
      if (hook.onStatement && !isTransactionControl(query)) hook.onStatement(query, params);
      original.logQuery(query, params);
    },
  };
  session.logger = logger;
  session.options.logger = logger;
  hooks.set(db, hook);
}

/** Runs `work` with `onStatement` called before each statement (except BEGIN and COMMIT). */
async function withStatementHook(
  db: Db,
  onStatement: (query: string, params: unknown[]) => void,
  work: () => Promise<unknown>,
) {
  const hook = hooks.get(db);
  if (!hook) throw new Error('Count statements on a database from createTestDb()');
  if (hook.onStatement) throw new Error('Statements are already being counted on this database');
  hook.onStatement = onStatement;
  try {
    await work();
  } finally {
    hook.onStatement = undefined;
  }
}

/** The SQL statements `db` runs while `work` runs. */
export async function statementsOf(db: Db, work: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  await withStatementHook(db, (query) => seen.push(query), work);
  return seen;
}

/** The SQL statements `db` runs while `work` runs, with their parameters (to EXPLAIN one). */
export async function statementsWithParamsOf(
  db: Db,
  work: () => Promise<unknown>,
): Promise<{ query: string; params: unknown[] }[]> {
  const seen: { query: string; params: unknown[] }[] = [];
  await withStatementHook(db, (query, params) => seen.push({ query, params }), work);
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
