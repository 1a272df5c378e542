import { randomBytes } from 'node:crypto';
import algosdk from 'algosdk';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads, users } from '@/db/schema';
import { createTestApi } from '../helpers/api';
import { createUser, type TTestUser } from '../helpers/users';

let api: Awaited<ReturnType<typeof createTestApi>>;
let ana: TTestUser;
let bob: TTestUser;

beforeAll(async () => {
  api = await createTestApi();
  ana = await createUser(api.db, api.deps);
  bob = await createUser(api.db, api.deps);
});
afterAll(async () => api.close());

const userRow = async (id: number) =>
  (await api.db.select().from(users).where(eq(users.id, id)))[0]!;

/** Records an upload row as POST /image or /file would, and answers its URL. */
async function recordUpload(ownerId: number | null, ext: 'png' | 'pdf') {
  const key = `${randomBytes(16).toString('hex')}.${ext}`;
  await api.db.insert(uploads).values({
    ownerId,
    kind: ext === 'png' ? 'image' : 'file',
    storageKey: key,
    originalName: `x.${ext}`,
    mime: ext === 'png' ? 'image/png' : 'application/pdf',
    size: 10,
  });
  return `/api/uploads/${key}`;
}

describe('PATCH /api/users/info', () => {
  it('saves personal info and answers the updated user', async () => {
    const body = {
      name: ' Ana  María ',
      last_name: 'Quispe',
      phone: '+51 (1) 999-888',
      country_code: 'pe',
      city: 'Lima',
      headline: 'Full-stack developer',
      about: 'I build things.\nMostly web.',
    };
    const { status, json } = await api.call('PATCH', '/users/info', { token: ana.token, body });
    expect(status).toBe(200);
    expect(json).toMatchObject({
      status: true,
      message: 'Successfully updated',
      message_es: 'Información guardada correctamente',
      data: {
        id: ana.id,
        person: { name: 'Ana María', last_name: 'Quispe', phone: '+51 (1) 999-888' },
        country_code: 'PE',
        city: 'Lima',
        headline: 'Full-stack developer',
        about: 'I build things.\nMostly web.',
      },
    });
  });

  it('answers the user’s own fields only, as saved, without the lists', async () => {
    const { json } = await api.call('PATCH', '/users/info', {
      token: ana.token,
      body: { headline: 'Lean answer' },
    });
    expect(Object.keys(json.data as object).sort()).toEqual(
      [
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
        'is_talent',
        'lang',
        'links',
        'near_wallet',
        'paypal_email',
        'person',
      ].sort(),
    );
    expect(json.data).toMatchObject({
      id: ana.id,
      email: ana.email,
      is_talent: true,
      headline: 'Lean answer',
      lang: 'en',
      cv_file: null,
    });
    expect(json.data).not.toHaveProperty('workplaces');
    expect(json.data).not.toHaveProperty('notifications');
  });

  it('changes only the fields sent, and null or empty clears optional ones', async () => {
    await api.call('PATCH', '/users/info', {
      token: ana.token,
      body: { city: 'Cusco', headline: 'Dev' },
    });
    const { json } = await api.call('PATCH', '/users/info', {
      token: ana.token,
      body: { city: null, headline: '' },
    });
    expect(json.data).toMatchObject({ city: null, headline: null, person: { name: 'Ana María' } });
  });

  it('merges professional links and clears one with null', async () => {
    const links = { linkedin: 'https://www.linkedin.com/in/ana', github: 'https://github.com/ana' };
    await api.call('PATCH', '/users/info', { token: ana.token, body: { links } });
    const { json } = await api.call('PATCH', '/users/info', {
      token: ana.token,
      body: { links: { github: null, website: 'https://ana.dev' } },
    });
    expect((json.data as { links: unknown }).links).toEqual({
      linkedin: 'https://www.linkedin.com/in/ana',
      website: 'https://ana.dev',
    });
  });

  it('accepts avatar and CV URLs of uploads only', async () => {
    const avatar = await recordUpload(ana.id, 'png');
    const cv = await recordUpload(null, 'pdf');
    const ok = await api.call('PATCH', '/users/info', {
      token: ana.token,
      body: { avatar_url: avatar, cv_url: cv },
    });
    expect(ok.json.data).toMatchObject({
      avatar_url: avatar,
      cv_url: cv,
      cv_file: { name: 'x.pdf', size: 10, mime: 'application/pdf' },
    });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ avatar_url: 'https://evil.example/a.png' }, 'avatar_url', 'upload_first'],
      [{ avatar_url: 'javascript:alert(1)' }, 'avatar_url', 'upload_first'],
      [{ avatar_url: `/api/uploads/${'a'.repeat(32)}.png` }, 'avatar_url', 'upload_first'], // none
      [{ avatar_url: await recordUpload(bob.id, 'png') }, 'avatar_url', 'upload_first'], // bob's
      [{ avatar_url: cv }, 'avatar_url', 'image_required'], // not an image
      [{ cv_url: '/api/uploads/../../etc/passwd' }, 'cv_url', 'upload_first'],
    ];
    for (const [body, path, code] of cases) {
      const r = await api.call('PATCH', '/users/info', { token: ana.token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect((r.json.errors as { path: string }[])[0]).toMatchObject({ path, code });
    }
    const cleared = await api.call('PATCH', '/users/info', {
      token: ana.token,
      body: { avatar_url: null },
    });
    expect(cleared.json.data).toMatchObject({ avatar_url: null, cv_url: cv });
    const noCv = await api.call('PATCH', '/users/info', { token: ana.token, body: { cv_url: '' } });
    expect(noCv.json.data).toMatchObject({ cv_url: null, cv_file: null });
    await api.call('PATCH', '/users/info', { token: ana.token, body: { cv_url: cv } });
  });

  it('answers invalid fields with 400 field errors and changes nothing', async () => {
    const before = await userRow(ana.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ name: null }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ phone: 'call me maybe' }, 'phone'],
      [{ phone: '1'.repeat(33) }, 'phone'],
      [{ country_code: 'XX' }, 'country_code'],
      [{ country_code: 'Peru' }, 'country_code'],
      [{ headline: 'x'.repeat(161) }, 'headline'],
      [{ about: 'x'.repeat(2001) }, 'about'],
      [{ links: { website: 'ftp://ana.dev' } }, 'links.website'],
      [{ links: { linkedin: `https://x.com/${'a'.repeat(300)}` } }, 'links.linkedin'],
      [{ links: 'https://ana.dev' }, 'links'],
    ];
    for (const [body, path] of cases) {
      const r = await api.call('PATCH', '/users/info', {
        token: ana.token,
        body: { ...body, city: 'Changed' },
      });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json).toMatchObject({ status: false, code: 'invalid_input' });
      expect((r.json.errors as { path: string }[]).map((e) => e.path)).toContain(path);
    }
    const after = await userRow(ana.id);
    expect(after.city).toBe(before.city);
  });

  it('never writes fields that are not profile info', async () => {
    const before = await userRow(ana.id);
    await api.call('PATCH', '/users/info', {
      token: ana.token,
      body: {
        email: 'x@evil.test',
        is_talent: false,
        token_version: 9,
        id: bob.id,
        paypal_email: 'p@x.co',
        city: 'Arequipa',
      },
    });
    const after = await userRow(ana.id);
    expect(after).toMatchObject({
      email: before.email,
      isTalent: before.isTalent,
      tokenVersion: before.tokenVersion,
      paypalEmail: before.paypalEmail,
      city: 'Arequipa',
    });
    expect((await userRow(bob.id)).city).toBeNull();
  });

  it('needs a bearer token', async () => {
    expect((await api.call('PATCH', '/users/info', { body: { name: 'X' } })).status).toBe(401);
  });
});

describe('PATCH /api/users/update_algo_address', () => {
  const address = algosdk.generateAccount().addr.toString();

  it('ties a valid Algorand address and unties it with null', async () => {
    const { status, json } = await api.call('PATCH', '/users/update_algo_address', {
      token: ana.token,
      body: { algo_address: address },
    });
    expect(status).toBe(200);
    expect(json).toEqual({
      status: true,
      data: { algo_address: address },
      message: 'Wallet updated',
      message_es: 'Billetera actualizada',
    });
    expect((await userRow(ana.id)).algoAddress).toBe(address);
    const off = await api.call('PATCH', '/users/update_algo_address', {
      token: ana.token,
      body: { algo_address: null },
    });
    expect(off.json.data).toEqual({ algo_address: null });
    expect((await userRow(ana.id)).algoAddress).toBeNull();
  });

  it('refuses a wrong checksum, a wrong shape and a missing field', async () => {
    const swapped = address[10] === 'A' ? 'B' : 'A';
    const wrongChecksum = address.slice(0, 10) + swapped + address.slice(11);
    for (const algo_address of [wrongChecksum, address.toLowerCase(), 'ABC', 42, undefined]) {
      const r = await api.call('PATCH', '/users/update_algo_address', {
        token: ana.token,
        body: { algo_address },
      });
      expect(r.status, String(algo_address)).toBe(400);
      expect((r.json.errors as { path: string }[])[0]?.path).toBe('algo_address');
    }
    expect(
      (await api.call('PATCH', '/users/update_algo_address', { body: { algo_address: null } }))
        .status,
    ).toBe(401);
  });
});

describe('PATCH /api/users/update_near_wallet', () => {
  it('ties named and implicit NEAR accounts and unties with null', async () => {
    for (const near_wallet of [
      'alice.near',
      'a-b_c.testnet',
      'app.alice.near',
      'ab',
      'a'.repeat(64),
      'f'.repeat(64),
    ]) {
      const r = await api.call('PATCH', '/users/update_near_wallet', {
        token: ana.token,
        body: { near_wallet },
      });
      expect(r.status, near_wallet).toBe(200);
      expect(r.json).toMatchObject({
        status: true,
        data: { near_wallet },
        message_es: 'Billetera actualizada',
      });
    }
    const off = await api.call('PATCH', '/users/update_near_wallet', {
      token: ana.token,
      body: { near_wallet: null },
    });
    expect(off.json.data).toEqual({ near_wallet: null });
    expect((await userRow(ana.id)).nearWallet).toBeNull();
  });

  it('refuses account ids that break the NEAR rules', async () => {
    const bad = [
      'a',
      'Alice.near',
      'alice..near',
      '.alice',
      'alice.',
      '-alice',
      'alice_',
      'a--b',
      'al ice',
      'a'.repeat(65),
      'ali@ce',
    ];
    for (const near_wallet of bad) {
      const r = await api.call('PATCH', '/users/update_near_wallet', {
        token: ana.token,
        body: { near_wallet },
      });
      expect(r.status, near_wallet).toBe(400);
      expect((r.json.errors as { path: string }[])[0]?.path).toBe('near_wallet');
    }
    expect(
      (await api.call('PATCH', '/users/update_near_wallet', { body: { near_wallet: null } }))
        .status,
    ).toBe(401);
  });
});

describe('POST /api/users/paypal/email', () => {
  it('saves the payment e-mail and removes it with null', async () => {
    const r = await api.call('POST', '/users/paypal/email', {
      token: ana.token,
      body: { paypal_email: 'ana.pay@example.com' },
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: true, data: { paypal_email: 'ana.pay@example.com' } });
    expect((await userRow(ana.id)).paypalEmail).toBe('ana.pay@example.com');
    await api.call('POST', '/users/paypal/email', {
      token: ana.token,
      body: { paypal_email: null },
    });
    expect((await userRow(ana.id)).paypalEmail).toBeNull();
  });

  it('refuses what is not an e-mail', async () => {
    for (const paypal_email of ['not-an-email', `${'a'.repeat(250)}@x.co`, 7, undefined]) {
      const r = await api.call('POST', '/users/paypal/email', {
        token: ana.token,
        body: { paypal_email },
      });
      expect(r.status, String(paypal_email)).toBe(400);
    }
    expect(
      (await api.call('POST', '/users/paypal/email', { body: { paypal_email: null } })).status,
    ).toBe(401);
  });
});
