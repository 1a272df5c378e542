import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CompletenessMeter } from '@/components/profile/completeness-meter';
import { ProfileView } from '@/components/profile/profile-view';
import { TalentProfile } from '@/components/profile/talent-profile';
import { todayIso } from '@/lib/validation';
import { makeUser } from '../helpers/fixtures';
import { renderWithApp } from '../helpers/render';

const countries = async () => [{ code: 'PE', name_en: 'Peru', name_es: 'Perú' }];

// A fixed clock: durations count up to "today", and the real today made the answer change with the
// calendar. Only Date is faked, so timers and promises run as usual.
const NOW = new Date('2026-03-15T12:00:00Z');
beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/**
 * The day `years` and `months` before NOW, as YYYY-MM-DD, kept within its month (05-31 minus
 * three months is 02-28, not 03-03), so the test holds whatever NOW is.
 */
function before(years: number, months: number) {
  const [y, m, d] = todayIso(NOW).split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y - years, m - 1 - months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
  first.setUTCDate(Math.min(d, last.getUTCDate()));
  return first.toISOString().slice(0, 10);
}

const talent = makeUser({
  workplaces: [
    {
      id: 1,
      workplace_name: 'Andes Labs',
      position: 'Developer',
      start_date: before(2, 3),
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
    await renderWithApp(<ProfileView user={talent} loadCountries={countries} />);
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
    await renderWithApp(<ProfileView user={talent} loadCountries={countries} />, { locale: 'es' });
    const experience = screen.getByRole('region', { name: 'Experiencia' });
    expect(within(experience).getByText(/Actualidad/)).toHaveTextContent('2 años 3 meses');
    expect(within(experience).getByText('Verificado')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Educación' })).getByText('Sin verificar'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Lima, Perú')).toBeInTheDocument();
    expect(screen.getByText('Inglés')).toBeInTheDocument();
  });

  it('shows e-mail and phone only when the API sent them', async () => {
    const { unmount } = await renderWithApp(
      <ProfileView user={talent} loadCountries={countries} />,
    );
    expect(screen.getByRole('link', { name: 'ana@example.com' })).toHaveAttribute(
      'href',
      'mailto:ana@example.com',
    );
    unmount();
    const publicView = { ...talent, email: undefined, person: { ...talent.person, phone: null } };
    await renderWithApp(<ProfileView user={publicView} loadCountries={countries} />);
    expect(screen.queryByText(/ana@example.com/)).not.toBeInTheDocument();
    expect(screen.queryByText(/999/)).not.toBeInTheDocument();
  });
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

describe('a public talent page', () => {
  it('shows a loading state, then the profile', async () => {
    const load = vi.fn(async () => talent);
    await renderWithApp(<TalentProfile id="7" load={load} loadCountries={countries} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the profile…');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ana Quispe' }),
    ).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith(7);
  });

  it('says so kindly when there is no such profile, without asking for a malformed id', async () => {
    const load = vi.fn(async () => null);
    await renderWithApp(<TalentProfile id="99" load={load} />, { locale: 'es' });
    expect(
      await screen.findByRole('heading', { name: 'Perfil no encontrado' }),
    ).toBeInTheDocument();
    const bad = vi.fn(async () => talent);
    await renderWithApp(<TalentProfile id="abc" load={bad} />);
    expect(screen.getByRole('heading', { name: 'Profile not found' })).toBeInTheDocument();
    expect(bad).not.toHaveBeenCalled();
  });
});
