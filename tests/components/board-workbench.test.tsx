import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosRequestConfig } from 'axios';
import { RouterContext } from 'next/dist/shared/lib/router-context.shared-runtime';
import type { NextRouter } from 'next/router';
import { useMemo, useState, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ApplicantBoard from '@/components/marketplace/board/applicant-board';
import type { TProject } from '@/types/marketplace';
import type { TApplicationNote, TBoardApplication } from '@/types/pipeline';
import { fakeApi, ok } from '../helpers/fake-api';
import { makeRouter, renderWithApp } from '../helpers/render';
import { makeUser } from '../helpers/fixtures';

// The recruiter's workbench on the applicant board (docs/product.md "The recruiter's
// workbench"): each card's rating, notes count and time in stage; the notes and rating panel;
// the filter bar kept in the address; a column's oldest first; the CSV export's link. The server
// is a stand-in (tests/helpers/fake-api.ts) answering as docs/api.md says.

vi.mock('@/services/http-client', async (original) => {
  const actual = await original<typeof import('@/services/http-client')>();
  const { fakeApi: fake } = await import('../helpers/fake-api');
  return { ...actual, call: (c: AxiosRequestConfig) => fake.call(c, actual.outcomeOf) };
});

const ME = 7;
const DAY = 24 * 3600 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

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
  applications_count: 3,
  created_at: '2026-11-01T10:00:00.000Z',
  accepting: true,
  budget: 100000,
  weeks: 3,
  project_status_id: 1,
} as unknown as TProject;

function applicationOf(
  id: number,
  name: string,
  accepted: number,
  extra: Partial<TBoardApplication> = {},
): TBoardApplication {
  return {
    id,
    user_id: 100 + id,
    project_id: 5,
    proposal: 'I can do it.',
    price_proposal: 90000,
    weeks: 2,
    accepted,
    shown_accepted_message: false,
    ready_to_close: false,
    reason: null,
    created_at: ago(20 * DAY),
    updated_at: ago(20 * DAY),
    project: { id: 5, name: 'Web shop', project_status_id: 1, currency: 'USD' },
    talent: { id: 100 + id, name, last_name: 'Test', headline: null, avatar_url: null },
    history: [],
    rating: { average: null, count: 0, mine: null },
    notes_count: 0,
    stage_since: ago(20 * DAY),
    ...extra,
  } as unknown as TBoardApplication;
}

const ana = () =>
  applicationOf(40, 'Ana', 1, {
    rating: { average: 4.5, count: 2, mine: null },
    notes_count: 2,
    stage_since: ago(6 * DAY + 3600 * 1000),
  });
const luis = () => applicationOf(41, 'Luis', 1, { stage_since: ago(9 * DAY) });
const eva = () => applicationOf(42, 'Eva', 0);

/** The board's stand-in: answers its applications, recording the parameters each read sent. */
function answerBoard(data: () => TBoardApplication[]) {
  fakeApi.on('GET', '/projects/5/applications', () => {
    const rows = data();
    const counts = { 0: 0, 1: 0, 2: 0, 3: 0, 4: 0 } as Record<number, number>;
    for (const a of rows) counts[(a as { accepted: number }).accepted]! += 1;
    return ok({ data: rows, total: rows.length, page: 1, per_page: 20, last_page: 1, counts });
  });
}
const boardParams = () =>
  fakeApi.made('GET', '/projects/5/applications').map((r) => r.params as Record<string, unknown>);

const notes: TApplicationNote[] = [
  {
    id: 1,
    author: { id: 8, name: 'Lucía', last_name: 'Martín' },
    body: 'Strong portfolio.',
    created_at: ago(3 * DAY),
    updated_at: ago(3 * DAY),
  },
  {
    id: 2,
    author: { id: ME, name: 'Ana', last_name: 'Quispe' },
    body: 'Call her on Monday.\nAsk about <b>rates</b>.',
    created_at: ago(2 * DAY),
    updated_at: ago(2 * DAY),
  },
];

/** A router whose `replace` changes the address the board reads, as Next's shallow replace does. */
function LiveRouter({
  initial,
  replaced,
  children,
}: {
  initial: Record<string, string>;
  replaced: Record<string, unknown>[];
  children: ReactNode;
}) {
  const [query, setQuery] = useState<Record<string, string>>({ id: '5', ...initial });
  const router = useMemo<NextRouter>(
    () =>
      makeRouter({
        pathname: '/business/projects/[id]/applicants',
        query,
        replace: vi.fn(async (url: unknown) => {
          const next = (url as { query: Record<string, string> }).query;
          replaced.push(next);
          setQuery(next);
          return true;
        }) as NextRouter['replace'],
      }),
    [query, replaced],
  );
  return <RouterContext.Provider value={router}>{children}</RouterContext.Provider>;
}

async function renderBoard(locale: 'en' | 'es', initial: Record<string, string> = {}) {
  const replaced: Record<string, unknown>[] = [];
  const result = await renderWithApp(
    <LiveRouter initial={initial} replaced={replaced}>
      <ApplicantBoard kind="project" posting={project} />
    </LiveRouter>,
    {
      locale,
      session: { user: makeUser({ id: ME, is_talent: false }), accessToken: 'token' },
    },
  );
  return { ...result, replaced };
}

const cardOf = async (name: RegExp) =>
  (await screen.findByRole('article', { name })) as HTMLElement;

beforeEach(() => {
  fakeApi.reset();
});

describe('the workbench on each card', () => {
  it("shows the team's rating, the notes count and the time in the stage", async () => {
    answerBoard(() => [ana(), eva()]);
    await renderBoard('en');
    const card = await cardOf(/Ana Test/);
    expect(within(card).getByRole('img', { name: 'Rated 4.5 by 2 members' })).toHaveTextContent(
      '★ 4.5 (2)',
    );
    expect(within(card).getByText('In Shortlisted for 6 days')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Notes (2) on Ana Test' })).toHaveTextContent(
      'Notes (2)',
    );
    const unrated = await cardOf(/Eva Test/);
    expect(within(unrated).getByText('Not rated yet')).toBeInTheDocument();
    expect(within(unrated).getByText('Notes (0)')).toBeInTheDocument();
  });

  it('shows them in Spanish, with a decimal comma', async () => {
    answerBoard(() => [ana()]);
    await renderBoard('es');
    const card = await cardOf(/Ana Test/);
    expect(
      within(card).getByRole('img', { name: 'Valorado con 4,5 por 2 miembros' }),
    ).toHaveTextContent('★ 4,5 (2)');
    expect(within(card).getByText('En Preseleccionado desde hace 6 días')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Notas (2) sobre Ana Test' })).toBeVisible();
  });
});

describe('the notes and rating panel', () => {
  /** The board filtered by the address: the panel's changes reach that cached view too. */
  async function openPanel(locale: 'en' | 'es' = 'en', first = ana) {
    answerBoard(() => [first(), eva()]);
    fakeApi.on('GET', '/project_applications/40/notes', ok(notes));
    const user = userEvent.setup();
    await renderBoard(locale, { min_rating: '1' });
    const card = await cardOf(/Ana Test/);
    await user.click(within(card).getByRole('button', { name: /^(Notes|Notas) \(2\)/ }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Strong portfolio.');
    return { user, card, dialog };
  }

  it('lists the notes oldest first with their authors, the text as written, and only your own editable', async () => {
    const { dialog } = await openPanel();
    expect(dialog).toHaveAccessibleName('Notes and rating: Ana Test');
    expect(
      within(dialog).getByText('Private to your team — the applicant never sees notes or ratings.'),
    ).toBeInTheDocument();
    const [first, second] = within(dialog).getAllByRole('listitem');
    expect(first).toHaveTextContent(/Lucía Martín, 3 days ago/);
    expect(within(first!).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(first!).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(second).toHaveTextContent(/You, 2 days ago/);
    // Line breaks kept, markup shown as text, never as HTML.
    const body = within(second!).getByText(/Call her on Monday/);
    expect(body.textContent).toBe('Call her on Monday.\nAsk about <b>rates</b>.');
    expect(body.querySelector('b')).toBeNull();
    expect(within(second!).getByRole('button', { name: 'Edit' })).toBeVisible();
  });

  it('adds a note: the list and the card count follow', async () => {
    let nextId = 3;
    fakeApi.on('POST', '/project_applications/40/notes', (c) =>
      ok(
        {
          id: nextId++,
          author: { id: ME, name: 'Ana', last_name: 'Quispe' },
          body: (c.data as { body: string }).body,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        },
        201,
      ),
    );
    const { user, card, dialog } = await openPanel();
    const field = within(dialog).getByLabelText('Add a note');
    await user.click(within(dialog).getByRole('button', { name: 'Add note' }));
    expect(within(dialog).getByText('Write the note first.')).toBeInTheDocument();
    expect(fakeApi.made('POST', '/project_applications/40/notes')).toHaveLength(0);

    await user.type(field, 'Good fit.{Enter}Second line.');
    expect(within(dialog).getByText('22 / 4000')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add note' }));
    expect(await within(dialog).findByText(/Good fit\./)).toBeInTheDocument();
    expect(fakeApi.made('POST', '/project_applications/40/notes')[0]!.data).toEqual({
      body: 'Good fit.\nSecond line.',
    });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(3);
    expect(field).toHaveValue('');
    // The card of the filtered board that is open shows the new count.
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: /^Notes \(3\)/ })).toBeInTheDocument(),
    );
  });

  it('edits your own note and deletes it after a confirmation', async () => {
    fakeApi.on('PATCH', '/notes/2', (c) =>
      ok({
        ...notes[1],
        body: (c.data as { body: string }).body,
        updated_at: new Date().toISOString(),
      }),
    );
    fakeApi.on('DELETE', '/notes/2', ok({ deleted: true }));
    const { user, card, dialog } = await openPanel();
    const mine = () => within(dialog).getAllByRole('listitem')[1]!;
    await user.click(within(mine()).getByRole('button', { name: 'Edit' }));
    const edit = within(mine()).getByLabelText('Edit your note');
    await user.clear(edit);
    await user.type(edit, 'Call her on Tuesday.');
    await user.click(within(mine()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Call her on Tuesday.')).toBeInTheDocument();
    expect(fakeApi.made('PATCH', '/notes/2')[0]!.data).toEqual({ body: 'Call her on Tuesday.' });
    expect(mine()).toHaveTextContent('(edited)');

    await user.click(within(mine()).getByRole('button', { name: 'Delete' }));
    expect(fakeApi.made('DELETE', '/notes/2')).toHaveLength(0);
    const confirm = within(mine()).getByRole('group', {
      name: 'Delete this note? This cannot be undone.',
    });
    await user.click(within(confirm).getByRole('button', { name: 'Delete note' }));
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(1));
    expect(fakeApi.made('DELETE', '/notes/2')).toHaveLength(1);
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: /^Notes \(1\)/ })).toBeInTheDocument(),
    );
  });

  it('rates with the keyboard and clears the rating; the card shows the team average', async () => {
    fakeApi.on('PUT', '/project_applications/40/rating', (c) => {
      const { rating } = c.data as { rating: number };
      return ok({ average: (9 + rating) / 3, count: 3, mine: rating });
    });
    fakeApi.on(
      'DELETE',
      '/project_applications/40/rating',
      ok({ average: 4.5, count: 2, mine: null }),
    );
    const { user, card, dialog } = await openPanel();
    const group = within(dialog).getByRole('group', { name: 'Your rating' });
    within(group).getByRole('radio', { name: '1 star' }).focus();
    await user.keyboard(' ');
    await waitFor(() => expect(within(group).getByRole('radio', { name: '1 star' })).toBeChecked());
    await user.keyboard('{ArrowRight}{ArrowRight}');
    await waitFor(() =>
      expect(within(group).getByRole('radio', { name: '3 stars' })).toBeChecked(),
    );
    const sent = fakeApi.made('PUT', '/project_applications/40/rating').map((r) => r.data);
    expect(sent.at(-1)).toEqual({ rating: 3 });
    // The card and the panel's team average (the panel opens from the card).
    await waitFor(() =>
      expect(within(card).getAllByRole('img', { name: 'Rated 4.0 by 3 members' })).toHaveLength(2),
    );
    await user.click(within(group).getByRole('button', { name: 'Clear my rating' }));
    await waitFor(() =>
      expect(within(group).getByRole('radio', { name: '3 stars' })).not.toBeChecked(),
    );
    expect(fakeApi.made('DELETE', '/project_applications/40/rating')).toHaveLength(1);
    expect(within(card).getAllByRole('img', { name: 'Rated 4.5 by 2 members' })).toHaveLength(2);
  });

  it('opens on your own stars, as the board gave them, in English and Spanish', async () => {
    const rated = () =>
      applicationOf(40, 'Ana', 1, { rating: { average: 4.5, count: 2, mine: 4 }, notes_count: 2 });
    for (const [locale, name, clear] of [
      ['en', 'Your rating', 'Clear my rating'],
      ['es', 'Tu valoración', 'Quitar mi valoración'],
    ] as const) {
      fakeApi.reset();
      fakeApi.on('GET', '/project_applications/40/notes', ok(notes));
      const { dialog } = await openPanel(locale, rated);
      const group = within(dialog).getByRole('group', { name });
      const checked = within(group)
        .getAllByRole('radio')
        .filter((r) => (r as HTMLInputElement).checked);
      expect(checked).toEqual([
        within(group).getByRole('radio', { name: locale === 'en' ? '4 stars' : '4 estrellas' }),
      ]);
      expect(within(group).getByRole('button', { name: clear })).toBeInTheDocument();
      expect(fakeApi.made('PUT', '/project_applications/40/rating')).toHaveLength(0);
      cleanup();
    }
  });

  it('speaks Spanish', async () => {
    const { dialog } = await openPanel('es');
    expect(dialog).toHaveAccessibleName('Notas y valoración: Ana Test');
    expect(
      within(dialog).getByText(
        'Solo para tu equipo: quien postula nunca ve las notas ni las valoraciones.',
      ),
    ).toBeInTheDocument();
    const [first, second] = within(dialog).getAllByRole('listitem');
    expect(first).toHaveTextContent(/Lucía Martín, Hace 3 días/);
    expect(second).toHaveTextContent(/Tú, Hace 2 días/);
    expect(within(dialog).getByRole('group', { name: 'Tu valoración' })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: '2 estrellas' })).toBeInTheDocument();
  });
});

describe('the filter bar', () => {
  it('writes the choice in the address and reads the board with it', async () => {
    answerBoard(() => [ana(), eva()]);
    const user = userEvent.setup();
    const { replaced } = await renderBoard('en');
    await cardOf(/Ana Test/);
    const bar = screen.getByRole('search', { name: 'Filter applicants' });
    await user.type(within(bar).getByLabelText(/^Search/), 'design');
    await waitFor(() => expect(replaced.at(-1)).toEqual({ id: '5', search: 'design' }));
    await user.selectOptions(within(bar).getByLabelText('Minimum rating'), '4 or more');
    await user.click(within(bar).getByLabelText('Has CV'));
    await user.type(within(bar).getByLabelText('Minimum price (USD)'), '500');
    await user.selectOptions(within(bar).getByLabelText('Sort by'), 'Rating');
    await waitFor(() =>
      expect(replaced.at(-1)).toEqual({
        id: '5',
        search: 'design',
        min_rating: '4',
        has_cv: 'true',
        min_price: '50000',
        sort: 'rating',
      }),
    );
    await waitFor(() =>
      expect(boardParams().at(-1)).toMatchObject({
        search: 'design',
        min_rating: 4,
        has_cv: true,
        min_price: 50000,
        sort: 'rating',
      }),
    );
  });

  it('filters by a skill’s name once typing rests, in English and Spanish', async () => {
    for (const [locale, label] of [
      ['en', 'Skill'],
      ['es', 'Habilidad'],
    ] as const) {
      fakeApi.reset();
      answerBoard(() => [ana()]);
      const user = userEvent.setup();
      const { replaced, unmount } = await renderBoard(locale);
      await cardOf(/Ana Test/);
      const bar = screen.getByRole('search');
      const field = within(bar).getByLabelText(label);
      expect(field).toHaveAttribute('maxlength', '60');
      await user.type(field, '  Rust  lang ');
      await waitFor(() => expect(replaced.at(-1)).toEqual({ id: '5', skill: 'Rust lang' }));
      await waitFor(() => expect(boardParams().at(-1)).toMatchObject({ skill: 'Rust lang' }));
      const link = screen.getByRole('link', { name: /CSV/ });
      expect(
        new URL(link.getAttribute('href')!, 'http://localhost').searchParams.get('skill'),
      ).toBe('Rust lang');
      unmount();
    }
  });

  it('reads a skill back from a link and empties it with the other filters', async () => {
    answerBoard(() => [ana()]);
    const user = userEvent.setup();
    const { replaced } = await renderBoard('en', { skill: 'figma' });
    await cardOf(/Ana Test/);
    expect(boardParams()[0]).toMatchObject({ skill: 'figma' });
    const bar = screen.getByRole('search', { name: 'Filter applicants' });
    expect(within(bar).getByLabelText('Skill')).toHaveValue('figma');
    await user.click(within(bar).getByRole('button', { name: 'Clear filters' }));
    expect(replaced.at(-1)).toEqual({ id: '5' });
    await waitFor(() => expect(within(bar).getByLabelText('Skill')).toHaveValue(''));
  });

  it('reads the view back from a link, and clears the filters (the order stays)', async () => {
    answerBoard(() => [ana()]);
    const user = userEvent.setup();
    const { replaced } = await renderBoard('en', {
      search: 'shop',
      has_cv: 'true',
      sort: 'stage_time',
      order: 'desc',
    });
    await cardOf(/Ana Test/);
    expect(boardParams()[0]).toMatchObject({
      search: 'shop',
      has_cv: true,
      sort: 'stage_time',
      order: 'desc',
    });
    const bar = screen.getByRole('search', { name: 'Filter applicants' });
    expect(within(bar).getByLabelText(/^Search/)).toHaveValue('shop');
    expect(within(bar).getByLabelText('Has CV')).toBeChecked();
    expect(within(bar).getByLabelText('Sort by')).toHaveValue('stage_time');
    await user.click(within(bar).getByRole('button', { name: 'Clear filters' }));
    expect(replaced.at(-1)).toEqual({ id: '5', sort: 'stage_time', order: 'desc' });
    await waitFor(() => expect(within(bar).getByLabelText(/^Search/)).toHaveValue(''));
  });

  it('folds the filters after the search under a button that says how many are on (a phone shows only the search), in English and Spanish', async () => {
    for (const [locale, on, fewer, none] of [
      ['en', 'More filters (2 on)', 'Fewer filters', 'More filters'],
      ['es', 'Más filtros (2 activos)', 'Menos filtros', 'Más filtros'],
    ] as const) {
      fakeApi.reset();
      answerBoard(() => [ana()]);
      const user = userEvent.setup();
      const { unmount } = await renderBoard(locale, { min_rating: '4', has_cv: 'true' });
      await cardOf(/Ana Test/);
      const toggle = screen.getByRole('button', { name: on });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      const folded = document.getElementById(toggle.getAttribute('aria-controls')!)!;
      expect(
        within(folded).getByRole('combobox', { name: /^(Minimum rating|Valoración mínima)/ }),
      ).toHaveValue('4');
      await user.click(toggle);
      expect(screen.getByRole('button', { name: fewer })).toHaveAttribute('aria-expanded', 'true');
      await user.click(screen.getByRole('button', { name: fewer }));
      unmount();
      fakeApi.reset();
      answerBoard(() => [ana()]);
      const plain = await renderBoard(locale);
      await cardOf(/Ana Test/);
      expect(screen.getByRole('button', { name: none })).toHaveAttribute('aria-expanded', 'false');
      plain.unmount();
    }
  });

  it('says when no applicant matches, and clears the filters from there, in English and Spanish', async () => {
    for (const [locale, title, clear] of [
      ['en', 'No applicants match these filters', 'Clear filters'],
      ['es', 'Ningún postulante coincide con estos filtros', 'Quitar filtros'],
    ] as const) {
      fakeApi.reset();
      answerBoard(() => []);
      const user = userEvent.setup();
      const { replaced, unmount } = await renderBoard(locale, { min_rating: '5' });
      const empty = await screen.findByRole('region', { name: title });
      await user.click(within(empty).getByRole('button', { name: clear }));
      expect(replaced.at(-1)).toEqual({ id: '5' });
      unmount();
    }
  });

  it('gives the export link the reader language and the filters', async () => {
    for (const locale of ['en', 'es'] as const) {
      fakeApi.reset();
      answerBoard(() => [ana()]);
      const { unmount } = await renderBoard(locale, { min_rating: '3', search: 'web' });
      const link = await screen.findByRole('link', {
        name: locale === 'en' ? 'Export CSV' : 'Exportar CSV',
      });
      const href = new URL(link.getAttribute('href')!, 'http://localhost');
      expect(href.pathname).toBe('/api/projects/5/applications.csv');
      expect(Object.fromEntries(href.searchParams)).toEqual({
        lang: locale,
        min_rating: '3',
        search: 'web',
      });
      expect(link).toHaveAttribute('download', 'applicants-project-5.csv');
      unmount();
    }
  });
});

describe('the export', () => {
  it('downloads the file with the session token (the API reads no cookie)', async () => {
    answerBoard(() => [ana()]);
    const fetched: { url: string; auth: string | null }[] = [];
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      fetched.push({
        url: String(input),
        auth: new Headers(init?.headers).get('Authorization'),
      });
      return new Response('\uFEFFname\n', { status: 200, headers: { 'content-type': 'text/csv' } });
    });
    const createUrl = vi.fn(() => 'blob:csv');
    const revokeUrl = vi.fn();
    Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: revokeUrl });
    const clicked = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    try {
      const user = userEvent.setup();
      await renderBoard('es', { has_cv: 'true' });
      localStorage.setItem('access_token', 'token');
      await user.click(await screen.findByRole('link', { name: 'Exportar CSV' }));
      await waitFor(() => expect(revokeUrl).toHaveBeenCalledWith('blob:csv'));
      expect(fetched).toEqual([
        { url: '/api/projects/5/applications.csv?lang=es&has_cv=true', auth: 'Bearer token' },
      ]);
      expect(clicked).toHaveBeenCalledTimes(1);
    } finally {
      fetchSpy.mockRestore();
      clicked.mockRestore();
    }
  });
});

describe('a column oldest first', () => {
  it('orders the column by time in the stage on request', async () => {
    answerBoard(() => [ana(), luis()]);
    const user = userEvent.setup();
    await renderBoard('en');
    const column = await screen.findByRole('region', { name: /^Shortlisted/ });
    const names = () =>
      within(column)
        .getAllByRole('article')
        .map((a) => within(a).getByRole('heading').textContent);
    expect(names()).toEqual(['Ana Test', 'Luis Test']);
    const toggle = within(column).getByRole('button', { name: 'Oldest first in Shortlisted' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(names()).toEqual(['Luis Test', 'Ana Test']);
  });
});
