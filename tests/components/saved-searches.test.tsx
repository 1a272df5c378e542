import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SaveSearch from '@/components/discovery/save-search';
import SavedSearchesSection from '@/components/discovery/saved-searches-section';
import { startClientApi } from '../helpers/client-api';
import { renderWithApp } from '../helpers/render';

// Saved searches on screen (docs/product.md "Saved searches and alerts"): "Save this search" on
// /opportunities keeps the tab's filters with a name and an alert; /profile/settings lists them
// to change the alert, run, rename and delete. Against the real API, in both languages.

let server: Awaited<ReturnType<typeof startClientApi>>;
beforeAll(async () => {
  server = await startClientApi();
});
afterAll(async () => server.close());

const TEXTS = {
  en: {
    save: 'Save this search',
    name: 'Name',
    alert: 'Alert',
    daily: 'Daily digest',
    off: 'Off',
    submit: 'Save search',
    saved: 'Search saved. Find it in your settings.',
    section: 'Saved searches',
    run: 'Run: Remote logos',
    rename: 'Rename “Remote logos”',
    renameSubmit: 'Save name',
    renamed: 'Search renamed.',
    delete: 'Delete “Logos”',
    deleteConfirm: 'Delete',
    deleted: 'Search deleted.',
    alertSaved: 'Alert changed.',
    limit: 'You can keep at most 20 saved searches: delete one in your settings first.',
    empty: 'You have no saved searches yet. Use “Save this search” on Opportunities.',
  },
  es: {
    save: 'Guardar esta búsqueda',
    name: 'Nombre',
    alert: 'Alerta',
    daily: 'Resumen diario',
    off: 'Desactivada',
    submit: 'Guardar búsqueda',
    saved: 'Búsqueda guardada. La encontrarás en tu configuración.',
    section: 'Búsquedas guardadas',
    run: 'Ver resultados: Remote logos',
    rename: 'Renombrar “Remote logos”',
    renameSubmit: 'Guardar nombre',
    renamed: 'Búsqueda renombrada.',
    delete: 'Eliminar “Logos”',
    deleteConfirm: 'Eliminar',
    deleted: 'Búsqueda eliminada.',
    alertSaved: 'Alerta cambiada.',
    limit: 'Puedes guardar como máximo 20 búsquedas: primero elimina una en tu configuración.',
    empty: 'Aún no tienes búsquedas guardadas. Usa “Guardar esta búsqueda” en Oportunidades.',
  },
} as const;

describe.each(['en', 'es'] as const)('saved searches (%s)', (locale) => {
  const x = TEXTS[locale];

  it('“Save this search” keeps the filters of the tab with the name and alert chosen', async () => {
    const user = userEvent.setup();
    const ana = await server.signUp();
    await renderWithApp(
      <>
        <SaveSearch
          tab="jobs"
          values={{
            tab: 'jobs',
            search: 'node',
            modality: 'remote',
            contract_type: 'full_time',
            min_pay: '3000',
            currency: 'USD',
            sort: 'pay',
            status: '2',
          }}
        />
        <ToastContainer />
      </>,
      { locale, session: ana.session },
    );
    await user.click(screen.getByRole('button', { name: x.save }));
    const dialog = await screen.findByRole('dialog', { name: x.save });
    const name = within(dialog).getByRole('textbox', { name: x.name });
    expect(name).toHaveValue('node');
    await user.clear(name);
    await user.type(name, 'Node remote');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: x.alert }), x.daily);
    await user.click(within(dialog).getByRole('button', { name: x.submit }));
    expect(await screen.findByText(x.saved)).toBeInTheDocument();
    const list = await server.call('GET', '/saved_searches', { token: ana.token });
    expect(list.json.data).toEqual([
      expect.objectContaining({
        name: 'Node remote',
        kind: 'job',
        alert: 'daily',
        query: {
          search: 'node',
          modality: 'remote',
          contract: 'full_time',
          min_pay: 3000,
          currency: 'USD',
        },
      }),
    ]);
  });

  it('the 21st search is refused with a message that says why', async () => {
    const user = userEvent.setup();
    const ana = await server.signUp();
    for (let i = 0; i < 20; i++) {
      await server.call('POST', '/saved_searches', {
        token: ana.token,
        body: { name: `S${i}`, kind: 'project' },
      });
    }
    await renderWithApp(
      <>
        <SaveSearch tab="projects" values={{ search: 'logo' }} />
        <ToastContainer />
      </>,
      { locale, session: ana.session },
    );
    await user.click(screen.getByRole('button', { name: x.save }));
    const dialog = await screen.findByRole('dialog', { name: x.save });
    await user.click(within(dialog).getByRole('button', { name: x.submit }));
    expect(await screen.findByText(x.limit)).toBeInTheDocument();
  });

  it('settings list the saved searches: the alert changes at once, Run opens the filters, rename and delete', async () => {
    const user = userEvent.setup();
    const ana = await server.signUp();
    const make = (body: Record<string, unknown>) =>
      server.call('POST', '/saved_searches', { token: ana.token, body });
    await make({ name: 'Logos', kind: 'project', query: { search: 'logo' } });
    const remote = await make({
      name: 'Remote logos',
      kind: 'project',
      query: { search: 'logo', modality: 'remote', country: 'PE' },
    });
    const remoteId = (remote.json.data as { id: number }).id;
    await renderWithApp(
      <>
        <SavedSearchesSection />
        <ToastContainer />
      </>,
      { locale, session: ana.session },
    );
    const section = screen.getByRole('region', { name: x.section });
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual([
      'Remote logos',
      'Logos',
    ]);
    const run = within(section).getByRole('link', { name: x.run });
    const href = new URL(run.getAttribute('href')!, 'http://x');
    expect(href.pathname).toMatch(/\/opportunities$/);
    expect(Object.fromEntries(href.searchParams)).toEqual({
      tab: 'projects',
      search: 'logo',
      modality: 'remote',
      country: 'PE',
    });

    await user.selectOptions(within(items[0]!).getByRole('combobox', { name: x.alert }), x.off);
    expect(await screen.findByText(x.alertSaved)).toBeInTheDocument();
    expect(server.requests).toContain(`PATCH /saved_searches/${remoteId} {"alert":"off"}`);

    await user.click(within(section).getByRole('button', { name: x.rename }));
    const renameDialog = await screen.findByRole('dialog');
    const name = within(renameDialog).getByRole('textbox', { name: x.name });
    await user.clear(name);
    await user.type(name, 'Peru logos');
    await user.click(within(renameDialog).getByRole('button', { name: x.renameSubmit }));
    expect(await screen.findByText(x.renamed)).toBeInTheDocument();
    expect(await within(section).findByRole('heading', { name: 'Peru logos' })).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: x.delete }));
    const deleteDialog = await screen.findByRole('dialog');
    await user.click(within(deleteDialog).getByRole('button', { name: x.deleteConfirm }));
    expect(await screen.findByText(x.deleted)).toBeInTheDocument();
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
    const stored = await server.call('GET', '/saved_searches', { token: ana.token });
    expect(stored.json.data).toEqual([
      expect.objectContaining({ name: 'Peru logos', alert: 'off' }),
    ]);
  });

  it('with none saved, says how to save one', async () => {
    const ana = await server.signUp();
    await renderWithApp(<SavedSearchesSection />, { locale, session: ana.session });
    expect(await screen.findByText(x.empty)).toBeInTheDocument();
  });
});
