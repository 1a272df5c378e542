import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AccountEmail } from '@/components/account/account-email';
import { ConfirmEmailScreen } from '@/components/account/confirm-email-screen';
import { DataExport } from '@/components/account/data-export';
import { DeleteAccount } from '@/components/account/delete-account';
import { SessionWatcher } from '@/components/auth/session-watcher';
import { ProfileHeader } from '@/components/profile/profile-header';
import { mailOutbox, users } from '@/db/schema';
import { signEmailToken } from '@/server/services/account/email-token';
import { call } from '@/services/http-client';
import { SessionProvider } from '@/store/session';
import type { TPublicUser } from '@/types/user';
import { startClientApi } from '../helpers/client-api';
import { makeUser } from '../helpers/fixtures';
import { renderWithApp } from '../helpers/render';

// Settings' account sections and the confirmation page (docs/product.md "One's own account",
// "Deleting one's account"), against the real API, in both languages.

let server: Awaited<ReturnType<typeof startClientApi>>;
beforeAll(async () => {
  server = await startClientApi();
});
afterAll(async () => server.close());

describe('the account e-mail section', () => {
  it('says an address is not confirmed, sends the link again, and asks for a change (es)', async () => {
    const user = userEvent.setup();
    const ana = await server.signUp({ password: 'the old passphrase' });
    await renderWithApp(<AccountEmail />, { locale: 'es', session: ana.session });
    expect(await screen.findByText('Aún no confirmado.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enviar el enlace de nuevo' }));
    // The link is in the outbox, rendered in the page's language.
    await waitFor(async () => {
      const rows = await server.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.userId, ana.id), eq(mailOutbox.type, 'email_confirm')));
      expect(rows.map((r) => (JSON.parse(r.message) as { subject: string }).subject)).toEqual([
        'Confirma tu correo en TalentChain',
      ]);
    });

    await user.type(screen.getByLabelText('Nuevo correo'), 'ana.new@example.com');
    await user.type(screen.getByLabelText('Contraseña actual'), 'not it');
    await user.click(screen.getByRole('button', { name: 'Cambiar correo' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Contraseña actual')).toHaveAccessibleDescription(
        'La contraseña actual no es correcta.',
      ),
    );
    await user.clear(screen.getByLabelText('Contraseña actual'));
    await user.type(screen.getByLabelText('Contraseña actual'), 'the old passphrase');
    await user.click(screen.getByRole('button', { name: 'Cambiar correo' }));
    expect(
      await screen.findByText(
        'Un enlace va en camino a ana.new@example.com. Hasta que lo abras, sigues entrando con tu dirección actual.',
      ),
    ).toBeInTheDocument();
    const [row] = await server.db.select().from(users).where(eq(users.id, ana.id));
    expect(row!.email).toBe(ana.email);
  });

  it('shows the badge for a confirmed address and no reminder (en)', async () => {
    const ana = await server.signUp();
    await server.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, ana.id));
    await renderWithApp(<AccountEmail />, { session: ana.session });
    expect(await screen.findByText('Verified e-mail')).toBeInTheDocument();
    expect(screen.queryByText('Not confirmed yet.')).not.toBeInTheDocument();
  });
});

describe('the confirmation page', () => {
  it.each(['en', 'es'] as const)(
    'confirms only when its button is pressed (%s)',
    async (locale) => {
      const user = userEvent.setup();
      const ana = await server.signUp();
      const token = await signEmailToken(
        { purpose: 'confirm', userId: ana.id, email: ana.email },
        server.deps.jwtSecret,
        new Date(),
      );
      await renderWithApp(<ConfirmEmailScreen token={token} />, { locale });
      const [before] = await server.db.select().from(users).where(eq(users.id, ana.id));
      expect(before!.emailVerifiedAt).toBeNull();
      await user.click(
        screen.getByRole('button', {
          name: locale === 'es' ? 'Confirmar mi correo' : 'Confirm my e-mail',
        }),
      );
      const done =
        locale === 'es'
          ? `Listo: ${ana.email} está confirmado.`
          : `Done: ${ana.email} is confirmed.`;
      expect(await screen.findByText(done)).toBeInTheDocument();
      const [after] = await server.db.select().from(users).where(eq(users.id, ana.id));
      expect(after!.emailVerifiedAt).not.toBeNull();
    },
  );

  it('says a stale link is no longer valid', async () => {
    const user = userEvent.setup();
    await renderWithApp(<ConfirmEmailScreen token="not-a-token" />, { locale: 'es' });
    await user.click(screen.getByRole('button', { name: 'Confirmar mi correo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este enlace ya no es válido. Con tu sesión iniciada, puedes pedir uno nuevo en Configuración.',
    );
  });
});

describe('the data download', () => {
  it('fetches the export with the session token and saves it under its name', async () => {
    const ana = await server.signUp();
    const fetched: { url: string; auth: string | null }[] = [];
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      fetched.push({ url: String(input), auth: new Headers(init?.headers).get('Authorization') });
      return new Response('{}', {
        status: 200,
        headers: {
          'content-disposition': 'attachment; filename="talentchain-export-2026-11-27.json"',
        },
      });
    });
    const revokeUrl = vi.fn();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:json'), revokeObjectURL: revokeUrl });
    const clicked = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    try {
      const user = userEvent.setup();
      await renderWithApp(<DataExport />, { locale: 'es', session: ana.session });
      await user.click(screen.getByRole('button', { name: 'Descargar mis datos' }));
      await waitFor(() => expect(revokeUrl).toHaveBeenCalledWith('blob:json'));
      expect(fetched).toEqual([{ url: '/api/me/export', auth: `Bearer ${ana.token}` }]);
      expect(clicked).toHaveBeenCalledTimes(1);
    } finally {
      fetchSpy.mockRestore();
      clicked.mockRestore();
    }
  });
});

describe('the account deletion', () => {
  it('asks for the password in a dialog, refuses a wrong one, then deletes and signs out', async () => {
    const user = userEvent.setup();
    const ana = await server.signUp({ password: 'the old passphrase' });
    const { router } = await renderWithApp(
      <SessionProvider persistor={null} rehydrated>
        <DeleteAccount />
      </SessionProvider>,
      { locale: 'es', session: ana.session },
    );
    await user.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    const dialog = screen.getByRole('dialog', { name: '¿Eliminar tu cuenta?' });
    expect(within(dialog).getByText(/Usuario eliminado/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Contraseña actual'), 'not it');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Contraseña actual')).toHaveAccessibleDescription(
        'La contraseña actual no es correcta.',
      ),
    );
    const [kept] = await server.db.select().from(users).where(eq(users.id, ana.id));
    expect(kept!.deletedAt).toBeNull();
    await user.clear(within(dialog).getByLabelText('Contraseña actual'));
    await user.type(within(dialog).getByLabelText('Contraseña actual'), 'the old passphrase');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta' }));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/'));
    const [gone] = await server.db.select().from(users).where(eq(users.id, ana.id));
    expect(gone!.deletedAt).not.toBeNull();
  });
});

describe('the account deletion racing the session watcher', () => {
  it('goes home, never to sign in, when another call meets the revoked token before the move ends', async () => {
    const user = userEvent.setup();
    const ana = await server.signUp({ password: 'the old passphrase' });
    // The move home takes a while (a page to load); meanwhile the live stream reconnects with
    // the token the deletion just revoked, and meets a 401.
    let arrive: (done: boolean) => void = () => undefined;
    const push = vi.fn(
      (to: unknown) =>
        new Promise<boolean>((resolve) => {
          if (to === '/') arrive = resolve;
          else resolve(true);
        }),
    );
    const { router, store } = await renderWithApp(
      <SessionProvider persistor={null} rehydrated>
        <SessionWatcher />
        <DeleteAccount />
      </SessionProvider>,
      { locale: 'en', session: ana.session, router: { asPath: '/profile/settings', push } },
    );
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByLabelText('Current password'), 'the old passphrase');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/'));
    await act(async () => {
      const stale = await call({ url: `/users/id/${ana.id}` });
      expect(stale).toMatchObject({ ok: false, failure: { status: 401 } });
    });
    await act(async () => arrive(true));
    await waitFor(() => expect(store.getState().auth.isLoggedIn).toBe(false));
    expect(router.push).toHaveBeenCalledTimes(1);
  });
});

describe('the account deletion without a password', () => {
  it('offers no way around the proof: without Google, it says to choose a password first', async () => {
    const user = userEvent.setup();
    const ana = await server.signUp();
    await renderWithApp(<DeleteAccount />, { locale: 'es', session: ana.session });
    await user.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    const dialog = screen.getByRole('dialog', { name: '¿Eliminar tu cuenta?' });
    await user.click(
      within(dialog).getByRole('button', { name: 'Me registré con Google y no tengo contraseña' }),
    );
    expect(within(dialog).getByText(/Elige primero una contraseña/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta' })).toBeDisabled();
  });
});

describe('the verified e-mail badge on a profile', () => {
  it.each([
    ['en', 'Verified e-mail'],
    ['es', 'Correo verificado'],
  ] as const)('shows when the address is confirmed (%s)', async (locale, text) => {
    const base = makeUser() as unknown as TPublicUser;
    const { unmount } = await renderWithApp(
      <ProfileHeader user={{ ...base, email_verified: true }} />,
      { locale },
    );
    expect(screen.getByText(text)).toBeInTheDocument();
    unmount();
    await renderWithApp(<ProfileHeader user={{ ...base, email_verified: false }} />, { locale });
    expect(screen.queryByText(text)).not.toBeInTheDocument();
  });
});
