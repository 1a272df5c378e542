import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginForm } from '@/components/auth/login-form';
import { RegisterForm } from '@/components/auth/register-form';
import { SessionWatcher } from '@/components/auth/session-watcher';
import { safeNextPath } from '@/components/auth/use-session-actions';
import { SignedOutOnly } from '@/components/auth/signed-out-only';
import { readCompanyChoice, writeCompanyChoice } from '@/lib/company-choice';
import { call } from '@/services/http-client';
import { SessionProvider } from '@/store/session';
import { startClientApi } from '../helpers/client-api';
import { renderWithApp } from '../helpers/render';

let server: Awaited<ReturnType<typeof startClientApi>>;
beforeAll(async () => {
  server = await startClientApi();
});
afterAll(async () => server.close());

describe('a session that ends', () => {
  it('signs out like logout, and sends the user to sign in and back, when a call answers 401', async () => {
    const ana = await server.signUp({ password: 'first passphrase' });
    const { store, router } = await renderWithApp(
      <SessionProvider persistor={null} rehydrated>
        <SessionWatcher />
      </SessionProvider>,
      { session: ana.session, router: { asPath: '/profile/edit#skills' } },
    );
    window.localStorage.setItem('registerByGoogle', '{}');
    writeCompanyChoice(7);
    // Elsewhere, the password changes: every older token is revoked.
    await server.call('POST', '/users/password', {
      token: ana.token,
      body: {
        current_password: 'first passphrase',
        new_password: 'second passphrase',
        confirm_new_password: 'second passphrase',
      },
    });
    await act(async () => {
      const outcome = await call({ url: `/users/id/${ana.id}` });
      expect(outcome).toMatchObject({ ok: false, failure: { code: 'unauthorized', status: 401 } });
    });
    await waitFor(() => expect(store.getState().auth.isLoggedIn).toBe(false));
    expect(router.push).toHaveBeenCalledWith({
      pathname: '/auth/login',
      query: { next: '/profile/edit#skills', reason: 'session_ended' },
    });
    for (const key of ['access_token', 'registerByGoogle', '[authState]', 'state']) {
      expect(window.localStorage.getItem(key)).toBeNull();
    }
    // The chosen company is forgotten too: the next person starts without it.
    expect(readCompanyChoice()).toBeNull();
  });

  it('says on the sign-in page that the session ended, in the active language', async () => {
    await renderWithApp(<LoginForm />, {
      locale: 'es',
      router: { query: { reason: 'session_ended' } },
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Tu sesión terminó. Vuelve a iniciar sesión.',
    );
  });
});

describe('signed-in visitors of the sign-in and registration pages', () => {
  it('see who they are and their next step instead of the forms', async () => {
    const ana = await server.signUp({ name: 'Ana' });
    await renderWithApp(
      <SessionProvider persistor={null} rehydrated>
        <SignedOutOnly>
          <LoginForm />
        </SignedOutOnly>
      </SessionProvider>,
      { session: ana.session },
    );
    expect(screen.getByRole('heading', { name: /You are signed in as Ana/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my profile' })).toHaveAttribute(
      'href',
      '/profile/my-profile',
    );
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });
});

describe('the registration form', () => {
  it('shows a field error next to its field in Spanish, whether the form or the server found it', async () => {
    const user = userEvent.setup();
    const taken = await server.signUp();
    await renderWithApp(<RegisterForm />, { locale: 'es' });
    await user.type(screen.getByLabelText('Nombre'), 'x'.repeat(300));
    await user.type(screen.getByLabelText('Correo'), taken.email);
    await user.type(screen.getByLabelText('Contraseña'), 'a fine passphrase');
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(screen.getByLabelText('Nombre')).toHaveAccessibleDescription(
      'Usa como máximo 100 caracteres.',
    );

    await user.clear(screen.getByLabelText('Nombre'));
    await user.type(screen.getByLabelText('Nombre'), 'Rosa');
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    // Only the server knows the e-mail is taken: its error lands next to the e-mail field.
    await waitFor(() =>
      expect(screen.getByLabelText('Correo')).toHaveAccessibleDescription(
        'Este correo ya está registrado.',
      ),
    );
    const banner = 'Algunos datos no son válidos. Revisa los campos marcados.';
    expect(screen.getByText(banner)).toBeInTheDocument();
    // Changing the e-mail clears both the field error and the banner.
    await user.type(screen.getByLabelText('Correo'), 'x');
    expect(screen.queryByText('Este correo ya está registrado.')).not.toBeInTheDocument();
    expect(screen.queryByText(banner)).not.toBeInTheDocument();
  });
});

describe('where a sign-in goes next', () => {
  const origin = 'http://127.0.0.1:3000';

  it('follows a path of this site, with its query and hash', () => {
    expect(safeNextPath('/projects/12', origin)).toBe('/projects/12');
    expect(safeNextPath('/opportunities?tab=jobs&search=dise%C3%B1o#results', origin)).toBe(
      '/opportunities?tab=jobs&search=dise%C3%B1o#results',
    );
  });

  it('never leads to another site, however the address hides it', () => {
    // Browsers drop tabs and line breaks from a URL and read "\\" as "/": each of these is
    // "//evil.example" to them, a link to another host.
    const hidden = [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r/evil.example',
      '/\t\\evil.example',
      '//evil.example',
      '/\\evil.example',
      '/.//evil.example',
      'https://evil.example/',
      'evil.example',
      'javascript:alert(1)',
    ];
    for (const next of hidden) expect(safeNextPath(next, origin), JSON.stringify(next)).toBeNull();
    expect(safeNextPath(['/projects/1'], origin)).toBeNull();
  });

  it('never returns to a sign-in page, and reads the origin of the page by default', () => {
    expect(safeNextPath('/auth/login', origin)).toBeNull();
    expect(safeNextPath('/au\tth/register', origin)).toBeNull();
    expect(safeNextPath('/profile/my-profile')).toBe('/profile/my-profile');
  });
});
