import { operatorAudit } from '@/db/schema';
import type { Db } from '@/db/types';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';

// Operators run the platform (docs/product.md "Operators"). Nobody becomes one through the web:
// `npm run operator -- grant EMAIL` sets `users.is_operator`, and `OPERATORS` lists e-mails read
// at start. A listed e-mail counts only once the account has confirmed it: otherwise anyone could
// register a listed address before its owner does and run the platform.

/** Whether a user row (as the token check reads it) is an operator under `operators`. */
export function isOperatorRow(
  row: { isOperator: boolean; email: string; emailVerifiedAt: Date | null },
  operators: readonly string[] = [],
): boolean {
  if (row.isOperator) return true;
  return row.emailVerifiedAt !== null && operators.includes(row.email.toLowerCase());
}

/**
 * The signed-in operator, or 404 for anyone else (anonymous included): the console is not
 * announced to those who may not use it.
 */
export function requireOperatorUser(ctx: TCtx) {
  if (!ctx.user?.isOperator) throw new AppError('not_found');
  return ctx.user;
}

/**
 * One act of an operator for `/admin/audit`, written in the act's own transaction. The command
 * line's grants and revocations have no operator (`operatorId` null).
 */
export async function recordOperatorAct(
  tx: Db,
  act: { operatorId: number | null; action: string; target: Record<string, unknown>; now: Date },
) {
  await tx.insert(operatorAudit).values({
    operatorId: act.operatorId,
    action: act.action,
    target: act.target,
    createdAt: act.now,
  });
}
