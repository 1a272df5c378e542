import { toJsonSchema, type ConversionConfig, type JsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import packageJson from '@/package.json';
import { TOKEN_SCOPE } from '@/server/auth/scopes';
import { OPERATIONS } from './operations';
import type { TAnswer, TOperation } from './registry';

// The OpenAPI 3.1 document of the API (docs/api.md "OpenAPI"), generated from the operations
// registry: requests as the shared valibot schemas' input type, answers as the strict answer
// schemas, and the one error envelope for every 4xx/5xx. Built once per process.

type TJson = Record<string, unknown>;

/** One Hono path parameter: `:name` or `:name{regex}`. */
const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)(\{[^}]*\})?/g;

/** `/companies/:id{[0-9]+}/members/:user_id` → `/companies/{id}/members/{user_id}`. */
export const openApiPath = (honoPath: string) => honoPath.replace(PARAM, '{$1}');

/** The names of a Hono path's parameters, in order. */
export const pathParamNames = (honoPath: string) =>
  [...honoPath.matchAll(PARAM)].map((m) => m[1] ?? '');

/**
 * Checks valibot runs that JSON Schema cannot say (a `check`, a custom refinement): the
 * conversion keeps the rest of the schema and names them under `x-server-checks`, so a reader
 * knows the server refuses more than the schema shows. Transformations that keep the type
 * (trim, lower case) are not checks and are left out.
 */
const QUIET_ACTIONS = new Set([
  'trim',
  'trim_start',
  'trim_end',
  'to_lower_case',
  'to_upper_case',
  'normalize',
  'brand',
  'readonly',
  'flavor',
]);

const overrideAction: ConversionConfig['overrideAction'] = ({
  valibotAction,
  jsonSchema,
  errors,
}) => {
  if (!errors) return undefined;
  if (QUIET_ACTIONS.has(valibotAction.type)) return jsonSchema;
  const action = valibotAction as { type: string; message?: unknown };
  const label =
    typeof action.message === 'string' ? `${action.type}: ${action.message}` : action.type;
  const known = (jsonSchema as TJson)['x-server-checks'];
  return {
    ...jsonSchema,
    'x-server-checks': [...(Array.isArray(known) ? known : []), label],
  } as JsonSchema;
};

const overrideSchema: ConversionConfig['overrideSchema'] = ({ valibotSchema, errors }) => {
  if (!errors) return undefined;
  // A date never travels as such: the API writes ISO 8601 strings.
  if (valibotSchema.type === 'date') return { type: 'string', format: 'date-time' };
  return undefined; // anything else unknown throws: a schema the document cannot describe is a bug
};

const convert = (schema: v.GenericSchema, typeMode: 'input' | 'output'): TJson => {
  const json = toJsonSchema(schema, {
    target: 'draft-2020-12',
    typeMode,
    errorMode: 'throw',
    overrideAction,
    overrideSchema,
  }) as TJson;
  delete json.$schema;
  return tidy(json) as TJson;
};

const NUMERIC_KEYS = ['type', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'];

/**
 * Two fixes of the converted schema, everywhere in it: the number constraints of a pipe over a
 * union (`v.union([v.number(), digits])` then `v.integer()`, `v.minValue()`…) belong to its
 * number branch, not beside the union (where `type` would refuse the string branch valibot
 * accepts); and `x-server-checks` names each check once.
 */
function tidy(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tidy);
  if (typeof node !== 'object' || node === null) return node;
  const json = Object.fromEntries(Object.entries(node).map(([k, val]) => [k, tidy(val)])) as TJson;
  const branches = json.anyOf as TJson[] | undefined;
  if (
    Array.isArray(branches) &&
    (json.type === 'integer' || json.type === 'number') &&
    branches.some((b) => b.type === 'number' || b.type === 'integer')
  ) {
    const numeric = Object.fromEntries(
      NUMERIC_KEYS.filter((k) => k in json).map((k) => [k, json[k]]),
    );
    for (const k of NUMERIC_KEYS) delete json[k];
    json.anyOf = branches.map((b) =>
      b.type === 'number' || b.type === 'integer' ? { ...b, ...numeric } : b,
    );
  }
  const checks = json['x-server-checks'];
  if (Array.isArray(checks)) json['x-server-checks'] = [...new Set(checks)];
  return json;
}

const isValibot = (x: unknown): x is v.GenericSchema =>
  typeof x === 'object' && x !== null && (x as { kind?: unknown }).kind === 'schema';

/** The common error envelope (server/errors.ts `toBody`, docs/api.md "Errors"). */
export const ERROR_SCHEMA: TJson = {
  type: 'object',
  properties: {
    status: { const: false },
    code: { type: 'string', description: 'A stable machine word, e.g. not_found.' },
    message: { type: 'string' },
    message_es: { type: 'string' },
    errors: {
      type: 'array',
      description: 'The invalid fields, when the input was refused.',
      items: {
        type: 'object',
        properties: {
          path: { type: 'string' },
          code: { type: 'string' },
          params: { type: 'object' },
          message: { type: 'string' },
        },
        required: ['path', 'code', 'message'],
        additionalProperties: false,
      },
    },
  },
  required: ['status', 'code', 'message', 'message_es'],
  additionalProperties: false,
};

const ERROR_REF = { $ref: '#/components/schemas/Error' };

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ERROR_REF } },
});

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  302: 'Found (a redirect)',
  303: 'See other (a redirect)',
  503: 'Unavailable',
};

function answerObject(status: number, answer: TAnswer): TJson {
  const description = STATUS_TEXT[status] ?? String(status);
  if (isValibot(answer)) {
    return {
      description,
      content: { 'application/json': { schema: convert(answer, 'output') } },
    };
  }
  if ('redirect' in answer) {
    return {
      description: `${description}: ${answer.redirect}`,
      headers: { Location: { schema: { type: 'string' } } },
    };
  }
  const schema =
    answer.contentType === 'application/json'
      ? {}
      : answer.contentType === 'text/csv' || answer.contentType === 'text/event-stream'
        ? { type: 'string' }
        : { type: 'string', contentMediaType: answer.contentType };
  return { description: answer.description, content: { [answer.contentType]: { schema } } };
}

/** Query parameters: one per property of the route's (object) query schema. */
function queryParameters(schema: v.GenericSchema): TJson[] {
  const json = convert(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, TJson>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, propSchema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: propSchema,
  }));
}

/** Path parameters: the registry's own schema, else an integer for ids and a string otherwise. */
function pathParameters(op: TOperation, names: string[]): TJson[] {
  return pathParamNames(op.path).map((name, i) => {
    const own = op.params?.[name];
    const schema = own
      ? convert(own, 'input')
      : name === 'id' || name.endsWith('_id')
        ? { type: 'integer', minimum: 1 }
        : { type: 'string' };
    const shown = names[i] ?? name;
    return {
      name: shown,
      in: 'path',
      required: true,
      schema,
      ...(shown === name ? {} : { description: `The ${name} (the route names it so).` }),
    };
  });
}

/** `GET /companies/:id{[0-9]+}/members` → `getCompaniesIdMembers`. */
function baseOperationId(op: TOperation) {
  const words = openApiPath(op.path)
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  return op.method + words.join('');
}

function security(op: TOperation): TJson[] | undefined {
  const scope = TOKEN_SCOPE[`${op.method.toUpperCase()} ${op.path}`];
  const signedIn: TJson[] = [{ bearerAuth: [] }];
  if (scope) signedIn.push({ personalAccessToken: [scope] });
  if (op.auth === 'none') return [];
  if (op.auth === 'optional') return [{}, ...signedIn];
  return signedIn;
}

const AUTH_TEXT: Record<TOperation['auth'], string> = {
  none: 'No account needed.',
  optional: 'Anyone; a signed-in caller may see more.',
  user: 'Signed in.',
  talent: 'Signed in as a talent.',
  business: 'Signed in as a business (its owner or a member, as the call says).',
  operator: 'Signed in as an operator.',
};

function operationObject(op: TOperation, operationId: string, names: string[]): TJson {
  const parameters = [...pathParameters(op, names), ...(op.query ? queryParameters(op.query) : [])];
  const responses: TJson = {};
  for (const [status, answer] of Object.entries(op.responses)) {
    if (answer) responses[status] = answerObject(Number(status), answer);
  }
  responses['4XX'] = errorResponse('Refused: the error envelope (docs/api.md "Errors").');
  responses['5XX'] = errorResponse('Failed or unavailable: the error envelope.');
  const scope = TOKEN_SCOPE[`${op.method.toUpperCase()} ${op.path}`];
  const result: TJson = {
    operationId,
    summary: op.summary,
    description:
      AUTH_TEXT[op.auth] +
      (scope ? ` A personal access token with the scope \`${scope}\` works too.` : ''),
    tags: [op.tag],
    ...(parameters.length > 0 ? { parameters } : {}),
    responses,
    security: security(op),
  };
  if (op.body) {
    result.requestBody = isValibot(op.body)
      ? { required: true, content: { 'application/json': { schema: convert(op.body, 'input') } } }
      : {
          required: true,
          description: op.body.description,
          content: { [op.body.contentType]: { schema: { type: 'string' } } },
        };
  }
  return result;
}

export function buildOpenApiDocument(operations: TOperation[] = OPERATIONS) {
  const paths: Record<string, TJson> = {};
  const ids = new Map<string, number>();
  const tags = new Set<string>();
  const places = new Map<string, string>();
  for (const op of operations) {
    const base = baseOperationId(op);
    const seen = ids.get(base) ?? 0;
    ids.set(base, seen + 1);
    const operationId = seen === 0 ? base : `${base}${seen + 1}`;
    // Two routes may name the same place differently (`/companies/:slug` to read a page,
    // `/companies/:id` to edit it): OpenAPI allows one template per place, so the second takes
    // the first one's names (and says so in the parameter's description).
    const own = openApiPath(op.path);
    const place = own.replace(/\{[^}]+\}/g, '{}');
    const path = places.get(place) ?? own;
    places.set(place, path);
    const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
    const item = (paths[path] ??= {});
    if (item[op.method]) throw new Error(`${op.method.toUpperCase()} ${op.path} is listed twice`);
    try {
      item[op.method] = operationObject(op, operationId, names);
    } catch (error) {
      throw new Error(`${op.method.toUpperCase()} ${op.path}: ${(error as Error).message}`);
    }
    tags.add(op.tag);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'TalentChain API',
      version: packageJson.version,
      description:
        'The HTTP API of TalentChain. Every answer is JSON in an envelope: `{status: true, data}` ' +
        'on success, `{status: false, code, message, message_es, errors?}` on failure.',
      license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' },
    },
    servers: [{ url: '/api' }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: { Error: ERROR_SCHEMA },
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The access_token of POST /users/login (or registration, Google sign-in).',
        },
        personalAccessToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'tc_pat_…',
          description:
            'A personal access token (POST /me/tokens): only on the calls its scopes cover.',
        },
      },
    },
  };
}

export type TOpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

let cached: { document: TOpenApiDocument; json: string } | undefined;

/** The document, built on first use and kept for the process's life. */
export function openApiDocument() {
  if (!cached) {
    const document = buildOpenApiDocument();
    cached = { document, json: JSON.stringify(document) };
  }
  return cached;
}
