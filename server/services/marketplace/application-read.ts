import { and, eq } from 'drizzle-orm';
import type { TCtx } from '@/server/context';
import { assertRole } from '@/server/services/access';
import { paginated } from '@/server/services/profile/common';
import { APPLICATION_PAGE, applicationNotFound } from './application-dto';
import { SERVER_KINDS } from './kinds';
import type { TKind } from './posting-dto';

// A talent's own applications (docs/api.md "Marketplace").

/** `GET /me/applications`: the calling talent's applications of one kind, newest first. */
export async function listMyApplications(
  ctx: TCtx,
  input: { type: TKind; posting_id?: number; page: number; per_page: number },
) {
  const me = assertRole(ctx, 'talent');
  const k = SERVER_KINDS[input.type];
  const where = and(
    eq(k.applicationTable.userId, me.id),
    input.posting_id ? eq(k.applicationFk, input.posting_id) : undefined,
  )!;
  const page = await APPLICATION_PAGE[input.type](ctx.db, where, input);
  return paginated(page.data, page.total, input.page, input.per_page);
}

/** The application `id` of the caller, as the API answers it; another's is "not found". */
export async function ownApplication(ctx: TCtx, kind: TKind, id: number, userId: number) {
  const t = SERVER_KINDS[kind].applicationTable;
  const page = await APPLICATION_PAGE[kind](ctx.db, and(eq(t.id, id), eq(t.userId, userId))!, {
    page: 1,
    per_page: 1,
  });
  const application = page.data[0];
  if (!application) throw applicationNotFound();
  return application;
}
