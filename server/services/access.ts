import type { TAuthUser, TCtx } from '@/server/context';
import { AppError } from '@/server/errors';

// Who may do what, in one place: services call these instead of writing their own checks.

export type TRole = 'talent' | 'business';

/** The signed-in caller, or 401. Verbs behind requireAuth call it to get the user typed. */
export function requireUser(ctx: TCtx): TAuthUser {
  if (!ctx.user) throw new AppError('unauthorized');
  return ctx.user;
}

const ROLE_REFUSED: Record<TRole, { message: string; messageEs: string }> = {
  talent: {
    message: 'Only talents can do this.',
    messageEs: 'Solo los talentos pueden hacer esto.',
  },
  business: {
    message: 'Only businesses can do this.',
    messageEs: 'Solo las empresas pueden hacer esto.',
  },
};

/** Whether `user` acts as `role` (a business is a user with a workplace enabled for business). */
export const hasRole = (user: TAuthUser, role: TRole) => user.isTalent === (role === 'talent');

/** The signed-in caller acting as `role`: 401 without a user, 403 with the other role. */
export function assertRole(ctx: TCtx, role: TRole): TAuthUser {
  const user = requireUser(ctx);
  if (!hasRole(user, role)) throw new AppError('forbidden', ROLE_REFUSED[role]);
  return user;
}

/**
 * Asserts that `row` exists and belongs to `user`. Another user's row is answered exactly like a
 * missing one (`notFound`), so ids tell nobody what others have.
 */
export function assertOwner<T extends { userId: number }>(
  row: T | undefined,
  user: TAuthUser,
  notFound: () => AppError,
): asserts row is T {
  if (!row || row.userId !== user.id) throw notFound();
}
