import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@/db/schema';
import { resetServerEnv } from '@/lib/env';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@/server/auth/tokens';
import { setLogSink } from '@/server/logger';
import { createTestApi, socketFrom } from '../helpers/api';
import { CONTROL_VALUES, hasControl, labelOf, ODD_VALUES, SQL_IN_LOG } from '../helpers/bad-input';
import { createUser, type TTestUser, createBusiness } from '../helpers/users';

let api: Awaited<ReturnType<typeof createTestApi>>;
let ana: TTestUser;
let experienceId: number;
let studyId: number;
const lines: string[] = [];
let restoreSink: ReturnType<typeof setLogSink>;
const previousLevel = process.env.LOG_LEVEL;

beforeAll(async () => {
  process.env.LOG_LEVEL = 'debug';
  resetServerEnv();
  restoreSink = setLogSink((line) => lines.push(line));
  api = await createTestApi();
  ana = await createUser(api.db, api.deps, { name: 'Ana' });
  const experience = await api.call('POST', '/user_workplaces', {
    token: ana.token,
    body: {
      workplace_name: 'Andes Labs',
      position: 'Dev',
      start_date: '2020-01-01',
      work_here: true,
    },
  });
  experienceId = (experience.json.data as { id: number }).id;
  const study = await api.call('POST', '/user_study_centres', {
    token: ana.token,
    body: { name: 'UNI', course_name: 'CS', start_date: '2015-01-01', studying_here: true },
  });
  studyId = (study.json.data as { id: number }).id;
});
afterAll(async () => {
  setLogSink(restoreSink);
  process.env.LOG_LEVEL = previousLevel;
  resetServerEnv();
  await api.close();
});

/** NUL, BEL, ESC, DEL and the C1 NEL: refused in every text. */
const CONTROL = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085'];
/** Tab and line breaks: refused in one-line texts, kept in multi-line ones. */
const BREAKS = ['\n', '\t', '\r\n'];

type TField = { path: string; kind: 'line' | 'multiline' | 'opaque' };
type TCase = {
  method: string;
  url: string;
  auth?: boolean;
  body: () => Record<string, unknown>;
  fields: TField[];
};

const line = (path: string): TField => ({ path, kind: 'line' });
const multiline = (path: string): TField => ({ path, kind: 'multiline' });
/** Passwords, tokens and codes: any printable text, so only control characters are refused. */
const opaque = (path: string): TField => ({ path, kind: 'opaque' });

const CASES: TCase[] = [
  {
    method: 'POST',
    url: '/users/register',
    body: () => ({
      email: `fuzz-${randomBytes(4).toString('hex')}@example.com`,
      name: 'Fuzz',
      last_name: 'Case',
      phone: '+51 999 888',
      password: 'a fine password',
      lang: 'en',
      is_talent: false,
      workplace_name: 'Andes Labs',
      position: 'CTO',
      start_date: '2020-01-01',
      work_here: true,
    }),
    fields: [
      line('email'),
      line('name'),
      line('last_name'),
      line('phone'),
      opaque('password'),
      line('lang'),
      line('workplace_name'),
      line('position'),
      line('start_date'),
    ],
  },
  {
    method: 'POST',
    url: '/users/login',
    body: () => ({ email: 'someone@example.com', password: 'a fine password' }),
    fields: [line('email'), opaque('password')],
  },
  {
    method: 'POST',
    url: '/users/check/email',
    body: () => ({ email: 'someone@example.com' }),
    fields: [line('email')],
  },
  {
    method: 'POST',
    url: '/users/login/google',
    body: () => ({ google_id_token: 'header.payload.signature' }),
    fields: [opaque('google_id_token')],
  },
  {
    method: 'POST',
    url: '/users/recovery/email',
    body: () => ({ email: 'someone@example.com', lang: 'es' }),
    fields: [line('email'), line('lang')],
  },
  {
    method: 'POST',
    url: '/users/recovery/password',
    body: () => ({ code: '1234 5678 9012', password: 'a fine password', email: 'a@example.com' }),
    fields: [opaque('code'), opaque('password'), line('email')],
  },
  {
    method: 'POST',
    url: '/users/password',
    auth: true,
    body: () => ({
      current_password: 'correct horse battery',
      new_password: 'a fine password',
      confirm_new_password: 'a fine password',
    }),
    fields: [opaque('current_password'), opaque('new_password'), opaque('confirm_new_password')],
  },
  {
    method: 'POST',
    url: '/user_workplaces',
    auth: true,
    body: () => ({
      workplace_name: 'Andes Labs',
      position: 'Dev',
      start_date: '2020-01-01',
      end_date: '2021-01-01',
      description: 'Built things.',
    }),
    fields: [
      line('workplace_name'),
      line('position'),
      line('start_date'),
      line('end_date'),
      multiline('description'),
    ],
  },
  {
    method: 'PATCH',
    url: '/user_workplaces',
    auth: true,
    body: () => ({ id: experienceId, workplace_name: 'Andes Labs', description: 'More.' }),
    fields: [line('workplace_name'), multiline('description')],
  },
  {
    method: 'POST',
    url: '/user_study_centres',
    auth: true,
    body: () => ({
      name: 'UNI',
      course_name: 'CS',
      start_date: '2015-01-01',
      end_date: '2019-12-01',
      description: 'Studied.',
    }),
    fields: [
      line('name'),
      line('course_name'),
      line('start_date'),
      line('end_date'),
      multiline('description'),
    ],
  },
  {
    method: 'PATCH',
    url: '/user_study_centres',
    auth: true,
    body: () => ({ id: studyId, course_name: 'Computer Science' }),
    fields: [line('course_name')],
  },
  {
    method: 'POST',
    url: '/user_study_centres/verify',
    auth: true,
    body: () => ({ study_id: studyId, lang: 'es' }),
    fields: [line('lang')],
  },
  {
    method: 'POST',
    url: '/user_workplaces/verify',
    auth: true,
    body: () => ({ workplace_id: experienceId, lang: 'es' }),
    fields: [line('lang')],
  },
  {
    method: 'POST',
    url: '/user_skills',
    auth: true,
    body: () => ({ name: 'TypeScript' }),
    fields: [line('name')],
  },
  {
    method: 'POST',
    url: '/me/roles_interest',
    auth: true,
    body: () => ({ name: 'Backend developer' }),
    fields: [line('name')],
  },
  {
    method: 'PATCH',
    url: '/users/info',
    auth: true,
    body: () => ({
      name: 'Ana',
      last_name: 'Quispe',
      phone: '+51 999 888',
      country_code: 'PE',
      city: 'Lima',
      headline: 'Developer',
      about: 'About me.',
      links: {
        linkedin: 'https://linkedin.com/in/ana',
        github: 'https://github.com/ana',
        website: 'https://ana.dev',
      },
    }),
    fields: [
      line('name'),
      line('last_name'),
      line('phone'),
      line('country_code'),
      line('city'),
      line('headline'),
      multiline('about'),
      line('links.linkedin'),
      line('links.github'),
      line('links.website'),
    ],
  },
  {
    method: 'PATCH',
    url: '/users/info',
    auth: true,
    body: () => ({ avatar_url: '/api/uploads/0123456789abcdef0123456789abcdef.png' }),
    fields: [line('avatar_url')],
  },
  {
    method: 'PATCH',
    url: '/users/info',
    auth: true,
    body: () => ({ cv_url: '/api/uploads/0123456789abcdef0123456789abcdef.pdf' }),
    fields: [line('cv_url')],
  },
  {
    method: 'PATCH',
    url: '/users/update_algo_address',
    auth: true,
    body: () => ({ algo_address: 'A'.repeat(58) }),
    fields: [line('algo_address')],
  },
  {
    method: 'PATCH',
    url: '/users/update_near_wallet',
    auth: true,
    body: () => ({ near_wallet: 'ana.near' }),
    fields: [line('near_wallet')],
  },
  {
    method: 'POST',
    url: '/users/paypal/email',
    auth: true,
    body: () => ({ paypal_email: 'ana@example.com' }),
    fields: [line('paypal_email')],
  },
];

/** `body` with `text` put in the middle of the value at the dotted `path`. */
function withText(body: Record<string, unknown>, path: string, text: string) {
  const keys = path.split('.');
  const copy = structuredClone(body);
  let target = copy as Record<string, unknown>;
  for (const k of keys.slice(0, -1)) target = target[k] as Record<string, unknown>;
  const last = keys.at(-1)!;
  const value = String(target[last]);
  const middle = Math.max(1, Math.floor(value.length / 2));
  target[last] = `${value.slice(0, middle)}${text}${value.slice(middle)}`;
  return copy;
}

let address = 0;
const send = (c: TCase, body: unknown) =>
  api.call(c.method, c.url, {
    body,
    token: c.auth ? ana.token : undefined,
    // Each request from its own address: this is about input, not about rate limits.
    ip: `10.9.${Math.floor(++address / 250)}.${address % 250}`,
  });

describe('text with control characters', () => {
  for (const c of CASES) {
    it(`${c.method} ${c.url} refuses control characters in ${c.fields.map((f) => f.path).join(', ')} with a field error`, async () => {
      for (const field of c.fields) {
        const refused = field.kind === 'line' ? [...CONTROL, ...BREAKS] : CONTROL;
        for (const ch of refused) {
          const { status, json } = await send(c, withText(c.body(), field.path, ch));
          const what = `${field.path} with U+${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
          expect(status, what).toBe(400);
          expect(json, what).toMatchObject({ status: false, code: 'invalid_input' });
          const paths = (json.errors as { path: string }[]).map((e) => e.path);
          expect(paths, what).toContain(field.path);
        }
      }
    });
  }

  it('keeps tabs and line breaks in multi-line texts', async () => {
    const { status, json } = await api.call('PATCH', '/users/info', {
      token: ana.token,
      body: { about: 'First line\n\tindented\r\nlast' },
    });
    expect(status).toBe(200);
    expect((json.data as { about: string }).about).toBe('First line\n\tindented\r\nlast');
  });

  it('wrote nothing while refusing', async () => {
    const [row] = await api.db.select().from(users).where(eq(users.id, ana.id));
    expect(row!.name).toBe('Ana');
    expect(row!.algoAddress).toBeNull();
  });

  it('refuses control characters in any query parameter, read by the endpoint or not', async () => {
    for (const [url, param] of [
      ['/skills?search=ty%00pe', 'search'],
      ['/skills?search=ty%1Bpe', 'search'],
      ['/user_workplaces/list?page=1%00', 'page'],
      ['/countries?anything=%07', 'anything'],
      ['/users/id/1?x=%C2%85', 'x'],
    ] as const) {
      const { status, json } = await api.call('GET', url, { token: ana.token });
      expect(status, url).toBe(400);
      expect(json.errors, url).toEqual([
        { path: param, code: 'control_characters', message: 'Control characters are not allowed.' },
      ]);
    }
    expect((await api.call('GET', '/skills?search=type')).status).toBe(200);
  });

  it('answers a deeply nested body with 400, not a stack overflow', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const { status } = await api.call('POST', '/users/login', { rawBody: deep });
    expect(status).toBe(400);
  });
});

describe('bad query and path values', () => {
  const SEARCH = [
    'search',
    'skill',
    'country',
    'modality',
    'status',
    'min_pay',
    'max_pay',
    'currency',
  ];
  const LIST = ['sort', 'page', 'per_page', 'x'];
  /** The reads the server-rendered pages make (tests/api/security-pages.test.ts fuzzes those). */
  const READS: { path: string; who?: 'talent' | 'business'; params: string[] }[] = [
    { path: '/projects', params: [...SEARCH, ...LIST] },
    { path: '/jobs', params: [...SEARCH, 'contract_type', ...LIST] },
    {
      path: '/talents',
      who: 'business',
      params: ['search', 'skill', 'role', 'language', 'country', 'page', 'per_page'],
    },
    { path: '/me/applications', who: 'talent', params: ['type', 'posting_id', 'page', 'per_page'] },
    { path: '/me/postings', who: 'business', params: ['type', 'page', 'per_page'] },
    { path: '/notifications', who: 'talent', params: ['page', 'per_page'] },
    { path: '/skills', params: ['search'] },
  ];
  const PATHS: { path: (v: string) => string; who?: 'talent' | 'business' }[] = [
    { path: (v) => `/projects/${v}` },
    { path: (v) => `/jobs/${v}` },
    { path: (v) => `/users/id/${v}` },
    { path: (v) => `/projects/${v}/applications`, who: 'business' },
    { path: (v) => `/jobs/${v}/applications`, who: 'business' },
  ];
  let bea: TTestUser;
  beforeAll(async () => {
    bea = await createBusiness(api, { name: 'Bea' });
  });
  const tokenOf = (who?: 'talent' | 'business') =>
    who === 'talent' ? ana.token : who === 'business' ? bea.token : undefined;

  it('answer 400 to a control character in a query or path parameter and never 500 to any other value', async () => {
    const fromLine = lines.length;
    for (const read of READS) {
      for (const param of read.params) {
        for (const value of [...CONTROL_VALUES, ...ODD_VALUES]) {
          const q = new URLSearchParams();
          for (const v of [value].flat()) q.append(param, v);
          const url = `${read.path}?${q}`;
          const { status } = await api.call('GET', url, { token: tokenOf(read.who) });
          const what = `${read.path} ${param}=${labelOf(value)}`;
          if (hasControl(value)) expect(status, what).toBe(400);
          else expect([200, 400], what).toContain(status);
        }
      }
    }
    for (const read of PATHS) {
      for (const value of [...CONTROL_VALUES, ...ODD_VALUES]) {
        if (Array.isArray(value) || value === '') continue; // one path segment, not an empty one
        const wellFormed = new TextDecoder().decode(new TextEncoder().encode(value));
        const url = read.path(encodeURIComponent(wellFormed));
        const { status, json } = await api.call('GET', url, { token: tokenOf(read.who) });
        const what = `${read.path('{id}')} ${labelOf(value)}`;
        if (!hasControl(value)) expect([400, 404], what).toContain(status);
        else {
          expect(status, what).toBe(400);
          expect(json.errors, what).toEqual([
            {
              path: '(path)',
              code: 'control_characters',
              message: 'Control characters are not allowed.',
            },
          ]);
        }
      }
    }
    const log = lines.slice(fromLine).join('\n');
    expect(log).not.toMatch(SQL_IN_LOG);
    expect(log).not.toMatch(/"level":"error"/);
  });
});

describe('other answers that were 500', () => {
  it('answers 401 to a well-signed token whose subject is larger than any user id', async () => {
    const iat = Math.floor(api.clock.now.getTime() / 1000);
    for (const sub of ['2147483648', '99999999999999999999', '1e3', '-1']) {
      const token = await new SignJWT({ ver: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + 3600)
        .sign(api.deps.jwtSecret);
      const { status, json } = await api.call('GET', '/user_workplaces/list', { token });
      expect(status, sub).toBe(401);
      expect(json).toMatchObject({ status: false, code: 'unauthorized' });
    }
  });

  it('answers 422 to an image whose header claims more than 10,000 pixels a side', async () => {
    const png = (width: number, height: number) => {
      const b = Buffer.alloc(33);
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
      b.writeUInt32BE(13, 8);
      b.write('IHDR', 12, 'latin1');
      b.writeUInt32BE(width, 16);
      b.writeUInt32BE(height, 20);
      return b;
    };
    const upload = async (bytes: Buffer) => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'huge.png');
      const res = await api.app.request(
        '/api/image',
        { method: 'POST', body: form, headers: { Authorization: `Bearer ${ana.token}` } },
        socketFrom('10.9.99.1'),
      );
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    };
    for (const [w, h] of [
      [4294967295, 4294967295],
      [10_001, 10],
      [10, 2147483648],
    ] as const) {
      const { status, json } = await upload(png(w, h));
      expect(status, `${w}×${h}`).toBe(422);
      expect(json).toMatchObject({
        status: false,
        code: 'unprocessable',
        errors: [
          {
            path: 'image',
            code: 'image_dimensions',
            params: { max: 10_000 },
            message: 'The image is too large: at most 10000 pixels a side.',
          },
        ],
      });
    }
    expect((await upload(png(10_000, 10_000))).status).toBe(201);
  });

  it('answers 415 to a JSON endpoint sent another media type', async () => {
    const body = JSON.stringify({ email: 'someone@example.com', password: 'a fine password' });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'text/json']) {
      const { status, json } = await api.call('POST', '/users/login', {
        rawBody: body,
        headers: { 'Content-Type': type },
      });
      expect(status, type).toBe(415);
      expect(json).toMatchObject({ status: false, code: 'unsupported_media_type' });
    }
    const res = await api.app.request('/api/users/login', { method: 'POST', body }, socketFrom());
    expect(res.status).toBe(415);
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'application/merge-patch+json',
    ]) {
      const { status } = await api.call('POST', '/users/login', {
        rawBody: body,
        headers: { 'Content-Type': type },
      });
      expect(status, type).toBe(401);
    }
    // A body-less call needs no media type.
    const { status } = await api.call('DELETE', '/user_skills/all', { token: ana.token });
    expect(status).toBe(200);
  });
});

describe('the server log', () => {
  it('never carries SQL parameters, hashes, codes or tokens, even when a query fails', async () => {
    const broken = await createTestApi();
    const secretEmail = `secret-${randomBytes(6).toString('hex')}@example.com`;
    const secretPassword = `Secret ${randomBytes(6).toString('hex')}`;
    try {
      // Break the table under a real query whose parameters hold the e-mail.
      await broken.db.execute(sql`ALTER TABLE users RENAME COLUMN email TO email_gone`);
      const { status, json } = await broken.call('POST', '/users/register', {
        body: {
          email: secretEmail,
          name: 'Log',
          last_name: 'Probe',
          password: secretPassword,
          is_talent: true,
          lang: 'en',
        },
      });
      expect(status).toBe(500);
      expect(json).toEqual({
        status: false,
        code: 'internal',
        message: 'Something went wrong on our side.',
        message_es: 'Algo salió mal de nuestro lado.',
      });
    } finally {
      await broken.close();
    }
    const log = lines.join('\n');
    expect(log).toContain('"msg":"unhandled error"');
    expect(log).toMatch(/"sqlState":"42703"/);
    for (const secret of [secretEmail, secretPassword, ana.token, ...ana.token.split('.')]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toMatch(/params|Failed query|\$argon2|\\u0000/);
  });
});
