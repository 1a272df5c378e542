import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError, type TFieldError } from '@/server/errors';

/** Turns zod issues into the envelope's `errors` list. */
export function fieldErrors(error: z.ZodError): TFieldError[] {
  return error.issues.map((i) => ({ path: i.path.join('.') || '(body)', message: i.message }));
}

/** Parses `value` with `schema` or throws `invalid_input` with the field errors. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError('invalid_input', { errors: fieldErrors(parsed.error) });
  return parsed.data;
}

export const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * The request body as text, refused with 413 once it passes `limit` bytes (declared or read).
 * Written here rather than with hono/body-limit, whose re-wrapped Request breaks under
 * @hono/node-server without global overrides (a body-less DELETE answered 500).
 */
async function readText(c: Context, limit: number): Promise<string> {
  if (Number(c.req.header('content-length') ?? 0) > limit) throw new AppError('payload_too_large');
  const body = c.req.raw.body;
  if (!body) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new AppError('payload_too_large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads the JSON body (malformed JSON → 400) and validates it. Unknown fields are stripped. */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const text = await readText(c, JSON_BODY_LIMIT);
  let body: unknown;
  try {
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new AppError('invalid_input', {
      message: 'The request body is not valid JSON.',
      messageEs: 'El cuerpo de la solicitud no es JSON válido.',
    });
  }
  return parseWith(schema, body);
}

/** Validates the query string. */
export function queryParams<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return parseWith(schema, c.req.query());
}
