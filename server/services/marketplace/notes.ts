import { and, asc, eq } from 'drizzle-orm';
import { applicationNotes, users, type projectApplications, type projects } from '@/db/schema';
import type { Db } from '@/db/types';
import { POSTING_KINDS } from '@/lib/kinds';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { hasRole, requireUser } from '@/server/services/access';
import { assertCompanyCan, type TCompanyAction } from '@/server/services/companies/permissions';
import { takeRateLimit } from '@/server/services/rate-limit';
import { applicationNotFound } from './application-dto';
import { SERVER_KINDS } from './kinds';
import type { TKind } from './postings';

// A team's private notes on an applicant (docs/api.md "The recruiter's workbench", docs/product.md
// "The recruiter's workbench"): any member of the posting's company reads and writes them; only
// the author edits or deletes a note. Nobody else learns that the application, or a note, exists:
// a talent (the applicant included) and another company's members get 404.

export const noteNotFound = () =>
  new AppError('not_found', { message: 'Note not found.', messageEs: 'Nota no encontrada.' });

const notTheAuthor = () =>
  new AppError('forbidden', {
    message: 'Only the author of a note can edit or delete it.',
    messageEs: 'Solo el autor de una nota puede editarla o borrarla.',
  });

/**
 * The application `id` of `kind` if the caller may take `action` on it as a member of its
 * posting's company: 401 signed out; `notFound()` for a talent, a non-member or a missing one.
 */
export async function teamApplication(
  ctx: TCtx,
  kind: TKind,
  id: number,
  action: TCompanyAction,
  notFound: () => AppError = applicationNotFound,
) {
  const me = requireUser(ctx);
  if (!hasRole(me, 'business')) throw notFound();
  const k = SERVER_KINDS[kind];
  const table = k.applicationTable as typeof projectApplications;
  const posting = k.postingTable as typeof projects;
  const [row] = await ctx.db
    .select({ id: table.id, companyId: posting.companyId })
    .from(table)
    .innerJoin(posting, eq(posting.id, k.applicationFk))
    .where(eq(table.id, id));
  if (!row) throw notFound();
  await assertCompanyCan(ctx, row.companyId, action, notFound);
  return { me, application: row };
}

type TNoteRow = typeof applicationNotes.$inferSelect;
type TAuthorRow = { id: number; name: string; lastName: string } | null;

const noteDto = (n: TNoteRow, author: TAuthorRow) => ({
  id: n.id,
  author: author ? { id: author.id, name: author.name, last_name: author.lastName } : null,
  body: n.body,
  created_at: n.createdAt.toISOString(),
  updated_at: n.updatedAt.toISOString(),
});

const author = { id: users.id, name: users.name, lastName: users.lastName };

/** The notes matching `where`, oldest first, with their authors. */
async function notesWhere(db: Db, where: ReturnType<typeof and>) {
  const rows = await db
    .select({ note: applicationNotes, author })
    .from(applicationNotes)
    .leftJoin(users, eq(users.id, applicationNotes.authorId))
    .where(where)
    .orderBy(asc(applicationNotes.createdAt), asc(applicationNotes.id));
  return rows.map((r) => noteDto(r.note, r.author));
}

/** Counted per member, for writes and edits alike (docs/security.md "Rate limits"). */
const takeNoteLimit = (ctx: TCtx, tx: Db, userId: number) =>
  takeRateLimit(
    { db: tx, now: ctx.now },
    { name: 'notesPerUser', subject: `user:${userId}` },
    {
      message: 'Too many notes in a short time. Please wait a moment and try again.',
      messageEs: 'Demasiadas notas en poco tiempo. Espera un momento y vuelve a intentarlo.',
    },
  );

/** `GET /{kind}_applications/{id}/notes`: the team's notes on an applicant, oldest first. */
export async function listNotes(ctx: TCtx, input: { kind: TKind; id: number }) {
  await teamApplication(ctx, input.kind, input.id, 'applicants.notes');
  return notesWhere(
    ctx.db,
    and(eq(applicationNotes.kind, input.kind), eq(applicationNotes.applicationId, input.id)),
  );
}

/** `POST /{kind}_applications/{id}/notes`: a member writes a note. */
export async function addNote(ctx: TCtx, input: { kind: TKind; id: number; body: string }) {
  const { me } = await teamApplication(ctx, input.kind, input.id, 'applicants.notes');
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(applicationNotes)
      .values({
        kind: input.kind,
        applicationId: input.id,
        authorId: me.id,
        body: input.body,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning({ id: applicationNotes.id });
    // Counted once written, in its transaction: a refusal undoes the note.
    await takeNoteLimit(ctx, tx, me.id);
    return row!.id;
  });
  const [note] = await notesWhere(ctx.db, and(eq(applicationNotes.id, id)));
  return note!;
}

/**
 * The note `id` if the caller is a member of its application's company and its author: 404
 * otherwise for a non-member, 403 for another member.
 */
async function authorsNote(ctx: TCtx, id: number) {
  requireUser(ctx);
  const [note] = await ctx.db
    .select({
      id: applicationNotes.id,
      kind: applicationNotes.kind,
      applicationId: applicationNotes.applicationId,
      authorId: applicationNotes.authorId,
    })
    .from(applicationNotes)
    .where(eq(applicationNotes.id, id));
  const kind = POSTING_KINDS.find((k) => k === note?.kind);
  if (!note || !kind) throw noteNotFound();
  const { me } = await teamApplication(
    ctx,
    kind,
    note.applicationId,
    'applicants.notes',
    noteNotFound,
  );
  if (note.authorId !== me.id) throw notTheAuthor();
  return { me, note };
}

/** `PATCH /notes/{id}`: the author rewrites their note. */
export async function editNote(ctx: TCtx, input: { id: number; body: string }) {
  const { me } = await authorsNote(ctx, input.id);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(applicationNotes)
      .set({ body: input.body, updatedAt: ctx.now })
      .where(eq(applicationNotes.id, input.id));
    await takeNoteLimit(ctx, tx, me.id);
  });
  const [note] = await notesWhere(ctx.db, and(eq(applicationNotes.id, input.id)));
  if (!note) throw noteNotFound();
  return note;
}

/** `DELETE /notes/{id}`: the author deletes their note. */
export async function deleteNote(ctx: TCtx, input: { id: number }) {
  await authorsNote(ctx, input.id);
  await ctx.db.delete(applicationNotes).where(eq(applicationNotes.id, input.id));
  return { deleted: true as const };
}
