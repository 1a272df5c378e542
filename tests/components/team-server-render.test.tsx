import { act } from '@testing-library/react';
import type { AxiosRequestConfig } from 'axios';
import { RouterContext } from 'next/dist/shared/lib/router-context.shared-runtime';
import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetch } from '@/components/team/team-screen';
import { writeCompanyChoice } from '@/lib/company-choice';
import TeamPage from '@/pages/business/team';
import { api } from '@/services/api';
import { makeStore, type TServerSession } from '@/store';
import { loggedIn, sessionUserOf } from '@/store/auth-slice';
import { SessionProvider } from '@/store/session';
import type { TAuditEntry, TMember, TPendingInvitation } from '@/types/companies';
import { fakeApi, ok, page } from '../helpers/fake-api';
import { makeUser } from '../helpers/fixtures';
import { makeI18n } from '../helpers/i18n';
import { makeRouter } from '../helpers/render';

// /business/team rendered by the server with the session (page-state/signed-in-page.ts,
// docs/performance.md "How pages paint early"): the server reads the team of the company the
// request chose (the tc_company cookie), renders it, and the browser hydrates the same markup
// without reading anything again. Here the server's half runs as the server runs it: the screen's
// prefetch into a store of the request, then the page rendered to a string from its answers.

vi.mock('@/services/http-client', async (original) => {
  const actual = await original<typeof import('@/services/http-client')>();
  const { fakeApi: fake } = await import('../helpers/fake-api');
  return { ...actual, call: (c: AxiosRequestConfig) => fake.call(c, actual.outcomeOf) };
});

// On the server, Next renders the page's next/dynamic screen with its module (its chunk is in the
// page); the header's later chunks render their placeholders, as until they come.
vi.mock('next/dynamic', async () => {
  const screen = await import('@/components/team/team-screen');
  return {
    default: (load: () => unknown, options?: { loading?: () => ReactElement | null }) =>
      String(load).includes('team-screen') ? screen.default : (options?.loading ?? (() => null)),
  };
});

const ME = 7;
const ACME = { id: 3, slug: 'acme', name: 'Acme', logo_url: null };
const BETA = { id: 4, slug: 'beta', name: 'Beta Studio', logo_url: null };

const member = (id: number, name: string, last: string, role: TMember['role']): TMember => ({
  user: { id, name, last_name: last, email: `${name.toLowerCase()}@x.dev`, avatar_url: null },
  role,
  joined_at: '2026-03-01T10:00:00.000Z',
});

const INVITATION: TPendingInvitation = {
  id: 21,
  email: 'ana@x.com',
  role: 'recruiter',
  expires_at: '2026-12-03T10:00:00.000Z',
  expired: false,
  created_at: '2026-11-26T10:00:00.000Z',
  invited_by: { id: ME, name: 'Lucía', last_name: 'Martín' },
};

const ENTRY: TAuditEntry = {
  id: 1,
  actor: { id: ME, name: 'Lucía', last_name: 'Martín' },
  action: 'invitation.created',
  target: { type: 'invitation', id: 21, label: 'ana@x.com', role: 'recruiter' },
  created_at: '2026-11-26T10:00:00.000Z',
};

const USER = makeUser({
  id: ME,
  is_talent: false,
  person: { name: 'Lucía', last_name: 'Martín', phone: '' },
});

/** Lucía: a recruiter of Acme (her oldest membership) and the owner of Beta Studio. */
function twoCompanies() {
  fakeApi.on(
    'GET',
    '/me/companies',
    ok([
      { company: ACME, role: 'recruiter' },
      { company: BETA, role: 'owner' },
    ]),
  );
  fakeApi.on('GET', '/companies/3/members', ok([member(ME, 'Lucía', 'Martín', 'recruiter')]));
  fakeApi.on(
    'GET',
    '/companies/4/members',
    ok([member(ME, 'Lucía', 'Martín', 'owner'), member(8, 'Bruno', 'Díaz', 'admin')]),
  );
  fakeApi.on('GET', '/companies/4/invitations', ok([INVITATION]));
  fakeApi.on('GET', '/companies/4/audit', ok(page([ENTRY])));
}

/** What signedInPage() hands the page for a request whose cookie chose `company`. */
async function serverSessionFor(company: number | null): Promise<TServerSession> {
  const { store, persistor } = makeStore();
  persistor?.pause();
  // Signed in as the browser is (the token where the HTTP client reads it).
  store.dispatch(loggedIn({ user: USER, accessToken: 'token' }));
  await prefetch(store, { path: '/business/team', query: {}, company });
  await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
  const state = store.getState() as unknown as {
    api: { queries: unknown; provided: unknown };
  };
  return JSON.parse(
    JSON.stringify({
      user: sessionUserOf(USER),
      api: { queries: state.api.queries, provided: state.api.provided },
      company,
    }),
  ) as TServerSession;
}

/** The page as pages/_app.tsx renders it from the server session. */
async function app(session: TServerSession, locale: 'en' | 'es'): Promise<ReactElement> {
  const i18n = await makeI18n(locale, [initReactI18next]);
  const { store, persistor } = makeStore({
    auth: { isLoggedIn: true, user: session.user },
    api: session.api,
  } as never);
  persistor?.pause();
  return (
    <RouterContext.Provider value={makeRouter({ locale, pathname: '/business/team' })}>
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <SessionProvider persistor={null} rehydrated>
            <TeamPage serverSession={session} />
          </SessionProvider>
        </I18nextProvider>
      </Provider>
    </RouterContext.Provider>
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

beforeEach(() => {
  fakeApi.reset();
  twoCompanies();
});
afterEach(() => {
  writeCompanyChoice(null);
  localStorage.clear();
});

describe('the team page rendered by the server', () => {
  it.each([
    ['en', 'The people who work within Beta Studio.', 'Pending invitations', 'Activity'],
    ['es', 'Las personas que trabajan en Beta Studio.', 'Invitaciones pendientes', 'Actividad'],
  ] as const)(
    'shows the chosen company’s members, invitations and activity, and the browser takes it over as it is (%s)',
    async (locale, lead, invitations, activity) => {
      const session = await serverSessionFor(BETA.id);
      const html = renderToString(await app(session, locale));
      const shown = text(html);
      expect(shown).toContain(lead);
      expect(shown).toContain('Bruno Díaz');
      expect(shown).toContain(invitations);
      expect(shown).toContain('ana@x.com');
      expect(shown).toContain(activity);
      expect(html).not.toContain('role="status"');

      // The browser: the same cookie, the server's markup, its store from the server's answers.
      writeCompanyChoice(BETA.id);
      const asked = fakeApi.requests.length;
      const container = document.createElement('div');
      container.innerHTML = html;
      const served = container.innerHTML;
      document.body.appendChild(container);
      const errors: unknown[] = [];
      const logged = vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
      const root = await act(async () =>
        hydrateRoot(container, await app(session, locale), {
          onRecoverableError: (e) => errors.push(e),
        }),
      );
      expect(errors).toEqual([]);
      expect(container.innerHTML).toBe(served);
      expect(fakeApi.requests.length).toBe(asked);
      logged.mockRestore();
      act(() => root.unmount());
      container.remove();
    },
  );

  it('without a choice, shows the oldest membership, a recruiter’s members only', async () => {
    const session = await serverSessionFor(null);
    const shown = text(renderToString(await app(session, 'en')));
    expect(shown).toContain('The people who work within Acme.');
    expect(shown).not.toContain('Bruno Díaz');
    expect(shown).not.toContain('Pending invitations');
    expect(fakeApi.requests.map((r) => r.url)).not.toContain('/companies/3/invitations');
  });
});
