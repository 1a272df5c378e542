import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosRequestConfig } from 'axios';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RegisterForm } from '@/components/auth/register-form';
import InvitationScreen from '@/components/team/invitation-screen';
import { readCompanyChoice, writeCompanyChoice } from '@/lib/company-choice';
import { SessionProvider } from '@/store/session';
import type { TInvitation } from '@/types/companies';
import { fakeApi, ok, refused } from '../helpers/fake-api';
import { makeUser } from '../helpers/fixtures';
import { renderWithApp } from '../helpers/render';

// /invitations/{token} and the registration it leads to (docs/product.md "Companies and teams
// (screens)"), against a stand-in API answering as docs/api.md "Companies and teams" says.

vi.mock('@/services/http-client', async (original) => {
  const actual = await original<typeof import('@/services/http-client')>();
  const { fakeApi: fake } = await import('../helpers/fake-api');
  return { ...actual, call: (c: AxiosRequestConfig) => fake.call(c, actual.outcomeOf) };
});

// As the server makes them: 32 random bytes, base64url (lib/schemas/companies.ts INVITATION_TOKEN).
const TOKEN = 'k3Yc0TqLw9vJ2mZ8sH5pR1xN7bD4fG6aE0uQyWiOt_-';
const INVITATION: TInvitation = {
  company: { name: 'Acme', slug: 'acme', logo_url: null },
  role: 'recruiter',
  email: 'ana@x.com',
  expired: false,
  inviter: { name: 'Lucía', last_name: 'Martín' },
};

async function renderInvitation(
  locale: 'en' | 'es',
  email: string | null,
  invitation: TInvitation | null = INVITATION,
) {
  const user = userEvent.setup();
  const result = await renderWithApp(
    <SessionProvider persistor={null} rehydrated>
      <InvitationScreen token={TOKEN} invitation={invitation} />
      <ToastContainer />
    </SessionProvider>,
    {
      locale,
      router: { pathname: '/invitations/[token]', asPath: `/invitations/${TOKEN}` },
      ...(email
        ? { session: { user: makeUser({ is_talent: false, email }), accessToken: 'token' } }
        : {}),
    },
  );
  return { user, ...result };
}

beforeEach(() => {
  fakeApi.reset();
  writeCompanyChoice(null);
});
afterEach(() => writeCompanyChoice(null));

describe('the invitation page', () => {
  it('lets the invited e-mail accept, then opens My postings within the company', async () => {
    fakeApi.on(
      'POST',
      `/invitations/${TOKEN}/accept`,
      ok({
        company: { id: 3, slug: 'acme', name: 'Acme' },
        role: 'recruiter',
        joined_at: '2026-11-26T10:00:00.000Z',
      }),
    );
    const { user, router } = await renderInvitation('en', 'ANA@x.com');
    expect(
      await screen.findByText('Lucía Martín invites you to join Acme as recruiter'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('You joined Acme.')).toBeInTheDocument();
    expect(router.push).toHaveBeenCalledWith('/business/postings');
    expect(readCompanyChoice()).toBe(3);
  });

  it('says it in Spanish, and an accept refused as expired says so', async () => {
    fakeApi.on('POST', `/invitations/${TOKEN}/accept`, refused(409, 'expired'));
    const { user, router } = await renderInvitation('es', 'ana@x.com');
    expect(
      await screen.findByText('Lucía Martín te invita a unirte a Acme como reclutador'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('Esta invitación venció. Pide una nueva.')).toBeInTheDocument();
    expect(router.push).not.toHaveBeenCalled();
  });

  it('says an expired invitation has expired, with nothing to accept', async () => {
    await renderInvitation('en', 'ana@x.com', { ...INVITATION, expired: true });
    expect(
      await screen.findByText('This invitation has expired. Ask for a new one.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('says a used, revoked or unknown link is no longer valid', async () => {
    await renderInvitation('en', null, null);
    expect(await screen.findByText('This invitation is no longer valid.')).toBeInTheDocument();
  });

  it('says in Spanish that the link is no longer valid', async () => {
    await renderInvitation('es', null, null);
    expect(await screen.findByText('Esta invitación ya no es válida.')).toBeInTheDocument();
  });

  it('names the invited e-mail to someone signed in with another, and offers to sign out', async () => {
    const { user, router } = await renderInvitation('en', 'pablo@y.com');
    expect(
      await screen.findByText(
        'You are signed in as pablo@y.com, but this invitation is for ana@x.com. Sign out, then sign in or create an account with ana@x.com to accept it.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() =>
      expect(router.push).toHaveBeenCalledWith(`/auth/login?next=%2Finvitations%2F${TOKEN}`),
    );
  });

  it('offers a signed-out visitor to sign in or create an account for the invitation (es)', async () => {
    await renderInvitation('es', null);
    const signIn = await screen.findByRole('link', { name: 'Iniciar sesión' });
    expect(signIn).toHaveAttribute('href', `/auth/login?next=%2Finvitations%2F${TOKEN}`);
    const create = screen.getByRole('link', { name: 'Crear una cuenta' });
    const href = new URL(create.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/auth/register');
    expect(href.searchParams.get('invitation')).toBe(TOKEN);
    expect(href.searchParams.get('email')).toBe('ana@x.com');
    expect(href.searchParams.get('next')).toBe('/business/postings');
  });
});

describe('registering from an invitation', () => {
  it('creates a business account for the invited e-mail, without role choice nor workplace', async () => {
    fakeApi.on('POST', '/users/register', {
      status: 201,
      body: {
        status: true,
        data: makeUser({ id: 31, is_talent: false, email: 'ana@x.com' }),
        access_token: 'new-token',
      },
    });
    const user = userEvent.setup();
    const { router } = await renderWithApp(<RegisterForm />, {
      router: {
        pathname: '/auth/register',
        query: { invitation: TOKEN, email: 'ana@x.com', next: '/business/postings' },
      },
    });
    const email = screen.getByLabelText('E-mail');
    expect(email).toHaveValue('ana@x.com');
    expect(email).toHaveAttribute('readonly');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Company')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('First name'), 'Ana');
    await user.type(screen.getByLabelText('Password'), 'a fine passphrase');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/business/postings'));
    const sent = fakeApi.made('POST', '/users/register')[0]?.data as Record<string, unknown>;
    expect(sent).toMatchObject({
      email: 'ana@x.com',
      name: 'Ana',
      is_talent: false,
      invitation_token: TOKEN,
    });
    expect(sent).not.toHaveProperty('workplace_name');
  });

  it('reads the invitation in Spanish too', async () => {
    await renderWithApp(<RegisterForm />, {
      locale: 'es',
      router: { query: { invitation: TOKEN, email: 'ana@x.com' } },
    });
    expect(
      screen.getByText(
        'Te invitaron al equipo de una empresa: crea tu cuenta de empresa con el correo invitado.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Correo')).toHaveAttribute('readonly');
    expect(screen.queryByLabelText('Empresa')).not.toBeInTheDocument();
  });
});
