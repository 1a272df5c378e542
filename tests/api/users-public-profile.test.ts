import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectApplications, projects } from '@/db/schema';
import { APPLICATION_STATUS, PROJECT_STATUS } from '@/lib/statuses';
import { createTestApi } from '../helpers/api';
import { createUser, createBusiness } from '../helpers/users';

let api: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => api.close());

describe('a public profile', () => {
  it('shows others the talent’s finished work only, never open applications; the talent sees all', async () => {
    const talent = await createUser(api.db, api.deps);
    const business = await createBusiness(api);
    const posting = (name: string, status: number) => ({
      ownerId: business.id,
      name,
      summary: 's',
      description: 'd',
      budget: 1000,
      currency: 'USD',
      weeks: 4,
      modality: 'remote' as const,
      projectStatusId: status,
      // A month after the test's clock: open whatever the calendar says.
      endDate: new Date(api.clock.now.getTime() + 30 * 86_400_000).toISOString().slice(0, 10),
    });
    const [open, done] = await api.db
      .insert(projects)
      .values([
        posting('Open one', PROJECT_STATUS.recruiting),
        posting('Done one', PROJECT_STATUS.finished),
      ])
      .returning();
    await api.db.insert(projectApplications).values([
      { projectId: open!.id, userId: talent.id, proposal: 'p', priceProposal: 900, weeks: 4 },
      {
        projectId: done!.id,
        userId: talent.id,
        proposal: 'p',
        priceProposal: 900,
        weeks: 4,
        accepted: APPLICATION_STATUS.hired,
      },
    ]);
    for (const token of [undefined, business.token]) {
      const { json } = await api.call('GET', `/users/id/${talent.id}`, { token });
      expect((json.data as { projects: { name: string }[] }).projects.map((p) => p.name)).toEqual([
        'Done one',
      ]);
    }
    const own = await api.call('GET', `/users/id/${talent.id}`, { token: talent.token });
    expect((own.json.data as { projects: unknown[] }).projects).toHaveLength(2);
  });
});
