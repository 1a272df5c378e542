import { Hono, type Context } from 'hono';
import type { TAppEnv } from '@/server/context';
import { requestAddress } from '@/server/http/client-address';
import { caller, requireAuth } from '@/server/middleware/auth';
import { readMultipartFile } from '@/server/services/profile/multipart';
import { checkUploadLimit } from '@/server/services/profile/upload-limit';
import {
  FILE_MAX_BYTES,
  IMAGE_MAX_BYTES,
  openUpload,
  saveDocument,
  saveImage,
} from '@/server/services/profile/uploads';
import { diskStorage } from '@/server/storage/storage';

const storageOf = (c: Context<TAppEnv>) => diskStorage(c.get('deps').uploadsDir);

/** RFC 5987 value of `filename*`. */
const extValue = (s: string) =>
  encodeURIComponent(s).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * Uploads (seed §7): `POST /image` (bearer) and `POST /file` (anonymous) stream their multipart
 * body under their own caps (the app's JSON body limit does not apply to them); stored files are
 * served from `GET /uploads/:key`.
 */
export const uploadRoutes = new Hono<TAppEnv>()
  .post('/image', requireAuth, async (c) => {
    const user = caller(c);
    await checkUploadLimit(c.get('db'), requestAddress(c), c.get('deps').now());
    const file = await readMultipartFile(c.req.raw, 'image', IMAGE_MAX_BYTES);
    const data = await saveImage(c.get('db'), storageOf(c), user.id, file);
    return c.json({ status: true, data }, 201);
  })
  .post('/file', async (c) => {
    await checkUploadLimit(c.get('db'), requestAddress(c), c.get('deps').now());
    const file = await readMultipartFile(c.req.raw, 'file', FILE_MAX_BYTES);
    const data = await saveDocument(c.get('db'), storageOf(c), file);
    return c.json({ status: true, data }, 201);
  })
  .get('/uploads/:key', async (c) => {
    const { row, object } = await openUpload(c.get('db'), storageOf(c), c.req.param('key'));
    const inline = row.mime.startsWith('image/');
    const ascii = row.originalName.replace(/[^\x20-\x7e]|["\\]/g, '_');
    c.header('Content-Type', row.mime);
    c.header('Content-Length', String(object.size));
    c.header('X-Content-Type-Options', 'nosniff');
    // A stored file is data, never a page: no scripts, no framing, even if opened directly.
    c.header('Content-Security-Policy', "default-src 'none'; img-src 'self'; sandbox");
    c.header(
      'Content-Disposition',
      `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${extValue(row.originalName)}`,
    );
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    return c.body(object.stream);
  });
