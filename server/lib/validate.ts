import type { Context } from 'hono';
import type { z } from 'zod';
import { CONTROL_CHARS, CONTROL_CHARS_MESSAGE } from '@/lib/schemas/text';
import { AppError, type TFieldError } from '@/server/errors';

// No string of a request may hold a control character other than tab and line breaks; the
// schemas of one-line fields refuse those too (lib/schemas/text.ts).
const controlCharsError = (path: string): TFieldError => ({
  path: path || '(body)',
  code: 'control_characters',
  message: CONTROL_CHARS_MESSAGE,
});

/**
 * Field errors for every string inside `value` that holds a control character. Walked without
 * recursion, so no nesting depth that JSON.parse accepts can overflow the stack.
 */
export function controlCharErrors(value: unknown): TFieldError[] {
  const errors: TFieldError[] = [];
  const stack: [string, unknown][] = [['', value]];
  while (stack.length > 0) {
    const [path, v] = stack.pop()!;
    if (typeof v === 'string') {
      if (CONTROL_CHARS.test(v)) errors.push(controlCharsError(path));
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) stack.push([path ? `${path}.${k}` : k, child]);
    }
  }
  return errors.reverse();
}

/** Refuses a query string with control characters in any parameter, read or not. */
export function assertCleanQuery(query: Record<string, string[]>): void {
  const errors = Object.entries(query).flatMap(([k, values]) =>
    values.some((v) => CONTROL_CHARS.test(v)) || CONTROL_CHARS.test(k)
      ? [controlCharsError(k)]
      : [],
  );
  if (errors.length > 0) throw new AppError('invalid_input', { errors });
}

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

/** `application/json` or a `+json` type, with any parameters (charset). */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/**
 * Reads the JSON body and validates it: another media type → 415, malformed JSON → 400, a
 * control character in any string → 400 with that field's error. Unknown fields are stripped.
 */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const text = await readText(c, JSON_BODY_LIMIT);
  if (text.trim() !== '' && !JSON_TYPE.test(c.req.header('content-type') ?? '')) {
    throw new AppError('unsupported_media_type', {
      message: 'Send the body as application/json.',
      messageEs: 'Envía el cuerpo como application/json.',
    });
  }
  let body: unknown;
  try {
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new AppError('invalid_input', {
      message: 'The request body is not valid JSON.',
      messageEs: 'El cuerpo de la solicitud no es JSON válido.',
    });
  }
  const dirty = controlCharErrors(body);
  if (dirty.length > 0) throw new AppError('invalid_input', { errors: dirty });
  return parseWith(schema, body);
}

/** Validates the query string. */
export function queryParams<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return parseWith(schema, c.req.query());
}
