import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { createApp } from '@/server/app';
import { buildOpenApiDocument, openApiDocument, openApiPath } from '@/server/openapi/document';
import { OPERATIONS } from '@/server/openapi/operations';
import { ok } from '@/server/openapi/registry';
import { createTestApi } from '../helpers/api';
import { checkAnswer, createAjv, createAnswerChecker, inlineRefs } from '../helpers/openapi-check';

// The described API (docs/api.md "OpenAPI"): every route is documented and nothing else is, the
// document holds together as OpenAPI 3.1 (as far as can be checked offline), it is served with
// its reference page, and the answer check of the suite fails an answer that does not match.

type TJson = Record<string, unknown>;
const doc = openApiDocument().document;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

const routeKeys = () =>
  [
    ...new Set(
      createApp({} as never)
        .routes.filter((r) => r.method !== 'ALL')
        .map((r) => `${r.method} ${r.path.replace(/^\/api/, '')}`),
    ),
  ].sort();

describe('coverage', () => {
  it('documents every route of the app, and only those', () => {
    const routes = routeKeys();
    const documented = OPERATIONS.map((op) => `${op.method.toUpperCase()} ${op.path}`).sort();
    const table = {
      undocumented: routes.filter((r) => !documented.includes(r)),
      notARoute: documented.filter((d) => !routes.includes(d)),
    };
    expect(table).toEqual({ undocumented: [], notARoute: [] });
  });

  it('lists each operation once', () => {
    const keys = OPERATIONS.map((op) => `${op.method} ${op.path}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });
});

describe('the document', () => {
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item as Record<string, TJson>)
        .filter(([m]) => METHODS.includes(m))
        .map(([method, op]) => ({ path, method, op })),
    );

  it('is OpenAPI 3.1 with its info, servers, tags and security schemes', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.license.identifier).toBe('AGPL-3.0-or-later');
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(doc.servers).toEqual([{ url: '/api' }]);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      'bearerAuth',
      'personalAccessToken',
    ]);
    const tags = new Set(doc.tags.map((t) => t.name));
    for (const { path, method, op } of operations()) {
      expect(op.tags, `${method} ${path}`).toHaveLength(1);
      expect(tags.has((op.tags as string[])[0]!), `${method} ${path}`).toBe(true);
      expect(typeof op.summary, `${method} ${path}`).toBe('string');
    }
  });

  it('has unique operationIds', () => {
    const ids = operations().map(({ op }) => op.operationId as string);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z][A-Za-z0-9]*$/);
  });

  it('declares every path template parameter, and no other path parameter', () => {
    for (const { path, method, op } of operations()) {
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      const declared = ((op.parameters ?? []) as TJson[])
        .filter((p) => p.in === 'path')
        .map((p) => {
          expect(p.required, `${method} ${path} ${String(p.name)}`).toBe(true);
          return p.name;
        })
        .sort();
      expect(declared, `${method} ${path}`).toEqual(inPath);
    }
  });

  it('has no two templates for one place', () => {
    const places = Object.keys(doc.paths).map((p) => p.replace(/\{[^}]+\}/g, '{}'));
    expect(places.filter((p, i) => places.indexOf(p) !== i)).toEqual([]);
  });

  it('turns Hono paths into templates', () => {
    expect(openApiPath('/companies/:id{[0-9]+}/members/:user_id')).toBe(
      '/companies/{id}/members/{user_id}',
    );
    expect(openApiPath('/proofs/:network/:txId')).toBe('/proofs/{network}/{txId}');
  });

  it('gives every operation success answers, the error envelope for 4XX/5XX and its security', () => {
    for (const { path, method, op } of operations()) {
      const responses = op.responses as Record<string, TJson>;
      const where = `${method} ${path}`;
      expect(
        Object.keys(responses).some((s) => /^[23]\d\d$/.test(s)),
        where,
      ).toBe(true);
      for (const range of ['4XX', '5XX']) {
        expect(responses[range]?.content, where).toEqual({
          'application/json': { schema: { $ref: '#/components/schemas/Error' } },
        });
      }
      expect(Array.isArray(op.security), where).toBe(true);
      for (const requirement of op.security as TJson[]) {
        for (const scheme of Object.keys(requirement)) {
          expect(doc.components.securitySchemes, where).toHaveProperty(scheme);
        }
      }
    }
    // A public call needs nothing; a signed-in one the bearer token.
    expect((doc.paths['/ping'] as TJson).get).toMatchObject({ security: [] });
    expect((doc.paths['/notifications'] as TJson).get).toMatchObject({
      security: [{ bearerAuth: [] }],
    });
  });

  // docs/api.md "Answers": a write says what it did, in English and Spanish. These writes are the
  // seed's calls, whose answers the seed's specification gives (no message); every other write
  // whose success is a JSON object carries `message` and `message_es`. (Every write of the
  // document answers JSON today: the event stream, the CSV export and the files are reads.)
  const SEED_WRITES_WITHOUT_MESSAGE = [
    'POST /users/login',
    'POST /users/login/google',
    'POST /users/check/email',
    'POST /user_skills',
    'DELETE /user_skills/all',
    'POST /me/roles_interest',
    'DELETE /me/roles_interest/all',
    'POST /me/languages',
    'DELETE /me/languages/all',
    'POST /project_applications/readytoclose',
    'POST /image',
    'POST /file',
    'PATCH /notifications/clicked',
    'PATCH /notifications/clicked_all',
  ];

  it('has every write answer with its message in both languages, but the seed’s calls', () => {
    const silent = new Set<string>();
    let writes = 0;
    for (const { path, method, op } of operations()) {
      if (method === 'get') continue;
      for (const [status, answer] of Object.entries(op.responses as Record<string, TJson>)) {
        const json = (answer.content as Record<string, { schema: unknown }> | undefined)?.[
          'application/json'
        ];
        if (!/^2\d\d$/.test(status) || !json) continue;
        const schema = inlineRefs(json.schema, doc) as TJson;
        const shapes = (schema.anyOf ?? schema.oneOf ?? [schema]) as TJson[];
        for (const shape of shapes) {
          if (shape.type !== 'object') continue;
          writes += 1;
          const props = (shape.properties ?? {}) as TJson;
          const said = ['message', 'message_es'].every(
            (k) => (props[k] as TJson | undefined)?.type === 'string',
          );
          if (!said) silent.add(`${method.toUpperCase()} ${path}`);
        }
      }
    }
    expect(writes).toBeGreaterThan(80);
    expect([...silent].sort()).toEqual([...SEED_WRITES_WITHOUT_MESSAGE].sort());
  });

  it('resolves every $ref and compiles every schema with ajv (2020-12, strict)', () => {
    const ajv = createAjv();
    const refs: string[] = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [k, val] of Object.entries(node)) {
          if (k === '$ref' && typeof val === 'string') refs.push(val);
          else walk(val);
        }
      }
    };
    walk(doc);
    for (const ref of new Set(refs)) {
      expect(ref.startsWith('#/'), ref).toBe(true);
      let target: unknown = doc;
      for (const part of ref.slice(2).split('/')) target = (target as TJson | undefined)?.[part];
      expect(target, ref).toBeTruthy();
    }
    let compiled = 0;
    for (const { path, method, op } of operations()) {
      const schemas: unknown[] = [];
      for (const p of (op.parameters ?? []) as TJson[]) schemas.push(p.schema);
      const body = op.requestBody as { content: Record<string, { schema: unknown }> } | undefined;
      for (const c of Object.values(body?.content ?? {})) schemas.push(c.schema);
      for (const r of Object.values(op.responses as Record<string, TJson>)) {
        for (const c of Object.values((r.content ?? {}) as Record<string, { schema: unknown }>)) {
          schemas.push(c.schema);
        }
      }
      for (const schema of schemas) {
        expect(
          () => ajv.compile(inlineRefs(schema, doc) as TJson),
          `${method} ${path}`,
        ).not.toThrow();
        compiled += 1;
      }
    }
    expect(compiled).toBeGreaterThan(OPERATIONS.length);
  });

  it('is built once per process', () => {
    expect(openApiDocument()).toBe(openApiDocument());
  });
});

describe('the answer check', () => {
  const broken = buildOpenApiDocument([
    {
      method: 'get',
      path: '/ping',
      summary: 'x',
      tag: 'Service',
      auth: 'none',
      responses: { 200: ok(v.strictObject({ id: v.number() })) },
    },
  ]);
  const checker = createAnswerChecker(broken);
  const answer = (body: unknown, status = 200) => ({
    method: 'GET',
    path: '/ping',
    status,
    contentType: 'application/json',
    body,
  });

  it('passes a matching answer and the error envelope', () => {
    expect(() => checker.check(answer({ status: true, data: { id: 1 } }))).not.toThrow();
    expect(() =>
      checker.check(
        answer({ status: false, code: 'not_found', message: 'No.', message_es: 'No.' }, 404),
      ),
    ).not.toThrow();
  });

  it('fails an answer with a field more, one missing or of another type, naming the call', () => {
    expect(() => checker.check(answer({ status: true, data: { id: 1, extra: 2 } }))).toThrow(
      /GET \/ping .*answered 200.*additional properties.*"extra":2/,
    );
    expect(() => checker.check(answer({ status: true, data: {} }))).toThrow(
      /must have required property 'id'/,
    );
    expect(() => checker.check(answer({ status: true, data: { id: '1' } }))).toThrow(
      /must be number/,
    );
  });

  it('fails an error that is not the envelope, and a status the document does not list', () => {
    expect(() => checker.check(answer({ status: false, error: 'x' }, 400))).toThrow(/answered 400/);
    expect(() => checker.check(answer({ status: true }, 201))).toThrow(
      /status 201 is not documented/,
    );
  });

  it('runs in every call() of the suite, over the generated document', async () => {
    expect(() => checkAnswer({ ...answer({ status: true, extra: 1 }), path: '/ping' })).toThrow(
      /GET \/ping \(\/ping\) answered 200/,
    );
    const api = await createTestApi();
    try {
      expect((await api.call('GET', '/ping')).json).toEqual({ status: true });
    } finally {
      await api.close();
    }
  });

  it('skips what is not a JSON answer, and calls the registry does not list', () => {
    expect(() => checker.check({ ...answer('a,b'), contentType: 'text/csv' })).not.toThrow();
    expect(() => checker.check({ ...answer({}), path: '/nowhere' })).not.toThrow();
  });
});

describe('GET /api/openapi.json and /api/docs', () => {
  let api: Awaited<ReturnType<typeof createTestApi>>;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(async () => {
    await api.close();
  });

  it('serves the document, cacheable, without opening the database', async () => {
    const failing = createApp({
      ...api.deps,
      getDb: () => Promise.reject(new Error('no database')),
    });
    const res = await failing.request('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(doc)));
  });

  it('serves the reference page with its own assets and no inline script', async () => {
    const res = await api.app.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const html = await res.text();
    expect(html).not.toMatch(/<script>|<script [^>]*>[^<]/);
    expect(html).not.toMatch(/https?:\/\//);
    const assets = [...html.matchAll(/(?:src|href)="(docs\/assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets).toHaveLength(3);
    for (const asset of assets) {
      const a = await api.app.request(`/api/${asset}`);
      expect(a.status, asset).toBe(200);
      expect(a.headers.get('cache-control'), asset).toContain('immutable');
      expect((await a.text()).length, asset).toBeGreaterThan(100);
    }
    const missing = await api.call('GET', '/docs/assets/..%2Fpackage.json');
    expect(missing.status).toBe(404);
    expect((await api.call('GET', '/docs/assets/index.html')).status).toBe(404);
  });
});
