import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokensScreen } from '@/components/account/tokens-screen';
import { startClientApi } from '../helpers/client-api';
import { renderWithApp } from '../helpers/render';

// /account/tokens on screen (docs/product.md "Access tokens"): make a token with its scopes and
// lifetime, see it once with Copy, find it in the list, revoke it after a confirmation. Against
// the real API, in both languages.

let server: Awaited<ReturnType<typeof startClientApi>>;
beforeAll(async () => {
  server = await startClientApi();
});
afterAll(async () => server.close());

const TEXTS = {
  en: {
    name: 'Name',
    postings: 'Read postings',
    postingsHint: "Search and read projects and jobs, and your company's postings.",
    messages: 'Conversations',
    expiry: 'Expires after',
    days90: '90 days',
    create: 'Create token',
    token: 'Token',
    warning:
      'Copy it now: it will not be shown again. Whoever has it can act as you within its scopes.',
    copy: 'Copy',
    copied: 'Token copied.',
    done: 'I have copied it',
    needScope: 'Choose at least one scope.',
    required: 'This field is required.',
    revoke: 'Revoke Deploy bot',
    revokeConfirm: 'Revoke',
    revoked: 'Token revoked.',
    never: 'Never',
    empty:
      'You have no access tokens. Create one to let a script or another application read postings, follow applicants or answer messages on your behalf through the API.',
    docs: 'See what the API offers',
  },
  es: {
    name: 'Nombre',
    postings: 'Leer publicaciones',
    postingsHint: 'Buscar y leer proyectos y empleos, y las publicaciones de tu empresa.',
    messages: 'Conversaciones',
    expiry: 'Caduca después de',
    days90: '90 días',
    create: 'Crear token',
    token: 'Token',
    warning:
      'Cópialo ahora: no se volverá a mostrar. Quien lo tenga puede actuar como tú dentro de sus permisos.',
    copy: 'Copiar',
    copied: 'Token copiado.',
    done: 'Ya lo copié',
    needScope: 'Elige al menos un permiso.',
    required: 'Este campo es obligatorio.',
    revoke: 'Revocar Deploy bot',
    revokeConfirm: 'Revocar',
    revoked: 'Token revocado.',
    never: 'Nunca',
    empty:
      'No tienes tokens de acceso. Crea uno para que un script u otra aplicación lea publicaciones, siga postulantes o responda mensajes en tu nombre a través de la API.',
    docs: 'Mira lo que ofrece la API',
  },
} as const;

describe.each(['en', 'es'] as const)('access tokens (%s)', (locale) => {
  const x = TEXTS[locale];

  it('with none, explains what tokens are for and links to the reference', async () => {
    const ana = await server.signUp();
    await renderWithApp(<TokensScreen />, { locale, session: ana.session });
    expect(await screen.findByText(x.empty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: x.docs })).toHaveAttribute('href', '/api/docs');
  });

  it('makes a token, shows it once with Copy, lists it and revokes it after asking', async () => {
    const user = userEvent.setup();
    const ana = await server.signUp();
    await renderWithApp(
      <>
        <TokensScreen />
        <ToastContainer />
      </>,
      { locale, session: ana.session },
    );
    // Nothing chosen: the form says what is missing and sends nothing.
    const posts = () => server.requests.filter((r) => r.startsWith('POST /me/tokens')).length;
    const before = posts();
    await user.click(screen.getByRole('button', { name: x.create }));
    expect(await screen.findByText(x.needScope)).toBeInTheDocument();
    expect(posts()).toBe(before);

    const postings = screen.getByRole('checkbox', { name: x.postings });
    expect(postings).toHaveAccessibleDescription(x.postingsHint);
    await user.click(postings);
    await user.click(screen.getByRole('checkbox', { name: x.messages }));
    // No name: the server's field error shows under the field.
    await user.click(screen.getByRole('button', { name: x.create }));
    expect(await screen.findByText(x.required)).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: x.name }), 'Deploy bot');
    await user.selectOptions(screen.getByRole('combobox', { name: x.expiry }), x.days90);
    await user.click(screen.getByRole('button', { name: x.create }));

    const secret = await screen.findByRole('textbox', { name: x.token });
    const value = (secret as HTMLInputElement).value;
    expect(value).toMatch(/^tc_pat_[0-9A-Za-z]{40}$/);
    expect(secret).toHaveAttribute('readonly');
    expect(screen.getByText(x.warning)).toBeInTheDocument();
    await waitFor(() => expect(secret).toHaveFocus());
    await user.click(screen.getByRole('button', { name: x.copy }));
    expect(await screen.findByText(x.copied)).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(value);

    const stored = await server.call('GET', '/me/tokens', { token: ana.token });
    expect(stored.json.data).toEqual([
      expect.objectContaining({
        name: 'Deploy bot',
        scopes: ['postings:read', 'messages:write'],
        prefix: value.slice(0, 13),
        last_used_at: null,
      }),
    ]);
    const created = (stored.json.data as { created_at: string; expires_at: string }[])[0]!;
    expect(Date.parse(created.expires_at) - Date.parse(created.created_at)).toBe(90 * 864e5);

    const list = await screen.findByRole('list');
    const item = await within(list).findByRole('listitem');
    expect(within(item).getByRole('heading', { name: 'Deploy bot' })).toBeInTheDocument();
    expect(within(item).getByText(`${value.slice(0, 13)}…`)).toBeInTheDocument();
    expect(within(item).getByText(x.never)).toBeInTheDocument();
    expect(item).not.toHaveTextContent(value);

    await user.click(screen.getByRole('button', { name: x.done }));
    expect(screen.queryByRole('textbox', { name: x.token })).not.toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: x.revoke }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: x.revokeConfirm }));
    expect(await screen.findByText(x.revoked)).toBeInTheDocument();
    expect(await screen.findByText(x.empty)).toBeInTheDocument();
    const after = await server.call('GET', '/me/tokens', { token: ana.token });
    expect(after.json.data).toEqual([]);
  });
});
