import { eq } from 'drizzle-orm';
import { uploads } from '@/db/schema';
import { PROFILE_LIMITS } from '@/lib/schemas/profile';
import type { TCtx } from '@/server/context';
import { AppError, fieldError } from '@/server/errors';
import type { TReceivedFile } from '@/server/http/multipart';
import { requireUser } from '@/server/services/access';
import { takeRateLimit } from '@/server/services/rate-limit';
import { newUploadKey, UPLOAD_KEY_RE } from '@/server/storage/storage';
import { detectFileType, FILE_TYPES, imageSize, type TFileType } from './file-types';

export const IMAGE_MAX_BYTES = PROFILE_LIMITS.imageBytes;
export const FILE_MAX_BYTES = PROFILE_LIMITS.fileBytes;
/** The largest image side accepted, in pixels (a header may claim up to 2^32 - 1). */
export const IMAGE_MAX_SIDE = PROFILE_LIMITS.imageSide;

const IMAGE_TYPES: TFileType[] = ['png', 'jpeg', 'webp'];
const DOCUMENT_TYPES: TFileType[] = ['pdf', 'doc', 'docx', 'png', 'jpeg'];

const uploadUrl = (key: string) => `/api/uploads/${key}`;

/**
 * The name shown for an upload: the last path segment, without control, bidi or separator
 * characters, at most 200 characters. It is never used as a path: files get random names.
 */
export function displayName(raw: string, ext: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  const clean = base
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
  const name = Array.from(clean).slice(0, 200).join('');
  return name === '' || /^\.+$/.test(name) ? `file.${ext}` : name;
}

/**
 * An upload's input: the file, read only when called. The verb takes the upload limit first, so
 * a refused request's body is never read.
 */
export type TUploadInput = { file: () => Promise<TReceivedFile> };

/** Uploads per client address (RATE_LIMITS.uploadPerAddress), with texts that name the limit. */
async function takeUploadLimit(ctx: TCtx) {
  await takeRateLimit(
    ctx,
    { name: 'uploadPerAddress', subject: ctx.ip },
    {
      message: 'Too many uploads. Please wait and try again.',
      messageEs: 'Demasiados archivos subidos. Espera un momento y vuelve a intentarlo.',
    },
  );
}

/** Stores the bytes under a new random key and records them; the file goes if the row fails. */
async function store(
  { db, deps: { storage } }: TCtx,
  p: {
    ownerId: number | null;
    kind: 'image' | 'file';
    type: TFileType;
    file: TReceivedFile;
    size?: { width: number; height: number };
  },
) {
  const { mime, ext } = FILE_TYPES[p.type];
  const key = newUploadKey(ext);
  await storage.put(key, p.file.bytes);
  try {
    const [row] = await db
      .insert(uploads)
      .values({
        ownerId: p.ownerId,
        kind: p.kind,
        storageKey: key,
        originalName: displayName(p.file.filename, ext),
        mime,
        size: p.file.bytes.length,
        width: p.size?.width ?? null,
        height: p.size?.height ?? null,
      })
      .returning();
    return row!;
  } catch (err) {
    await storage.delete(key).catch(() => {});
    throw err;
  }
}

const unsupported = (
  path: 'image' | 'file',
  code: 'image_type' | 'document_type' | 'file_damaged',
  en: string,
  es: string,
) =>
  new AppError('unsupported_media_type', {
    message: en,
    messageEs: es,
    errors: [fieldError(path, code)],
  });

/** `POST /image`: a PNG, JPEG or WebP image of the caller, with its size read from its header. */
export async function saveImage(ctx: TCtx, input: TUploadInput) {
  const me = requireUser(ctx);
  await takeUploadLimit(ctx);
  const file = await input.file();
  const type = detectFileType(file.bytes);
  if (!type || !IMAGE_TYPES.includes(type)) {
    throw unsupported(
      'image',
      'image_type',
      'Use a PNG, JPEG or WebP image.',
      'Usa una imagen PNG, JPEG o WebP.',
    );
  }
  const size = imageSize(file.bytes, type);
  if (!size) {
    throw unsupported('image', 'file_damaged', 'The image is damaged.', 'La imagen está dañada.');
  }
  if (size.width > IMAGE_MAX_SIDE || size.height > IMAGE_MAX_SIDE) {
    throw new AppError('unprocessable', {
      message: `The image is too large: at most ${IMAGE_MAX_SIDE} pixels a side.`,
      messageEs: `La imagen es demasiado grande: como máximo ${IMAGE_MAX_SIDE} píxeles por lado.`,
      errors: [fieldError('image', 'image_dimensions', { max: IMAGE_MAX_SIDE })],
    });
  }
  const row = await store(ctx, { ownerId: me.id, kind: 'image', type, file, size });
  return { id: row.id, url: uploadUrl(row.storageKey), width: size.width, height: size.height };
}

/** `POST /file` (anonymous): a PDF, Word document or PNG/JPEG image. */
export async function saveDocument(ctx: TCtx, input: TUploadInput) {
  await takeUploadLimit(ctx);
  const file = await input.file();
  const type = detectFileType(file.bytes);
  if (!type || !DOCUMENT_TYPES.includes(type)) {
    throw unsupported(
      'file',
      'document_type',
      'Use a PDF, Word document, PNG or JPEG file.',
      'Usa un archivo PDF, Word, PNG o JPEG.',
    );
  }
  // Signed in, the upload is the caller's at once (a job application's CV: docs/api.md).
  const row = await store(ctx, { ownerId: ctx.user?.id ?? null, kind: 'file', type, file });
  return {
    id: row.id,
    url: uploadUrl(row.storageKey),
    name: row.originalName,
    size: row.size,
    mime: row.mime,
  };
}

/** A stored upload and its bytes, by storage key; anything else is "not found". */
export async function openUpload(ctx: TCtx, input: { key: string }) {
  const { key } = input;
  const notFound = new AppError('not_found');
  if (!UPLOAD_KEY_RE.test(key)) throw notFound;
  const [row] = await ctx.db.select().from(uploads).where(eq(uploads.storageKey, key));
  if (!row) throw notFound;
  const object = await ctx.deps.storage.get(key);
  if (!object) throw notFound;
  return { row, object };
}
