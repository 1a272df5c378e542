import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@/db/schema';
import { openApiDocument } from '@/server/openapi/document';
import { createTestApi, socketFrom } from '../helpers/api';
import { createTeam } from '../helpers/companies';
import { checkAnswer } from '../helpers/openapi-check';
import { createTalent, type TTestUser } from '../helpers/users';

// The fuzz of the described API (docs/api.md "OpenAPI"): for every operation of the document,
// requests derived from its schemas (path parameters, query and JSON bodies: values that look
// right and hostile ones: huge numbers, empty strings, unicode, wrong types, extra fields), sent
// as each role. No answer may be a 5xx, every refusal is the error envelope, and every JSON
// answer matches the document (the answer check). The seed is fixed (FUZZ_SEED to change it,
// FUZZ_RUNS for more runs per operation); a failure prints it with the request that failed.

type TJson = Record<string, unknown>;
const SEED = Number(process.env.FUZZ_SEED ?? 30_2026);
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const ROLES = ['anonymous', 'talent', 'owner', 'recruiter', 'operator'] as const;
type TRole = (typeof ROLES)[number];

/** Calls that may end the caller's session or account: the cast is made again after them. */
const DESTRUCTIVE = new Set(['delete /me', 'post /users/password', 'post /me/email']);

const doc = openApiDocument().document;

// ---- Values from JSON Schemas ---------------------------------------------------------------

const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    0,
    -1,
    1e308,
    -1e308,
    2 ** 53,
    Number.MAX_SAFE_INTEGER + 2,
    99_999_999_999,
    1.5,
    true,
    null,
    [],
    {},
    'null',
    '0',
    '-1',
    '1e309',
    '\u0000',
    '../..',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    'ñandú 🦙 ٣ 漢字',
    '\u202e\u200b',
    'x'.repeat(5000),
  ),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer(),
  fc.double(),
);

/** Values that mostly satisfy `schema`, with a hostile one now and then. */
function arbitraryOf(schema: TJson | undefined, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: validish(schema ?? {}, depth) },
    { weight: 1, arbitrary: hostile },
  );
}

function validish(schema: TJson, depth: number): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const branches = (schema.anyOf ?? schema.oneOf) as TJson[] | undefined;
  if (Array.isArray(branches) && branches.length > 0) {
    return fc.oneof(
      ...branches.map((b) =>
        validish({ ...schema, anyOf: undefined, oneOf: undefined, ...b }, depth),
      ),
    );
  }
  const type = Array.isArray(schema.type) ? (schema.type as string[])[0] : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'date')
        return fc.constantFrom('2024-02-29', '2020-01-01', '1999-12-31');
      if (schema.format === 'date-time') return fc.constant(new Date(0).toISOString());
      if (typeof schema.pattern === 'string') {
        try {
          return fc
            .stringMatching(new RegExp(schema.pattern as string))
            .map((s) => s.slice(0, 200));
        } catch {
          // a pattern fast-check cannot generate: plain strings
        }
      }
      const min = Number(schema.minLength ?? 0);
      const max = Math.min(Number(schema.maxLength ?? 40), min + 40);
      return fc.string({ minLength: min, maxLength: Math.max(min, max) });
    }
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -1000;
      const max = typeof schema.maximum === 'number' ? schema.maximum : 1_000_000;
      return fc.oneof(
        fc.integer({ min: Math.max(min, 1), max: Math.min(max, 40) }),
        fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (depth > 3) return fc.constant([]);
      const items = (schema.items ?? {}) as TJson;
      return fc.array(arbitraryOf(items, depth + 1), {
        maxLength: Math.min(Number(schema.maxItems ?? 3), 3),
      });
    }
    case 'object':
      return objectOf(schema, depth);
    default:
      // No type: the server takes anything here (a blank-or-value field), so anything is sent.
      return schema.properties ? objectOf(schema, depth) : hostile;
  }
}

/** An object of the schema's properties (the required ones mostly there), maybe one extra. */
function objectOf(schema: TJson, depth: number): fc.Arbitrary<TJson> {
  if (depth > 3) return fc.constant({});
  const properties = (schema.properties ?? {}) as Record<string, TJson>;
  const required = new Set((schema.required ?? []) as string[]);
  const fields = Object.fromEntries(
    Object.entries(properties).map(([k, s]) => [
      k,
      required.has(k)
        ? fc.oneof(
            { weight: 9, arbitrary: arbitraryOf(s, depth + 1) },
            { weight: 1, arbitrary: fc.constant(undefined) },
          )
        : fc.option(arbitraryOf(s, depth + 1), { nil: undefined }),
    ]),
  );
  const extra = fc.option(
    fc.record({
      key: fc.constantFrom('is_admin', 'id', 'user_id', '__proto__', 'token_version'),
      value: hostile,
    }),
    { nil: undefined },
  );
  return fc.tuple(fc.record(fields), extra).map(([obj, more]) => {
    const out: TJson = {};
    for (const [k, val] of Object.entries(obj)) if (val !== undefined) out[k] = val;
    if (more) Object.defineProperty(out, more.key, { value: more.value, enumerable: true });
    return out;
  });
}

/** A path parameter: an id of the cast or a small one mostly, hostile text now and then. */
const pathValue = (schema: TJson, ids: number[]): fc.Arbitrary<string> =>
  fc
    .oneof(
      { weight: 3, arbitrary: fc.constantFrom(...ids) },
      { weight: 2, arbitrary: validish(schema, 0) },
      { weight: 1, arbitrary: hostile },
    )
    .map((x) => encodeURIComponent(typeof x === 'string' ? x : (JSON.stringify(x) ?? '')))
    .filter((s) => s.length > 0 && s !== '.' && s !== '..');

// ---- The operations ---------------------------------------------------------------------------

type TOp = { key: string; path: string; method: string; op: TJson };

const operations: TOp[] = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item as Record<string, TJson>).map(([method, op]) => ({
    key: `${method} ${path}`,
    path,
    method,
    op,
  })),
);

/** The event stream stays open: it has tests of its own. */
const streams = (op: TJson) =>
  Object.values(op.responses as Record<string, TJson>).some(
    (r) => r.content && 'text/event-stream' in (r.content as TJson),
  );

function requestOf(t: TOp, ids: number[]) {
  const params = ((t.op.parameters ?? []) as TJson[]).map((p) => ({
    name: p.name as string,
    where: p.in as string,
    schema: (p.schema ?? {}) as TJson,
  }));
  const pathArbs = Object.fromEntries(
    params.filter((p) => p.where === 'path').map((p) => [p.name, pathValue(p.schema, ids)]),
  );
  const queryArbs = Object.fromEntries(
    params
      .filter((p) => p.where === 'query')
      .map((p) => [p.name, fc.option(arbitraryOf(p.schema), { nil: undefined })]),
  );
  const content = (t.op.requestBody as { content?: Record<string, { schema: TJson }> } | undefined)
    ?.content;
  const jsonSchema = content?.['application/json']?.schema;
  const body: fc.Arbitrary<string | undefined> = jsonSchema
    ? fc.oneof(
        { weight: 8, arbitrary: arbitraryOf(jsonSchema).map((b) => JSON.stringify(b)) },
        { weight: 1, arbitrary: fc.constantFrom('{', 'null', '[]', '"x"', '') },
      )
    : content
      ? fc.constantFrom('', 'a,b\n1,2', '{"x":1}', '--x\r\n\r\n')
      : fc.constant(undefined);
  return fc.record({
    role: fc.constantFrom(...ROLES),
    path: fc.record(pathArbs),
    query: fc.record(queryArbs),
    body,
  });
}

// ---- The run ----------------------------------------------------------------------------------

let api: Awaited<ReturnType<typeof createTestApi>>;
let cast: Record<Exclude<TRole, 'anonymous'>, TTestUser>;
let ids: number[];

async function makeCast() {
  const team = await createTeam(api, { prefix: `Fuzz${Date.now() % 100000}` });
  const operator = await createTalent(api, { name: 'Fuzz Operator' });
  await api.db.update(users).set({ isOperator: true }).where(eq(users.id, operator.id));
  cast = { talent: team.talent, owner: team.owner, recruiter: team.recruiter, operator };
  ids = [...new Set([1, 2, team.companyId, ...Object.values(cast).map((u) => u.id)])];
}

beforeAll(async () => {
  api = await createTestApi();
  await makeCast();
});
afterAll(async () => api.close());

describe('the fuzz of every documented operation', () => {
  it(`answers no 5xx and only documented answers (seed ${SEED}, ${RUNS} runs each)`, async () => {
    let sent = 0;
    let succeeded = 0;
    for (const t of operations) {
      if (streams(t.op)) continue;
      await api.resetRateLimits();
      let touched = false;
      await fc.assert(
        fc.asyncProperty(requestOf(t, ids), async (req) => {
          let path = t.path.replace(/\{([^}]+)\}/g, (_, name: string) => req.path[name] ?? '1');
          const query = new URLSearchParams();
          for (const [k, val] of Object.entries(req.query)) {
            if (val !== undefined)
              query.set(k, typeof val === 'string' ? val : JSON.stringify(val));
          }
          if ([...query].length > 0) path += `?${query}`;
          const headers: Record<string, string> = {};
          const user = req.role === 'anonymous' ? undefined : cast[req.role];
          if (user) headers.Authorization = `Bearer ${user.token}`;
          if (req.body !== undefined) headers['Content-Type'] = 'application/json';
          const res = await api.app.request(
            `/api${path}`,
            { method: t.method.toUpperCase(), headers, body: req.body },
            socketFrom(`127.0.${sent % 250}.${1 + (sent % 7)}`),
          );
          sent += 1;
          const type = res.headers.get('content-type');
          const text = await res.text();
          const where = `${t.method.toUpperCase()} ${path} as ${req.role} answered ${res.status}: ${text.slice(0, 300)}`;
          expect(res.status, where).toBeLessThan(500);
          if (res.status >= 400) {
            expect(type, where).toContain('application/json');
          }
          if (type?.includes('application/json') && text) {
            checkAnswer({
              method: t.method,
              path,
              status: res.status,
              contentType: type,
              body: JSON.parse(text),
            });
          }
          if (res.status < 300) succeeded += 1;
          if (res.status < 300 && DESTRUCTIVE.has(t.key)) touched = true;
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      if (touched) await makeCast();
    }
    expect(sent).toBeGreaterThan(operations.length);
    // Not only refusals: the requests reach the verbs too.
    expect(succeeded).toBeGreaterThan(operations.length / 4);
  }, 240_000);
});
