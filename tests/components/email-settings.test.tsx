import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmailSettings } from '@/components/profile/email-settings';
import { startClientApi } from '../helpers/client-api';
import { renderWithApp } from '../helpers/render';

// /profile/settings → E-mail (docs/product.md "E-mail that respects people"): four kinds, each
// instant, daily digest or off, saved with a toast, against the real API.

let server: Awaited<ReturnType<typeof startClientApi>>;
beforeAll(async () => {
  server = await startClientApi();
});
afterAll(async () => server.close());

const TEXTS = {
  en: {
    section: 'E-mail',
    updates: 'Application updates',
    instant: 'Instant',
    daily: 'Daily digest',
    off: 'Off',
    save: 'Save e-mail preferences',
    saved: 'E-mail preferences saved.',
    error: 'We could not save your e-mail preferences.',
    applicants: 'New applicants',
  },
  es: {
    section: 'Correo',
    updates: 'Novedades de tus postulaciones',
    instant: 'Al instante',
    daily: 'Resumen diario',
    off: 'Desactivado',
    save: 'Guardar preferencias de correo',
    saved: 'Preferencias de correo guardadas.',
    error: 'No pudimos guardar tus preferencias de correo.',
    applicants: 'Nuevos postulantes',
  },
} as const;

describe.each(['en', 'es'] as const)('the e-mail settings (%s)', (locale) => {
  const x = TEXTS[locale];

  it('shows every kind instant at first; a change is saved with a toast and kept', async () => {
    const user = userEvent.setup();
    const ana = await server.signUp();
    await renderWithApp(
      <>
        <EmailSettings />
        <ToastContainer />
      </>,
      { locale, session: ana.session },
    );
    const section = screen.getByRole('region', { name: x.section });
    const updates = await within(section).findByRole('group', { name: x.updates });
    expect(within(updates).getByRole('radio', { name: x.instant })).toBeChecked();
    expect(within(section).getAllByRole('group')).toHaveLength(4);
    const save = within(section).getByRole('button', { name: x.save });
    expect(save).toBeDisabled();

    await user.click(within(updates).getByRole('radio', { name: x.off }));
    const applicants = within(section).getByRole('group', { name: x.applicants });
    await user.click(within(applicants).getByRole('radio', { name: x.daily }));
    await user.click(save);
    expect(await screen.findByText(x.saved)).toBeInTheDocument();
    expect(server.requests).toContain(
      'PATCH /me/email_preferences {"application_updates":"off","new_applicants":"daily"}',
    );
    const stored = await server.call('GET', '/me/email_preferences', { token: ana.token });
    expect(stored.json.data).toEqual({
      messages: 'instant',
      application_updates: 'off',
      new_applicants: 'daily',
      alerts: 'instant',
    });
    await waitFor(() => expect(save).toBeDisabled());
  });

  it('a failed save says so and keeps the choice on screen', async () => {
    const user = userEvent.setup();
    const ana = await server.signUp();
    await renderWithApp(
      <>
        <EmailSettings />
        <ToastContainer />
      </>,
      { locale, session: ana.session },
    );
    const updates = await screen.findByRole('group', { name: x.updates });
    await user.click(within(updates).getByRole('radio', { name: x.daily }));
    server.failNext('PATCH', '/me/email_preferences');
    await user.click(screen.getByRole('button', { name: x.save }));
    expect(await screen.findByText(x.error, { exact: false })).toBeInTheDocument();
    expect(within(updates).getByRole('radio', { name: x.daily })).toBeChecked();
    expect(screen.getByRole('button', { name: x.save })).toBeEnabled();
  });
});
