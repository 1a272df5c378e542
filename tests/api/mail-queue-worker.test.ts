import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_STATUS } from '@/lib/statuses';
import type { TMail } from '@/server/mail/mailer';
import { stopQueue } from '@/server/queue';
import { startJobs } from '@/server/queue/jobs';
import { enqueueAccountMail } from '@/server/services/notifications/mail-outbox';
import { createTestApi, socketFrom } from '../helpers/api';
import { businessTalentApplication, pipelineFixtures } from '../helpers/marketplace';

// The job queue running as in a server (docs/architecture.md "E-mail outbox and job queue"):
// pg-boss started on the test's database (PGlite, or PostgreSQL with TEST_DATABASE_URL) with its
// workers, cron and maintenance. No test helper runs the jobs here: the workers do.

let api: Awaited<ReturnType<typeof createTestApi>>;
/** Resolves the next mail to `to` (the workers send in their own time). */
const waiting = new Map<string, (mail: TMail) => void>();
const nextMailTo = (to: string) => new Promise<TMail>((resolve) => waiting.set(to, resolve));

beforeAll(async () => {
  api = await createTestApi({
    mailer: {
      send: async (mail) => {
        api.outbox.push(mail);
        waiting.get(mail.to)?.(mail);
      },
    },
  });
  await startJobs(api.deps);
});
afterAll(async () => {
  await stopQueue();
  await api.close();
});

describe('the workers', () => {
  it("send a move's e-mail as soon as the move commits (the instance wakes its worker)", async () => {
    const fx = pipelineFixtures(api.call, () => api.clock.now);
    const { business, talent, application } = await businessTalentApplication(api, { fx });
    const mail = nextMailTo(talent.email);
    const started = performance.now();
    // Straight to the app: the test helper's call would run the job itself.
    const res = await api.app.request(
      '/api/project_applications/changeApplicationStatus',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${business.token}` },
        body: JSON.stringify({
          application_id: application.id,
          status: APPLICATION_STATUS.shortlisted,
          lang: 'en',
        }),
      },
      socketFrom(),
    );
    expect(res.status).toBe(200);
    expect((await mail).subject).toContain('shortlisted');
    console.log(`pick-up after a commit, woken: ${Math.round(performance.now() - started)} ms`);
  });

  it('send an e-mail another instance queued, within the polling interval', async () => {
    const fx = pipelineFixtures(api.call, () => api.clock.now);
    const { talent } = await businessTalentApplication(api, { fx });
    const mail = nextMailTo(talent.email);
    const started = performance.now();
    // Written as another instance would: in a transaction, without waking this one.
    await api.db.transaction((tx) =>
      enqueueAccountMail(
        tx,
        { now: api.clock.now },
        {
          userId: talent.id,
          type: 'test',
          mail: { to: talent.email, subject: 'From elsewhere', text: 'Hello' },
        },
      ),
    );
    expect((await mail).subject).toBe('From elsewhere');
    console.log(`pick-up by polling: ${Math.round(performance.now() - started)} ms`);
  });
});
