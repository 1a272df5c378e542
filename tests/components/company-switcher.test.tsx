import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountMenu } from '@/components/layout/account-menu';
import { writeCompanyChoice } from '@/lib/company-choice';
import { useMyPostingsQuery } from '@/services/marketplace-api';
import { SessionProvider } from '@/store/session';
import { fakeApi, ok } from '../helpers/fake-api';
import { makeUser } from '../helpers/fixtures';
import { renderWithApp } from '../helpers/render';

// The account menu of a business member (docs/product.md "Companies and teams", "Screens"): the
// team page's link and, for a member of several companies, the switcher that chooses one.

vi.mock('@/services/http-client', async (original) => {
  const actual = await original<typeof import('@/services/http-client')>();
  const { fakeApi: fake } = await import('../helpers/fake-api');
  return { ...actual, call: (c: AxiosRequestConfig) => fake.call(c, actual.outcomeOf) };
});

const ACME = { id: 3, slug: 'acme', name: 'Acme', logo_url: null };
const BETA = { id: 4, slug: 'beta', name: 'Beta Studio', logo_url: null };

/** A business page's list, read within the chosen company. */
function PostingsProbe() {
  useMyPostingsQuery({ type: 'project', page: 1 });
  return null;
}

async function openMenu(locale: 'en' | 'es', business = true) {
  const user = userEvent.setup();
  await renderWithApp(
    <SessionProvider persistor={null} rehydrated>
      <AccountMenu />
      <PostingsProbe />
    </SessionProvider>,
    { locale, session: { user: makeUser({ is_talent: !business }), accessToken: 'token' } },
  );
  await user.click(
    screen.getByRole('button', { name: locale === 'en' ? /account menu/i : /menú/i }),
  );
  return user;
}

beforeEach(() => {
  fakeApi.reset();
  fakeApi.on(
    'GET',
    '/me/postings',
    ok({ data: [], total: 0, page: 1, per_page: 20, last_page: 1 }),
  );
  writeCompanyChoice(null);
});
afterEach(() => writeCompanyChoice(null));

describe('the account menu of a business member', () => {
  it('links to the team page and switches between companies, the chosen one checked', async () => {
    fakeApi.on(
      'GET',
      '/me/companies',
      ok([
        { company: ACME, role: 'owner' },
        { company: BETA, role: 'recruiter' },
      ]),
    );
    const user = await openMenu('en');
    expect(screen.getByRole('menuitem', { name: 'Team' })).toHaveAttribute(
      'href',
      '/business/team',
    );
    const acme = await screen.findByRole('menuitemradio', { name: 'Acme' });
    const beta = screen.getByRole('menuitemradio', { name: 'Beta Studio' });
    expect(screen.getByRole('group', { name: 'Your companies' })).toBeInTheDocument();
    // Without a choice, the oldest membership is the chosen one.
    expect(acme).toHaveAttribute('aria-checked', 'true');
    expect(acme).toHaveAttribute('aria-current', 'true');
    expect(beta).toHaveAttribute('aria-checked', 'false');

    await waitFor(() => expect(fakeApi.made('GET', '/me/postings')).toHaveLength(1));
    await user.click(beta);
    expect(document.cookie).toContain('tc_company=4');
    // Every business list is read again, within the new company.
    await waitFor(() => expect(fakeApi.made('GET', '/me/postings')).toHaveLength(2));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /account menu/i }));
    expect(await screen.findByRole('menuitemradio', { name: 'Beta Studio' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(screen.getByRole('menuitemradio', { name: 'Acme' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  });

  it('reads the chosen company from the cookie, in Spanish', async () => {
    writeCompanyChoice(4);
    fakeApi.on(
      'GET',
      '/me/companies',
      ok([
        { company: ACME, role: 'owner' },
        { company: BETA, role: 'recruiter' },
      ]),
    );
    await openMenu('es');
    expect(screen.getByRole('menuitem', { name: 'Equipo' })).toBeInTheDocument();
    expect(await screen.findByRole('menuitemradio', { name: 'Beta Studio' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(screen.getByRole('group', { name: 'Tus empresas' })).toBeInTheDocument();
  });

  it('shows no switcher to a member of one company', async () => {
    fakeApi.on('GET', '/me/companies', ok([{ company: ACME, role: 'owner' }]));
    await openMenu('en');
    await waitFor(() => expect(fakeApi.made('GET', '/me/companies')).toHaveLength(1));
    expect(screen.getByRole('menuitem', { name: 'Team' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitemradio')).not.toBeInTheDocument();
  });

  it('shows a talent neither the team nor the switcher, and asks for no companies', async () => {
    await openMenu('en', false);
    expect(screen.queryByRole('menuitem', { name: 'Team' })).not.toBeInTheDocument();
    expect(fakeApi.made('GET', '/me/companies')).toHaveLength(0);
  });
});
