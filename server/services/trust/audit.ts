import { count, desc, eq } from 'drizzle-orm';
import { operatorAudit, users } from '@/db/schema';
import type { TCtx } from '@/server/context';
import { paginated, type TPage } from '@/server/services/profile/common';
import { requireOperatorUser } from './operators';

// The operators' audit log (docs/product.md "Operators", docs/api.md "Operators"): every act of
// an operator, newest first. The command line's grants and revocations have no operator (null).

/** `GET /admin/audit`: a page of the log, newest first. */
export async function listOperatorAudit(ctx: TCtx, input: TPage) {
  requireOperatorUser(ctx);
  const [rows, [totals]] = await Promise.all([
    ctx.db
      .select({
        id: operatorAudit.id,
        action: operatorAudit.action,
        target: operatorAudit.target,
        createdAt: operatorAudit.createdAt,
        operatorId: users.id,
        name: users.name,
        lastName: users.lastName,
      })
      .from(operatorAudit)
      .leftJoin(users, eq(users.id, operatorAudit.operatorId))
      .orderBy(desc(operatorAudit.id))
      .limit(input.per_page)
      .offset((input.page - 1) * input.per_page),
    ctx.db.select({ total: count() }).from(operatorAudit),
  ]);
  const data = rows.map((r) => ({
    id: r.id,
    operator:
      r.operatorId === null ? null : { id: r.operatorId, name: r.name!, last_name: r.lastName! },
    action: r.action,
    target: r.target,
    created_at: r.createdAt.toISOString(),
  }));
  return paginated(data, totals?.total ?? 0, input.page, input.per_page);
}
