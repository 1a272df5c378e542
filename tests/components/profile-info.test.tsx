import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { ToastContainer } from 'react-toastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PersonalSection } from '@/components/profile/personal-section';
import { ProfessionalSection } from '@/components/profile/professional-section';
import { users } from '@/db/schema';
import type { TUser } from '@/types/user';
import { startClientApi } from '../helpers/client-api';
import { renderWithApp } from '../helpers/render';

let server: Awaited<ReturnType<typeof startClientApi>>;
beforeAll(async () => {
  server = await startClientApi();
});
afterAll(async () => server.close());

const PDF = new Uint8Array(Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'));

async function profileOf(who: { id: number; token: string }) {
  const { json } = await server.call('GET', `/users/id/${who.id}`, { token: who.token });
  return json.data as TUser;
}

describe('the personal section, against the API', () => {
  it('counts the headline and "about" characters, saves, and updates the stored user without asking again', async () => {
    const user = userEvent.setup();
    const ana = await server.signUp({ name: 'Ana' });
    const { store } = await renderWithApp(<PersonalSection profile={await profileOf(ana)} />, {
      session: ana.session,
      locale: 'es',
    });
    const headline = screen.getByLabelText('Titular');
    await user.type(headline, 'Desarrolladora');
    expect(headline).toHaveAccessibleDescription(expect.stringContaining('14 / 160'));
    await user.clear(screen.getByLabelText('Nombre'));
    await user.type(screen.getByLabelText('Nombre'), 'Ana María');
    await user.type(screen.getByLabelText('Teléfono'), '555.123.4567');
    const from = server.requests.length;
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(store.getState().auth.user!.person).toMatchObject({
        name: 'Ana María',
        phone: '555.123.4567',
      }),
    );
    expect(server.requests.slice(from).map((r) => r.split(' ').slice(0, 2).join(' '))).toEqual([
      'PATCH /users/info',
    ]);
    const [row] = await server.db.select().from(users).where(eq(users.id, ana.id));
    expect(row).toMatchObject({ headline: 'Desarrolladora', phone: '555.123.4567' });
  });

  it('shows a field error the server found next to its field, in the active language', async () => {
    const user = userEvent.setup();
    const ana = await server.signUp();
    await renderWithApp(<PersonalSection profile={await profileOf(ana)} />, {
      session: ana.session,
      locale: 'es',
    });
    // Only the server knows which countries exist.
    const select = screen.getByLabelText('País') as HTMLSelectElement;
    await waitFor(() => expect(select.options.length).toBeGreaterThan(10));
    const option = document.createElement('option');
    option.value = 'ZZ';
    option.textContent = 'Nowhere';
    select.append(option);
    fireEvent.change(select, { target: { value: 'ZZ' } });
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(select).toHaveAccessibleDescription('Elige un país de la lista.'));
  });
});

describe('a save while offline', () => {
  for (const [locale, name, save, text] of [
    [
      'en',
      'First name',
      'Save',
      // docs/product.md "Error catalogue": "Info save: 'Error saving information'", then why.
      'Error saving information. You seem to be offline: nothing was saved. Check your connection.',
    ],
    [
      'es',
      'Nombre',
      'Guardar',
      // docs/product.md "Error catalogue": "Info save: … 'Error al guardar la información'", then why.
      'Error al guardar la información. Parece que no tienes conexión: no se guardó nada. Revisa tu conexión.',
    ],
  ] as const) {
    it(`says it is offline and nothing was saved, after the seed's words (${locale})`, async () => {
      const user = userEvent.setup();
      const ana = await server.signUp({ name: 'Ana' });
      await renderWithApp(
        <>
          <PersonalSection profile={await profileOf(ana)} />
          <ToastContainer />
        </>,
        { session: ana.session, locale },
      );
      await user.clear(screen.getByLabelText(name));
      await user.type(screen.getByLabelText(name), 'Ana María');
      server.dropNext('PATCH', '/users/info');
      await user.click(screen.getByRole('button', { name: save }));
      expect(await screen.findByText(text)).toBeInTheDocument();
      const [row] = await server.db.select().from(users).where(eq(users.id, ana.id));
      expect(row!.name).toBe('Ana');
    });
  }
});

describe('the professional section, against the API', () => {
  it('refuses a CV of another type before sending, and says why', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const ana = await server.signUp();
    await renderWithApp(<ProfessionalSection profile={await profileOf(ana)} />, {
      session: ana.session,
    });
    const from = server.requests.length;
    await user.upload(
      screen.getByLabelText('Upload a CV'),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Use a PDF, Word document, PNG or JPEG file.',
    );
    expect(server.requests.length).toBe(from);
  });

  it('says why the server refused a file renamed .pdf', async () => {
    const user = userEvent.setup();
    const ana = await server.signUp();
    await renderWithApp(<ProfessionalSection profile={await profileOf(ana)} />, {
      session: ana.session,
      locale: 'es',
    });
    await user.upload(
      screen.getByLabelText('Subir un CV'),
      new File(['just text'], 'cv.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Usa un archivo PDF, Word, PNG o JPEG.',
    );
  });

  it('keeps the CV’s name and size after a reload, in KB below 1 MB', async () => {
    const user = userEvent.setup();
    const ana = await server.signUp();
    const { unmount } = await renderWithApp(
      <ProfessionalSection profile={await profileOf(ana)} />,
      {
        session: ana.session,
      },
    );
    await user.upload(
      screen.getByLabelText('Upload a CV'),
      new File([PDF], 'Ana CV 2026.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByRole('link', { name: 'Ana CV 2026.pdf' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect((await profileOf(ana)).cv_file?.name).toBe('Ana CV 2026.pdf'));
    unmount();
    // What a reload shows: the profile as the API answers it.
    await renderWithApp(<ProfessionalSection profile={await profileOf(ana)} />, {
      session: ana.session,
    });
    expect(screen.getByRole('link', { name: 'Ana CV 2026.pdf' })).toBeInTheDocument();
    expect(screen.getByText(/1 KB/)).toBeInTheDocument();
  });
});
