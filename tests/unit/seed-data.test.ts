import { verify } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import {
  DEMO_ACCOUNTS,
  DEMO_BUSINESSES,
  DEMO_JOBS,
  DEMO_PASSWORD_HASH,
  DEMO_PLAN,
  DEMO_PROJECTS,
  DEMO_PROJECT_APPLICATIONS,
  DEMO_TALENTS,
  DEMO_TEAM,
  JOB,
  POSITION_CLOSED,
  PROJECT,
  TALENT,
  demoLink,
  planDemoPipeline,
  type TPlannedApplication,
} from '@/db/seed-data';
import { APPLICATION_STATUS, JOB_STATUS, PROJECT_STATUS } from '@/lib/statuses';
import { verifyPassword } from '@/server/auth/password';

const { applied, shortlisted, hired, rejected, withdrawn } = APPLICATION_STATUS;
const MARIA = DEMO_BUSINESSES.findIndex((b) => b.email === 'maria.business@demo.talentchain.dev');

const applicationsOf = (kind: 'project' | 'job', posting: number) =>
  DEMO_PLAN.applications.filter((a) => a.kind === kind && a.posting === posting);
const historyOf = (a: TPlannedApplication) =>
  DEMO_PLAN.history.filter((h) => DEMO_PLAN.applications[h.application] === a);

describe('the demo password hash', () => {
  it('is an Argon2id hash of the demo password with the server’s parameters', async () => {
    expect(DEMO_ACCOUNTS.password).toBe('Demo-pass-2026');
    // server/auth/password.ts: 19 MiB, 2 passes, 1 lane, Argon2 version 1.3 (19).
    expect(DEMO_PASSWORD_HASH).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verify(DEMO_PASSWORD_HASH, DEMO_ACCOUNTS.password)).toBe(true);
    expect(await verifyPassword(DEMO_PASSWORD_HASH, DEMO_ACCOUNTS.password)).toBe(true);
    expect(await verifyPassword(DEMO_PASSWORD_HASH, 'Demo-pass-2025')).toBe(false);
  });
});

describe('the demo accounts', () => {
  it('are the talents and businesses defined, each e-mail once', () => {
    expect(DEMO_TALENTS.map((t) => t.email)).toEqual([...DEMO_ACCOUNTS.talents]);
    expect(DEMO_BUSINESSES.map((b) => b.email)).toEqual([...DEMO_ACCOUNTS.businesses]);
    const all = [...DEMO_ACCOUNTS.talents, ...DEMO_ACCOUNTS.businesses];
    expect(new Set(all).size).toBe(all.length);
    for (const [name, i] of Object.entries(TALENT)) {
      expect(DEMO_TALENTS[i]!.email).toBe(`${name}.talent@demo.talentchain.dev`);
    }
  });
});

describe('the demo pipeline', () => {
  it('fills every column of María’s demo board, each with another talent, Ana among them', () => {
    const board = DEMO_PROJECTS[PROJECT.coffeeShop]!;
    expect(board.owner).toBe(MARIA);
    expect(board.status).toBe(PROJECT_STATUS.recruiting);
    const apps = applicationsOf('project', PROJECT.coffeeShop);
    for (const status of [applied, shortlisted, hired, rejected, withdrawn]) {
      expect(
        apps.filter((a) => a.status === status),
        `status ${status}`,
      ).not.toHaveLength(0);
    }
    expect(new Set(apps.map((a) => a.talent)).size).toBe(apps.length);
    expect(apps.map((a) => a.talent)).toContain(TALENT.ana);
    for (const a of apps.filter((x) => x.status === rejected)) expect(a.reason).toBeTruthy();
  });

  it('has a history for every moved application: from applied to where it is, by the right person', () => {
    const moved = DEMO_PLAN.applications.filter((a) => a.status !== applied);
    expect(moved.length).toBeGreaterThan(10);
    for (const a of DEMO_PLAN.applications) {
      const history = historyOf(a);
      if (a.status === applied) {
        expect(history).toEqual([]);
        continue;
      }
      expect(history.length, `${a.kind} application ${a.index}`).toBeGreaterThan(0);
      const owner = (a.kind === 'project' ? DEMO_PROJECTS : DEMO_JOBS)[a.posting]!.owner;
      let status: number = applied;
      let at = a.appliedDaysAgo;
      for (const h of history) {
        expect(h.from).toBe(status);
        expect(h.daysAgo).toBeLessThan(at);
        expect(h.daysAgo).toBeGreaterThan(0);
        // María's recruiter (DEMO_TEAM) made her shortlistings; the owner every other move.
        const recruiter = DEMO_TEAM.findIndex((m) => m.role === 'recruiter');
        expect(h.actor).toEqual(
          h.to === withdrawn
            ? { role: 'talent', index: a.talent }
            : owner === 0 && h.to === shortlisted
              ? { role: 'team', index: recruiter }
              : { role: 'business', index: owner },
        );
        expect(Boolean(h.reason)).toBe(h.to === rejected);
        status = h.to;
        at = h.daysAgo;
      }
      expect(status).toBe(a.status);
      expect(a.reason).toBe(history.at(-1)!.reason);
    }
  });

  it('shows the congratulations only to a hired talent who has not seen them yet', () => {
    const shown = DEMO_PLAN.applications.filter((a) => a.shownAcceptedMessage);
    expect(shown.map((a) => [a.kind, a.posting, a.talent])).toEqual([
      ['project', PROJECT.coffeeShop, TALENT.mateo],
    ]);
  });

  it('has a finished project with Ana hired and ready to close, the others closed', () => {
    const finished = DEMO_PROJECTS.flatMap((p, i) =>
      p.status === PROJECT_STATUS.finished ? [i] : [],
    );
    expect(finished).toEqual([PROJECT.trackingPortal]);
    const apps = applicationsOf('project', PROJECT.trackingPortal);
    const hiredApps = apps.filter((a) => a.status === hired);
    expect(hiredApps).toEqual([
      expect.objectContaining({
        talent: TALENT.ana,
        readyToClose: true,
        shownAcceptedMessage: false,
      }),
    ]);
    const others = apps.filter((a) => a.status !== hired);
    expect(others.length).toBeGreaterThanOrEqual(2);
    for (const a of others) {
      expect(a).toMatchObject({ status: rejected, reason: POSITION_CLOSED.en });
      expect(DEMO_TALENTS[a.talent]!.lang).toBe('en');
    }
  });

  it('has a started project with a hired talent who can still mark it ready to close', () => {
    const started = DEMO_PROJECTS.flatMap((p, i) =>
      p.status === PROJECT_STATUS.started ? [i] : [],
    );
    expect(started).toEqual([PROJECT.algorandPayments]);
    const apps = applicationsOf('project', PROJECT.algorandPayments);
    expect(apps.filter((a) => a.status === hired && !a.readyToClose)).toHaveLength(1);
    // Nobody is left waiting on a posting that no longer recruits.
    for (const a of DEMO_PLAN.applications) {
      const posting = (a.kind === 'project' ? DEMO_PROJECTS : DEMO_JOBS)[a.posting]!;
      if (posting.status !== PROJECT_STATUS.recruiting) {
        expect([hired, rejected, withdrawn]).toContain(a.status);
      }
    }
  });

  it('has a job of María’s with applicants in several states', () => {
    expect(DEMO_JOBS[JOB.uxDesigner]).toMatchObject({
      owner: MARIA,
      status: JOB_STATUS.recruiting,
    });
    const states = new Set(applicationsOf('job', JOB.uxDesigner).map((a) => a.status));
    expect(states.size).toBeGreaterThanOrEqual(3);
  });

  it('notifies every demo account, with read and unread ones, in both languages, with links', () => {
    const types = new Set(DEMO_PLAN.notifications.map((n) => n.type));
    for (const type of [
      'application_new',
      'application_status',
      'project_started',
      'project_finished',
      'posting_closed',
      'ready_to_close',
    ]) {
      expect(types).toContain(type);
    }
    const accounts = [
      ...DEMO_TALENTS.map((_, index) => ({ role: 'talent' as const, index })),
      ...DEMO_BUSINESSES.map((_, index) => ({ role: 'business' as const, index })),
    ];
    for (const who of accounts) {
      const mine = DEMO_PLAN.notifications.filter(
        (n) => n.recipient.role === who.role && n.recipient.index === who.index,
      );
      expect(mine.filter((n) => !n.beenClicked).length, JSON.stringify(who)).toBeGreaterThan(0);
    }
    expect(DEMO_PLAN.notifications.filter((n) => n.beenClicked).length).toBeGreaterThan(10);
    for (const n of DEMO_PLAN.notifications) {
      expect(n.message).not.toBe(n.messageEs);
      expect(n.daysAgo).toBeGreaterThan(0);
      // The owner is sent to the board, the talent to the posting.
      expect(n.link.to).toBe(n.recipient.role === 'business' ? 'owner' : 'talent');
    }
    expect(demoLink({ kind: 'project', posting: 0, to: 'talent' }, 7)).toBe('/projects/7');
    expect(demoLink({ kind: 'job', posting: 0, to: 'owner' }, 7)).toBe(
      '/business/jobs/7/applicants',
    );
  });

  it('refuses a step the server would refuse', () => {
    const move = { to: shortlisted, daysAgo: 1 };
    const diego = DEMO_PROJECT_APPLICATIONS.find(
      (a) => a.project === PROJECT.algorandPayments && a.talent === TALENT.diego,
    )!;
    const moves = diego.moves;
    diego.moves = [...moves!, move]; // after the project started
    try {
      expect(() => planDemoPipeline()).toThrow(/no longer recruits/);
    } finally {
      diego.moves = moves;
    }
    expect(planDemoPipeline()).toEqual(DEMO_PLAN);
  });
});
