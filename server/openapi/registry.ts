import * as v from 'valibot';

// The described API (docs/api.md "OpenAPI"): every operation of server/app.ts is listed once in
// an area file of server/openapi/operations/, with its request schemas (the shared valibot
// schemas the route validates with) and the schema of each success answer. The document
// (GET /api/openapi.json) is generated from this list, and the API suite checks every answer it
// receives against that document.

/** Who may call an operation, as its route's middleware decides. */
export type TAuth = 'none' | 'optional' | 'user' | 'talent' | 'business' | 'operator';

export type TMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A success answer: its JSON body's schema, or another content type described by name. */
export type TAnswer =
  | v.GenericSchema
  | {
      contentType:
        | 'text/csv'
        | 'text/event-stream'
        | 'text/html'
        | 'application/json'
        | 'image/*'
        | 'application/octet-stream';
      description: string;
    }
  | { redirect: string };

export type TOperation = {
  method: TMethod;
  /** As the route is written in Hono, below /api: `/reviews/:id/reply`. */
  path: string;
  /** One line, in English. */
  summary: string;
  /** The area, e.g. 'Reviews' (a section of the reference). */
  tag: string;
  auth: TAuth;
  /** The query string, as the route parses it. */
  query?: v.GenericSchema;
  /** The request body: a JSON schema, or another content type described by name. */
  body?: v.GenericSchema | { contentType: 'multipart/form-data' | 'text/csv'; description: string };
  /** Path parameters other than plain ids (`:id` is an integer by default). */
  params?: Record<string, v.GenericSchema>;
  /** Success answers by status (errors are the common envelope, added by the generator). */
  responses: Partial<Record<200 | 201 | 202 | 204 | 302 | 303 | 503, TAnswer>>;
};

/** The success envelope around `data`: `{status: true, data}`, nothing else. */
export const ok = <S extends v.GenericSchema>(data: S) =>
  v.strictObject({ status: v.literal(true), data });

/** A success answer with no data: `{status: true}`. */
export const done = () => v.strictObject({ status: v.literal(true) });

/** An ISO 8601 timestamp as the API writes it. */
export const isoDate = () => v.pipe(v.string(), v.isoTimestamp());

/** Lists an area's operations (typed, so a typo in a field does not compile). */
export const defineOperations = (ops: TOperation[]): TOperation[] => ops;
