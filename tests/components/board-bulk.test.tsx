import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applicant, renderBoard, serveBoard } from '../helpers/board';
import type { TBoardApplication } from '@/types/pipeline';
import { fakeApi, ok, refused } from '../helpers/fake-api';

// Bulk moves on the applicant board (docs/product.md "The recruiter's workbench"): select with
// the cards' checkboxes, a column's "select all" or a shift range, then move them all after a
// confirmation that names the count and the state; above 10 the recruiter types the number.

vi.mock('@/services/http-client', async (original) => {
  const actual = await original<typeof import('@/services/http-client')>();
  const { fakeApi: fake } = await import('../helpers/fake-api');
  return { ...actual, call: (c: AxiosRequestConfig) => fake.call(c, actual.outcomeOf) };
});

const BULK = '/project_applications/bulk_status';

const ana = applicant(11, 'Ana', 'Quispe');
const diego = applicant(12, 'Diego', 'Rojas');
const lucia = applicant(13, 'Lucía', 'Vega');
const pedro = applicant(14, 'Pedro', 'Soto');
const sofia = applicant(15, 'Sofía', 'Paz', 1);

const column = (name: string) => screen.findByRole('region', { name: new RegExp(`^${name}`) });
const box = (name: string) => screen.findByRole('checkbox', { name });
const bar = () => screen.findByRole('region', { name: /Selected applicants|seleccionados/ });

beforeEach(() => {
  fakeApi.reset();
});

describe('selecting applicants on the board', () => {
  it('selects three with their checkboxes, and the bar says "3 selected"', async () => {
    const user = userEvent.setup();
    serveBoard([ana, diego, lucia, pedro, sofia]);
    await renderBoard();
    await user.click(await box('Select Ana Quispe'));
    await user.click(await box('Select Lucía Vega'));
    await user.click(await box('Select Sofía Paz'));
    expect(within(await bar()).getByRole('status')).toHaveTextContent('3 selected');
    expect(await box('Select Diego Rojas')).not.toBeChecked();
    // Clear empties it, and the bar goes away.
    await user.click(within(await bar()).getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('region', { name: 'Selected applicants' })).not.toBeInTheDocument();
    expect(await box('Select Ana Quispe')).not.toBeChecked();
  });

  it('selects a range of a column with shift', async () => {
    const user = userEvent.setup();
    serveBoard([ana, diego, lucia, pedro, sofia]);
    await renderBoard();
    await user.click(await box('Select Ana Quispe'));
    await user.keyboard('{Shift>}');
    await user.click(await box('Select Lucía Vega'));
    await user.keyboard('{/Shift}');
    expect(await box('Select Diego Rojas')).toBeChecked();
    expect(await box('Select Lucía Vega')).toBeChecked();
    expect(await box('Select Pedro Soto')).not.toBeChecked();
    expect(within(await bar()).getByRole('status')).toHaveTextContent('3 selected');
  });

  it('selects a range in the order shown when the column is oldest first', async () => {
    const user = userEvent.setup();
    // In Applied since: Diego the longest, then Ana, Pedro, Lucía (they applied Ana, Diego,
    // Lucía, Pedro).
    const since = (a: TBoardApplication, at: string) => ({ ...a, stage_since: at });
    serveBoard([
      since(ana, '2026-11-22T10:00:00.000Z'),
      since(diego, '2026-11-21T10:00:00.000Z'),
      since(lucia, '2026-11-24T10:00:00.000Z'),
      since(pedro, '2026-11-23T10:00:00.000Z'),
      sofia,
    ]);
    await renderBoard();
    await user.click(await screen.findByRole('button', { name: 'Oldest first in Applied' }));
    // Shown: Diego, Ana, Pedro, Lucía. From Diego to Pedro takes Ana, not Lucía.
    await user.click(await box('Select Diego Rojas'));
    await user.keyboard('{Shift>}');
    await user.click(await box('Select Pedro Soto'));
    await user.keyboard('{/Shift}');
    expect(await box('Select Ana Quispe')).toBeChecked();
    expect(await box('Select Lucía Vega')).not.toBeChecked();
    expect(within(await bar()).getByRole('status')).toHaveTextContent('3 selected');
  });

  it('selects all in a column, and unselects them again', async () => {
    const user = userEvent.setup();
    serveBoard([ana, diego, lucia, pedro, sofia]);
    await renderBoard('es');
    const applied = await column('Postulado');
    await user.click(
      within(applied).getByRole('checkbox', { name: 'Seleccionar todos en esta columna' }),
    );
    expect(within(await bar()).getByRole('status')).toHaveTextContent('4 seleccionados');
    expect(await box('Seleccionar a Sofía Paz')).not.toBeChecked();
    await user.click(
      within(applied).getByRole('checkbox', { name: 'Seleccionar todos en esta columna' }),
    );
    expect(
      screen.queryByRole('region', { name: 'Postulantes seleccionados' }),
    ).not.toBeInTheDocument();
  });
});

describe('moving the selected applicants', () => {
  it('offers no move above 200 selected and says to select fewer, in English and Spanish', async () => {
    const many = Array.from({ length: 201 }, (_, i) => applicant(1000 + i, 'Talent', `N${i}`));
    for (const [locale, selectAll, selected, fewer, reject] of [
      [
        'en',
        'Select all in this column',
        '201 selected',
        'One move takes at most 200: select fewer.',
        'Reject',
      ],
      [
        'es',
        'Seleccionar todos en esta columna',
        '201 seleccionados',
        'Un movimiento admite como máximo 200: selecciona menos.',
        'Rechazar',
      ],
    ] as const) {
      fakeApi.reset();
      const user = userEvent.setup();
      serveBoard(many);
      const { unmount } = await renderBoard(locale);
      const applied = await column(locale === 'en' ? 'Applied' : 'Postulado');
      await user.click(within(applied).getByRole('checkbox', { name: selectAll }));
      const status = within(await bar()).getByRole('status');
      expect(status).toHaveTextContent(selected);
      expect(status).toHaveTextContent(fewer);
      expect(within(await bar()).queryByRole('button', { name: reject })).not.toBeInTheDocument();
      // r asks nothing either.
      await user.keyboard('r');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      unmount();
    }
  });

  it('asks "Shortlist 3 applicants?", sends the three, says so and clears the selection', async () => {
    const user = userEvent.setup();
    serveBoard([ana, diego, lucia, pedro, sofia]);
    fakeApi.on('POST', BULK, ok({ moved: [11, 12, 13], skipped: [] }));
    await renderBoard();
    for (const name of ['Ana Quispe', 'Diego Rojas', 'Lucía Vega'])
      await user.click(await box(`Select ${name}`));
    await user.click(within(await bar()).getByRole('button', { name: 'Shortlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Shortlist 3 applicants?' });
    await user.click(within(dialog).getByRole('button', { name: 'Shortlist 3 applicants' }));
    expect(await screen.findByText('3 applicants shortlisted')).toBeInTheDocument();
    expect(fakeApi.made('POST', BULK).map((r) => r.data)).toEqual([
      { application_ids: [11, 12, 13], status: 1, lang: 'en' },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Selected applicants' })).not.toBeInTheDocument(),
    );
    // The board is read again.
    await waitFor(() =>
      expect(fakeApi.made('GET', '/projects/5/applications').length).toBeGreaterThan(1),
    );
  });

  it('names the count and the state in Spanish: "¿Rechazar 2 postulantes?", with one reason for all', async () => {
    const user = userEvent.setup();
    serveBoard([ana, diego, lucia, pedro, sofia]);
    fakeApi.on('POST', BULK, ok({ moved: [11, 12], skipped: [] }));
    await renderBoard('es');
    await user.click(await box('Seleccionar a Ana Quispe'));
    await user.click(await box('Seleccionar a Diego Rojas'));
    await user.click(within(await bar()).getByRole('button', { name: 'Rechazar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Rechazar 2 postulantes?' });
    await user.type(
      within(dialog).getByRole('textbox', { name: /Motivo/ }),
      'Buscamos a alguien en Lima.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar 2 postulantes' }));
    expect(await screen.findByText('2 postulantes rechazados')).toBeInTheDocument();
    expect(fakeApi.made('POST', BULK).map((r) => r.data)).toEqual([
      { application_ids: [11, 12], status: 3, reason: 'Buscamos a alguien en Lima.', lang: 'es' },
    ]);
  });

  it('requires the reason of a rejection before sending anything', async () => {
    const user = userEvent.setup();
    serveBoard([ana, diego]);
    fakeApi.on('POST', BULK, ok({ moved: [11], skipped: [] }));
    await renderBoard();
    await user.click(await box('Select Ana Quispe'));
    await user.click(within(await bar()).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 1 applicant?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject 1 applicant' }));
    expect(within(dialog).getByText('This field is required.')).toBeInTheDocument();
    expect(fakeApi.made('POST', BULK)).toHaveLength(0);
  });

  it('above 10, the confirmation waits for the exact number, in English and Spanish', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 12 }, (_, i) => applicant(200 + i, `Talent${i}`, 'Test'));
    serveBoard(many);
    fakeApi.on('POST', BULK, ok({ moved: many.map((a) => a.id), skipped: [] }));
    for (const [locale, words] of [
      [
        'en',
        {
          all: 'Select all in this column',
          reject: 'Reject',
          title: 'Reject 12 applicants?',
          type: 'Type 12 to confirm',
          confirm: 'Reject 12 applicants',
          reason: /Reason/,
          done: '12 applicants rejected',
        },
      ],
      [
        'es',
        {
          all: 'Seleccionar todos en esta columna',
          reject: 'Rechazar',
          title: '¿Rechazar 12 postulantes?',
          type: 'Escribe 12 para confirmar',
          confirm: 'Rechazar 12 postulantes',
          reason: /Motivo/,
          done: '12 postulantes rechazados',
        },
      ],
    ] as const) {
      fakeApi.requests.length = 0;
      const { unmount } = await renderBoard(locale);
      await user.click(await screen.findByRole('checkbox', { name: words.all }));
      await user.click(within(await bar()).getByRole('button', { name: words.reject }));
      const dialog = await screen.findByRole('dialog', { name: words.title });
      await user.type(
        within(dialog).getByRole('textbox', { name: words.reason }),
        'Not this time.',
      );
      const confirm = within(dialog).getByRole('button', { name: words.confirm });
      expect(confirm).toBeDisabled();
      const typed = within(dialog).getByRole('textbox', { name: words.type });
      await user.type(typed, '11');
      expect(confirm).toBeDisabled();
      await user.clear(typed);
      await user.type(typed, '12');
      expect(confirm).toBeEnabled();
      await user.click(confirm);
      expect(await screen.findByText(words.done)).toBeInTheDocument();
      expect(fakeApi.made('POST', BULK)).toHaveLength(1);
      unmount();
    }
  });

  it('no typing at 10 or fewer', async () => {
    const user = userEvent.setup();
    const ten = Array.from({ length: 10 }, (_, i) => applicant(300 + i, `Person${i}`, 'Test'));
    serveBoard(ten);
    await renderBoard();
    await user.click(await screen.findByRole('checkbox', { name: 'Select all in this column' }));
    await user.click(within(await bar()).getByRole('button', { name: 'Shortlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Shortlist 10 applicants?' });
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Shortlist 10 applicants' })).toBeEnabled();
  });

  it('lists who was skipped and why, in English and Spanish', async () => {
    const user = userEvent.setup();
    serveBoard([ana, diego, lucia, pedro, sofia]);
    fakeApi.on(
      'POST',
      BULK,
      ok({
        moved: [11],
        skipped: [
          { id: 12, code: 'withdrawn' },
          { id: 15, code: 'same_status' },
          { id: 13, code: 'closed' },
        ],
      }),
    );
    for (const [locale, words] of [
      [
        'en',
        {
          select: 'Select',
          bar: 'Shortlist',
          confirm: 'Shortlist 4 applicants',
          done: '1 applicant shortlisted',
          title: '3 applicants were not moved',
          items: [
            'Diego Rojas: they withdrew their application',
            'Sofía Paz: they were already there',
            'Lucía Vega: the posting is no longer recruiting',
          ],
        },
      ],
      [
        'es',
        {
          select: 'Seleccionar a',
          bar: 'Preseleccionar',
          confirm: 'Preseleccionar 4 postulantes',
          done: '1 postulante preseleccionado',
          title: '3 postulantes no se movieron',
          items: [
            'Diego Rojas: retiró su postulación',
            'Sofía Paz: ya estaba en ese estado',
            'Lucía Vega: la publicación ya no está en selección',
          ],
        },
      ],
    ] as const) {
      const { unmount } = await renderBoard(locale);
      for (const name of ['Ana Quispe', 'Diego Rojas', 'Lucía Vega', 'Sofía Paz'])
        await user.click(await box(`${words.select} ${name}`));
      await user.click(within(await bar()).getByRole('button', { name: words.bar }));
      await user.click(await screen.findByRole('button', { name: words.confirm }));
      expect(await screen.findByText(words.done)).toBeInTheDocument();
      const list = (await screen.findByRole('heading', { name: words.title })).closest('section')!;
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(words.items);
      unmount();
    }
  });

  it('keeps the selection and the reason when the move fails, and says so', async () => {
    const user = userEvent.setup();
    serveBoard([ana, diego, lucia]);
    fakeApi.on('POST', BULK, refused(500, 'internal'));
    await renderBoard();
    await user.click(await box('Select Ana Quispe'));
    await user.click(await box('Select Diego Rojas'));
    await user.click(within(await bar()).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 2 applicants?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Too far away.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject 2 applicants' }));
    expect(
      await screen.findByText(/Error updating the data, please try again/),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Reject 2 applicants?' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Reason/ })).toHaveValue('Too far away.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(await bar()).getByRole('status')).toHaveTextContent('2 selected');
    expect(await box('Select Ana Quispe')).toBeChecked();
    // Asked again, the reason is still there.
    await user.click(within(await bar()).getByRole('button', { name: 'Reject' }));
    const again = await screen.findByRole('dialog', { name: 'Reject 2 applicants?' });
    expect(within(again).getByRole('textbox', { name: /Reason/ })).toHaveValue('Too far away.');
  });
});
