import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWorkplaces, users } from '@/db/schema';
import { RATE_LIMITS } from '@/server/services/rate-limit';
import { createTestApi } from '../helpers/api';

let api: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => api.close());

let seq = 0;
/** Each test its own client address, so the per-IP limits of one test never touch another. */
const fromIp = () => `10.1.0.${++seq}`;
const uniqueEmail = (tag: string) => `${tag}-${++seq}@example.com`;

const talent = (over: Record<string, unknown> = {}) => ({
  email: uniqueEmail('talent'),
  name: 'Ana',
  last_name: 'Quispe',
  phone: '+51 999 888 777',
  password: 'correct horse battery',
  lang: 'es',
  is_talent: true,
  ...over,
});

const business = (over: Record<string, unknown> = {}) => ({
  ...talent({ email: uniqueEmail('business'), is_talent: false }),
  workplace_name: 'Andes Labs',
  position: 'CEO',
  start_date: '2020-01-15',
  work_here: true,
  ...over,
});

const register = (body: unknown) => api.call('POST', '/users/register', { body, ip: fromIp() });

describe('POST /api/users/register', () => {
  it('creates a talent and answers 201 with the user, a token and both messages', async () => {
    const body = talent();
    const { status, json } = await register(body);
    expect(status).toBe(201);
    expect(json).toMatchObject({
      status: true,
      access_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      message: 'Registration successful!',
      message_es: '¡Registro exitoso!',
      data: {
        email: body.email,
        is_talent: true,
        person: { name: 'Ana', last_name: 'Quispe', phone: '+51 999 888 777' },
        lang: 'es',
        workplaces: [],
      },
    });
    const [row] = await api.db.select().from(users).where(eq(users.email, body.email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(body.password);
  });

  it('creates a business together with its current workplace, enabled for business', async () => {
    const body = business();
    const { status, json } = await register(body);
    expect(status).toBe(201);
    const data = json.data as { id: number; is_talent: boolean; workplaces: unknown[] };
    expect(data.is_talent).toBe(false);
    expect(data.workplaces).toEqual([
      expect.objectContaining({
        workplace_name: 'Andes Labs',
        position: 'CEO',
        start_date: '2020-01-15',
        work_here: true,
        enable_business: true,
      }),
    ]);
  });

  it('gives the registration token access to the account', async () => {
    const { json } = await register(talent());
    const id = (json.data as { id: number }).id;
    const me = await api.call('GET', `/users/id/${id}`, { token: json.access_token as string });
    expect(me.status).toBe(200);
    expect(me.json.data).toMatchObject({ id, email: expect.any(String), notifications: [] });
  });

  it('defaults the language to English and keeps the e-mail trimmed but as typed', async () => {
    const email = `  Mixed.Case-${++seq}@Example.com `;
    const { status, json } = await register(talent({ email, lang: undefined }));
    expect(status).toBe(201);
    expect(json.data).toMatchObject({ email: email.trim(), lang: 'en' });
  });

  it('refuses an e-mail already registered, whatever its case, with both messages', async () => {
    const body = talent();
    expect((await register(body)).status).toBe(201);
    for (const email of [body.email, body.email.toUpperCase(), ` ${body.email} `]) {
      const { status, json } = await register(talent({ email }));
      expect(status).toBe(409);
      expect(json).toMatchObject({
        status: false,
        code: 'conflict',
        message: 'This e-mail is already registered.',
        message_es: 'Este correo ya está registrado.',
      });
      expect(json.access_token).toBeUndefined();
    }
    const [{ n }] = (await api.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`lower(${users.email}) = ${body.email.toLowerCase()}`)) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('refuses passwords shorter than 8 or longer than 128 characters, never truncating', async () => {
    for (const password of ['1234567', 'x'.repeat(129)]) {
      const { status, json } = await register(talent({ password }));
      expect(status).toBe(400);
      expect(json).toMatchObject({ status: false, code: 'invalid_input' });
      expect(json.errors).toContainEqual(expect.objectContaining({ path: 'password' }));
    }
    const long = 'p'.repeat(128);
    const body = talent({ password: long });
    expect((await register(body)).status).toBe(201);
    const login = (password: string) => api.login(body.email, password, { ip: fromIp() });
    expect((await login(long)).status).toBe(200);
    expect((await login(long.slice(0, 72))).status).toBe(401);
  });

  it('requires the workplace fields of a business, a past start date and work_here true', async () => {
    const missing = await register(talent({ is_talent: false }));
    expect(missing.status).toBe(400);
    const paths = (missing.json.errors as { path: string }[]).map((e) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining(['workplace_name', 'position', 'start_date', 'work_here']),
    );

    const future = new Date(api.clock.now.getTime() + 3 * 24 * 3600 * 1000);
    const bad = [
      { start_date: future.toISOString().slice(0, 10) },
      { start_date: '2021-02-30' },
      { start_date: '15/01/2020' },
      { work_here: false },
    ];
    for (const over of bad) {
      const { status, json } = await register(business(over));
      expect(status).toBe(400);
      expect(json).toMatchObject({
        status: false,
        message: expect.any(String),
        message_es: expect.any(String),
      });
    }
  });

  it('answers bad input with 400 and field errors, never 500, and writes nothing', async () => {
    const [{ before }] = (await api.db
      .select({ before: sql<number>`count(*)::int` })
      .from(users)) as [{ before: number }];
    const bodies: unknown[] = [
      {},
      [],
      null,
      'a string',
      talent({ email: 'not-an-email' }),
      talent({ email: ['a@b.co'] }),
      talent({ email: `${'a'.repeat(10_000)}@example.com` }),
      talent({ name: 'n'.repeat(10_000) }),
      talent({ name: { first: 'Ana' } }),
      talent({ name: '   ' }),
      talent({ password: 12345678 }),
      talent({ is_talent: 'true' }),
      talent({ is_talent: undefined }),
      talent({ lang: 'fr' }),
      talent({ phone: 'call me maybe' }),
      talent({ google_id_token: 'x'.repeat(10_000) }),
    ];
    for (const body of bodies) {
      const { status, json } = await register(body);
      expect(status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(json).toMatchObject({
        status: false,
        code: 'invalid_input',
        message: expect.any(String),
        message_es: expect.any(String),
      });
    }
    const malformed = await api.call('POST', '/users/register', {
      rawBody: '{"email":',
      ip: fromIp(),
    });
    expect(malformed.status).toBe(400);
    const [{ after }] = (await api.db
      .select({ after: sql<number>`count(*)::int` })
      .from(users)) as [{ after: number }];
    expect(after).toBe(before);
  });

  it('treats blank optional fields as absent and ignores a talent’s workplace fields', async () => {
    const body = talent({ google_id_token: null, phone: '', workplace_name: '', work_here: false });
    const { status, json } = await register(body);
    expect(status).toBe(201);
    expect(json.data).toMatchObject({ person: { phone: null }, workplaces: [] });
    const noPassword = await register(talent({ password: '' }));
    expect(noPassword.status).toBe(400);
    expect(noPassword.json.errors).toContainEqual(expect.objectContaining({ path: 'password' }));
  });

  it('ignores unknown fields such as is_admin and token_version', async () => {
    const body = talent({
      is_admin: true,
      token_version: 99,
      id: 1,
      google_sub: 'stolen',
      enable_business: true,
    });
    const { status, json } = await register(body);
    expect(status).toBe(201);
    const [row] = await api.db.select().from(users).where(eq(users.email, body.email));
    expect(row!.tokenVersion).toBe(0);
    expect(row!.googleSub).toBeNull();
    expect(row!.id).toBe((json.data as { id: number }).id);
    expect(json.data).not.toHaveProperty('is_admin');
    const workplaces = await api.db
      .select()
      .from(userWorkplaces)
      .where(eq(userWorkplaces.userId, row!.id));
    expect(workplaces).toEqual([]);
  });

  it('allows 10 registrations per hour from one address, refusing the 11th with Retry-After', async () => {
    const { max, windowSeconds } = RATE_LIMITS.registerPerAddress;
    expect(max).toBe(10);
    const ip = '203.0.113.77';
    for (let i = 0; i < max; i++) {
      const { status } = await api.call('POST', '/users/register', { body: talent(), ip });
      expect(status).toBe(201);
    }
    const over = await api.call('POST', '/users/register', { body: talent(), ip });
    expect(over.status).toBe(429);
    expect(over.json).toMatchObject({
      status: false,
      code: 'rate_limited',
      message: expect.any(String),
      message_es: expect.any(String),
    });
    const retry = Number(over.res.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(windowSeconds);
    // Another address is not affected, and the window's end lets this one in again.
    expect((await register(talent())).status).toBe(201);
    api.clock.now = new Date(api.clock.now.getTime() + windowSeconds * 1000);
    expect((await api.call('POST', '/users/register', { body: talent(), ip })).status).toBe(201);
  });
});
