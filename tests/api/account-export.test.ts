import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '@/db/schema';
import { createTestApi, socketFrom, type TJson } from '../helpers/api';
import { pipelineFixtures } from '../helpers/marketplace';
import { createBusiness, createTalent } from '../helpers/users';

// docs/api.md "One's own account": GET /me/export, everything the platform holds about the
// caller, nobody else's, and no secret.

let api: Awaited<ReturnType<typeof createTestApi>>;
let fx: ReturnType<typeof pipelineFixtures>;
beforeAll(async () => {
  api = await createTestApi();
  fx = pipelineFixtures(api.call, api.deps.now);
});
afterAll(async () => api.close());
beforeEach(async () => {
  await api.resetRateLimits();
});

async function exportOf(token: string | undefined) {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const res = await api.app.request('/api/me/export', { headers }, socketFrom());
  return { res, status: res.status, body: await res.text() };
}

describe('GET /api/me/export', () => {
  it('gives a talent their profile, applications, conversations, searches and uploads', async () => {
    const business = await createBusiness(api);
    const ana = await createTalent(api);
    const other = await createTalent(api);
    const project = await fx.postProject(business.token);
    const app = await fx.applyProject(ana.token, project.id);
    await fx.applyProject(other.token, project.id);
    await fx.move('project', business.token, app.id, 1);
    await api.call('POST', '/me/roles_interest', { token: ana.token, body: { name: 'Designer' } });
    await api.call('POST', '/saved_searches', {
      token: ana.token,
      body: { name: 'Remote design', kind: 'project' },
    });
    await api.call('PUT', `/me/favorites/project/${project.id}`, { token: ana.token });
    const conv = await api.call('POST', '/conversations', {
      token: business.token,
      body: { kind: 'project', application_id: app.id },
    });
    const convId = (conv.json.data as { id: number }).id;
    await api.call('POST', `/conversations/${convId}/messages`, {
      token: business.token,
      body: { body: 'Can you start Monday?' },
    });
    await api.call('POST', `/conversations/${convId}/messages`, {
      token: ana.token,
      body: { body: 'Yes I can' },
    });
    await api.db.update(users).set({ phone: '+51 1234' }).where(eq(users.id, ana.id));

    const { res, status, body } = await exportOf(ana.token);
    expect(status).toBe(200);
    const day = api.clock.now.toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="talentchain-export-${day}.json"`,
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const doc = JSON.parse(body) as Record<string, unknown> & { user: TJson };
    expect(doc.user).toMatchObject({ id: ana.id, email: ana.email, phone: '+51 1234' });
    for (const secret of ['password_hash', 'token_version', 'google_sub']) {
      expect(doc.user).not.toHaveProperty(secret);
    }
    expect(body).not.toContain('$argon2');
    expect(body).not.toContain(other.email);
    expect(doc.roles).toMatchObject([{ name: 'Designer' }]);
    expect(doc.project_applications).toMatchObject([
      {
        id: app.id,
        kind: 'project',
        posting: { id: project.id, name: project.name },
        status_history: [{ from: 0, to: 1 }],
      },
    ]);
    expect(doc.saved_searches).toMatchObject([{ name: 'Remote design', kind: 'project' }]);
    expect(doc.favorites).toMatchObject([{ kind: 'project', target_id: project.id }]);
    expect(doc.conversations).toMatchObject([
      {
        id: convId,
        messages: [
          { from_me: false, body: 'Can you start Monday?' },
          { from_me: true, body: 'Yes I can' },
        ],
      },
    ]);
    expect((doc.notifications as unknown[]).length).toBeGreaterThan(0);
    for (const key of [
      'exported_at',
      'workplaces',
      'study_centres',
      'skills',
      'languages',
      'job_applications',
      'projects',
      'jobs',
      'company_memberships',
      'reviews_written',
      'reviews_received',
      'saved_search_alerts',
      'invitations',
      'reports',
      'email_preferences',
      'uploads',
    ]) {
      expect(doc).toHaveProperty(key);
    }
  });

  it('gives a business their postings and memberships, and not the applicants’ profiles', async () => {
    const business = await createBusiness(api);
    const talent = await createTalent(api);
    const project = await fx.postProject(business.token);
    await fx.applyProject(talent.token, project.id);
    const { body } = await exportOf(business.token);
    const doc = JSON.parse(body) as Record<string, unknown[]>;
    expect(doc.projects).toMatchObject([{ id: project.id, name: project.name }]);
    expect(doc.company_memberships).toMatchObject([
      { company: { id: business.companyId }, role: 'owner' },
    ]);
    expect(doc.project_applications).toEqual([]);
    expect(body).not.toContain(talent.email);
  });

  it('lists the caller’s uploads as links, and is limited to 5 an hour', async () => {
    const ana = await createTalent(api);
    const form = new FormData();
    form.append('file', new Blob([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')]), 'cv.pdf');
    const up = await api.app.request(
      '/api/file',
      { method: 'POST', body: form, headers: { Authorization: `Bearer ${ana.token}` } },
      socketFrom('10.29.6.1'),
    );
    const { url } = ((await up.json()) as TJson).data as { url: string };
    const doc = JSON.parse((await exportOf(ana.token)).body) as { uploads: unknown[] };
    expect(doc.uploads).toMatchObject([{ name: 'cv.pdf', mime: 'application/pdf', url }]);
    for (let i = 0; i < 4; i++) expect((await exportOf(ana.token)).status).toBe(200);
    expect((await exportOf(ana.token)).status).toBe(429);
    expect((await exportOf(undefined)).status).toBe(401);
  });
});
