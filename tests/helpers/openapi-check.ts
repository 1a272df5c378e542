import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { openApiDocument, type TOpenApiDocument } from '@/server/openapi/document';

// The answer check (docs/api.md "OpenAPI"): every answer the API suite receives through
// createTestApi's call() is validated against the generated document, so a field added,
// missing or of another type in an answer fails the test that saw it.

type TJson = Record<string, unknown>;
type TOperationObject = { operationId: string; responses: Record<string, TJson> };

/** A fresh ajv that knows the formats valibot writes and the document's own `x-` keywords. */
export function createAjv() {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
  ajv.addKeyword('x-server-checks');
  ajv.addFormat('date-time', {
    type: 'string',
    validate: (s: string) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(s) &&
      !Number.isNaN(Date.parse(s)),
  });
  ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
  ajv.addFormat('time', /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/);
  ajv.addFormat('email', /^[^\s@]+@[^\s@]+$/);
  ajv.addFormat('uri', { type: 'string', validate: (s: string) => URL.canParse(s) });
  ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  ajv.addFormat('ipv4', /^(\d{1,3}\.){3}\d{1,3}$/);
  ajv.addFormat('ipv6', /^[0-9a-f:.]+$/i);
  return ajv;
}

/** A schema of the document with its `#/components/schemas/…` references put in place. */
export function inlineRefs(schema: unknown, document: TOpenApiDocument): unknown {
  if (Array.isArray(schema)) return schema.map((s) => inlineRefs(s, document));
  if (typeof schema !== 'object' || schema === null) return schema;
  const ref = (schema as TJson).$ref;
  const prefix = '#/components/schemas/';
  if (typeof ref === 'string' && ref.startsWith(prefix)) {
    const target = (document.components.schemas as Record<string, unknown>)[
      ref.slice(prefix.length)
    ];
    if (!target) throw new Error(`${ref} does not resolve`);
    return inlineRefs(target, document);
  }
  return Object.fromEntries(
    Object.entries(schema).map(([k, val]) => [k, inlineRefs(val, document)]),
  );
}

/** The answers' checker over one document (the generated one unless a test passes its own). */
export function createAnswerChecker(document: TOpenApiDocument = openApiDocument().document) {
  const ajv = createAjv();
  // Literal segments first: `/projects/end` before `/projects/{id}`.
  const templates = Object.keys(document.paths)
    .map((template) => {
      const segments = template.split('/');
      const literal = segments.filter((s) => !s.startsWith('{')).length;
      const pattern = new RegExp(
        `^${segments
          .map((s) => (s.startsWith('{') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
          .join('/')}$`,
      );
      return { template, pattern, literal };
    })
    .sort((a, b) => b.literal - a.literal);
  const compiled = new Map<string, ValidateFunction | null>();

  /** The document's operation for METHOD + a concrete path below /api (query string allowed). */
  function findOperation(method: string, fullPath: string) {
    const path = fullPath.split('?')[0];
    const m = method.toLowerCase();
    for (const { template, pattern } of templates) {
      const item = (document.paths as Record<string, Record<string, TOperationObject>>)[template];
      const operation = item?.[m];
      if (pattern.test(path ?? '') && operation) return { template, operation };
    }
    return undefined;
  }

  /** The validator of one operation's answer with that status (null: not a JSON body to check). */
  function validatorFor(template: string, operation: TOperationObject, status: number) {
    const key = `${operation.operationId} ${status}`;
    if (!compiled.has(key)) {
      const response =
        operation.responses[String(status)] ??
        (status >= 400 ? operation.responses[`${String(status)[0]}XX`] : undefined);
      if (!response) throw new Error(`status ${status} is not documented`);
      const content = response.content as Record<string, { schema: TJson }> | undefined;
      const schema = content?.['application/json']?.schema;
      compiled.set(
        key,
        schema && Object.keys(schema).length > 0
          ? ajv.compile(inlineRefs(schema, document) as TJson)
          : null,
      );
    }
    return compiled.get(key) ?? null;
  }

  /**
   * Throws when a JSON answer does not match its documented schema. Skipped: an operation the
   * registry does not list yet, answers that are not JSON (CSV, event streams, HTML, files,
   * redirects, 304), and JSON files described without a schema (the account export).
   */
  function check(answer: {
    method: string;
    path: string;
    status: number;
    contentType: string | null;
    body: unknown;
  }) {
    const { method, path, status } = answer;
    if (!answer.contentType?.includes('application/json')) return;
    const found = findOperation(method, path);
    if (!found) return;
    const where = `${method.toUpperCase()} ${path.split('?')[0]} (${found.template}) answered ${status}`;
    let validate: ValidateFunction | null;
    try {
      validate = validatorFor(found.template, found.operation, status);
    } catch (error) {
      throw new Error(`OpenAPI answer check: ${where}, ${(error as Error).message}`);
    }
    if (!validate || validate(answer.body)) return;
    const errors = (validate.errors ?? [])
      .slice(0, 8)
      .map(
        (e) =>
          `${e.instancePath || '(body)'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`,
      )
      .join('; ');
    const excerpt = JSON.stringify(answer.body).slice(0, 600);
    throw new Error(
      `OpenAPI answer check: ${where}, which does not match the document: ${errors}. Body: ${excerpt}`,
    );
  }

  return { check, findOperation, ajv };
}

let shared: ReturnType<typeof createAnswerChecker> | undefined;

/** The process's checker over the generated document (compiled lazily, cached). */
export function checkAnswer(
  answer: Parameters<ReturnType<typeof createAnswerChecker>['check']>[0],
) {
  shared ??= createAnswerChecker();
  shared.check(answer);
}
