import { Hono, type Context } from 'hono';
import { KINDS, POSTING_KINDS, type TPostingKind } from '@/lib/kinds';
import { MAX_ID } from '@/lib/schemas/common';
import { noteSchema, ratingSchema } from '@/lib/schemas/workbench';
import type { TAppEnv } from '@/server/context';
import type { AppError } from '@/server/errors';
import { jsonBody } from '@/server/lib/validate';
import { requireAuth } from '@/server/middleware/auth';
import { applicationNotFound } from '@/server/services/marketplace/application-dto';
import {
  addNote,
  deleteNote,
  editNote,
  listNotes,
  noteNotFound,
} from '@/server/services/marketplace/notes';
import { clearRating, rateApplication } from '@/server/services/marketplace/ratings';

// The recruiter's workbench (docs/api.md "The recruiter's workbench"): the team's private notes
// and ratings of an applicant. Services check who may (the posting's team; anyone else is told
// the application or the note is not there).

const NOTE_SAVED = { message: 'Note saved.', message_es: 'Nota guardada.' };
const NOTE_DELETED = { message: 'Note deleted.', message_es: 'Nota borrada.' };
const RATED = { message: 'Rating saved.', message_es: 'Valoración guardada.' };
const RATING_CLEARED = {
  message: 'Your rating was cleared.',
  message_es: 'Se quitó tu valoración.',
};

/** A path id: digits within the ids' range; anything else is `notFound()`. */
function pathId(c: Context<TAppEnv>, notFound: () => AppError): number {
  const raw = c.req.param('id') ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  if (id === 0 || id > MAX_ID) throw notFound();
  return id;
}

/** Notes and the rating of one kind's applications, at `/{kind}_applications/{id}/…`. */
function kindRoutes(app: Hono<TAppEnv>, kind: TPostingKind) {
  const apps = KINDS[kind].applications;
  const appId = (c: Context<TAppEnv>) => pathId(c, applicationNotFound);
  return app
    .get(`/${apps}/:id/notes`, requireAuth, async (c) => {
      const data = await listNotes(c.var.ctx, { kind, id: appId(c) });
      return c.json({ status: true, data });
    })
    .post(`/${apps}/:id/notes`, requireAuth, async (c) => {
      const id = appId(c);
      const input = await jsonBody(c, noteSchema);
      const data = await addNote(c.var.ctx, { ...input, kind, id });
      return c.json({ status: true, data, ...NOTE_SAVED }, 201);
    })
    .put(`/${apps}/:id/rating`, requireAuth, async (c) => {
      const id = appId(c);
      const input = await jsonBody(c, ratingSchema);
      const data = await rateApplication(c.var.ctx, { ...input, kind, id });
      return c.json({ status: true, data, ...RATED });
    })
    .delete(`/${apps}/:id/rating`, requireAuth, async (c) => {
      const data = await clearRating(c.var.ctx, { kind, id: appId(c) });
      return c.json({ status: true, data, ...RATING_CLEARED });
    });
}

const app = new Hono<TAppEnv>();
for (const kind of POSTING_KINDS) kindRoutes(app, kind);

export const workbenchRoutes = app
  .patch('/notes/:id', requireAuth, async (c) => {
    const id = pathId(c, noteNotFound);
    const input = await jsonBody(c, noteSchema);
    const data = await editNote(c.var.ctx, { ...input, id });
    return c.json({ status: true, data, ...NOTE_SAVED });
  })
  .delete('/notes/:id', requireAuth, async (c) => {
    const data = await deleteNote(c.var.ctx, { id: pathId(c, noteNotFound) });
    return c.json({ status: true, data, ...NOTE_DELETED });
  });
