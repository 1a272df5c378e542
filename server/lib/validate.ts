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

/** Reads the JSON body (malformed JSON → 400) and validates it. Unknown fields are stripped. */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    const text = await c.req.text();
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
