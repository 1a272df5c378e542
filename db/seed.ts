import { inArray, sql } from 'drizzle-orm';
import type { TPostingKind } from '@/lib/kinds';
import { VERIFY_STATUS } from '@/lib/statuses';
import {
  applicationStatusHistory,
  companies,
  companyAudit,
  companyMembers,
  jobApplications,
  jobs,
  languages,
  notifications,
  projectApplications,
  projects,
  reviews,
  skills,
  userLanguages,
  userRolesInterest,
  userSkills,
  userStudyCentres,
  userWorkplaces,
  users,
} from './schema';
import {
  DEMO_BUSINESSES,
  DEMO_JOBS,
  DEMO_JOB_APPLICATIONS,
  DEMO_OPERATORS,
  DEMO_PLAN,
  DEMO_PROJECTS,
  DEMO_PASSWORD_HASH,
  DEMO_PROJECT_APPLICATIONS,
  DEMO_REVIEWS,
  DEMO_TALENTS,
  DEMO_TEAM,
  demoLink,
  type TDemoUserRef,
  type TPlannedApplication,
} from './seed-data';
import type { Db } from './types';

const DAY = 24 * 3600 * 1000;

/**
 * Demo accounts, postings, applications with their status history, and notifications, written
 * only into a database without users (so a real database is never touched, and a second run is
 * a no-op). One transaction: all of it or nothing. Every demo account shares one precomputed
 * password hash (db/seed-data.ts). Times are relative to now (db/seed-data.ts "daysAgo").
 */
export async function seedDemoData(db: Db): Promise<void> {
  const [anyUser] = await db.select({ id: users.id }).from(users).limit(1);
  if (anyUser) return;
  try {
    await db.transaction((tx) => writeDemoData(tx, DEMO_PASSWORD_HASH));
  } catch (err) {
    // Another instance seeded at the same moment: its demo e-mails won the unique index.
    if (!isUniqueViolation(err)) throw err;
  }
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

async function writeDemoData(tx: Db, passwordHash: string): Promise<void> {
  const now = Date.now();
  const ago = (days: number) => new Date(now - days * DAY);
  const dateIn = (days: number) => new Date(now + days * DAY).toISOString().slice(0, 10);
  // Every account in one insert, each profile section in one more; ids matched back by e-mail.
  const accountRows = await tx
    .insert(users)
    .values([
      ...DEMO_TALENTS.map((t) => ({
        email: t.email,
        passwordHash,
        // Demo addresses are confirmed: the badge shows, nothing asks (docs/product.md).
        emailVerifiedAt: ago(30),
        isTalent: true,
        name: t.name,
        lastName: t.lastName,
        phone: t.phone,
        headline: t.headline,
        about: t.about,
        countryCode: t.countryCode,
        city: t.city,
        lang: t.lang,
      })),
      ...DEMO_BUSINESSES.map((b) => ({
        email: b.email,
        passwordHash,
        emailVerifiedAt: ago(30),
        isTalent: false,
        name: b.name,
        lastName: b.lastName,
        countryCode: b.countryCode,
        city: b.city,
        lang: b.lang,
      })),
      ...DEMO_TEAM.map((m) => ({
        email: m.email,
        passwordHash,
        emailVerifiedAt: ago(30),
        isTalent: false,
        name: m.name,
        lastName: m.lastName,
        lang: m.lang,
      })),
      ...DEMO_OPERATORS.map((o) => ({
        email: o.email,
        passwordHash,
        isTalent: false,
        name: o.name,
        lastName: o.lastName,
        lang: o.lang,
        isOperator: true,
        emailVerifiedAt: ago(30),
      })),
    ])
    .returning({ id: users.id, email: users.email });
  const idByEmail = new Map(accountRows.map((r) => [r.email, r.id]));
  const talentIds = DEMO_TALENTS.map((t) => idByEmail.get(t.email)!);
  const businessIds = DEMO_BUSINESSES.map((b) => idByEmail.get(b.email)!);
  const teamIds = DEMO_TEAM.map((m) => idByEmail.get(m.email)!);
  // Each business owns a company named after its workplace (its slug as createCompany makes it,
  // db/companies.ts: every name is free here); María's has a team besides her.
  const companyRows = await tx
    .insert(companies)
    .values(
      DEMO_BUSINESSES.map((b) => ({
        name: b.company,
        slug: sql`public.tc_slug(${b.company})`,
        createdAt: ago(900),
        updatedAt: ago(900),
      })),
    )
    .returning({ id: companies.id, name: companies.name });
  const companyIdByName = new Map(companyRows.map((r) => [r.name, r.id]));
  const companyIds = DEMO_BUSINESSES.map((b) => companyIdByName.get(b.company)!);
  await tx.insert(companyMembers).values([
    ...DEMO_BUSINESSES.map((_, i) => ({
      companyId: companyIds[i]!,
      userId: businessIds[i]!,
      role: 'owner' as const,
      joinedAt: ago(900),
    })),
    ...DEMO_TEAM.map((m, i) => ({
      companyId: companyIds[0]!,
      userId: teamIds[i]!,
      role: m.role,
      joinedAt: ago(m.joinedDaysAgo),
    })),
  ]);

  await tx.insert(userWorkplaces).values([
    ...DEMO_TALENTS.flatMap((t, i) =>
      t.workplaces.map((w) => ({
        userId: talentIds[i]!,
        workplaceName: w.workplace,
        position: w.position,
        startDate: w.start,
        endDate: w.end,
        description: w.description,
        workHere: w.end === null,
      })),
    ),
    ...DEMO_BUSINESSES.map((b, i) => ({
      userId: businessIds[i]!,
      workplaceName: b.company,
      position: b.position,
      startDate: b.start,
      workHere: true,
      enableBusiness: true,
    })),
  ]);
  await tx.insert(userStudyCentres).values(
    DEMO_TALENTS.map((t, i) => ({
      userId: talentIds[i]!,
      name: t.study.name,
      courseName: t.study.course,
      startDate: t.study.start,
      endDate: t.study.end,
      studyingHere: t.study.end === null,
      ...(t.study.inProcess ? { verifyStatusId: VERIFY_STATUS.inProcess, updatedAt: ago(2) } : {}),
    })),
  );
  const skillNames = new Map(
    DEMO_TALENTS.flatMap((t) => t.skills.map((s) => [s.toLowerCase(), s])),
  );
  await tx
    .insert(skills)
    .values([...skillNames.values()].map((name) => ({ name })))
    .onConflictDoNothing();
  const skillRows = await tx
    .select({ id: skills.id, name: skills.name })
    .from(skills)
    .where(inArray(sql`lower(${skills.name})`, [...skillNames.keys()]));
  const skillId = new Map(skillRows.map((s) => [s.name.toLowerCase(), s.id]));
  await tx
    .insert(userSkills)
    .values(
      DEMO_TALENTS.flatMap((t, i) =>
        t.skills.map((s) => ({ userId: talentIds[i]!, skillId: skillId.get(s.toLowerCase())! })),
      ),
    );
  await tx
    .insert(userRolesInterest)
    .values(
      DEMO_TALENTS.flatMap((t, i) => t.roles.map((name) => ({ userId: talentIds[i]!, name }))),
    );
  const langRows = await tx
    .select({ id: languages.id, code: languages.code })
    .from(languages)
    .where(inArray(languages.code, [...new Set(DEMO_TALENTS.flatMap((t) => t.languages))]));
  const languageId = new Map(langRows.map((l) => [l.code, l.id]));
  await tx
    .insert(userLanguages)
    .values(
      DEMO_TALENTS.flatMap((t, i) =>
        t.languages.map((code) => ({ userId: talentIds[i]!, languageId: languageId.get(code)! })),
      ),
    );

  const idsOf = { talent: talentIds, business: businessIds, team: teamIds };
  const userId = (ref: TDemoUserRef) => idsOf[ref.role][ref.index]!;
  const updatedDaysAgo = new Map(
    DEMO_PLAN.postings.map((p) => [`${p.kind}:${p.index}`, p.updatedDaysAgo]),
  );
  const postingUpdated = (kind: TPostingKind, index: number) =>
    ago(updatedDaysAgo.get(`${kind}:${index}`)!);

  // Each kind of posting in one insert; ids are matched back by name, unique per kind
  // (tests/unit/seed-bulk.test.ts). Rows are listed in the data's order, so ids follow it.
  const projectRows = await tx
    .insert(projects)
    .values(
      DEMO_PROJECTS.map((p, i) => ({
        ownerId: businessIds[p.owner]!,
        companyId: companyIds[p.owner]!,
        name: p.name,
        summary: p.summary,
        description: p.description,
        skills: p.skills,
        budget: p.budget,
        currency: p.currency,
        weeks: p.weeks,
        modality: p.modality,
        countryCode: p.countryCode,
        endDate: dateIn(p.deadlineInDays),
        projectStatusId: p.status,
        // The reviews' window opens at the finish (docs/product.md "Reviews").
        finishedAt: p.finishedDaysAgo === undefined ? null : ago(p.finishedDaysAgo),
        createdAt: ago(p.postedDaysAgo),
        updatedAt: postingUpdated('project', i),
      })),
    )
    .returning({ id: projects.id, name: projects.name });
  const projectIdByName = new Map(projectRows.map((r) => [r.name, r.id]));
  const projectIds = DEMO_PROJECTS.map((p) => projectIdByName.get(p.name)!);

  const jobRows = await tx
    .insert(jobs)
    .values(
      DEMO_JOBS.map((j, i) => ({
        ownerId: businessIds[j.owner]!,
        companyId: companyIds[j.owner]!,
        name: j.name,
        summary: j.summary,
        description: j.description,
        requirements: j.requirements,
        skills: j.skills,
        contractType: j.contractType,
        minSalary: j.minSalary,
        maxSalary: j.maxSalary,
        currency: j.currency,
        modality: j.modality,
        countryCode: j.countryCode,
        endDate: dateIn(j.deadlineInDays),
        jobStatusId: j.status,
        finishedAt: j.finishedDaysAgo === undefined ? null : ago(j.finishedDaysAgo),
        createdAt: ago(j.postedDaysAgo),
        updatedAt: postingUpdated('job', i),
      })),
    )
    .returning({ id: jobs.id, name: jobs.name });
  const jobIdByName = new Map(jobRows.map((r) => [r.name, r.id]));
  const jobIds = DEMO_JOBS.map((j) => jobIdByName.get(j.name)!);

  // Each kind in one insert; ids are matched back by (posting, talent), unique per kind.
  const planned = DEMO_PLAN.applications;
  const plannedOf: { [K in TPostingKind]: TPlannedApplication[] } = { project: [], job: [] };
  for (const a of planned) plannedOf[a.kind].push(a);
  const projectApplicationRows = await tx
    .insert(projectApplications)
    .values(
      plannedOf.project.map((a) => {
        const source = DEMO_PROJECT_APPLICATIONS[a.index]!;
        return {
          projectId: projectIds[a.posting]!,
          userId: talentIds[a.talent]!,
          proposal: source.proposal,
          priceProposal: source.price,
          weeks: source.weeks,
          accepted: a.status,
          reason: a.reason,
          shownAcceptedMessage: a.shownAcceptedMessage,
          readyToClose: a.readyToClose,
          createdAt: ago(a.appliedDaysAgo),
          updatedAt: ago(a.updatedDaysAgo),
        };
      }),
    )
    .returning({
      id: projectApplications.id,
      postingId: projectApplications.projectId,
      userId: projectApplications.userId,
    });
  const jobApplicationRows = await tx
    .insert(jobApplications)
    .values(
      plannedOf.job.map((a) => {
        const source = DEMO_JOB_APPLICATIONS[a.index]!;
        return {
          jobId: jobIds[a.posting]!,
          userId: talentIds[a.talent]!,
          summary: source.summary,
          experience: source.experience,
          selected: a.status,
          reason: a.reason,
          createdAt: ago(a.appliedDaysAgo),
          updatedAt: ago(a.updatedDaysAgo),
        };
      }),
    )
    .returning({
      id: jobApplications.id,
      postingId: jobApplications.jobId,
      userId: jobApplications.userId,
    });
  const postingIds = { project: projectIds, job: jobIds };
  const postingId = (kind: TPostingKind, index: number) => postingIds[kind][index]!;
  const applicationIds = new Map<string, number>([
    ...projectApplicationRows.map((r) => [`project:${r.postingId}:${r.userId}`, r.id] as const),
    ...jobApplicationRows.map((r) => [`job:${r.postingId}:${r.userId}`, r.id] as const),
  ]);
  const applicationId = (i: number) => {
    const a = planned[i]!;
    return applicationIds.get(`${a.kind}:${postingId(a.kind, a.posting)}:${talentIds[a.talent]}`)!;
  };

  await tx.insert(applicationStatusHistory).values(
    DEMO_PLAN.history.map((h) => ({
      kind: planned[h.application]!.kind,
      applicationId: applicationId(h.application),
      actorId: userId(h.actor),
      fromStatus: h.from,
      toStatus: h.to,
      reason: h.reason,
      createdAt: ago(h.daysAgo),
    })),
  );
  // The companies' audit logs, as the acts above would have written them: postings published,
  // María's team joining, and every move a member made (docs/product.md "Companies and teams").
  const postingsOf = { project: DEMO_PROJECTS, job: DEMO_JOBS };
  const personOf = (ref: TDemoUserRef) =>
    ref.role === 'talent'
      ? DEMO_TALENTS[ref.index]!
      : ref.role === 'business'
        ? DEMO_BUSINESSES[ref.index]!
        : DEMO_TEAM[ref.index]!;
  const fullName = (ref: TDemoUserRef) => `${personOf(ref).name} ${personOf(ref).lastName}`;
  await tx.insert(companyAudit).values([
    ...(['project', 'job'] as const).flatMap((kind) =>
      postingsOf[kind].map((posting, index) => ({
        companyId: companyIds[posting.owner]!,
        actorId: businessIds[posting.owner]!,
        action: 'posting.created',
        target: { type: kind, id: postingId(kind, index), label: posting.name },
        createdAt: ago(posting.postedDaysAgo),
      })),
    ),
    ...DEMO_TEAM.map((m, i) => ({
      companyId: companyIds[0]!,
      actorId: teamIds[i]!,
      action: 'member.joined',
      target: { type: 'member', id: teamIds[i]!, label: `${m.name} ${m.lastName}`, role: m.role },
      createdAt: ago(m.joinedDaysAgo),
    })),
    ...DEMO_PLAN.history
      .filter((h) => h.actor.role !== 'talent')
      .map((h) => {
        const a = planned[h.application]!;
        const posting = postingsOf[a.kind][a.posting]!;
        return {
          companyId: companyIds[posting.owner]!,
          actorId: userId(h.actor),
          action: 'application.moved',
          target: {
            type: `${a.kind}_application`,
            id: applicationId(h.application),
            label: fullName({ role: 'talent', index: a.talent }),
            posting: { kind: a.kind, id: postingId(a.kind, a.posting), name: posting.name },
            talent_id: talentIds[a.talent]!,
            from: h.from,
            to: h.to,
          },
          createdAt: ago(h.daysAgo),
        };
      }),
  ]);
  await tx.insert(reviews).values(
    DEMO_REVIEWS.map((r) => {
      const owner = (r.kind === 'project' ? DEMO_PROJECTS : DEMO_JOBS)[r.posting]!.owner;
      const talentId = talentIds[r.talent]!;
      return {
        kind: r.kind,
        applicationId: applicationIds.get(`${r.kind}:${postingId(r.kind, r.posting)}:${talentId}`)!,
        side: r.side,
        companyId: companyIds[owner]!,
        talentId,
        authorId: r.side === 'talent' ? talentId : businessIds[owner]!,
        rating: r.rating,
        body: r.body,
        lang: 'en',
        createdAt: ago(r.daysAgo),
      };
    }),
  );
  // Nobody can be signed in yet (there were no users), so no stream awaits these: no pg_notify.
  await tx.insert(notifications).values(
    DEMO_PLAN.notifications.map((n) => ({
      userId: userId(n.recipient),
      type: n.type,
      message: n.message,
      messageEs: n.messageEs,
      link: demoLink(n.link, postingId(n.link.kind, n.link.posting)),
      beenClicked: n.beenClicked,
      createdAt: ago(n.daysAgo),
    })),
  );
}
