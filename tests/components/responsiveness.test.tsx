import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CompanyView } from '@/components/company/company-view';
import { Responsiveness } from '@/components/company/responsiveness';
import { PostingDetail } from '@/components/marketplace/posting/posting-detail';
import type { TCompanyPage } from '@/types/company-page';
import type { TResponsiveness } from '@/types/pipeline';
import { makeProject } from '../helpers/fixtures';
import { renderWithApp } from '../helpers/render';

// How quickly a company answers, on its page and its postings (docs/product.md
// "Responsiveness"), in both languages: how many days it usually takes, the share answered
// within 14 days and what the figures are over; nothing at all without figures.

const FIGURES: TResponsiveness = {
  answered_share: 0.85,
  median_days_to_first_move: 2.4,
  sample: 24,
};

const TEXTS = {
  en: {
    days: 'Usually answers within 3 days',
    day: 'Usually answers within a day',
    share: 'Answers 85% of applicants within 14 days',
    basis: 'Over 24 applications in the last 90 days',
  },
  es: {
    days: 'Suele responder en un plazo de 3 días',
    day: 'Suele responder en un día',
    // Spanish writes a (non-breaking, read here as a plain) space before the percent sign.
    share: 'Responde al 85 % de los postulantes en 14 días',
    basis: 'Según 24 postulaciones de los últimos 90 días',
  },
};

const company: TCompanyPage = {
  id: 7,
  slug: 'andes-labs',
  name: 'Andes Labs',
  logo_url: null,
  about: null,
  website: null,
  country_code: null,
  open_postings: [],
  rating: { average: null, count: 0 },
  responsiveness: FIGURES,
};

const posting = makeProject();

for (const locale of ['en', 'es'] as const) {
  const texts = TEXTS[locale];

  describe(`a company's responsiveness (${locale})`, () => {
    it('says how many days the company usually takes and the share it answers within 14 days', async () => {
      await renderWithApp(<Responsiveness value={FIGURES} />, { locale });
      expect(screen.getByText(texts.days)).toBeInTheDocument();
      expect(screen.getByText(texts.share)).toBeInTheDocument();
      expect(screen.getByText(texts.basis)).toBeInTheDocument();
    });

    it('says "within a day" when the median is a day or less', async () => {
      await renderWithApp(
        <Responsiveness value={{ ...FIGURES, median_days_to_first_move: 0.6 }} />,
        { locale },
      );
      expect(screen.getByText(texts.day)).toBeInTheDocument();
      expect(screen.getByText(texts.share)).toBeInTheDocument();
    });

    it('shows nothing without figures (fewer than 10 applications)', async () => {
      const { container } = await renderWithApp(<Responsiveness value={null} />, { locale });
      expect(container).toBeEmptyDOMElement();
    });

    it("shows the figures on the company's page, and nothing there without them", async () => {
      const { unmount } = await renderWithApp(<CompanyView company={company} countryNames={{}} />, {
        locale,
      });
      expect(screen.getByText(texts.days)).toBeInTheDocument();
      unmount();
      await renderWithApp(
        <CompanyView company={{ ...company, responsiveness: null }} countryNames={{}} />,
        { locale },
      );
      expect(screen.getByRole('heading', { level: 1, name: 'Andes Labs' })).toBeInTheDocument();
      expect(screen.queryByText(texts.share)).not.toBeInTheDocument();
    });

    it("shows the figures on a posting's page under the company's name", async () => {
      const { unmount } = await renderWithApp(
        <PostingDetail posting={posting} countryName={null} responsiveness={FIGURES} />,
        { locale },
      );
      const line = screen.getByRole('link', { name: 'Andes Labs' }).parentElement!;
      expect(line.nextElementSibling).toHaveTextContent(texts.days);
      expect(line.nextElementSibling).toHaveTextContent(texts.share);
      unmount();
      await renderWithApp(
        <PostingDetail posting={posting} countryName={null} responsiveness={null} />,
        { locale },
      );
      expect(screen.getByRole('heading', { level: 1, name: 'Logo' })).toBeInTheDocument();
      expect(screen.queryByText(texts.share)).not.toBeInTheDocument();
    });
  });
}
