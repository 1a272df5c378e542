import { Hono, type Context } from 'hono';
import { MAX_ID } from '@/lib/schemas/common';
import {
  newReviewSchema,
  reviewReplySchema,
  reviewsQuery,
  reviewStateQuery,
} from '@/lib/schemas/reviews';
import type { TAppEnv } from '@/server/context';
import { AppError } from '@/server/errors';
import { jsonBody, queryParams } from '@/server/lib/validate';
import { optionalAuth, requireAuth } from '@/server/middleware/auth';
import {
  companyReviews,
  createReview,
  replyToReview,
  reviewNotFound,
  reviewState,
  talentReviews,
} from '@/server/services/trust/reviews';

// Reviews of finished work (docs/api.md "Reviews"): writing one, replying, one's own state on an
// application, and the public lists of a talent and of a company.

/** A path id: digits within the ids' range; anything else is `notFound()`. */
function pathId(c: Context<TAppEnv>, notFound: () => AppError): number {
  const raw = c.req.param('id') ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  if (id === 0 || id > MAX_ID) throw notFound();
  return id;
}

// docs/product.md "Reviews": a review is published once both sides wrote or the 14 days ended;
// until then only its author reads it, so the text says which it is.
const PUBLISHED = { message: 'Review published.', message_es: 'Reseña publicada.' };
const WAITING = {
  message: 'Review saved. It is published when the other side writes theirs or the 14 days end.',
  message_es:
    'Reseña guardada. Se publica cuando la otra parte escriba la suya o terminen los 14 días.',
};
const REPLIED = { message: 'Reply published.', message_es: 'Respuesta publicada.' };

const userNotFound = () =>
  new AppError('not_found', { message: 'User not found.', messageEs: 'Usuario no encontrado.' });

export const reviewRoutes = new Hono<TAppEnv>()
  .post('/reviews', requireAuth, async (c) => {
    const input = await jsonBody(c, newReviewSchema);
    const data = await createReview(c.var.ctx, input);
    return c.json({ status: true, data, ...(data.visible ? PUBLISHED : WAITING) }, 201);
  })
  .post('/reviews/:id/reply', requireAuth, async (c) => {
    const id = pathId(c, reviewNotFound);
    const { body } = await jsonBody(c, reviewReplySchema);
    const data = await replyToReview(c.var.ctx, { id, body });
    return c.json({ status: true, data, ...REPLIED }, 201);
  })
  .get('/me/reviews', requireAuth, async (c) => {
    const query = queryParams(c, reviewStateQuery);
    return c.json({ status: true, data: await reviewState(c.var.ctx, query) });
  })
  .get('/users/:id/reviews', optionalAuth, async (c) => {
    const id = pathId(c, userNotFound);
    const query = queryParams(c, reviewsQuery);
    return c.json({ status: true, data: await talentReviews(c.var.ctx, { id, ...query }) });
  })
  .get('/companies/:slug/reviews', optionalAuth, async (c) => {
    const query = queryParams(c, reviewsQuery);
    const data = await companyReviews(c.var.ctx, { slug: c.req.param('slug'), ...query });
    return c.json({ status: true, data });
  });
