import { inArray, sql } from 'drizzle-orm';
import {
  jobApplications,
  jobs,
  languages,
  projectApplications,
  projects,
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
  DEMO_PROJECTS,
  DEMO_PASSWORD_HASH,
  DEMO_PROJECT_APPLICATIONS,
  DEMO_TALENTS,
} from './seed-data';
import type { Db } from './types';

const DAY = 24 * 3600 * 1000;
const dateIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

/**
 * Demo accounts and postings, written only into a database without users (so a real database
 * is never touched, and a second run is a no-op). One transaction: all of it or nothing. Every
 * demo account shares one precomputed password hash (db/seed-data.ts).
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
  const talentIds: number[] = [];
  for (const t of DEMO_TALENTS) {
    const [row] = await tx
      .insert(users)
      .values({
        email: t.email,
        passwordHash,
        isTalent: true,
        name: t.name,
        lastName: t.lastName,
        phone: t.phone,
        headline: t.headline,
        about: t.about,
        countryCode: t.countryCode,
        city: t.city,
        lang: t.lang,
      })
      .returning({ id: users.id });
    const userId = row!.id;
    talentIds.push(userId);
    await tx.insert(userWorkplaces).values(
      t.workplaces.map((w) => ({
        userId,
        workplaceName: w.workplace,
        position: w.position,
        startDate: w.start,
        endDate: w.end,
        description: w.description,
        workHere: w.end === null,
      })),
    );
    await tx.insert(userStudyCentres).values({
      userId,
      name: t.study.name,
      courseName: t.study.course,
      startDate: t.study.start,
      endDate: t.study.end,
      studyingHere: t.study.end === null,
    });
    await tx
      .insert(skills)
      .values(t.skills.map((name) => ({ name })))
      .onConflictDoNothing();
    const skillRows = await tx
      .select({ id: skills.id })
      .from(skills)
      .where(
        inArray(
          sql`lower(${skills.name})`,
          t.skills.map((s) => s.toLowerCase()),
        ),
      );
    await tx.insert(userSkills).values(skillRows.map((s) => ({ userId, skillId: s.id })));
    await tx.insert(userRolesInterest).values(t.roles.map((name) => ({ userId, name })));
    const langRows = await tx
      .select({ id: languages.id })
      .from(languages)
      .where(inArray(languages.code, t.languages));
    await tx.insert(userLanguages).values(langRows.map((l) => ({ userId, languageId: l.id })));
  }

  const businessIds: number[] = [];
  for (const b of DEMO_BUSINESSES) {
    const [row] = await tx
      .insert(users)
      .values({
        email: b.email,
        passwordHash,
        isTalent: false,
        name: b.name,
        lastName: b.lastName,
        countryCode: b.countryCode,
        city: b.city,
        lang: b.lang,
      })
      .returning({ id: users.id });
    businessIds.push(row!.id);
    await tx.insert(userWorkplaces).values({
      userId: row!.id,
      workplaceName: b.company,
      position: b.position,
      startDate: b.start,
      workHere: true,
      enableBusiness: true,
    });
  }

  const projectIds: number[] = [];
  for (const [i, p] of DEMO_PROJECTS.entries()) {
    const [row] = await tx
      .insert(projects)
      .values({
        ownerId: businessIds[p.owner]!,
        name: p.name,
        summary: p.summary,
        description: p.description,
        skills: p.skills,
        budget: p.budget,
        currency: p.currency,
        weeks: p.weeks,
        modality: p.modality,
        countryCode: p.countryCode,
        endDate: dateIn(30 + 10 * i),
        projectStatusId: p.status,
      })
      .returning({ id: projects.id });
    projectIds.push(row!.id);
  }

  const jobIds: number[] = [];
  for (const [i, j] of DEMO_JOBS.entries()) {
    const [row] = await tx
      .insert(jobs)
      .values({
        ownerId: businessIds[j.owner]!,
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
        endDate: dateIn(20 + 10 * i),
        jobStatusId: j.status,
      })
      .returning({ id: jobs.id });
    jobIds.push(row!.id);
  }

  await tx.insert(projectApplications).values(
    DEMO_PROJECT_APPLICATIONS.map((a) => ({
      projectId: projectIds[a.project]!,
      userId: talentIds[a.talent]!,
      proposal: a.proposal,
      priceProposal: a.price,
      weeks: a.weeks,
      accepted: a.accepted,
      shownAcceptedMessage: false,
    })),
  );
  await tx.insert(jobApplications).values(
    DEMO_JOB_APPLICATIONS.map((a) => ({
      jobId: jobIds[a.job]!,
      userId: talentIds[a.talent]!,
      summary: a.summary,
      experience: a.experience,
      selected: a.selected,
    })),
  );
}
