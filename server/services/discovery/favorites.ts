import { and, desc, eq, sql } from 'drizzle-orm';
import { favorites, users } from '@/db/schema';
import { isKind } from '@/lib/kinds';
import { MAX_FAVORITES, type TFavoriteKind } from '@/lib/schemas/favorites';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { qualified, rowsOf } from '@/server/lib/sql';
import { assertRole, type TRole } from '@/server/services/access';
import { SERVER_KINDS } from '@/server/services/marketplace/kinds';
import { postingNotFound } from '@/server/services/marketplace/posting-dto';
import { selectPage } from '@/server/services/marketplace/posting-page';
import { talentPage } from '@/server/services/marketplace/talents';
import { postingShown, profileShownAs } from '@/server/services/trust/visibility';

// Favourites (docs/api.md "Favourites", docs/product.md "Favourites"): a talent saves postings,
// a business account saves talents. `target_id` names a posting or a user by kind, without a
// foreign key; the lists join their targets, so a favourite of something gone lists nothing.

/** Who may keep favourites of a kind: talents save postings, business accounts save talents. */
const roleFor = (kind: TFavoriteKind): TRole => (isKind(kind) ? 'talent' : 'business');

const userNotFound = () =>
  new AppError('not_found', { message: 'User not found.', messageEs: 'Usuario no encontrado.' });

const limitReached = () =>
  new AppError('limit', {
    message: `You can save at most ${MAX_FAVORITES} of these. Remove one to save another.`,
    messageEs: `Puedes guardar como máximo ${MAX_FAVORITES}. Quita uno para guardar otro.`,
  });

/** Whether a favourite's target exists, as SQL over the placeholder-free id (a talent is a user who is a talent). */
function targetExists(kind: TFavoriteKind, id: number) {
  if (isKind(kind)) {
    const t = SERVER_KINDS[kind].postingTable;
    return sql`exists (select 1 from ${t} where ${qualified(t.id)} = ${id} and ${qualified(t.hiddenAt)} is null)`;
  }
  // What an operator hid (or a suspended or deleted account) is not there to save.
  return sql`exists (select 1 from ${users} where ${qualified(users.id)} = ${id} and ${qualified(users.isTalent)}
    and ${profileShownAs('"users"')})`;
}

const notFoundOf = (kind: TFavoriteKind) => (isKind(kind) ? postingNotFound(kind) : userNotFound());

/**
 * `PUT /me/favorites/{kind}/{id}`: saves the target, once (again: the same answer). The user's
 * favourites of the kind are counted under a lock of the user's row, so that simultaneous saves
 * never pass the limit; the insert checks the target in the same statement.
 */
export async function saveFavorite(ctx: TCtx, input: { kind: TFavoriteKind; id: number }) {
  const me = assertRole(ctx, roleFor(input.kind));
  const { kind, id } = input;
  await ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, me.id)).for('update');
    const inserted = await rowsOf<{ target_id: number }>(
      tx,
      sql`
      insert into ${favorites} (user_id, kind, target_id)
      select ${me.id}, ${kind}, ${id}
      where ${targetExists(kind, id)}
        and (select count(*) from ${favorites} where user_id = ${me.id} and kind = ${kind}) < ${MAX_FAVORITES}
      on conflict do nothing
      returning target_id`,
    );
    if (inserted.length > 0) return;
    // Nothing written: saved already (the same answer), or no such target, or the limit.
    const [why] = await rowsOf<{ target: boolean; saved: boolean }>(
      tx,
      sql`select ${targetExists(kind, id)} as target,
        exists (select 1 from ${favorites} where user_id = ${me.id} and kind = ${kind} and target_id = ${id}) as saved`,
    );
    if (!why?.target) throw notFoundOf(kind);
    if (!why.saved) throw limitReached();
  });
  return { kind, id, saved: true };
}

/** `DELETE /me/favorites/{kind}/{id}`: forgets the target (not saved: the same answer). */
export async function removeFavorite(ctx: TCtx, input: { kind: TFavoriteKind; id: number }) {
  const me = assertRole(ctx, roleFor(input.kind));
  const { kind, id } = input;
  const removed = await ctx.db
    .delete(favorites)
    .where(and(eq(favorites.userId, me.id), eq(favorites.kind, kind), eq(favorites.targetId, id)))
    .returning({ id: favorites.targetId });
  if (removed.length === 0) {
    const [row] = await rowsOf<{ target: boolean }>(
      ctx.db,
      sql`select ${targetExists(kind, id)} as target`,
    );
    if (!row?.target) throw notFoundOf(kind);
  }
  return { kind, id, saved: false };
}

/**
 * `GET /me/favorites?kind=`: a page of the caller's saved postings (as `GET /projects` lists
 * them) or saved talents (as `GET /talents` lists them), the most recently saved first. Without
 * a kind, a talent's projects or a business's talents.
 */
export async function listFavorites(
  ctx: TCtx,
  input: { kind?: TFavoriteKind; page: number; per_page: number },
) {
  const kind = input.kind ?? (ctx.user?.isTalent === false ? 'talent' : 'project');
  const me = assertRole(ctx, roleFor(kind));
  const mine = (target: SQLColumn) =>
    sql`${favorites} where ${qualified(favorites.userId)} = ${sql.placeholder('viewer')}
      and ${qualified(favorites.kind)} = ${kind} and ${qualified(favorites.targetId)} = ${target}`;
  if (isKind(kind)) {
    const t = SERVER_KINDS[kind].postingTable;
    const id = qualified(t.id);
    return selectPage(
      ctx.db,
      kind,
      ctx.now,
      {
        key: 'saved',
        // A saved posting an operator hid leaves the list (docs/product.md "Reports and suspension").
        where: sql`exists (select 1 from ${mine(id)}) and ${postingShown(t)}`,
        sort: {
          key: sql`(select ${qualified(favorites.createdAt)} from ${mine(id)})`,
          dir: 'desc',
        },
        values: { viewer: me.id },
      },
      input,
    );
  }
  const savedAt = sql`(select ${qualified(favorites.createdAt)} from ${favorites}
    where ${qualified(favorites.userId)} = ${me.id} and ${qualified(favorites.kind)} = 'talent'
      and ${qualified(favorites.targetId)} = ${qualified(users.id)})`;
  return talentPage(
    ctx,
    and(eq(users.isTalent, true), sql`${savedAt} is not null`),
    [sql`${savedAt} desc`, desc(users.id)],
    input,
  );
}

type SQLColumn = ReturnType<typeof qualified>;
