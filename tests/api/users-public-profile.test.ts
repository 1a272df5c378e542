import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobApplications, jobs, projectApplications, projects } from '@/db/schema';
import { APPLICATION_STATUS, JOB_STATUS, PROJECT_STATUS } from '@/lib/statuses';
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
      companyId: business.companyId!,
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

  it('shows others a finished job the talent was hired for, with its status, decision and proofs', async () => {
    const talent = await createUser(api.db, api.deps);
    const business = await createUser(api.db, api.deps, { isTalent: false });
    const job = (name: string, status: number) => ({
      ownerId: business.id,
      companyId: business.companyId!,
      name,
      summary: 's',
      description: 'd',
      contractType: 'full_time' as const,
      currency: 'USD',
      modality: 'remote' as const,
      jobStatusId: status,
    });
    const [open, done] = await api.db
      .insert(jobs)
      .values([job('Open job', JOB_STATUS.recruiting), job('Done job', JOB_STATUS.finished)])
      .returning();
    const [, hired] = await api.db
      .insert(jobApplications)
      .values([
        { jobId: open!.id, userId: talent.id, summary: 's' },
        {
          jobId: done!.id,
          userId: talent.id,
          summary: 's',
          selected: APPLICATION_STATUS.hired,
          algorandTransaction: 'A'.repeat(52),
        },
      ])
      .returning();
    const { json } = await api.call('GET', `/users/id/${talent.id}`, { token: business.token });
    expect((json.data as { jobs: unknown[] }).jobs).toEqual([
      {
        id: done!.id,
        name: 'Done job',
        job_status_id: JOB_STATUS.finished,
        application: {
          id: hired!.id,
          selected: APPLICATION_STATUS.hired,
          algorand_transaction: 'A'.repeat(52),
          near_transaction: null,
        },
      },
    ]);
    const own = await api.call('GET', `/users/id/${talent.id}`, { token: talent.token });
    const names = (own.json.data as { jobs: { name: string }[] }).jobs.map((j) => j.name);
    expect(names.sort()).toEqual(['Done job', 'Open job']);
  });
});
