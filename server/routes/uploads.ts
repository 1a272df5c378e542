import { Hono } from 'hono';
import type { TAppEnv } from '@/server/context';
import { readMultipartFile } from '@/server/http/multipart';
import { uploadHeaders } from '@/server/http/upload-headers';
import { optionalAuth, requireAuth } from '@/server/middleware/auth';
import {
  FILE_MAX_BYTES,
  IMAGE_MAX_BYTES,
  openUpload,
  saveDocument,
  saveImage,
} from '@/server/services/profile/uploads';

/**
 * Uploads (docs/product.md "The calls"): `POST /image` (bearer) and `POST /file` (anonymous, or owned by the caller when a token comes) stream their multipart
 * body under their own caps (the app's JSON body limit does not apply to them), read only once
 * the verb has admitted the request; stored files are served from `GET /uploads/:key`, from
 * whichever storage the server was given.
 */
export const uploadRoutes = new Hono<TAppEnv>()
  .post('/image', requireAuth, async (c) => {
    const file = () => readMultipartFile(c.req.raw, 'image', IMAGE_MAX_BYTES);
    return c.json({ status: true, data: await saveImage(c.var.ctx, { file }) }, 201);
  })
  .post('/file', optionalAuth, async (c) => {
    const file = () => readMultipartFile(c.req.raw, 'file', FILE_MAX_BYTES);
    return c.json({ status: true, data: await saveDocument(c.var.ctx, { file }) }, 201);
  })
  .get('/uploads/:key', async (c) => {
    const { row, object } = await openUpload(c.var.ctx, { key: c.req.param('key') });
    const headers = uploadHeaders({ ...row, size: object.size });
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
    return c.body(object.stream);
  });
