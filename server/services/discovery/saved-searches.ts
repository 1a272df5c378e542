import { and, desc, eq, sql } from 'drizzle-orm';
import { savedSearches, users } from '@/db/schema';
import {
  SAVED_SEARCH_LIMITS,
  type TSavedSearchQuery,
  type TAlert,
  takesContract,
} from '@/lib/schemas/saved-searches';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { requireUser } from '@/server/services/access';
import { requiredTermsSql } from './matching';

// Saved searches (docs/api.md "Saved searches"): a user's own, at most 20; anyone else's is "not
// found". Saving derives the terms a posting must have to match (./matching.ts).

type TRow = typeof savedSearches.$inferSelect;

/** A saved search as the API answers it. */
export const savedSearchDto = (row: TRow) => ({
  id: row.id,
  name: row.name,
  kind: row.kind as 'project' | 'job',
  query: row.query as TSavedSearchQuery,
  alert: row.alert as TAlert,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const savedSearchNotFound = () =>
  new AppError('not_found', {
    message: 'Saved search not found.',
    messageEs: 'Búsqueda guardada no encontrada.',
  });

/** The stored query: only the filters given, in a stable order. */
function storedQuery(query: TSavedSearchQuery): TSavedSearchQuery {
  const out: Record<string, unknown> = {};
  for (const key of [
    'search',
    'skill',
    'country',
    'modality',
    'contract',
    'min_pay',
    'max_pay',
    'currency',
  ] as const) {
    if (query[key] !== undefined) out[key] = query[key];
  }
  return out as TSavedSearchQuery;
}

/** The columns a query sets: itself, its required terms, and its pay in its currency. */
const queryColumns = (query: TSavedSearchQuery) => ({
  query: storedQuery(query),
  requiredTerms: requiredTermsSql(query) as unknown as string[],
  minPay: query.min_pay ?? null,
  maxPay: query.max_pay ?? null,
  currency: query.currency ?? null,
});

/** `GET /saved_searches`: the caller's, newest first. */
export async function listSavedSearches(ctx: TCtx) {
  const me = requireUser(ctx);
  const rows = await ctx.db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, me.id))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  return rows.map(savedSearchDto);
}

/** `POST /saved_searches`: the 21st is refused (409 `limit`). */
export async function createSavedSearch(
  ctx: TCtx,
  input: { name: string; kind: 'project' | 'job'; query: TSavedSearchQuery; alert: TAlert },
) {
  const me = requireUser(ctx);
  const row = await ctx.db.transaction(async (tx) => {
    // One save of this user at a time, so two at once cannot both be the 20th.
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${me.id} for update`);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(savedSearches)
      .where(eq(savedSearches.userId, me.id));
    if ((count?.n ?? 0) >= SAVED_SEARCH_LIMITS.perUser) {
      throw new AppError('limit', {
        message: `You can keep at most ${SAVED_SEARCH_LIMITS.perUser} saved searches: delete one first.`,
        messageEs: `Puedes guardar como máximo ${SAVED_SEARCH_LIMITS.perUser} búsquedas: elimina una primero.`,
      });
    }
    const [made] = await tx
      .insert(savedSearches)
      .values({
        userId: me.id,
        name: input.name,
        kind: input.kind,
        alert: input.alert,
        ...queryColumns(input.query),
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    return made!;
  });
  return savedSearchDto(row);
}

/** `PATCH /saved_searches/{id}`: the owner's; any of name, query, alert. */
export async function updateSavedSearch(
  ctx: TCtx,
  input: { id: number; name?: string; query?: TSavedSearchQuery; alert?: TAlert },
) {
  const me = requireUser(ctx);
  const { id, name, query, alert } = input;
  const mine = and(eq(savedSearches.id, id), eq(savedSearches.userId, me.id));
  if (query?.contract !== undefined) {
    // A project's search has no contract type (lib/schemas/saved-searches.ts).
    const [row] = await ctx.db.select({ kind: savedSearches.kind }).from(savedSearches).where(mine);
    if (!row) throw savedSearchNotFound();
    if (!takesContract(row.kind as 'project' | 'job'))
      throw AppError.invalidField('query.contract', 'invalid');
  }
  const [row] = await ctx.db
    .update(savedSearches)
    .set({
      ...(name !== undefined ? { name } : {}),
      ...(alert !== undefined ? { alert } : {}),
      ...(query !== undefined ? queryColumns(query) : {}),
      updatedAt: ctx.now,
    })
    .where(mine)
    .returning();
  if (!row) throw savedSearchNotFound();
  return savedSearchDto(row);
}

/** `DELETE /saved_searches/{id}`: the owner's. */
export async function deleteSavedSearch(ctx: TCtx, input: { id: number }) {
  const me = requireUser(ctx);
  const [row] = await ctx.db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, input.id), eq(savedSearches.userId, me.id)))
    .returning({ id: savedSearches.id });
  if (!row) throw savedSearchNotFound();
  return { id: row.id, deleted: true };
}
