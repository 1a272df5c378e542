import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosRequestConfig } from 'axios';
import { ToastContainer } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import TeamScreen from '@/components/team/team-screen';
import { SessionProvider } from '@/store/session';
import type { TAuditEntry, TCompanyRole, TMember, TPendingInvitation } from '@/types/companies';
import { fakeApi, ok, page, refused } from '../helpers/fake-api';
import { makeUser } from '../helpers/fixtures';
import { renderWithApp } from '../helpers/render';

// /business/team (docs/product.md "Companies and teams", "Screens") against a stand-in API that
// answers as the contract says (docs/api.md "Companies and teams").

vi.mock('@/services/http-client', async (original) => {
  const actual = await original<typeof import('@/services/http-client')>();
  const { fakeApi: fake } = await import('../helpers/fake-api');
  return { ...actual, call: (c: AxiosRequestConfig) => fake.call(c, actual.outcomeOf) };
});

const ME = 7;
const ACME = { id: 3, slug: 'acme', name: 'Acme', logo_url: null };

const member = (id: number, name: string, last: string, role: TCompanyRole): TMember => ({
  user: { id, name, last_name: last, email: `${name.toLowerCase()}@acme.dev`, avatar_url: null },
  role,
  joined_at: '2026-03-01T10:00:00.000Z',
});

const LUCIA = member(ME, 'Lucía', 'Martín', 'owner');
const PABLO = member(8, 'Pablo', 'Ruiz', 'admin');
const ELENA = member(9, 'Elena', 'Gómez', 'recruiter');

const INVITATIONS: TPendingInvitation[] = [
  {
    id: 21,
    email: 'ana@x.com',
    role: 'recruiter',
    expires_at: '2026-12-03T10:00:00.000Z',
    expired: false,
    created_at: '2026-11-26T10:00:00.000Z',
    invited_by: { id: ME, name: 'Lucía', last_name: 'Martín' },
  },
  {
    id: 20,
    email: 'old@x.com',
    role: 'admin',
    expires_at: '2026-11-01T10:00:00.000Z',
    expired: true,
    created_at: '2026-10-25T10:00:00.000Z',
    invited_by: null,
  },
];

const AUDIT: TAuditEntry[] = [
  {
    id: 2,
    actor: { id: ME, name: 'Lucía', last_name: 'Martín' },
    action: 'application.moved',
    target: {
      type: 'project_application',
      id: 40,
      label: 'Juan Pérez',
      posting: { kind: 'project', id: 5, name: 'Web shop' },
      from: 0,
      to: 1,
    },
    created_at: '2026-11-26T11:00:00.000Z',
  },
  {
    id: 1,
    actor: { id: ME, name: 'Lucía', last_name: 'Martín' },
    action: 'invitation.created',
    target: { type: 'invitation', id: 21, label: 'ana@x.com', role: 'recruiter' },
    created_at: '2026-11-26T10:00:00.000Z',
  },
];

function company(role: TCompanyRole, members = [LUCIA, PABLO, ELENA]) {
  fakeApi.on('GET', '/me/companies', ok([{ company: ACME, role }]));
  fakeApi.on(
    'GET',
    '/companies/3/members',
    ok(members.map((m) => (m.user.id === ME ? { ...m, role } : m))),
  );
  fakeApi.on('GET', '/companies/3/invitations', ok(INVITATIONS));
  fakeApi.on('GET', '/companies/3/audit', ok(page(AUDIT)));
}

async function renderTeam(locale: 'en' | 'es' = 'en') {
  const user = userEvent.setup();
  const result = await renderWithApp(
    <SessionProvider persistor={null} rehydrated>
      <TeamScreen />
      <ToastContainer />
    </SessionProvider>,
    {
      locale,
      session: {
        user: makeUser({
          id: ME,
          is_talent: false,
          person: { name: 'Lucía', last_name: 'Martín', phone: '' },
        }),
        accessToken: 'token',
      },
    },
  );
  await screen.findByRole('heading', { name: locale === 'en' ? 'Members' : 'Miembros' });
  await screen.findAllByText(/Elena Gómez/);
  return { user, ...result };
}

/** A member's or invitation's row, by the name or e-mail it leads with. */
const rowOf = (text: string | RegExp) =>
  screen.getByText(text, { selector: 'strong' }).closest('li') as HTMLElement;

beforeEach(() => fakeApi.reset());

describe('the team page for an owner', () => {
  it('lists the members, pending invitations and the activity as sentences', async () => {
    company('owner');
    await renderTeam();
    expect(screen.getByText('The people who work within Acme.')).toBeInTheDocument();
    expect(within(rowOf(/Lucía Martín/)).getByText(/\(you\)/)).toBeInTheDocument();
    expect(within(rowOf(/Pablo Ruiz/)).getByText('pablo@acme.dev')).toBeInTheDocument();
    // Owners change roles: a select per member, labelled with the member's name.
    expect(screen.getByLabelText('Role of Elena Gómez')).toHaveValue('recruiter');

    expect(await screen.findByText('ana@x.com')).toBeInTheDocument();
    expect(within(rowOf('ana@x.com')).getByText(/^Expires /)).toBeInTheDocument();
    expect(within(rowOf('old@x.com')).getByText('Expired')).toBeInTheDocument();

    expect(
      await screen.findByText(
        'Lucía Martín moved Juan Pérez from Applied to Shortlisted on «Web shop»',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Lucía Martín invited ana@x.com as recruiter')).toBeInTheDocument();
  });

  it('says the activity in Spanish', async () => {
    company('owner');
    await renderTeam('es');
    expect(
      await screen.findByText(
        'Lucía Martín movió a Juan Pérez de Postulado a Preseleccionado en «Web shop»',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Lucía Martín invitó a ana@x.com como reclutador')).toBeInTheDocument();
    expect(within(rowOf('old@x.com')).getByText('Vencida')).toBeInTheDocument();
  });

  it('changes a role, and says why the last owner cannot step down', async () => {
    company('owner');
    fakeApi.on('PATCH', '/companies/3/members/9', ok({ ...ELENA, role: 'admin' }));
    fakeApi.on(
      'PATCH',
      `/companies/3/members/${ME}`,
      refused(409, 'last_owner', { message: 'The last owner…', message_es: 'El último…' }),
    );
    const { user } = await renderTeam();
    await user.selectOptions(screen.getByLabelText('Role of Elena Gómez'), 'admin');
    expect(await screen.findByText('Elena Gómez is now admin.')).toBeInTheDocument();
    expect(fakeApi.made('PATCH', '/companies/3/members/9')[0]?.data).toEqual({ role: 'admin' });

    await user.selectOptions(screen.getByLabelText('Role of Lucía Martín'), 'recruiter');
    expect(
      await screen.findByText(
        'The company needs at least one owner. Make someone else an owner first.',
      ),
    ).toBeInTheDocument();
  });

  it('asks before removing a member, and before leaving (refused for the last owner, in Spanish)', async () => {
    company('owner');
    fakeApi.on('DELETE', '/companies/3/members/9', ok(null));
    fakeApi.on('DELETE', `/companies/3/members/${ME}`, refused(409, 'last_owner'));
    const { user } = await renderTeam('es');
    await user.click(within(rowOf(/Elena Gómez/)).getByRole('button', { name: 'Quitar' }));
    const dialog = screen.getByRole('dialog', { name: '¿Quitar a Elena Gómez de Acme?' });
    expect(fakeApi.made('DELETE', '/companies/3/members/9')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Quitar' }));
    expect(
      await screen.findByText('Elena Gómez ya no forma parte del equipo.'),
    ).toBeInTheDocument();
    expect(fakeApi.made('DELETE', '/companies/3/members/9')).toHaveLength(1);

    await user.click(within(rowOf(/Lucía Martín/)).getByRole('button', { name: 'Salir' }));
    const leave = screen.getByRole('dialog', { name: '¿Salir de Acme?' });
    await user.click(within(leave).getByRole('button', { name: 'Salir' }));
    expect(
      await screen.findByText(
        'La empresa necesita al menos un propietario. Primero haz propietario a otra persona.',
      ),
    ).toBeInTheDocument();
  });

  it('revokes an invitation after asking, and resends one', async () => {
    company('owner');
    fakeApi.on('DELETE', '/companies/3/invitations/21', ok(null));
    fakeApi.on(
      'POST',
      '/companies/3/invitations/21/resend',
      ok({ id: 21, email: 'ana@x.com', role: 'recruiter', expires_at: '2026-12-04T10:00:00.000Z' }),
    );
    const { user } = await renderTeam();
    await screen.findByText('ana@x.com');
    await user.click(within(rowOf('ana@x.com')).getByRole('button', { name: 'Resend' }));
    expect(
      await screen.findByText('The invitation was sent again to ana@x.com.'),
    ).toBeInTheDocument();
    expect(fakeApi.made('POST', '/companies/3/invitations/21/resend')[0]?.data).toEqual({
      lang: 'en',
    });

    await user.click(within(rowOf('ana@x.com')).getByRole('button', { name: 'Revoke' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke the invitation to ana@x.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('The invitation to ana@x.com was revoked.')).toBeInTheDocument();
  });

  it('pages through the activity', async () => {
    company('owner');
    fakeApi.on('GET', '/companies/3/audit', (config) =>
      ok(
        page(config.params.page === 1 ? AUDIT.slice(0, 1) : AUDIT.slice(1), config.params.page, 2),
      ),
    );
    const { user } = await renderTeam();
    await screen.findByText(/moved Juan Pérez/);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(
      await screen.findByText('Lucía Martín invited ana@x.com as recruiter'),
    ).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });
});

describe('the invitation form', () => {
  it('sends the e-mail, the role and the language, and shows a server field error by the field (es)', async () => {
    company('owner');
    fakeApi.on(
      'POST',
      '/companies/3/invitations',
      refused(422, 'invalid_input', { errors: [{ path: 'email', code: 'invalid_email' }] }),
    );
    const { user } = await renderTeam('es');
    await user.type(screen.getByLabelText('Correo electrónico'), 'nope');
    await user.selectOptions(screen.getByLabelText('Rol'), 'admin');
    await user.click(screen.getByRole('button', { name: 'Enviar invitación' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Correo electrónico')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(fakeApi.made('POST', '/companies/3/invitations')[0]?.data).toEqual({
      email: 'nope',
      role: 'admin',
      lang: 'es',
    });
  });

  it('says when to try again after too many invitations, and when the person is already in', async () => {
    company('owner');
    let answer = refused(429, 'rate_limited', { retryAfter: 30 });
    fakeApi.on('POST', '/companies/3/invitations', () => answer);
    const { user } = await renderTeam();
    await user.type(screen.getByLabelText('E-mail'), 'ana@x.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait 30 seconds and try again.',
    );
    answer = refused(409, 'conflict');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'That person is already a member or already has a pending invitation.',
      ),
    );
  });

  it('confirms a sent invitation', async () => {
    company('owner');
    fakeApi.on(
      'POST',
      '/companies/3/invitations',
      ok(
        { id: 22, email: 'new@x.com', role: 'recruiter', expires_at: '2026-12-03T10:00:00.000Z' },
        201,
      ),
    );
    const { user } = await renderTeam();
    await user.type(screen.getByLabelText('E-mail'), 'new@x.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to new@x.com.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('');
  });
});

describe('the team page for other roles', () => {
  it('shows a recruiter the members only: no form, no invitations, no activity, no removals', async () => {
    company('recruiter');
    await renderTeam();
    expect(screen.queryByRole('heading', { name: 'Invite someone' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pending invitations' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Activity' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(rowOf(/Pablo Ruiz/)).getByText('Admin')).toBeInTheDocument();
    // Only leaving is theirs.
    expect(
      within(rowOf(/Lucía Martín/)).getByRole('button', { name: 'Leave' }),
    ).toBeInTheDocument();
    // The server refuses the audit to recruiters: it is never asked.
    expect(fakeApi.made('GET', '/companies/3/audit')).toHaveLength(0);
    expect(fakeApi.made('GET', '/companies/3/invitations')).toHaveLength(0);
  });

  it('shows an admin the team without role changes and without removing owners (es)', async () => {
    company('admin', [member(1, 'María', 'Soto', 'owner'), LUCIA, ELENA]);
    await renderTeam('es');
    expect(screen.getByRole('heading', { name: 'Invitar a alguien' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Rol de/ })).not.toBeInTheDocument();
    expect(
      within(rowOf(/María Soto/)).queryByRole('button', { name: 'Quitar' }),
    ).not.toBeInTheDocument();
    expect(
      within(rowOf(/Elena Gómez/)).getByRole('button', { name: 'Quitar' }),
    ).toBeInTheDocument();
  });
});
