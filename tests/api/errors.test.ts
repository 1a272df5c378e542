import algosdk from 'algosdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '@/public/locales/en/common.json';
import { createTestApi, type TJson } from '../helpers/api';
import { createUser, type TTestUser } from '../helpers/users';

// One error vocabulary (docs/api.md "Errors"): every field error has a path, a code of the
// catalog, the code's parameters and the catalog's English text of that code.

let api: Awaited<ReturnType<typeof createTestApi>>;
let ana: TTestUser;
beforeAll(async () => {
  api = await createTestApi();
  ana = await createUser(api.db, api.deps);
});
afterAll(async () => api.close());

let seq = 0;
const fromIp = () => `10.12.0.${++seq}`;
const texts: Record<string, string> = en.errors;

type TFieldError = { path: string; code: string; params?: Record<string, number>; message: string };

/** Every field error's message is its code's catalog text with the parameters filled in. */
function expectCatalogTexts(json: TJson) {
  const errors = json.errors as TFieldError[];
  expect(errors.length).toBeGreaterThan(0);
  for (const e of errors) {
    expect(Object.keys(texts), e.code).toContain(e.code);
    const filled = texts[e.code]!.replace(/\{\{(\w+)\}\}/g, (_, k: string) =>
      String(e.params?.[k]),
    );
    expect(e.message).toBe(filled);
  }
}

const register = (over: Record<string, unknown>) =>
  api.call('POST', '/users/register', {
    ip: fromIp(),
    body: {
      email: `errors-${++seq}@example.com`,
      name: 'Ana',
      last_name: 'Quispe',
      password: 'a fine password',
      is_talent: true,
      ...over,
    },
  });

describe('field errors', () => {
  it('name a 300-character name too_long with the field’s real limit', async () => {
    for (const name of ['n'.repeat(300), 'n'.repeat(10_000)]) {
      const { status, json } = await register({ name });
      expect(status).toBe(400);
      expect(json).toMatchObject({
        status: false,
        code: 'invalid_input',
        message: expect.any(String),
        message_es: expect.any(String),
      });
      expect(json.errors).toEqual([
        {
          path: 'name',
          code: 'too_long',
          params: { max: 100 },
          message: 'Use at most 100 characters.',
        },
      ]);
    }
  });

  it('say which rule each field broke, with the catalog’s text', async () => {
    const cases: [Record<string, unknown>, Partial<TFieldError>][] = [
      [{ email: 'not-an-email' }, { path: 'email', code: 'email' }],
      [{ email: undefined }, { path: 'email', code: 'required' }],
      [{ name: 42 }, { path: 'name', code: 'invalid_type' }],
      [{ name: 'Ana\nMaría' }, { path: 'name', code: 'line_breaks' }],
      [{ phone: 'call me' }, { path: 'phone', code: 'phone' }],
      [{ password: 'short' }, { path: 'password', code: 'too_short', params: { min: 8 } }],
      [{ lang: 'fr' }, { path: 'lang', code: 'choice' }],
      [{ is_talent: 'yes' }, { path: 'is_talent', code: 'choice' }],
      [
        {
          is_talent: false,
          workplace_name: 'Andes',
          position: 'CEO',
          start_date: '2020-02-30',
          work_here: true,
        },
        { path: 'start_date', code: 'date_invalid' },
      ],
      [
        {
          is_talent: false,
          workplace_name: 'Andes',
          position: 'CEO',
          start_date: '1/2/2020',
          work_here: true,
        },
        { path: 'start_date', code: 'date_format' },
      ],
    ];
    for (const [over, expected] of cases) {
      const { status, json } = await register(over);
      expect(status, JSON.stringify(over)).toBe(400);
      expect(json.errors, JSON.stringify(over)).toContainEqual(expect.objectContaining(expected));
      expectCatalogTexts(json);
    }
  });

  it('answer a registered e-mail with 409 and email_taken', async () => {
    const first = await register({});
    const email = (first.json.data as { email: string }).email;
    const { status, json } = await register({ email: email.toUpperCase() });
    expect(status).toBe(409);
    expect(json).toEqual({
      status: false,
      code: 'conflict',
      message: 'This e-mail is already registered.',
      message_es: 'Este correo ya está registrado.',
      errors: [
        { path: 'email', code: 'email_taken', message: 'This e-mail is already registered.' },
      ],
    });
  });

  it('carry the codes of the profile’s own rules', async () => {
    const address = algosdk.generateAccount().addr.toString();
    const badChecksum =
      address.slice(0, 10) + (address[10] === 'A' ? 'B' : 'A') + address.slice(11);
    const cases: [string, string, Record<string, unknown>, Partial<TFieldError>][] = [
      ['PATCH', '/users/info', { country_code: 'XX' }, { path: 'country_code', code: 'country' }],
      ['PATCH', '/users/info', { country_code: 'Peru' }, { path: 'country_code', code: 'country' }],
      [
        'PATCH',
        '/users/info',
        { links: { website: 'ftp://x.dev' } },
        { path: 'links.website', code: 'url' },
      ],
      [
        'PATCH',
        '/users/info',
        { about: 'x'.repeat(2001) },
        { path: 'about', code: 'too_long', params: { max: 2000 } },
      ],
      [
        'PATCH',
        '/users/info',
        { avatar_url: 'https://evil.example/a.png' },
        { path: 'avatar_url', code: 'upload_first' },
      ],
      [
        'PATCH',
        '/users/update_algo_address',
        { algo_address: badChecksum },
        { path: 'algo_address', code: 'algo_address' },
      ],
      [
        'PATCH',
        '/users/update_algo_address',
        { algo_address: 'abc' },
        { path: 'algo_address', code: 'algo_address' },
      ],
      [
        'PATCH',
        '/users/update_near_wallet',
        { near_wallet: 'Alice.near' },
        { path: 'near_wallet', code: 'near_account' },
      ],
      [
        'POST',
        '/users/paypal/email',
        { paypal_email: 'nope' },
        { path: 'paypal_email', code: 'email' },
      ],
      [
        'POST',
        '/user_skills',
        { name: 'x'.repeat(61) },
        { path: 'name', code: 'too_long', params: { max: 60 } },
      ],
      ['POST', '/me/languages', { language_id: 0 }, { path: 'language_id', code: 'id' }],
      ['DELETE', '/user_workplaces', {}, { path: 'id', code: 'required' }],
      [
        'POST',
        '/user_workplaces',
        { workplace_name: 'A', position: 'B', start_date: '2020-01-01', work_here: false },
        { path: 'end_date', code: 'end_required' },
      ],
    ];
    for (const [method, url, body, expected] of cases) {
      const { status, json } = await api.call(method, url, { token: ana.token, body });
      expect(status, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(json.errors, url).toContainEqual(expect.objectContaining(expected));
      expectCatalogTexts(json);
    }
  });

  it('name query parameters too', async () => {
    const { status, json } = await api.call('GET', '/user_workplaces/list?per_page=51', {
      token: ana.token,
    });
    expect(status).toBe(400);
    expect(json.errors).toEqual([
      { path: 'per_page', code: 'too_large', params: { max: 50 }, message: 'Use 50 or less.' },
    ]);
    const bad = await api.call('GET', '/users/id/abc');
    expect(bad.json.errors).toEqual([
      { path: 'id', code: 'id', message: 'This is not a valid reference.' },
    ]);
  });
});

describe('the envelope', () => {
  it('always has status, code and both messages, and errors only with field errors', async () => {
    const answers = [
      await api.call('GET', '/nowhere'),
      await api.call('POST', '/user_skills', { body: { name: 'Go' } }),
      await api.call('POST', '/users/login', { rawBody: '{', ip: fromIp() }),
      await register({ name: '' }),
    ];
    for (const { json } of answers) {
      expect(json).toMatchObject({
        status: false,
        code: expect.stringMatching(/^[a-z_]+$/),
        message: expect.any(String),
        message_es: expect.any(String),
      });
      expect(Object.keys(json).sort()).toEqual(
        json.errors
          ? ['code', 'errors', 'message', 'message_es', 'status']
          : ['code', 'message', 'message_es', 'status'],
      );
    }
  });
});
