import { and, asc, desc, eq } from 'drizzle-orm';
import {
  jobApplications,
  jobs,
  languages,
  notifications,
  projectApplications,
  projects,
  skills,
  userLanguages,
  userRolesInterest,
  userSkills,
  userStudyCentres,
  userWorkplaces,
  users,
} from '@/db/schema';
import type { Db } from '@/db/types';
import type { TCtx } from '@/server/context';
import { APPLICATION_STATUS, JOB_STATUS, PROJECT_STATUS } from '@/lib/statuses';
import { AppError } from '@/server/errors';
import {
  cvFileOf,
  languageDto,
  ownInfoDto,
  studyCentreDto,
  workplaceDto,
} from '@/server/services/profile/dto';

type TUserRow = typeof users.$inferSelect;

export const notificationDto = (n: typeof notifications.$inferSelect) => ({
  id: n.id,
  type: n.type,
  message: n.message,
  message_es: n.messageEs,
  link: n.link,
  been_clicked: n.beenClicked,
  created_at: n.createdAt.toISOString(),
});

/** The profile sections everyone may see. */
async function profileSections(db: Db, user: TUserRow) {
  const [workplaces, studyCentres, skillRows, roles, langs, projectRows, jobRows, cvFile] =
    await Promise.all([
      db
        .select()
        .from(userWorkplaces)
        .where(eq(userWorkplaces.userId, user.id))
        .orderBy(desc(userWorkplaces.startDate), desc(userWorkplaces.id)),
      db
        .select()
        .from(userStudyCentres)
        .where(eq(userStudyCentres.userId, user.id))
        .orderBy(desc(userStudyCentres.startDate), desc(userStudyCentres.id)),
      db
        .select({ name: skills.name })
        .from(userSkills)
        .innerJoin(skills, eq(skills.id, userSkills.skillId))
        .where(eq(userSkills.userId, user.id))
        .orderBy(asc(userSkills.createdAt), asc(skills.name)),
      db
        .select({ name: userRolesInterest.name })
        .from(userRolesInterest)
        .where(eq(userRolesInterest.userId, user.id))
        .orderBy(asc(userRolesInterest.id)),
      db
        .select({
          id: languages.id,
          code: languages.code,
          nameEn: languages.nameEn,
          nameEs: languages.nameEs,
        })
        .from(userLanguages)
        .innerJoin(languages, eq(languages.id, userLanguages.languageId))
        .where(eq(userLanguages.userId, user.id))
        .orderBy(asc(userLanguages.createdAt)),
      db
        .select({ project: projects, application: projectApplications })
        .from(projectApplications)
        .innerJoin(projects, eq(projects.id, projectApplications.projectId))
        .where(eq(projectApplications.userId, user.id))
        .orderBy(desc(projectApplications.createdAt)),
      db
        .select({ job: jobs, application: jobApplications })
        .from(jobApplications)
        .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
        .where(eq(jobApplications.userId, user.id))
        .orderBy(desc(jobApplications.createdAt)),
      cvFileOf(db, user.cvUrl),
    ]);
  return {
    id: user.id,
    is_talent: user.isTalent,
    headline: user.headline,
    about: user.about,
    country_code: user.countryCode,
    city: user.city,
    avatar_url: user.avatarUrl,
    cv_url: user.cvUrl,
    cv_file: cvFile,
    links: user.links ?? {},
    workplaces: workplaces.map(workplaceDto),
    study_centres: studyCentres.map(studyCentreDto),
    skills: skillRows,
    roles_interest: roles,
    languages: langs.map((l) => languageDto(l, user.lang)),
    projects: projectRows.map(({ project, application }) => ({
      id: project.id,
      name: project.name,
      project_status_id: project.projectStatusId,
      application: {
        id: application.id,
        accepted: application.accepted,
        shown_accepted_message: application.shownAcceptedMessage,
        ready_to_close: application.readyToClose,
        algorand_transaction: application.algorandTransaction,
        near_transaction: application.nearTransaction,
      },
    })),
    jobs: jobRows.map(({ job, application }) => ({
      id: job.id,
      name: job.name,
      job_status_id: job.jobStatusId,
      application: {
        id: application.id,
        selected: application.selected,
        algorand_transaction: application.algorandTransaction,
        near_transaction: application.nearTransaction,
      },
    })),
    algo_address: user.algoAddress,
    near_wallet: user.nearWallet,
  };
}

/** The signed-in user as docs/api.md "The user object" describes it: everything, for the user themself. */
export async function selfUserDto(db: Db, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('not_found');
  const [sections, notes] = await Promise.all([
    profileSections(db, user),
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, user.id))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(50),
  ]);
  return {
    ...sections,
    ...ownInfoDto(user, sections.cv_file),
    notifications: notes.map(notificationDto),
  };
}

export type TUserDto = Awaited<ReturnType<typeof selfUserDto>>;

/** Whether `viewer` owns a posting that `talentId` applied to. */
async function talentAppliedToViewer(db: Db, talentId: number, viewerId: number): Promise<boolean> {
  const [project] = await db
    .select({ id: projectApplications.id })
    .from(projectApplications)
    .innerJoin(projects, eq(projects.id, projectApplications.projectId))
    .where(and(eq(projectApplications.userId, talentId), eq(projects.ownerId, viewerId)))
    .limit(1);
  if (project) return true;
  const [job] = await db
    .select({ id: jobApplications.id })
    .from(jobApplications)
    .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .where(and(eq(jobApplications.userId, talentId), eq(jobs.ownerId, viewerId)))
    .limit(1);
  return Boolean(job);
}

/**
 * `GET /users/id/{id}`: the full user to themself; to others the public profile, without
 * e-mail, phone, payment e-mail or notifications, except e-mail and phone for a business that
 * owns a posting the talent applied to.
 */
export async function getUser(ctx: TCtx, input: { id: number }) {
  const { db } = ctx;
  const viewer = ctx.user;
  const userId = input.id;
  if (viewer?.id === userId) return selfUserDto(db, userId);
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user)
    throw new AppError('not_found', {
      message: 'User not found.',
      messageEs: 'Usuario no encontrado.',
    });
  const sections = await profileSections(db, user);
  const contact =
    viewer && !viewer.isTalent && (await talentAppliedToViewer(db, user.id, viewer.id));
  return {
    ...sections,
    // Others see finished work only (docs/product.md "Public profiles"), never open applications.
    projects: sections.projects.filter(
      (p) =>
        p.project_status_id === PROJECT_STATUS.finished &&
        p.application.accepted === APPLICATION_STATUS.hired,
    ),
    jobs: sections.jobs.filter(
      (j) =>
        j.job_status_id === JOB_STATUS.finished &&
        j.application.selected === APPLICATION_STATUS.hired,
    ),
    person: { name: user.name, last_name: user.lastName, phone: contact ? user.phone : null },
    ...(contact ? { email: user.email } : {}),
  };
}
