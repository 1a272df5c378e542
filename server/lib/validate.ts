import type { Context } from 'hono';
import type * as v from 'valibot';
import { CONTROL_CHARS } from '@/lib/schemas/text';
import { validate } from '@/lib/schemas/validate';
import { AppError, fieldError, type TFieldProblem } from '@/server/errors';

// Every input goes through the shared valibot schemas (lib/schemas/*) with validate(), the same
// function the forms run. No string of a request may hold a control character other than tab
// and line breaks (docs/security.md "Text"); one-line fields refuse those too.

/**
 * Field errors for every string inside `value` that holds a control character. Walked without
 * recursion, so no nesting depth that JSON.parse accepts can overflow the stack.
 */
export function controlCharErrors(value: unknown): TFieldProblem[] {
  const errors: TFieldProblem[] = [];
  const stack: [string, unknown][] = [['', value]];
  while (stack.length > 0) {
    const [path, item] = stack.pop()!;
    if (typeof item === 'string') {
      if (CONTROL_CHARS.test(item)) errors.push(fieldError(path || '(body)', 'control_characters'));
    } else if (item && typeof item === 'object') {
      for (const [k, child] of Object.entries(item)) stack.push([path ? `${path}.${k}` : k, child]);
    }
  }
  return errors.reverse();
}

/**
 * The names of the parameters (of a query string or a path) whose name or any value holds a
 * control character. The API (assertCleanAddress) and the server-rendered pages (server/ssr/page.ts)
 * both refuse them.
 */
export function paramsWithControlChars(
  params: Record<string, string | string[] | undefined>,
): string[] {
  return Object.entries(params).flatMap(([k, value]) =>
    CONTROL_CHARS.test(k) || [value ?? []].flat().some((x) => CONTROL_CHARS.test(x)) ? [k] : [],
  );
}

/**
 * Refuses an address with control characters in any query parameter, read or not, or in its
 * (decoded) path, whatever route it is for: the path's error is named `(path)`.
 */
export function assertCleanAddress(path: string, query: Record<string, string[]>): void {
  const errors = [
    ...(CONTROL_CHARS.test(path) ? ['(path)'] : []),
    ...paramsWithControlChars(query),
  ].map((k) => fieldError(k, 'control_characters'));
  if (errors.length > 0) throw new AppError('invalid_input', { errors });
}

/**
 * Top-level texts for a failed validation, by the code of its first field error, where a route
 * has something more telling to say than "the data sent is not valid".
 */
export type TSummaries = Partial<Record<string, { message: string; messageEs: string }>>;

/** Parses `value` with `schema` or throws `invalid_input` with the field errors. */
export function parseWith<S extends v.GenericSchema>(
  schema: S,
  value: unknown,
  summaries: TSummaries = {},
): v.InferOutput<S> {
  const result = validate(schema, value);
  if (result.ok) return result.value;
  const summary = summaries[result.errors[0]?.code ?? ''];
  throw new AppError('invalid_input', { ...summary, errors: result.errors });
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
 * Reads the JSON body and validates it: past 1 MB → 413, another media type → 415, malformed
 * JSON → 400, a control character in any string → 400 with that field's error. Unknown fields
 * are dropped by the schemas.
 */
export async function jsonBody<S extends v.GenericSchema>(
  c: Context,
  schema: S,
  summaries?: TSummaries,
): Promise<v.InferOutput<S>> {
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
  if (dirty.length === 0) return parseWith(schema, body, summaries);
  throw new AppError('invalid_input', { errors: withControlCharErrors(schema, body, dirty) });
}

/**
 * A body with control characters is refused whatever the schema says, but the other fields'
 * errors are reported too, so the answer names the same fields as the form's own check does.
 * A field with a control character is reported as such (as with any string the schema ignores).
 */
function withControlCharErrors(schema: v.GenericSchema, body: unknown, dirty: TFieldProblem[]) {
  const result = validate(schema, body);
  const byPath = new Map(dirty.map((e) => [e.path, e]));
  const errors = result.ok ? [] : result.errors.map((e) => byPath.get(e.path) ?? e);
  const reported = new Set(errors.map((e) => e.path));
  return [...errors, ...dirty.filter((e) => !reported.has(e.path))];
}

/** Validates the query string (its control characters were refused for the whole app). */
export function queryParams<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  return parseWith(schema, c.req.query());
}

/** Validates the path parameters. */
export function pathParams<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  return parseWith(schema, c.req.param());
}
