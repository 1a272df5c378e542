import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companyMembers } from '@/db/schema';
import { createTestApi, socketFrom } from '../helpers/api';
import { addMember, createTeam, joinAs } from '../helpers/companies';
import { expectRefusal } from '../helpers/marketplace';
import { createBusiness } from '../helpers/users';

// A company's team (docs/api.md "Companies and teams"): GET /me/companies, the members, role
// changes (owners only; never the last owner), removal and leaving, and the audit log. Runs on
// PGlite and, in CI, on PostgreSQL, where the concurrency test races for real.

let api: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => api?.close());
beforeEach(async () => api.resetRateLimits());

type TMember = { user: { id: number; name: string; email: string }; role: string };

const members = async (companyId: number, token: string) => {
  const r = await api.call('GET', `/companies/${companyId}/members`, { token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data as TMember[];
};

const roleOf = async (companyId: number, userId: number) => {
  const [row] = await api.db
    .select({ role: companyMembers.role })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
  return row?.role ?? null;
};

describe('GET /me/companies', () => {
  it('lists the caller’s companies with their role, oldest membership first', async () => {
    const a = await createTeam(api, { prefix: 'Mine' });
    api.clock.now = new Date(api.clock.now.getTime() + 60_000);
    const other = await createBusiness(api, { name: 'Other' });
    await addMember(api, other.companyId!, a.admin.id, 'recruiter');
    const r = await api.call('GET', '/me/companies', { token: a.admin.token });
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual([
      {
        company: {
          id: a.companyId,
          slug: expect.any(String),
          name: 'Mine Owner Co',
          logo_url: null,
        },
        role: 'admin',
      },
      {
        company: {
          id: other.companyId,
          slug: expect.any(String),
          name: 'Other Co',
          logo_url: null,
        },
        role: 'recruiter',
      },
    ]);
  });

  it('answers 401 signed out and 403 to a talent', async () => {
    const t = await createTeam(api);
    expectRefusal(await api.call('GET', '/me/companies'), 401, 'unauthorized');
    expectRefusal(
      await api.call('GET', '/me/companies', { token: t.talent.token }),
      403,
      'forbidden',
    );
  });
});

describe('GET /companies/{id}/members', () => {
  it('shows every member to every member, owners first then by joining date', async () => {
    const t = await createTeam(api);
    for (const who of [t.owner, t.admin, t.recruiter]) {
      const list = await members(t.companyId, who.token);
      expect(list.map((m) => [m.user.id, m.role])).toEqual([
        [t.owner.id, 'owner'],
        [t.admin.id, 'admin'],
        [t.recruiter.id, 'recruiter'],
      ]);
      expect(list[0]).toEqual({
        user: {
          id: t.owner.id,
          name: 'Team Owner',
          last_name: 'Test',
          email: t.owner.email,
          avatar_url: null,
        },
        role: 'owner',
        joined_at: expect.any(String),
      });
    }
  });

  it('answers a non-member 404 as a missing company, a talent 403, anonymous 401, bad ids 404', async () => {
    const t = await createTeam(api);
    const url = `/companies/${t.companyId}/members`;
    expectRefusal(await api.call('GET', url, { token: t.outsider.token }), 404, 'not_found');
    expectRefusal(await api.call('GET', url, { token: t.talent.token }), 403, 'forbidden');
    expectRefusal(await api.call('GET', url), 401, 'unauthorized');
    for (const id of ['0', '2147483648', '99999999999999999999', '999999']) {
      const r = await api.call('GET', `/companies/${id}/members`, { token: t.owner.token });
      expectRefusal(r, 404, 'not_found');
    }
  });
});

describe('PATCH /companies/{id}/members/{user_id}', () => {
  it('lets an owner change a role, audited with from and to', async () => {
    const t = await createTeam(api);
    const url = `/companies/${t.companyId}/members/${t.recruiter.id}`;
    const r = await api.call('PATCH', url, { token: t.owner.token, body: { role: 'admin' } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({ user: { id: t.recruiter.id }, role: 'admin' });
    expect(await roleOf(t.companyId, t.recruiter.id)).toBe('admin');
    const log = await api.call('GET', `/companies/${t.companyId}/audit`, { token: t.owner.token });
    const entries = (log.json.data as { data: Record<string, unknown>[] }).data;
    expect(entries[0]).toMatchObject({
      action: 'member.role_changed',
      actor: { id: t.owner.id, name: 'Team Owner', last_name: 'Test' },
      target: {
        type: 'member',
        id: t.recruiter.id,
        label: 'Team Recruiter Test',
        from: 'recruiter',
        to: 'admin',
      },
    });
  });

  it('hands ownership over: a second owner, then the first steps down', async () => {
    const t = await createTeam(api);
    const base = `/companies/${t.companyId}/members`;
    const demoteSelf = () =>
      api.call('PATCH', `${base}/${t.owner.id}`, { token: t.owner.token, body: { role: 'admin' } });
    expectRefusal(await demoteSelf(), 409, 'last_owner');
    expect(await roleOf(t.companyId, t.owner.id)).toBe('owner');
    const promoted = await api.call('PATCH', `${base}/${t.admin.id}`, {
      token: t.owner.token,
      body: { role: 'owner' },
    });
    expect(promoted.status).toBe(200);
    expect((await demoteSelf()).status).toBe(200);
    expect(await roleOf(t.companyId, t.owner.id)).toBe('admin');
    expect(await roleOf(t.companyId, t.admin.id)).toBe('owner');
  });

  it('refuses admins and recruiters (403), non-members (404), unknown members (404), bad roles (400)', async () => {
    const t = await createTeam(api);
    const url = `/companies/${t.companyId}/members/${t.recruiter.id}`;
    for (const who of [t.admin, t.recruiter]) {
      const r = await api.call('PATCH', url, { token: who.token, body: { role: 'admin' } });
      expectRefusal(r, 403, 'forbidden');
    }
    expectRefusal(
      await api.call('PATCH', url, { token: t.outsider.token, body: { role: 'admin' } }),
      404,
      'not_found',
    );
    expectRefusal(
      await api.call('PATCH', url, { token: t.talent.token, body: { role: 'admin' } }),
      403,
      'forbidden',
    );
    expectRefusal(await api.call('PATCH', url, { body: { role: 'admin' } }), 401, 'unauthorized');
    expectRefusal(
      await api.call('PATCH', `/companies/${t.companyId}/members/${t.outsider.id}`, {
        token: t.owner.token,
        body: { role: 'admin' },
      }),
      404,
      'not_found',
    );
    for (const body of [{ role: 'boss' }, { role: 1 }, {}, { role: 'x'.repeat(10_000) }]) {
      const r = await api.call('PATCH', url, { token: t.owner.token, body });
      expectRefusal(r, 400, 'invalid_input');
    }
    // Unknown fields are dropped: no mass assignment of another company or user.
    const r = await api.call('PATCH', url, {
      token: t.owner.token,
      body: { role: 'admin', company_id: 1, user_id: t.owner.id, joined_at: '2000-01-01' },
    });
    expect(r.status).toBe(200);
    expect(await roleOf(t.companyId, t.owner.id)).toBe('owner');
    expect(await roleOf(t.companyId, t.recruiter.id)).toBe('admin');
  });

  it('two owners demoting each other at once leave exactly one owner', async () => {
    for (let round = 0; round < 5; round++) {
      const t = await createTeam(api, { prefix: `Race${round}` });
      const second = await joinAs(api, t.companyId, 'owner', `Race${round} Second`);
      const demote = (by: { token: string }, who: number) =>
        api.call('PATCH', `/companies/${t.companyId}/members/${who}`, {
          token: by.token,
          body: { role: 'admin' },
        });
      const [a, b] = await Promise.all([demote(t.owner, second.id), demote(second, t.owner.id)]);
      const statuses = [a.status, b.status].sort();
      // The second to take the company's lock is no longer an owner (403), or would leave none (409).
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const owners = (await members(t.companyId, t.admin.token)).filter((m) => m.role === 'owner');
      expect(owners).toHaveLength(1);
    }
  });
});

describe('DELETE /companies/{id}/members/{user_id}', () => {
  const remove = (companyId: number, userId: number, token?: string) =>
    api.call('DELETE', `/companies/${companyId}/members/${userId}`, { token });

  it('an owner removes anyone; the removed member’s next call on the company answers 403 “no longer a member”', async () => {
    const t = await createTeam(api);
    expect((await remove(t.companyId, t.admin.id, t.owner.token)).status).toBe(200);
    expect(await roleOf(t.companyId, t.admin.id)).toBeNull();
    const next = await api.call('GET', `/companies/${t.companyId}/members`, {
      token: t.admin.token,
    });
    expectRefusal(next, 403, 'forbidden');
    expect(next.json).toMatchObject({
      message: 'You are no longer a member of this company.',
      message_es: 'Ya no eres miembro de esta empresa.',
    });
    const log = await api.call('GET', `/companies/${t.companyId}/audit`, { token: t.owner.token });
    expect((log.json.data as { data: unknown[] }).data[0]).toMatchObject({
      action: 'member.removed',
      actor: { id: t.owner.id },
      target: { type: 'member', id: t.admin.id, role: 'admin' },
    });
  });

  it('an admin removes a recruiter but not an owner (403); a recruiter removes nobody (403)', async () => {
    const t = await createTeam(api);
    const second = await joinAs(api, t.companyId, 'recruiter', 'Second Recruiter');
    expectRefusal(await remove(t.companyId, t.owner.id, t.admin.token), 403, 'forbidden');
    expectRefusal(await remove(t.companyId, second.id, t.recruiter.token), 403, 'forbidden');
    expectRefusal(await remove(t.companyId, t.admin.id, t.recruiter.token), 403, 'forbidden');
    expect((await remove(t.companyId, second.id, t.admin.token)).status).toBe(200);
    expectRefusal(await remove(t.companyId, t.recruiter.id, t.outsider.token), 404, 'not_found');
    expectRefusal(await remove(t.companyId, t.recruiter.id, t.talent.token), 403, 'forbidden');
    expectRefusal(await remove(t.companyId, t.recruiter.id), 401, 'unauthorized');
    expectRefusal(await remove(t.companyId, t.outsider.id, t.owner.token), 404, 'not_found');
    expectRefusal(await remove(t.companyId, 2147483648, t.owner.token), 404, 'not_found');
  });

  it('anyone leaves; the last owner can neither leave nor be removed (409 last_owner)', async () => {
    const t = await createTeam(api);
    expect((await remove(t.companyId, t.recruiter.id, t.recruiter.token)).status).toBe(200);
    const log = await api.call('GET', `/companies/${t.companyId}/audit`, { token: t.owner.token });
    expect((log.json.data as { data: unknown[] }).data[0]).toMatchObject({
      action: 'member.left',
      actor: { id: t.recruiter.id },
    });
    const last = await remove(t.companyId, t.owner.id, t.owner.token);
    expectRefusal(last, 409, 'last_owner');
    expect(last.json.message).toMatch(/at least one owner/);
    expect(last.json.message_es).toMatch(/al menos un propietario/);
    expect(await roleOf(t.companyId, t.owner.id)).toBe('owner');
    // With a second owner, either one may go.
    const second = await joinAs(api, t.companyId, 'owner', 'Second Owner');
    expect((await remove(t.companyId, t.owner.id, second.token)).status).toBe(200);
    expectRefusal(await remove(t.companyId, second.id, second.token), 409, 'last_owner');
  });

  it('ends the removed member’s open notification streams', async () => {
    const t = await createTeam(api);
    const res = await api.app.request(
      '/api/notifications/stream',
      { headers: { Authorization: `Bearer ${t.recruiter.token}` } },
      socketFrom(),
    );
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('event: ready')) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += decoder.decode(chunk.value);
    }
    expect(text).toContain('event: ready');
    // Another member's stream stays open.
    const adminRes = await api.app.request(
      '/api/notifications/stream',
      { headers: { Authorization: `Bearer ${t.admin.token}` } },
      socketFrom(),
    );
    const adminReader = adminRes.body!.getReader();
    expect(decoder.decode((await adminReader.read()).value)).toContain('event: ready');

    expect((await remove(t.companyId, t.recruiter.id, t.owner.token)).status).toBe(200);
    // The stream ends (the client reconnects and, no longer a member, hears nothing of it).
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
    }
    // The admin's is still live: a removal of the admin now ends it too.
    expect((await remove(t.companyId, t.admin.id, t.owner.token)).status).toBe(200);
    for (;;) {
      const chunk = await adminReader.read();
      if (chunk.done) break;
    }
  });
});

describe('GET /companies/{id}/audit', () => {
  it('pages the log newest first (at most 50 a page) for owners and admins only', async () => {
    const t = await createTeam(api);
    for (const role of ['admin', 'recruiter', 'admin', 'recruiter'] as const) {
      const r = await api.call('PATCH', `/companies/${t.companyId}/members/${t.recruiter.id}`, {
        token: t.owner.token,
        body: { role },
      });
      expect(r.status).toBe(200);
    }
    const url = `/companies/${t.companyId}/audit`;
    const first = await api.call('GET', `${url}?per_page=2`, { token: t.admin.token });
    expect(first.status).toBe(200);
    expect(first.json.data).toMatchObject({ total: 4, page: 1, per_page: 2, last_page: 2 });
    const rows = (first.json.data as { data: { id: number; target: { to: string } }[] }).data;
    expect(rows.map((e) => e.target.to)).toEqual(['recruiter', 'admin']);
    expect(rows[0]!.id).toBeGreaterThan(rows[1]!.id);
    expect(rows[0]).toEqual({
      id: expect.any(Number),
      actor: { id: t.owner.id, name: 'Team Owner', last_name: 'Test' },
      action: 'member.role_changed',
      target: expect.objectContaining({ type: 'member', id: t.recruiter.id }),
      created_at: expect.any(String),
    });
    const second = await api.call('GET', `${url}?per_page=2&page=2`, { token: t.owner.token });
    expect((second.json.data as { data: unknown[] }).data).toHaveLength(2);

    expectRefusal(await api.call('GET', url, { token: t.recruiter.token }), 403, 'forbidden');
    expectRefusal(await api.call('GET', url, { token: t.outsider.token }), 404, 'not_found');
    expectRefusal(await api.call('GET', url, { token: t.talent.token }), 403, 'forbidden');
    expectRefusal(await api.call('GET', url), 401, 'unauthorized');
    for (const q of ['per_page=51', 'per_page=0', 'page=0', 'page=x', 'per_page=99999999999']) {
      expectRefusal(
        await api.call('GET', `${url}?${q}`, { token: t.owner.token }),
        400,
        'invalid_input',
      );
    }
  });

  it('names no actor once the actor’s account is gone (actor null)', async () => {
    const t = await createTeam(api);
    const second = await joinAs(api, t.companyId, 'owner', 'Gone Owner');
    await api.call('PATCH', `/companies/${t.companyId}/members/${t.recruiter.id}`, {
      token: second.token,
      body: { role: 'admin' },
    });
    const { users } = await import('@/db/schema');
    await api.db.delete(users).where(eq(users.id, second.id));
    const log = await api.call('GET', `/companies/${t.companyId}/audit`, { token: t.owner.token });
    expect((log.json.data as { data: unknown[] }).data[0]).toMatchObject({
      action: 'member.role_changed',
      actor: null,
    });
  });
});
