import { eq } from 'drizzle-orm';
import type { projects } from '@/db/schema';
import { businessPath, postingPath } from '@/lib/kinds';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { assertRole } from '@/server/services/access';
import { assertCompanyCan, type TCompanyAction } from '@/server/services/companies/permissions';
import { SERVER_KINDS } from './kinds';
import { postingNotFound, type TKind } from './postings';

// What the recruiter's verbs share (board.ts, status-change.ts, lifecycle.ts; docs/api.md
// "Pipeline and lifecycle"): the caller's own posting, the refusals and the notifications' links.

export const invalidTransition = (message: string, messageEs: string) =>
  new AppError('invalid_transition', { message, messageEs });

export const postingClosed = () =>
  new AppError('closed', {
    message: 'This posting is no longer recruiting, so its applicants cannot move.',
    messageEs:
      'Esta publicación ya no está en selección, así que sus postulantes no pueden moverse.',
  });

/** Where a notification about a posting takes the talent, and the owner. */
export const talentLink = (kind: TKind, id: number) => postingPath(kind, id);
export const ownerLink = (kind: TKind, id: number) => businessPath(kind, id, 'applicants');

/**
 * The posting of `kind` with id `id` if the caller may take `action` on it, as a member of its
 * company (docs/product.md "Companies and teams"); a non-member gets 404, as for a missing one.
 */
export async function ownPosting(
  ctx: TCtx,
  input: { kind: TKind; id: number },
  action: TCompanyAction,
) {
  assertRole(ctx, 'business');
  const k = SERVER_KINDS[input.kind];
  const t = k.postingTable as typeof projects;
  const [row] = await ctx.db
    .select({
      id: t.id,
      name: t.name,
      ownerId: t.ownerId,
      companyId: t.companyId,
      statusId: k.status,
      currency: t.currency,
    })
    .from(t)
    .where(eq(t.id, input.id));
  if (!row) throw postingNotFound(input.kind);
  const { me, role } = await assertCompanyCan(ctx, row.companyId, action, () =>
    postingNotFound(input.kind),
  );
  return { me, role, posting: row };
}
