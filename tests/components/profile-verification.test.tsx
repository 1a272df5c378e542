import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EducationsSection } from '@/components/profile/educations-section';
import { ExperiencesSection } from '@/components/profile/experiences-section';
import MyProfileBody from '@/components/profile/my-profile-body';
import { ProfileView } from '@/components/profile/profile-view';
import { userStudyCentres, userWorkplaces } from '@/db/schema';
import { VERIFY_STATUS } from '@/lib/statuses';
import type { TExperience, TUser } from '@/types/user';
import { startClientApi } from '../helpers/client-api';
import { makeUser } from '../helpers/fixtures';
import { renderWithApp } from '../helpers/render';

// docs/product.md "Public profiles": an entry never submitted shows no badge; once asked it shows
// "In process", "Verified" or "Refused"; only its owner is offered "Request verification".

const TEXTS = {
  en: {
    experience: 'Experience',
    education: 'Education',
    request: 'Request verification',
    statuses: ['In process', 'Verified', 'Refused'],
    old: ['Not verified', 'Verification in process', 'Verification rejected'],
  },
  es: {
    experience: 'Experiencia',
    education: 'Educación',
    request: 'Solicitar verificación',
    statuses: ['En proceso', 'Verificado', 'Rechazada'],
    old: ['Sin verificar', 'Verificación en proceso', 'Verificación rechazada'],
  },
} as const;

const job = (id: number, position: string, status: number): TExperience => ({
  id,
  workplace_name: 'Andes Labs',
  position,
  start_date: '2021-03-01',
  end_date: '2022-03-01',
  description: null,
  work_here: false,
  enable_business: false,
  verify_status_id: status,
});

/** One experience in each status: its position names it. */
const everyStatus = makeUser({
  workplaces: [
    job(1, 'Never asked', VERIFY_STATUS.notRequested),
    job(2, 'Being checked', VERIFY_STATUS.inProcess),
    job(3, 'Checked', VERIFY_STATUS.verified),
    job(4, 'Turned down', VERIFY_STATUS.rejected),
  ],
});

const articleOf = (region: HTMLElement, title: string) =>
  within(region).getByRole('heading', { name: title }).closest('article') as HTMLElement;

describe.each(['en', 'es'] as const)('verification on the public profile (%s)', (locale) => {
  const t = TEXTS[locale];

  it('shows nothing on an entry never submitted, and In process, Verified or Refused once asked, with no request action', async () => {
    await renderWithApp(<ProfileView user={everyStatus} countryName="Peru" />, { locale });
    const experience = screen.getByRole('region', { name: t.experience });
    expect(articleOf(experience, 'Never asked')).not.toHaveTextContent(
      new RegExp(t.statuses.join('|')),
    );
    expect(within(articleOf(experience, 'Being checked')).getByText(t.statuses[0])).toBeVisible();
    expect(within(articleOf(experience, 'Checked')).getByText(t.statuses[1])).toBeVisible();
    expect(within(articleOf(experience, 'Turned down')).getByText(t.statuses[2])).toBeVisible();
    for (const old of t.old) expect(screen.queryByText(old)).not.toBeInTheDocument();
    // The education of the fixture was never submitted either.
    expect(screen.getByRole('region', { name: t.education })).not.toHaveTextContent(
      new RegExp(t.statuses.join('|')),
    );
    expect(screen.queryByRole('button', { name: new RegExp(t.request) })).not.toBeInTheDocument();
  });
});

let server: Awaited<ReturnType<typeof startClientApi>>;
beforeAll(async () => {
  server = await startClientApi();
});
afterAll(async () => server.close());

/** A talent with one experience and one education, the education refused once. */
async function talentWithEntries() {
  const ana = await server.signUp();
  const wp = await server.call('POST', '/user_workplaces', {
    token: ana.token,
    body: {
      workplace_name: 'Inca Pay',
      position: 'CTO',
      start_date: '2022-01-10',
      work_here: true,
    },
  });
  const sc = await server.call('POST', '/user_study_centres', {
    token: ana.token,
    body: {
      name: 'Universidad Andina',
      course_name: 'Design',
      start_date: '2015-03-01',
      end_date: '2019-12-01',
    },
  });
  const workplaceId = (wp.json.data as { id: number }).id;
  const studyId = (sc.json.data as { id: number }).id;
  await server.db
    .update(userStudyCentres)
    .set({ verifyStatusId: VERIFY_STATUS.rejected })
    .where(eq(userStudyCentres.id, studyId));
  const fresh = await server.call('GET', `/users/id/${ana.id}`, { token: ana.token });
  return {
    ...ana,
    workplaceId,
    studyId,
    session: { ...ana.session, user: fresh.json.data as TUser },
  };
}

const statusOf = async (table: 'workplace' | 'study', id: number) =>
  table === 'workplace'
    ? (await server.db.select().from(userWorkplaces).where(eq(userWorkplaces.id, id)))[0]!
        .verifyStatusId
    : (await server.db.select().from(userStudyCentres).where(eq(userStudyCentres.id, id)))[0]!
        .verifyStatusId;

describe.each(['en', 'es'] as const)('the owner asks for verification (%s)', (locale) => {
  const t = TEXTS[locale];

  it('on their profile: Request verification on an entry never asked and a refused one; the badge turns In process', async () => {
    const user = userEvent.setup();
    const ana = await talentWithEntries();
    await renderWithApp(<MyProfileBody />, { session: ana.session, locale });
    const experience = await screen.findByRole('region', { name: t.experience });
    const education = screen.getByRole('region', { name: t.education });
    expect(education).toHaveTextContent(t.statuses[2]);
    expect(within(education).getByRole('button', { name: `${t.request}: Design` })).toBeVisible();
    expect(experience).not.toHaveTextContent(new RegExp(t.statuses.join('|')));

    await user.click(within(experience).getByRole('button', { name: `${t.request}: CTO` }));
    expect(await within(experience).findByText(t.statuses[0])).toBeVisible();
    expect(within(experience).queryByRole('button', { name: /CTO/ })).not.toBeInTheDocument();
    expect(await statusOf('workplace', ana.workplaceId)).toBe(VERIFY_STATUS.inProcess);
    expect(server.requests).toContain(
      `POST /user_workplaces/verify {"workplace_id":${ana.workplaceId},"lang":"${locale}"}`,
    );

    await user.click(within(education).getByRole('button', { name: `${t.request}: Design` }));
    expect(await within(education).findByText(t.statuses[0])).toBeVisible();
    expect(within(education).queryByText(t.statuses[2])).not.toBeInTheDocument();
    expect(await statusOf('study', ana.studyId)).toBe(VERIFY_STATUS.inProcess);
  });

  it('in the editor: each saved entry offers the request, sent at once with no question', async () => {
    const user = userEvent.setup();
    const ana = await talentWithEntries();
    await renderWithApp(
      <>
        <ExperiencesSection />
        <EducationsSection />
      </>,
      { session: ana.session, locale },
    );
    await user.click(screen.getByRole('button', { name: `${t.request}: CTO` }));
    await waitFor(() => expect(screen.getAllByText(t.statuses[0])).toHaveLength(1));
    expect(await statusOf('workplace', ana.workplaceId)).toBe(VERIFY_STATUS.inProcess);
    await user.click(screen.getByRole('button', { name: `${t.request}: Design` }));
    await waitFor(() => expect(screen.getAllByText(t.statuses[0])).toHaveLength(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await statusOf('study', ana.studyId)).toBe(VERIFY_STATUS.inProcess);
    expect(screen.queryByRole('button', { name: new RegExp(t.request) })).not.toBeInTheDocument();
  });
});
