import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { ToastContainer } from 'react-toastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import CompanyEditor from '@/components/company/company-editor';
import { CompanyView } from '@/components/company/company-view';
import { PostingCard } from '@/components/marketplace/browse/posting-card';
import { companies, companyMembers } from '@/db/schema';
import { SessionProvider } from '@/store/session';
import type { TCompanyPage } from '@/types/company-page';
import { CATALOGS } from '../helpers/catalogs';
import { startClientApi } from '../helpers/client-api';
import { makeProject } from '../helpers/fixtures';
import { renderWithApp } from '../helpers/render';

// The company's public page and its editing (docs/product.md "The company page"), in both
// languages: the page shows who the company is and its open postings, each a link to its page;
// owners and admins edit it with the errors by their fields; a recruiter reads it.

let server: Awaited<ReturnType<typeof startClientApi>>;
beforeAll(async () => {
  server = await startClientApi();
});
afterAll(async () => server.close());

const company: TCompanyPage = {
  id: 7,
  slug: 'andes-labs',
  name: 'Andes Labs',
  logo_url: '/api/uploads/0123456789abcdef0123456789abcdef.png',
  about: 'We build software for cooperatives.',
  website: 'https://andes.example/',
  country_code: 'PE',
  responsiveness: null,
  open_postings: [
    {
      kind: 'job',
      id: 2,
      name: 'Data analyst',
      summary: 'SQL and dashboards',
      modality: 'remote',
      country_code: 'PE',
      end_date: '2030-01-15',
      created_at: '2026-01-02T00:00:00.000Z',
    },
    {
      kind: 'project',
      id: 1,
      name: 'Online shop',
      summary: 'A shop for a coffee cooperative',
      modality: 'hybrid',
      country_code: null,
      end_date: null,
      created_at: '2026-01-01T00:00:00.000Z',
    },
  ],
  rating: { average: null, count: 0 },
};

for (const locale of ['en', 'es'] as const) {
  const c = CATALOGS[locale].company;
  const countryName = locale === 'es' ? 'Perú' : 'Peru';

  describe(`the company page (${locale})`, () => {
    it('shows the name, logo, about, website, country and each open posting as a link to its page', async () => {
      await renderWithApp(<CompanyView company={company} countryNames={{ PE: countryName }} />, {
        locale,
      });
      expect(screen.getByRole('heading', { level: 1, name: 'Andes Labs' })).toBeInTheDocument();
      expect(
        screen.getByRole('img', { name: c.page.logo_alt.replace('{{name}}', 'Andes Labs') }),
      ).toBeInTheDocument();
      expect(screen.getByText('We build software for cooperatives.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'andes.example' })).toHaveAttribute(
        'href',
        'https://andes.example/',
      );
      expect(screen.getAllByText(countryName).length).toBeGreaterThan(0);
      const postings = screen.getByRole('region', { name: c.page.open_postings });
      const items = within(postings).getAllByRole('listitem');
      expect(items).toHaveLength(2);
      expect(within(items[0]!).getByText(c.kind.job)).toBeInTheDocument();
      expect(within(items[0]!).getByRole('link', { name: 'Data analyst' })).toHaveAttribute(
        'href',
        '/jobs/2',
      );
      expect(within(items[1]!).getByText(c.kind.project)).toBeInTheDocument();
      expect(within(items[1]!).getByRole('link', { name: 'Online shop' })).toHaveAttribute(
        'href',
        '/projects/1',
      );
    });

    it('says so when the company has no about text and no open postings', async () => {
      await renderWithApp(
        <CompanyView
          company={{ ...company, logo_url: null, about: null, open_postings: [] }}
          countryNames={{}}
        />,
        { locale },
      );
      expect(screen.getByText(c.page.no_about)).toBeInTheDocument();
      expect(screen.getByText(c.page.no_postings)).toBeInTheDocument();
      expect(screen.queryByRole('img')).not.toBeInTheDocument();
    });

    it("links a posting card's company name to the company's page", async () => {
      const posting = makeProject({ description: '' });
      await renderWithApp(<PostingCard posting={posting} countryName={null} applied={false} />, {
        locale,
      });
      const link = screen.getByRole('link', { name: 'Andes Labs' });
      expect(link).toHaveAttribute('href', '/companies/andes-labs');
      expect(link.parentElement).toHaveTextContent(
        CATALOGS[locale].market.posting.by.replace('{{company}}', 'Andes Labs'),
      );
    });
  });

  describe(`/business/company (${locale})`, () => {
    async function renderEditor(session: { user: never; accessToken: string }) {
      return renderWithApp(
        <SessionProvider persistor={null} rehydrated>
          <CompanyEditor />
          <ToastContainer />
        </SessionProvider>,
        { locale, session },
      );
    }

    it('lets the owner change the about text; a bad website is refused by its field, unsent', async () => {
      const user = userEvent.setup();
      const owner = await server.signUp({ isTalent: false, name: `Owner ${locale}` });
      await renderEditor(owner.session as never);
      const about = await screen.findByLabelText(c.edit.about);
      expect(screen.getByLabelText(c.edit.name)).toHaveValue(`Owner ${locale} Co`);

      const website = screen.getByLabelText(c.edit.website);
      await user.type(website, 'not an address');
      const before = server.requests.length;
      await user.click(screen.getByRole('button', { name: c.edit.save }));
      await waitFor(() => expect(website).toHaveAttribute('aria-invalid', 'true'));
      expect(website).toHaveAccessibleDescription(
        expect.stringContaining(CATALOGS[locale].common.errors.url),
      );
      expect(server.requests.slice(before).filter((r) => r.startsWith('PATCH'))).toEqual([]);

      await user.clear(website);
      await user.type(about, `Hecho en ${locale}`);
      await user.click(screen.getByRole('button', { name: c.edit.save }));
      expect(await screen.findByText(c.edit.saved)).toBeInTheDocument();
      const [row] = await server.db
        .select()
        .from(companies)
        .where(eq(companies.id, owner.companyId!));
      expect(row!.about).toBe(`Hecho en ${locale}`);
      const slug = row!.slug;
      expect(screen.getByRole('link', { name: c.edit.see_public })).toHaveAttribute(
        'href',
        `/companies/${slug}`,
      );
    });

    it('shows a recruiter the values read-only, with who can edit them', async () => {
      const owner = await server.signUp({ isTalent: false, name: `Boss ${locale}` });
      const recruiter = await server.signUp({ isTalent: false, company: false });
      await server.db
        .insert(companyMembers)
        .values({ companyId: owner.companyId!, userId: recruiter.id, role: 'recruiter' });
      await renderEditor(recruiter.session as never);
      expect(await screen.findByText(c.edit.read_only)).toBeInTheDocument();
      // The name as the section's heading and among the values.
      expect(screen.getAllByText(`Boss ${locale} Co`)).toHaveLength(2);
      expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: c.edit.save })).not.toBeInTheDocument();
    });
  });
}
