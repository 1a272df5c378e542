import { randomBytes } from 'node:crypto';
import type * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  paypalEmailSchema,
  roleInterestSchema,
  skillSchema,
  studyCentreSchema,
  userInfoSchema,
  workplaceSchema,
} from '@/lib/schemas/profile';
import { validate } from '@/lib/schemas/validate';
import { changePasswordSchema, loginSchema, registerSchema } from '@/lib/schemas/users';
import { createTestApi } from '../helpers/api';
import { createUser, type TTestUser } from '../helpers/users';

// One table of good and bad inputs, fed through the forms' check (the `validate` the forms call
// on the payload they send) and through the API: the verdicts must be the same, field by field.

let api: Awaited<ReturnType<typeof createTestApi>>;
let ana: TTestUser;
beforeAll(async () => {
  api = await createTestApi();
  ana = await createUser(api.db, api.deps, { password: 'the current passphrase' });
});
afterAll(async () => api.close());

type TEndpoint = {
  method: string;
  url: string;
  schema: v.GenericSchema;
  auth?: boolean;
  base: () => Record<string, unknown>;
  /** Text fields: `line` ones also refuse tabs and line breaks. */
  texts: Record<string, 'line' | 'multiline' | 'opaque'>;
  /** Hand-picked rows: changes to the base payload. */
  rows: Record<string, unknown>[];
};

const unique = () => `v-${randomBytes(5).toString('hex')}@example.com`;

const ENDPOINTS: TEndpoint[] = [
  {
    method: 'POST',
    url: '/users/register',
    schema: registerSchema,
    base: () => ({
      email: unique(),
      name: 'Vera',
      last_name: 'Díaz',
      phone: '555.123.4567',
      password: 'a fine passphrase',
      lang: 'es',
      is_talent: false,
      workplace_name: 'Andes Labs',
      position: 'CTO',
      start_date: '2020-02-29',
      work_here: true,
    }),
    texts: {
      email: 'line',
      name: 'line',
      last_name: 'line',
      phone: 'line',
      password: 'opaque',
      workplace_name: 'line',
      position: 'line',
    },
    rows: [
      {},
      { phone: '' },
      { phone: '+51 (1) 999-888' },
      { phone: 'call me' },
      { name: 'x'.repeat(100) },
      { name: 'x'.repeat(101) },
      { name: '   ' },
      { last_name: '' },
      { email: 'not-an-email' },
      { password: 'short' },
      { password: 'x'.repeat(129) },
      { start_date: '2023-02-30' },
      { start_date: '2999-01-01' },
      { start_date: '1899-12-31' },
      { is_talent: 'yes' },
      { lang: 'de' },
      { is_talent: true, workplace_name: undefined, position: undefined },
    ],
  },
  {
    method: 'POST',
    url: '/users/login',
    schema: loginSchema,
    base: () => ({ email: ana.email, password: 'the current passphrase' }),
    texts: { email: 'line', password: 'opaque' },
    rows: [{}, { email: '' }, { password: '' }, { password: 'x'.repeat(129) }, { email: 'a@b' }],
  },
  {
    method: 'PATCH',
    url: '/users/info',
    schema: userInfoSchema,
    auth: true,
    base: () => ({
      name: 'Ana',
      last_name: 'Quispe',
      phone: '555.123.4567',
      country_code: 'pe',
      city: 'Lima',
      headline: 'Developer',
      about: 'Line one\nline two',
      links: { linkedin: 'https://linkedin.com/in/ana', github: '', website: 'http://ana.dev' },
    }),
    texts: {
      name: 'line',
      last_name: 'line',
      phone: 'line',
      city: 'line',
      headline: 'line',
      about: 'multiline',
      'links.linkedin': 'line',
      'links.website': 'line',
    },
    rows: [
      {},
      { phone: '' },
      { phone: '12' },
      { phone: '+' },
      { headline: 'x'.repeat(160) },
      { headline: 'x'.repeat(161) },
      { about: 'x'.repeat(2001) },
      { name: '' },
      { country_code: 'Peru' },
      { links: { linkedin: 'javascript:alert(1)' } },
      { links: { website: 'ftp://ana.dev' } },
      { avatar_url: 'https://elsewhere.example/me.png' },
    ],
  },
  {
    method: 'POST',
    url: '/user_workplaces',
    schema: workplaceSchema,
    auth: true,
    base: () => ({
      workplace_name: 'Andes Labs',
      position: 'Developer',
      start_date: '2020-01-01',
      end_date: '2021-06-30',
      description: 'Built things.\n\tWith care.',
      work_here: false,
    }),
    texts: { workplace_name: 'line', position: 'line', description: 'multiline' },
    rows: [
      {},
      { end_date: '' },
      { end_date: '', work_here: true },
      { end_date: '2019-12-31' },
      { end_date: '2999-01-01' },
      { start_date: '2999-01-01', end_date: '', work_here: true },
      { start_date: '2020-13-01' },
      { workplace_name: 'x'.repeat(151) },
      { description: 'x'.repeat(2001) },
      { work_here: 'no' },
    ],
  },
  {
    method: 'POST',
    url: '/user_study_centres',
    schema: studyCentreSchema,
    auth: true,
    base: () => ({
      name: 'UNI',
      course_name: 'Computer Science',
      start_date: '2014-03-01',
      end_date: '2018-12-15',
      description: '',
      studying_here: false,
    }),
    texts: { name: 'line', course_name: 'line', description: 'multiline' },
    rows: [
      {},
      { end_date: '' },
      { end_date: '2999-01-01' },
      { course_name: '' },
      { studying_here: true, end_date: '' },
    ],
  },
  {
    method: 'POST',
    url: '/users/paypal/email',
    schema: paypalEmailSchema,
    auth: true,
    base: () => ({ paypal_email: 'pay@example.com' }),
    texts: { paypal_email: 'line' },
    rows: [{}, { paypal_email: '' }, { paypal_email: 'pay@' }, { paypal_email: null }],
  },
  {
    method: 'POST',
    url: '/user_skills',
    schema: skillSchema,
    auth: true,
    base: () => ({ name: 'TypeScript' }),
    texts: { name: 'line' },
    rows: [{}, { name: '' }, { name: 'x'.repeat(61) }, { name: '  Rust   lang ' }],
  },
  {
    method: 'POST',
    url: '/me/roles_interest',
    schema: roleInterestSchema,
    auth: true,
    base: () => ({ name: 'Tech lead' }),
    texts: { name: 'line' },
    rows: [{}, { name: 'x'.repeat(81) }],
  },
  {
    method: 'POST',
    url: '/users/password',
    schema: changePasswordSchema,
    auth: true,
    base: () => ({
      current_password: 'wrong on purpose',
      new_password: 'a new passphrase',
      confirm_new_password: 'a new passphrase',
    }),
    texts: { current_password: 'opaque', new_password: 'opaque', confirm_new_password: 'opaque' },
    rows: [
      { confirm_new_password: 'something else' },
      { new_password: 'short', confirm_new_password: 'short' },
    ],
  },
];

/** `payload` with `text` put in the middle of the value at the dotted `path`. */
function withText(payload: Record<string, unknown>, path: string, text: string) {
  const copy = structuredClone(payload);
  const keys = path.split('.');
  let target = copy as Record<string, unknown>;
  for (const k of keys.slice(0, -1)) target = target[k] as Record<string, unknown>;
  const value = String(target[keys.at(-1)!] ?? '');
  const middle = Math.max(1, Math.floor(value.length / 2));
  target[keys.at(-1)!] = `${value.slice(0, middle)}${text}${value.slice(middle)}`;
  return copy;
}

/** Every row of an endpoint: the hand-picked ones, then control characters in each text field. */
function rowsOf(e: TEndpoint): { label: string; payload: Record<string, unknown> }[] {
  const rows = e.rows.map((change) => ({
    label: JSON.stringify(change).slice(0, 60),
    payload: { ...e.base(), ...change },
  }));
  for (const [path, kind] of Object.entries(e.texts)) {
    const chars = [
      '\u0000',
      '\u0007',
      '\u001b',
      '\u0085',
      ...(kind === 'line' ? ['\n', '\t'] : []),
      ...(kind === 'multiline' ? ['\n'] : []),
    ];
    for (const ch of chars) {
      rows.push({
        label: `${path} + U+${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
        payload: withText(e.base(), path, ch),
      });
    }
  }
  return rows;
}

let ip = 0;
describe('the forms and the API give the same verdicts', () => {
  for (const e of ENDPOINTS) {
    it(`on ${e.method} ${e.url}`, async () => {
      for (const { label, payload } of rowsOf(e)) {
        const form = validate(e.schema, payload);
        const { status, json } = await api.call(e.method, e.url, {
          body: payload,
          token: e.auth ? ana.token : undefined,
          ip: `10.20.${Math.floor(++ip / 250)}.${ip % 250}`,
        });
        const apiPaths =
          status === 400
            ? ((json.errors ?? []) as { path: string }[]).map((x) => x.path).sort()
            : [];
        const formPaths = form.ok ? [] : form.errors.map((x) => x.path).sort();
        // The server may refuse more than the form can know (a taken e-mail, a wrong current
        // password, an upload it does not hold), never less, and never differently.
        expect(status, `${label}: ${JSON.stringify(json)}`).not.toBe(500);
        if (form.ok) {
          expect([200, 201, 400, 401, 409], label).toContain(status);
          if (status === 400)
            expect(['current_password', 'avatar_url'], label).toEqual(
              expect.arrayContaining(apiPaths),
            );
        } else {
          expect(status, label).toBe(400);
          expect(apiPaths, label).toEqual(formPaths);
        }
      }
    });
  }
});
