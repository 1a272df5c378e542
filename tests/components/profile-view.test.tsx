import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CompletenessMeter } from '@/components/profile/completeness-meter';
import { ProfileView } from '@/components/profile/profile-view';
import { APPLICATION_STATUS, JOB_STATUS, PROJECT_STATUS } from '@/lib/statuses';
import { makeUser } from '../helpers/fixtures';
import { renderWithApp } from '../helpers/render';

// A fixed clock: durations count to "now", and the calendar must not decide whether this passes.
beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-15T12:00:00Z'), toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const talent = makeUser({
  workplaces: [
    {
      id: 1,
      workplace_name: 'Andes Labs',
      position: 'Developer',
      start_date: '2023-12-15',
      end_date: null,
      description: 'APIs and payments.',
      work_here: true,
      enable_business: false,
      verify_status_id: 3,
    },
  ],
  languages: [{ id: 2, code: 'en', name: 'English', name_en: 'English', name_es: 'Inglés' }],
  roles_interest: [{ name: 'Backend developer' }],
});

describe('the profile as others see it', () => {
  it('shows durations, verification badges and the location in English', async () => {
    await renderWithApp(<ProfileView user={talent} countryName="Peru" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Ana Quispe' })).toBeInTheDocument();
    const experience = screen.getByRole('region', { name: 'Experience' });
    expect(within(experience).getByText(/Present/)).toHaveTextContent('2 years 3 months');
    expect(within(experience).getByText('Verified')).toBeInTheDocument();
    expect(await screen.findByText('Lima, Peru')).toBeInTheDocument();
    expect(screen.getByText('Systems engineering')).toBeInTheDocument();
    expect(screen.getByText('English')).toBeInTheDocument();
    expect(screen.getByText('Backend developer')).toBeInTheDocument();
  });

  it('speaks Spanish: durations, badges, country and language names', async () => {
    await renderWithApp(<ProfileView user={talent} countryName="Perú" />, { locale: 'es' });
    const experience = screen.getByRole('region', { name: 'Experiencia' });
    expect(within(experience).getByText(/Actualidad/)).toHaveTextContent('2 años 3 meses');
    expect(within(experience).getByText('Verificado')).toBeInTheDocument();
    // Never submitted: no badge at all (docs/product.md "Public profiles").
    expect(screen.getByRole('region', { name: 'Educación' })).not.toHaveTextContent(/verific/i);
    expect(await screen.findByText('Lima, Perú')).toBeInTheDocument();
    expect(screen.getByText('Inglés')).toBeInTheDocument();
  });

  it('shows e-mail and phone only when the API sent them', async () => {
    const { unmount } = await renderWithApp(<ProfileView user={talent} countryName="Peru" />);
    expect(screen.getByRole('link', { name: 'ana@example.com' })).toHaveAttribute(
      'href',
      'mailto:ana@example.com',
    );
    unmount();
    const publicView = { ...talent, email: undefined, person: { ...talent.person, phone: null } };
    await renderWithApp(<ProfileView user={publicView} countryName="Peru" />);
    expect(screen.queryByText(/ana@example.com/)).not.toBeInTheDocument();
    expect(screen.queryByText(/999/)).not.toBeInTheDocument();
  });
});

describe('finished work on the profile', () => {
  const application = { algorand_transaction: null, near_transaction: null };
  const hired = makeUser({
    projects: [
      {
        id: 7,
        name: 'Payments API',
        project_status_id: PROJECT_STATUS.finished,
        application: {
          ...application,
          id: 1,
          accepted: APPLICATION_STATUS.hired,
          shown_accepted_message: true,
          ready_to_close: false,
        },
      },
    ],
    jobs: [
      {
        id: 9,
        name: 'Backend developer',
        job_status_id: JOB_STATUS.finished,
        application: { ...application, id: 2, selected: APPLICATION_STATUS.hired },
      },
    ],
  });

  it.each([
    ['en', 'Finished work', 'Project', 'Job'],
    ['es', 'Trabajos finalizados', 'Proyecto', 'Empleo'],
  ] as const)(
    'links each finished project and job to its page (%s)',
    async (locale, title, project, job) => {
      await renderWithApp(<ProfileView user={hired} countryName="Peru" />, { locale });
      const finished = screen.getByRole('region', { name: title });
      expect(within(finished).getByRole('link', { name: 'Payments API' })).toHaveAttribute(
        'href',
        '/projects/7',
      );
      expect(within(finished).getByRole('link', { name: 'Backend developer' })).toHaveAttribute(
        'href',
        '/jobs/9',
      );
      expect(within(finished).getByText(project)).toBeInTheDocument();
      expect(within(finished).getByText(job)).toBeInTheDocument();
    },
  );
});

describe('the completeness meter', () => {
  it('gives the percentage and links each missing part to its section of /profile/edit', async () => {
    await renderWithApp(<CompletenessMeter user={talent} />);
    expect(screen.getByText('55% complete')).toBeInTheDocument();
    const missing = screen.getAllByRole('listitem').map((li) => within(li).getByRole('link'));
    expect(missing.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['A profile photo', '/profile/edit#personal'],
      ['A few words about you', '/profile/edit#personal'],
      ['A link to your work (LinkedIn, GitHub or a website)', '/profile/edit#professional'],
      ['Your CV', '/profile/edit#professional'],
      ['At least 3 skills', '/profile/edit#skills'],
    ]);
  });
});
