import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '@/db/schema';
import { createTestApi } from '../helpers/api';
import { startJwksPeer } from '../helpers/jwks';
import { createUser } from '../helpers/users';

// The session answers (register, both logins) and GET /users/id/{id} give the same user object
// (docs/api.md "The user object"), including `cv_file` read from the CV's upload row.

let google: Awaited<ReturnType<typeof startJwksPeer>>;
let api: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  google = await startJwksPeer();
  api = await createTestApi({ google: { clientId: google.clientId, jwksUrl: google.jwksUrl } });
});
afterAll(async () => {
  await api.close();
  await google.close();
});

let seq = 0;
const fromIp = () => `10.13.0.${++seq}`;

const OWN_KEYS = [
  'about',
  'algo_address',
  'avatar_url',
  'city',
  'country_code',
  'cv_file',
  'cv_url',
  'email',
  'email_verified',
  'headline',
  'id',
  'is_operator',
  'is_talent',
  'jobs',
  'lang',
  'languages',
  'links',
  'near_wallet',
  'notifications',
  'paypal_email',
  'person',
  'projects',
  'roles_interest',
  'skills',
  'study_centres',
  'workplaces',
].sort();

/** A stored CV as POST /file leaves it: an anonymous upload row. */
async function cvUpload(name: string) {
  const key = `${randomBytes(16).toString('hex')}.pdf`;
  await api.db.insert(uploads).values({
    ownerId: null,
    kind: 'file',
    storageKey: key,
    originalName: name,
    mime: 'application/pdf',
    size: 1234,
  });
  return `/api/uploads/${key}`;
}

describe('the session answers', () => {
  it('register, login and Google login all answer a token and the whole user object', async () => {
    const email = `session-${++seq}@gmail.test`;
    const password = 'a fine password';
    const registered = await api.call('POST', '/users/register', {
      ip: fromIp(),
      body: { email, name: 'Ana', last_name: 'Quispe', password, is_talent: true, lang: 'es' },
    });
    expect(registered.status).toBe(201);
    const sub = `google-${seq}`;
    const token = await google.sign({ sub, email, email_verified: true }, { now: api.clock.now });
    const answers = [
      registered,
      await api.login(email, password, { ip: fromIp() }),
      await api.call('POST', '/users/login/google', { body: { google_id_token: token } }),
    ];
    const users: unknown[] = [];
    for (const { json } of answers) {
      expect(json).toMatchObject({ status: true, access_token: expect.any(String) });
      expect(Object.keys(json.data as object).sort()).toEqual(OWN_KEYS);
      users.push(json.data);
    }
    expect(users[0]).toMatchObject({
      email,
      is_talent: true,
      person: { name: 'Ana', last_name: 'Quispe', phone: null },
      lang: 'es',
      cv_file: null,
      links: {},
      workplaces: [],
      notifications: [],
    });
    // The same user each time (the Google login linked the account on the way).
    expect(users[1]).toEqual(users[0]);
    // Google vouched for the address on the way: it is confirmed now (docs/product.md).
    expect(users[2]).toEqual({ ...(users[0] as object), email_verified: true });
    const id = (users[0] as { id: number }).id;
    const self = await api.call('GET', `/users/id/${id}`, {
      token: answers[2]!.json.access_token as string,
    });
    expect(self.json.data).toEqual(users[2]);
  });
});

describe('cv_file on the user object', () => {
  it('is the CV’s name, size and type, for the user and on the public profile', async () => {
    const ana = await createUser(api.db, api.deps);
    const viewer = await createUser(api.db, api.deps);
    const cv = await cvUpload('Ana Quispe CV.pdf');
    const saved = await api.call('PATCH', '/users/info', {
      token: ana.token,
      body: { cv_url: cv },
    });
    expect(saved.status).toBe(200);
    const cvFile = { name: 'Ana Quispe CV.pdf', size: 1234, mime: 'application/pdf' };
    expect(saved.json.data).toMatchObject({ cv_url: cv, cv_file: cvFile });
    for (const token of [ana.token, viewer.token, undefined]) {
      const { json } = await api.call('GET', `/users/id/${ana.id}`, { token });
      expect(json.data).toMatchObject({ cv_url: cv, cv_file: cvFile });
    }
    const login = await api.login(ana.email, ana.password, { ip: fromIp() });
    expect(login.json.data).toMatchObject({ cv_file: cvFile });
  });

  it('is null without a CV', async () => {
    const bob = await createUser(api.db, api.deps);
    const { json } = await api.call('GET', `/users/id/${bob.id}`);
    expect(json.data).toMatchObject({ cv_url: null, cv_file: null });
  });
});
