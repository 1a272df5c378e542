import { screen, waitFor } from '@testing-library/react';
import type { AxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Header } from '@/components/layout/header';
import { LifecycleActions } from '@/components/marketplace/board/lifecycle-actions';
import PostingsList from '@/components/marketplace/editor/postings-list';
import NewPostingActions from '@/components/team/new-posting-actions';
import { writeCompanyChoice } from '@/lib/company-choice';
import { SessionProvider } from '@/store/session';
import type { TCompanyRole } from '@/types/companies';
import type { TProject } from '@/types/marketplace';
import { fakeApi, ok, page } from '../helpers/fake-api';
import { makeUser } from '../helpers/fixtures';
import { renderWithApp } from '../helpers/render';

// A recruiter moves applicants only (docs/product.md "Companies and teams", "Screens"): the
// business screens show them no new posting, no edit, no cancel, no start or finish. The server
// refuses those anyway; the screens do not offer them.

vi.mock('@/services/http-client', async (original) => {
  const actual = await original<typeof import('@/services/http-client')>();
  const { fakeApi: fake } = await import('../helpers/fake-api');
  return { ...actual, call: (c: AxiosRequestConfig) => fake.call(c, actual.outcomeOf) };
});

const ACME = { id: 3, slug: 'acme', name: 'Acme' };

const project = {
  id: 5,
  name: 'Web shop',
  summary: 'A shop',
  description: 'A web shop.',
  skills: ['React'],
  currency: 'USD',
  modality: 'remote',
  country_code: null,
  end_date: null,
  owner: { id: 1, name: 'María', company: 'Acme' },
  company: ACME,
  applications_count: 2,
  created_at: '2026-11-20T10:00:00.000Z',
  accepting: true,
  budget: 100000,
  weeks: 3,
  project_status_id: 1,
} as TProject;

function as(role: TCompanyRole) {
  fakeApi.on('GET', '/me/companies', ok([{ company: { ...ACME, logo_url: null }, role }]));
  fakeApi.on('GET', '/me/postings', ok(page([project])));
}

const session = { user: makeUser({ is_talent: false }), accessToken: 'token' };

async function renderBusiness(locale: 'en' | 'es') {
  const result = await renderWithApp(
    <SessionProvider persistor={null} rehydrated>
      <NewPostingActions />
      <PostingsList />
      <LifecycleActions
        posting={project}
        counts={{ 0: 0, 1: 1, 2: 1, 3: 0, 4: 0 }}
        onChanged={() => undefined}
      />
    </SessionProvider>,
    { locale, session, router: { pathname: '/business/postings' } },
  );
  await screen.findByRole('link', { name: 'Web shop' });
  await waitFor(() => expect(fakeApi.made('GET', '/me/companies')).toHaveLength(1));
  return result;
}

beforeEach(() => {
  fakeApi.reset();
  writeCompanyChoice(null);
});

describe('what a recruiter sees of the postings', () => {
  it('shows a recruiter the applicants, and no new posting, edit, cancel or start', async () => {
    as('recruiter');
    await renderBusiness('en');
    expect(screen.getByRole('link', { name: 'View applicants (2)' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('button', { name: 'Cancel posting' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Post a project' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Post a job' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start project' })).not.toBeInTheDocument();
  });

  it('hides them in Spanish too', async () => {
    as('recruiter');
    await renderBusiness('es');
    expect(screen.getByRole('link', { name: 'Ver postulantes (2)' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Editar' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('button', { name: 'Cancelar publicación' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Publicar un proyecto' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Iniciar proyecto' })).not.toBeInTheDocument();
  });

  it('keeps every action for an admin (es)', async () => {
    as('admin');
    await renderBusiness('es');
    expect(await screen.findByRole('link', { name: 'Editar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar publicación' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Publicar un proyecto' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Iniciar proyecto' })).toBeInTheDocument();
  });

  it('keeps every action for an owner', async () => {
    as('owner');
    await renderBusiness('en');
    expect(await screen.findByRole('link', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel posting' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Post a job' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start project' })).toBeInTheDocument();
  });
});

describe('the header’s Post menu', () => {
  const renderHeader = (locale: 'en' | 'es') =>
    renderWithApp(
      <SessionProvider persistor={null} rehydrated>
        <Header />
      </SessionProvider>,
      { locale, session, router: { pathname: '/business/postings' } },
    );

  it('goes away for a recruiter once the memberships are read, in en and es', async () => {
    for (const [locale, name] of [
      ['en', 'Post a project or job'],
      ['es', 'Publicar un proyecto o empleo'],
    ] as const) {
      fakeApi.reset();
      as('recruiter');
      const { unmount } = await renderHeader(locale);
      await waitFor(() => expect(fakeApi.made('GET', '/me/companies')).toHaveLength(1));
      await waitFor(() => expect(screen.queryByRole('button', { name })).not.toBeInTheDocument());
      unmount();
    }
  });

  it('stays for an owner and an admin', async () => {
    for (const role of ['owner', 'admin'] as const) {
      fakeApi.reset();
      as(role);
      const { unmount } = await renderHeader('en');
      await waitFor(() => expect(fakeApi.made('GET', '/me/companies')).toHaveLength(1));
      expect(
        await screen.findByRole('button', { name: 'Post a project or job' }),
      ).toBeInTheDocument();
      unmount();
    }
  });
});
