import { asc, eq, or, sql } from 'drizzle-orm';
import { users } from '@/db/schema';
import { DataDirLockedError } from '@/db/lock';
import type { Db, DbHandle } from '@/db/types';
import { isOperatorRow, recordOperatorAct } from './operators';

// `npm run operator -- grant EMAIL | revoke EMAIL | list` (docs/product.md "Operators"): the one
// way to make an operator besides OPERATORS, never through the web. Each grant and revocation is
// in the audit log, without an operator (the command line has none). scripts/operator.ts opens
// the database as the app does (PGlite in DATA_DIR, or DATABASE_URL) and runs this.

export type TCommandIo = {
  /** Opens the database: PGlite refuses a data directory the app holds (DataDirLockedError). */
  open: () => Promise<DbHandle>;
  /** The e-mails OPERATORS lists, lower case. */
  operators: readonly string[];
  now: () => Date;
  out: (line: string) => void;
  err: (line: string) => void;
};

const USAGE = 'Usage: npm run operator -- grant EMAIL | revoke EMAIL | list';

/** Exit codes: 0 done, 1 refused (unknown account, bad usage), 2 the database is unavailable. */
export const EXIT = { ok: 0, refused: 1, unavailable: 2 } as const;

async function setOperator(db: Db, email: string, grant: boolean, io: TCommandIo) {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, isOperator: users.isOperator })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .for('update');
    if (!user) {
      io.err(`No account has the e-mail ${email}. Nothing was changed.`);
      return EXIT.refused;
    }
    if (user.isOperator === grant) {
      io.out(
        `${user.email} ${grant ? 'is already an operator' : 'was not granted'}: nothing to do.`,
      );
      return EXIT.ok;
    }
    const now = io.now();
    await tx.update(users).set({ isOperator: grant, updatedAt: now }).where(eq(users.id, user.id));
    await recordOperatorAct(tx, {
      operatorId: null,
      action: grant ? 'operator.granted' : 'operator.revoked',
      target: { user_id: user.id, email: user.email },
      now,
    });
    io.out(
      grant
        ? `${user.email} is now an operator.`
        : `${user.email} is no longer an operator (by grant).`,
    );
    if (!grant && io.operators.includes(user.email.toLowerCase())) {
      io.out('OPERATORS still lists this e-mail: remove it there too, and restart the app.');
    }
    return EXIT.ok;
  });
}

async function listOperators(db: Db, io: TCommandIo) {
  const listed = [...io.operators];
  const rows = await db
    .select({
      email: users.email,
      name: users.name,
      lastName: users.lastName,
      isOperator: users.isOperator,
      emailVerifiedAt: users.emailVerifiedAt,
      suspendedAt: users.suspendedAt,
    })
    .from(users)
    .where(
      listed.length > 0
        ? or(eq(users.isOperator, true), sql`lower(${users.email}) in ${listed}`)
        : eq(users.isOperator, true),
    )
    .orderBy(asc(users.id));
  const active = rows.filter((r) => isOperatorRow(r, listed) && !r.suspendedAt);
  if (active.length === 0) io.out('No operators yet.');
  for (const r of rows) {
    const how = [
      r.isOperator ? 'granted' : null,
      listed.includes(r.email.toLowerCase())
        ? r.emailVerifiedAt
          ? 'OPERATORS'
          : 'OPERATORS, e-mail not confirmed yet: not an operator'
        : null,
      r.suspendedAt ? 'suspended' : null,
    ].filter(Boolean);
    io.out(`${r.email}\t${`${r.name} ${r.lastName}`.trim()}\t(${how.join('; ')})`);
  }
  const registered = new Set(rows.map((r) => r.email.toLowerCase()));
  for (const email of listed.filter((e) => !registered.has(e))) {
    io.out(`${email}\t-\t(OPERATORS, no account yet)`);
  }
  return EXIT.ok;
}

/** Runs the command of `args`; answers its exit code. */
export async function runOperatorCommand(args: string[], io: TCommandIo): Promise<number> {
  const [verb, email, ...rest] = args;
  const wantsEmail = verb === 'grant' || verb === 'revoke';
  if (
    !(wantsEmail || verb === 'list') ||
    (wantsEmail ? !email?.trim() || rest.length > 0 : email)
  ) {
    io.err(USAGE);
    return EXIT.refused;
  }
  let handle: DbHandle;
  try {
    handle = await io.open();
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      io.err(
        `${error.message}\nThe app is running on this data directory: stop it, run the ` +
          'command, and start it again (or run the command against DATABASE_URL).',
      );
    } else {
      io.err(`The database could not be opened: ${error instanceof Error ? error.name : 'error'}.`);
    }
    return EXIT.unavailable;
  }
  try {
    if (verb === 'list') return await listOperators(handle.db, io);
    return await setOperator(handle.db, email!.trim(), verb === 'grant', io);
  } finally {
    await handle.close();
  }
}
