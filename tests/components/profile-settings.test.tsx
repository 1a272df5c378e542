import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AccountMenu } from '@/components/layout/account-menu';
import { PasswordForm } from '@/components/profile/password-form';
import { PaypalForm } from '@/components/profile/paypal-form';
import { SessionProvider } from '@/store/session';
import { makeUser } from '../helpers/fixtures';
import { renderWithApp } from '../helpers/render';

describe('the password change', () => {
  it('checks the repeat before calling, then sends both fields', async () => {
    const user = userEvent.setup();
    const change = vi.fn(async () => ({
      hasError: false,
      message: 'Contraseña cambiada correctamente',
      data: true as const,
    }));
    await renderWithApp(<PasswordForm change={change} />, { locale: 'es', user: makeUser() });
    await user.type(screen.getByLabelText('Nueva contraseña'), 'a long passphrase');
    await user.type(screen.getByLabelText('Repite la nueva contraseña'), 'a long passphras');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(screen.getByText('Las contraseñas no coinciden.')).toBeInTheDocument();
    expect(change).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Repite la nueva contraseña'), 'e');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(change).toHaveBeenCalledWith(
      { new_password: 'a long passphrase', confirm_new_password: 'a long passphrase' },
      expect.objectContaining({ language: 'es' }),
    );
    await waitFor(() => expect(screen.getByLabelText('Nueva contraseña')).toHaveValue(''));
  });
});

describe('the payment e-mail', () => {
  it('refuses a malformed address and keeps a saved one in the user', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async (email: string | null) => ({
      hasError: false,
      message: 'ok',
      data: { paypal_email: email },
    }));
    const { store } = await renderWithApp(<PaypalForm send={send} />, { user: makeUser() });
    const input = screen.getByLabelText('Payment account e-mail');
    await user.type(input, 'ana@');
    await user.click(screen.getByRole('button', { name: 'Save payment e-mail' }));
    expect(screen.getByText('Enter a valid e-mail address.')).toBeInTheDocument();
    await user.type(input, 'pay.example');
    await user.click(screen.getByRole('button', { name: 'Save payment e-mail' }));
    await waitFor(() => expect(store.getState().auth.user?.paypal_email).toBe('ana@pay.example'));
  });
});

describe('the account menu', () => {
  it('links a signed-in user to the profile editor and the settings', async () => {
    const user = userEvent.setup();
    await renderWithApp(
      <SessionProvider persistor={null} rehydrated>
        <AccountMenu />
      </SessionProvider>,
      { locale: 'es', user: makeUser() },
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
