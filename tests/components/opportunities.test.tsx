import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Opportunities } from '@/components/marketplace/browse/opportunities';
import { SessionProvider } from '@/store/session';
import type { TUser } from '@/types/user';
import { makeUser } from '../helpers/fixtures';
import { renderWithApp } from '../helpers/render';

// /opportunities as a new user meets it (docs/product.md "Marketplace"): the filters fold behind
// a button that counts them (a narrow screen shows that button only: opportunities.module.css),
// and a business, who lands here, reads words meant for it.

type TLocale = 'en' | 'es';
const countries = [{ value: 'PE', label: 'Peru' }];

async function renderPage(
  locale: TLocale,
  values: Record<string, string> = {},
  user?: TUser,
  tab: 'projects' | 'jobs' | 'talents' = 'projects',
) {
  return renderWithApp(
    <SessionProvider persistor={null} rehydrated>
      <Opportunities
        tab={tab}
        values={values}
        results={{ data: [], total: 0, page: 1, per_page: 20, last_page: 1 }}
        countries={countries}
      />
    </SessionProvider>,
    { locale, session: user ? { user, accessToken: 'token' } : undefined },
  );
}

const T = {
  en: {
    filters: 'Filters',
    title: 'Opportunities',
    business: 'Find talents and see the market',
    talents: 'Find talent',
    talentsLead: 'Talents open to projects and jobs',
    skill: 'Skill',
  },
  es: {
    filters: 'Filtros',
    title: 'Oportunidades',
    business: 'Encuentra talentos y conoce el mercado',
    talents: 'Encuentra talento',
    talentsLead: 'Talentos disponibles para proyectos y empleos',
    skill: 'Habilidad',
  },
};

for (const locale of ['en', 'es'] as const) {
  const tx = T[locale];
  describe(`the filters of /opportunities (${locale})`, () => {
    it('fold behind a button that opens them, closes them with Escape and says how many are set', async () => {
      const user = userEvent.setup();
      await renderPage(locale, { search: 'logo', country: 'PE', sort: 'pay', contract_type: 'x' });
      // Search and country: the sort orders, and a contract type is no filter of projects.
      const toggle = screen.getByRole('button', { name: `${tx.filters} (2)` });
      const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(panel).toContainElement(screen.getByRole('form', { name: tx.filters }));

      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await user.tab();
      expect(within(panel).getByRole('searchbox')).toHaveFocus();
      await user.keyboard('{Escape}');
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(toggle).toHaveFocus();
    });

    it('count only the filters of the tab: the contract type on jobs', async () => {
      await renderPage(locale, { contract_type: 'full_time', min_pay: '100' }, undefined, 'jobs');
      expect(screen.getByRole('button', { name: `${tx.filters} (2)` })).toBeInTheDocument();
    });

    it('show "Filters" alone when none is set', async () => {
      await renderPage(locale, { sort: 'deadline' });
      expect(screen.getByRole('button', { name: tx.filters })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
    });

    it('fold again after a search', async () => {
      const user = userEvent.setup();
      const { router } = await renderPage(locale);
      const toggle = screen.getByRole('button', { name: tx.filters });
      await user.click(toggle);
      await user.type(screen.getByLabelText(tx.skill), 'React{Enter}');
      expect(router.push).toHaveBeenCalledWith({
        pathname: '/',
        query: { tab: 'projects', skill: 'React', sort: 'newest' },
      });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(toggle).toHaveFocus();
    });
  });

  describe(`the talents' filters (${locale})`, () => {
    it('fold behind the same button, which says how many are set, and fold again after a search', async () => {
      const user = userEvent.setup();
      const { router } = await renderWithApp(
        <SessionProvider persistor={null} rehydrated>
          <Opportunities
            tab="talents"
            values={{}}
            results={{ data: [], total: 0, page: 1, per_page: 20, last_page: 1 }}
            countries={countries}
          />
        </SessionProvider>,
        {
          locale,
          session: { user: makeUser({ is_talent: false }), accessToken: 'token' },
          router: { query: { tab: 'talents', skill: 'React', country: 'PE' } },
        },
      );
      // The talents' search loads on its own (a chunk of its own): waited for.
      const toggle = await screen.findByRole('button', { name: `${tx.filters} (2)` });
      const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(panel).toContainElement(screen.getByRole('form', { name: tx.filters }));
      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await user.clear(within(panel).getByLabelText(tx.skill));
      await user.type(within(panel).getByLabelText(tx.skill), 'Go{Enter}');
      expect(router.push).toHaveBeenCalled();
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(toggle).toHaveFocus();
    });
  });

  describe(`the heading of /opportunities (${locale})`, () => {
    it('speaks to a business, who lands here', async () => {
      await renderPage(locale, {}, makeUser({ is_talent: false }));
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(tx.business);
    });

    it('stays "Opportunities" for talents and visitors', async () => {
      await renderPage(locale, {}, makeUser());
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(tx.title);
    });

    it('stays "Opportunities" for a visitor', async () => {
      await renderPage(locale);
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(tx.title);
    });

    it("is the talents' own on the talents tab, for a business and for a visitor", async () => {
      const { unmount } = await renderPage(locale, {}, makeUser({ is_talent: false }), 'talents');
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(tx.talents);
      expect(screen.getByText(new RegExp(`^${tx.talentsLead}`))).toBeInTheDocument();
      expect(screen.queryByText(tx.title)).not.toBeInTheDocument();
      unmount();
      await renderPage(locale, {}, undefined, 'talents');
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(tx.talents);
    });
  });
}
