import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PostingDetail } from '@/components/marketplace/posting/posting-detail';
import { makeProject } from '../helpers/fixtures';
import { renderWithApp } from '../helpers/render';

// A posting an operator hid opens only for its company's team and the operators (docs/product.md
// "Reports and suspension"): its page tells them why nobody else finds it, in both languages.

const posting = makeProject();

const TEXTS = {
  en: "Hidden by an operator after a report: only its company's team and the operators see this posting.",
  es: 'Oculta por un operador tras un reporte: solo el equipo de su empresa y los operadores ven esta publicación.',
};

describe.each(['en', 'es'] as const)("a hidden posting's page (%s)", (locale) => {
  it('says it is hidden, and why nobody else finds it', async () => {
    await renderWithApp(<PostingDetail posting={posting} countryName={null} hidden />, {
      locale,
    });
    expect(screen.getByRole('note')).toHaveTextContent(TEXTS[locale]);
  });

  it('says nothing of the kind on a posting everyone sees', async () => {
    await renderWithApp(<PostingDetail posting={posting} countryName={null} />, { locale });
    expect(screen.getByRole('heading', { level: 1, name: 'Logo' })).toBeInTheDocument();
    expect(screen.queryByText(TEXTS[locale])).not.toBeInTheDocument();
  });
});
