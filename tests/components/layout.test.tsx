import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Landing } from '@/components/home/landing';
import { PageFrame } from '@/components/layout/page-frame';
import { renderWithApp } from '../helpers/render';

describe('the page frame', () => {
  it('offers both languages and links each to the current page', async () => {
    await renderWithApp(<PageFrame title="Home">x</PageFrame>, {
      router: { asPath: '/talents/3?tab=skills' },
    });
    const nav = screen.getByRole('navigation', { name: 'Language' });
    const en = within(nav).getByRole('link', { name: 'English' });
    const es = within(nav).getByRole('link', { name: 'Español' });
    expect(en).toHaveAttribute('aria-current', 'true');
    expect(es).not.toHaveAttribute('aria-current');
    // The /es prefix itself is added by Next's i18n routing (checked in the browser journey).
    expect(es.getAttribute('href')).toMatch(/\/talents\/3\?tab=skills$/);
    expect(en.getAttribute('href')).toBe('/talents/3?tab=skills');
    expect(es).toHaveAttribute('hreflang', 'es');
  });

  it('has a skip link to the main content, in Spanish too', async () => {
    await renderWithApp(<PageFrame title="Inicio">x</PageFrame>, { locale: 'es' });
    expect(screen.getByRole('link', { name: 'Saltar al contenido' })).toHaveAttribute(
      'href',
      '#main',
    );
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });
});

describe('the landing page', () => {
  it('says what the platform is for talents and for businesses', async () => {
    await renderWithApp(<Landing />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      /talent meets opportunity/i,
    );
    expect(screen.getByRole('heading', { name: 'For talents' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'For businesses' })).toBeInTheDocument();
  });

  it('speaks Spanish under /es', async () => {
    await renderWithApp(<Landing />, { locale: 'es' });
    expect(screen.getByRole('heading', { name: 'Para talentos' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Para empresas' })).toBeInTheDocument();
  });
});
