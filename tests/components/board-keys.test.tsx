import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TBoardApplication } from '@/types/pipeline';
import { applicant, renderBoard, serveBoard } from '../helpers/board';
import { fakeApi } from '../helpers/fake-api';

// The board by keyboard (docs/product.md "The recruiter's workbench"): j/k and h/l move the
// focus between cards and columns, x selects, s and r move, ? shows the help; none of it while
// typing in a field. On a phone the columns are tabs (the WAI-ARIA tabs pattern).

vi.mock('@/services/http-client', async (original) => {
  const actual = await original<typeof import('@/services/http-client')>();
  const { fakeApi: fake } = await import('../helpers/fake-api');
  return { ...actual, call: (c: AxiosRequestConfig) => fake.call(c, actual.outcomeOf) };
});

const ana = applicant(21, 'Ana', 'Quispe');
const diego = applicant(22, 'Diego', 'Rojas');
const lucia = applicant(23, 'Lucía', 'Vega');
const sofia = {
  ...applicant(24, 'Sofía', 'Paz', 1),
  history: [
    {
      from: 0,
      to: 1,
      reason: null,
      actor_id: 1,
      actor: { id: 1, name: 'María', last_name: 'López' },
      created_at: '2026-11-21T10:00:00.000Z',
    },
  ],
} as TBoardApplication;

const cardOf = (name: string) => screen.findByRole('article', { name: new RegExp(name) });

beforeEach(() => {
  fakeApi.reset();
  serveBoard([ana, diego, lucia, sofia]);
});

describe('the board by keyboard', () => {
  it('moves the focus with j/k in a column and h/l between columns, with one Tab stop', async () => {
    const user = userEvent.setup();
    await renderBoard();
    const first = await cardOf('Ana Quispe');
    // One card is in the Tab order; the others are reached with the keys.
    expect(first).toHaveAttribute('tabindex', '0');
    expect(await cardOf('Diego Rojas')).toHaveAttribute('tabindex', '-1');
    await user.keyboard('j');
    expect(first).toHaveFocus();
    await user.keyboard('j');
    expect(await cardOf('Diego Rojas')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(await cardOf('Lucía Vega')).toHaveFocus();
    await user.keyboard('k');
    expect(await cardOf('Diego Rojas')).toHaveFocus();
    expect(await cardOf('Diego Rojas')).toHaveAttribute('tabindex', '0');
    expect(first).toHaveAttribute('tabindex', '-1');
    await user.keyboard('l');
    expect(await cardOf('Sofía Paz')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(first).toHaveFocus();
  });

  it('selects with x and a range with shift+x, opens a card with o, clears with Escape', async () => {
    const user = userEvent.setup();
    await renderBoard();
    await cardOf('Ana Quispe');
    await user.keyboard('jx');
    const bar = await screen.findByRole('region', { name: 'Selected applicants' });
    expect(within(bar).getByRole('status')).toHaveTextContent('1 selected');
    await user.keyboard('jj{Shift>}X{/Shift}');
    expect(within(bar).getByRole('status')).toHaveTextContent('3 selected');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Selected applicants' })).not.toBeInTheDocument();
    // Space toggles the focused card too.
    await user.keyboard(' ');
    expect(await screen.findByRole('checkbox', { name: 'Select Lucía Vega' })).toBeChecked();
    // o opens the card: its notes and rating.
    await user.keyboard('l');
    expect(await cardOf('Sofía Paz')).toHaveFocus();
    await user.keyboard('o');
    expect(
      await screen.findByRole('dialog', { name: 'Notes and rating: Sofía Paz' }),
    ).toBeInTheDocument();
  });

  it('shortlists the focused card with s, and rejects the selection with r', async () => {
    const user = userEvent.setup();
    await renderBoard();
    await cardOf('Ana Quispe');
    await user.keyboard('js');
    const single = await screen.findByRole('dialog', { name: 'Move Ana Quispe to Shortlisted?' });
    await user.click(within(single).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.keyboard('jxjx');
    await user.keyboard('r');
    expect(await screen.findByRole('dialog', { name: 'Reject 2 applicants?' })).toBeInTheDocument();
  });

  it('opens the help with ?, in English and Spanish', async () => {
    const user = userEvent.setup();
    const { unmount } = await renderBoard();
    await cardOf('Ana Quispe');
    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(help).getByText('Next applicant in the column')).toBeInTheDocument();
    expect(
      within(help).getByText('Reject the applicant (or the selected ones)'),
    ).toBeInTheDocument();
    await user.click(within(help).getByRole('button', { name: 'Close' }));
    unmount();

    await renderBoard('es');
    await cardOf('Ana Quispe');
    // Also by its button.
    await user.click(screen.getByRole('button', { name: 'Atajos de teclado' }));
    const ayuda = await screen.findByRole('dialog', { name: 'Atajos de teclado' });
    expect(within(ayuda).getByText('Siguiente postulante de la columna')).toBeInTheDocument();
    expect(within(ayuda).getByText('Mostrar esta ayuda')).toBeInTheDocument();
  });

  it('ignores the shortcuts while typing in a field', async () => {
    const user = userEvent.setup();
    await renderBoard();
    const card = await cardOf('Ana Quispe');
    // A text field on the board (the filter bar's search, say).
    const field = document.createElement('input');
    field.type = 'search';
    field.setAttribute('aria-label', 'Search');
    card.closest('section')!.prepend(field);
    await user.click(field);
    await user.keyboard('jx?s');
    expect(field).toHaveFocus();
    expect(field).toHaveValue('jx?s');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Selected applicants' })).not.toBeInTheDocument();
    field.remove();
  });
});

describe('the board on a phone', () => {
  const realMatchMedia = window.matchMedia;
  afterEach(() => {
    window.matchMedia = realMatchMedia;
  });

  it('shows the columns as tabs with their counts; arrows move between them (en)', async () => {
    const user = userEvent.setup();
    await renderBoard('en', { narrow: true });
    const tabs = await screen.findByRole('tablist', { name: 'Applicants by status' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Applied (3)', 'Shortlisted (1)', 'Hired (0)', 'Rejected (0)']);
    const applied = within(tabs).getByRole('tab', { name: 'Applied (3)' });
    expect(applied).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Applied (3)' });
    expect(within(panel).getByText('Ana Quispe')).toBeInTheDocument();
    expect(screen.queryByText('Sofía Paz')).not.toBeInTheDocument();
    act(() => applied.focus());
    await user.keyboard('{ArrowRight}');
    const shortlisted = within(tabs).getByRole('tab', { name: 'Shortlisted (1)' });
    expect(shortlisted).toHaveFocus();
    expect(shortlisted).toHaveAttribute('aria-selected', 'true');
    expect(shortlisted).toHaveAttribute('tabindex', '0');
    expect(applied).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Shortlisted (1)' })).toHaveTextContent(
      'Sofía Paz',
    );
    await user.keyboard('{End}');
    expect(within(tabs).getByRole('tab', { name: 'Rejected (0)' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(applied).toHaveFocus();
  });

  it('becomes tabs when the screen is as narrow as a phone (es)', async () => {
    window.matchMedia = vi.fn((query: string) => ({
      matches: query === '(max-width: 640px)',
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    })) as unknown as typeof window.matchMedia;
    await renderBoard('es');
    const tabs = await screen.findByRole('tablist', { name: 'Postulantes por estado' });
    expect(within(tabs).getByRole('tab', { name: 'Postulado (3)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.queryByRole('group', { name: 'Postulantes por estado' })).not.toBeInTheDocument();
  });
});
