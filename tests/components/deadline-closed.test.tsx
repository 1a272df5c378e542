import { screen } from '@testing-library/react';
import type { AxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ApplicantBoard from '@/components/marketplace/board/applicant-board';
import { PostingCard } from '@/components/marketplace/browse/posting-card';
import ApplyPanel from '@/components/marketplace/posting/apply-panel';
import { PostingDetail } from '@/components/marketplace/posting/posting-detail';
import { SessionProvider } from '@/store/session';
import type { TJob, TProject } from '@/types/marketplace';
import { boardProject, businessSession, serveBoard } from '../helpers/board';
import { fakeApi } from '../helpers/fake-api';
import { makeUser } from '../helpers/fixtures';
import { renderWithApp } from '../helpers/render';

// A posting whose deadline passed says so (docs/product.md "Deadlines"): "Applications closed on
// {date}" on its page, its card and in place of the form to apply; a job moved on its own shows
// "In selection". In both languages.

vi.mock('@/services/http-client', async (original) => {
  const actual = await original<typeof import('@/services/http-client')>();
  const { fakeApi: fake } = await import('../helpers/fake-api');
  return { ...actual, call: (c: AxiosRequestConfig) => fake.call(c, actual.outcomeOf) };
});

beforeEach(() => {
  fakeApi.reset();
});

const base = {
  summary: 'Node.js and PostgreSQL',
  description: 'Build our API.',
  skills: [],
  currency: 'USD',
  modality: 'remote',
  country_code: null,
  end_date: '2031-03-01',
  owner: { id: 1, name: 'María Torres', company: 'Andes Labs' },
  company: { id: 7, slug: 'andes-labs', name: 'Andes Labs' },
  applications_count: 3,
  created_at: '2031-01-01T00:00:00.000Z',
  accepting: false,
  deadline_passed: true,
};

const job = {
  ...base,
  id: 4,
  name: 'Backend developer',
  requirements: null,
  contract_type: 'full_time',
  min_salary: 300_000,
  max_salary: 500_000,
  job_status_id: 2,
} as TJob;

const project = {
  ...base,
  id: 5,
  name: 'Logo',
  budget: 100_000,
  weeks: 2,
  project_status_id: 1,
} as TProject;

const TEXTS = {
  en: {
    closedOn: 'Applications closed on Mar 1, 2031',
    inSelection: 'In selection',
    notTaking: 'This posting is no longer taking applications.',
  },
  es: {
    closedOn: 'Postulaciones cerradas el 1 mar 2031',
    inSelection: 'En selección',
    notTaking: 'Esta publicación ya no recibe postulaciones.',
  },
};

for (const locale of ['en', 'es'] as const) {
  const tx = TEXTS[locale];
  describe(`a posting whose deadline passed (${locale})`, () => {
    it('says "Applications closed on …" on its page, and a job is "In selection"', async () => {
      await renderWithApp(<PostingDetail posting={job} countryName={null} />, { locale });
      expect(screen.getByText(tx.inSelection)).toBeInTheDocument();
      expect(screen.getByText(new RegExp(`^${tx.closedOn} ·`))).toBeInTheDocument();
    });

    it('says it on its card in the results', async () => {
      await renderWithApp(<PostingCard posting={project} countryName={null} applied={false} />, {
        locale,
      });
      expect(screen.getByText(tx.closedOn)).toBeInTheDocument();
    });

    it('shows the line to a talent instead of the form to apply', async () => {
      await renderWithApp(
        <SessionProvider persistor={null} rehydrated>
          <ApplyPanel posting={project} mine={null} />
        </SessionProvider>,
        { locale, session: { user: makeUser({ is_talent: true }), accessToken: 'token' } },
      );
      expect(await screen.findByText(tx.closedOn)).toBeInTheDocument();
      expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    });

    it('says it on its board', async () => {
      serveBoard([]);
      const closed = {
        ...boardProject,
        end_date: '2031-03-01',
        accepting: false,
        deadline_passed: true,
      } as TProject;
      await renderWithApp(<ApplicantBoard kind="project" posting={closed} />, {
        locale,
        session: businessSession,
      });
      expect(await screen.findByText(tx.closedOn)).toBeInTheDocument();
    });

    it('keeps the general sentence for a posting closed before its deadline', async () => {
      await renderWithApp(
        <SessionProvider persistor={null} rehydrated>
          <ApplyPanel posting={{ ...project, deadline_passed: false }} mine={null} />
        </SessionProvider>,
        { locale, session: { user: makeUser({ is_talent: true }), accessToken: 'token' } },
      );
      expect(await screen.findByText(tx.notTaking)).toBeInTheDocument();
      expect(screen.queryByText(tx.closedOn)).not.toBeInTheDocument();
    });
  });
}
