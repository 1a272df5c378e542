import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountMenu } from '@/components/layout/account-menu';
import { PasswordForm } from '@/components/profile/password-form';
import { PaypalForm } from '@/components/profile/paypal-form';
import { users } from '@/db/schema';
import { SessionProvider } from '@/store/session';
import { startClientApi } from '../helpers/client-api';
import { renderWithApp } from '../helpers/render';

let server: Awaited<ReturnType<typeof startClientApi>>;
beforeAll(async () => {
  server = await startClientApi();
});
afterAll(async () => server.close());

describe('the password change, against the API', () => {
  it('checks the repeat before calling, refuses a wrong current password next to it, then keeps the session', async () => {
    const user = userEvent.setup();
    const ana = await server.signUp({ password: 'the old passphrase' });
    await renderWithApp(<PasswordForm />, { locale: 'es', session: ana.session });
    const from = server.requests.length;
    await user.type(screen.getByLabelText('Contraseña actual'), 'not the old one');
    await user.type(screen.getByLabelText('Nueva contraseña'), 'a long passphrase');
    await user.type(screen.getByLabelText('Repite la nueva contraseña'), 'a long passphras');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(screen.getByLabelText('Repite la nueva contraseña')).toHaveAccessibleDescription(
      'Las contraseñas no coinciden.',
    );
    expect(server.requests.length).toBe(from);

    await user.type(screen.getByLabelText('Repite la nueva contraseña'), 'e');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Contraseña actual')).toHaveAccessibleDescription(
        'La contraseña actual no es correcta.',
      ),
    );

    await user.clear(screen.getByLabelText('Contraseña actual'));
    await user.type(screen.getByLabelText('Contraseña actual'), 'the old passphrase');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    await waitFor(() => expect(screen.getByLabelText('Nueva contraseña')).toHaveValue(''));
    // The old token is revoked; the one the answer brought is stored and works.
    const renewed = window.localStorage.getItem('access_token')!;
    expect(renewed).not.toBe(ana.token);
    expect((await server.call('GET', `/users/id/${ana.id}`, { token: renewed })).status).toBe(200);
    expect((await server.call('GET', `/users/id/${ana.id}`, { token: ana.token })).status).toBe(
      401,
    );
  });
});

describe('the payment e-mail, against the API', () => {
  it('refuses a malformed address and keeps a saved one in the user', async () => {
    const user = userEvent.setup();
    const ana = await server.signUp();
    const { store } = await renderWithApp(<PaypalForm />, { session: ana.session });
    const input = screen.getByLabelText('Payment account e-mail');
    await user.type(input, 'ana@');
    await user.click(screen.getByRole('button', { name: 'Save payment e-mail' }));
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining('Enter a valid e-mail address.'),
    );
    await user.type(input, 'pay.example');
    await user.click(screen.getByRole('button', { name: 'Save payment e-mail' }));
    await waitFor(() => expect(store.getState().auth.user?.paypal_email).toBe('ana@pay.example'));
    const [row] = await server.db.select().from(users).where(eq(users.id, ana.id));
    expect(row!.paypalEmail).toBe('ana@pay.example');
  });
});

describe('the account menu', () => {
  it('links a signed-in user to the profile editor and the settings', async () => {
    const user = userEvent.setup();
    const ana = await server.signUp({ name: 'Ana' });
    await renderWithApp(
      <SessionProvider persistor={null} rehydrated>
        <AccountMenu />
      </SessionProvider>,
      { locale: 'es', session: ana.session },
    );
    await user.click(screen.getByRole('button', { name: /Ana/ }));
    expect(screen.getByRole('menuitem', { name: 'Editar perfil' })).toHaveAttribute(
      'href',
      '/profile/edit',
    );
    expect(screen.getByRole('menuitem', { name: 'Configuración' })).toHaveAttribute(
      'href',
      '/profile/settings',
    );
  });
});
