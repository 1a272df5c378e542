// The team's calls are in the cache first, as on the site (the account menu loads them): the
// invitation calls are named apart from theirs (a team invitation is `invite`).
import '@/services/companies-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ApplicationsList from '@/components/marketplace/applications/applications-list';
import TalentSearch from '@/components/marketplace/browse/talent-search';
import InvitationBanner from '@/components/marketplace/invites/invitation-banner';
import { TalentProfile } from '@/components/profile/talent-profile';
import { companies } from '@/db/schema';
import { earliestToday } from '@/lib/schemas/marketplace';
import { SessionProvider } from '@/store/session';
import type { TPublicUser } from '@/types/user';
import { startClientApi } from '../helpers/client-api';
import { renderWithApp } from '../helpers/render';

// Invitations to apply on the screens (docs/product.md "Invitations to apply"): "Invite to
// apply" on a talent's card (a dialog: one of the company's open postings, an optional message;
// the answer said in the user's language), the posting page's "Invited by …" banner for the
// invited talent, and /applications → Invitations. Against the real API (tests/helpers/client-api.ts).

let server: Awaited<ReturnType<typeof startClientApi>>;
let business: Awaited<ReturnType<typeof server.signUp>>;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  server = await startClientApi();
  business = await server.signUp({ isTalent: false, name: 'Bea' });
  await server.db
    .update(companies)
    .set({ name: 'Andes Labs' })
    .where(eq(companies.id, business.companyId!));
});
afterAll(async () => server.close());

/** The banner as the posting page places it, once the stored session is back. */
const banner = (id: number) => (
  <SessionProvider persistor={null} rehydrated>
    <InvitationBanner kind="project" id={id} />
  </SessionProvider>
);

const futureDay = () => earliestToday(new Date(Date.now() + 30 * DAY));

async function postProject(name: string) {
  const r = await server.call('POST', '/projects', {
    token: business.token,
    body: {
      name,
      summary: 'A landing page',
      description: 'A responsive landing page.',
      skills: ['Design'],
      budget: 150_000,
      currency: 'USD',
      weeks: 3,
      modality: 'remote',
      country_code: 'PE',
      end_date: futureDay(),
    },
  });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json.data as { id: number; name: string };
}

async function postJob(name: string) {
  const r = await server.call('POST', '/jobs', {
    token: business.token,
    body: {
      name,
      summary: 'Node.js',
      description: 'Build our API.',
      skills: ['Node.js'],
      contract_type: 'full_time',
      currency: 'USD',
      modality: 'remote',
      country_code: 'AR',
      end_date: futureDay(),
    },
  });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json.data as { id: number; name: string };
}

const T = {
  en: {
    invite: 'Invite to apply',
    inviteName: (n: string) => `Invite to apply: ${n}`,
    title: (n: string) => `Invite ${n} to apply`,
    posting: 'Posting',
    message: /^Message/,
    send: 'Send invitation',
    sent: (n: string, p: string) => `Invitation sent to ${n} for “${p} · Project”.`,
    again: (n: string) => `${n} was already invited to this posting.`,
    banner: 'Invited by Andes Labs',
    tab: 'Invitations',
    applied: 'Applied',
    jobLabel: (p: string) => `${p} · Job`,
    projectLabel: (p: string) => `${p} · Project`,
  },
  es: {
    invite: 'Invitar a postular',
    inviteName: (n: string) => `Invitar a postular: ${n}`,
    title: (n: string) => `Invitar a ${n} a postular`,
    posting: 'Publicación',
    message: /^Mensaje/,
    send: 'Enviar invitación',
    sent: (n: string, p: string) => `Invitación enviada a ${n} para “${p} · Proyecto”.`,
    again: (n: string) => `${n} ya tiene una invitación a esta publicación.`,
    banner: 'Invitación de Andes Labs',
    tab: 'Invitaciones',
    applied: 'Postulaste',
    jobLabel: (p: string) => `${p} · Empleo`,
    projectLabel: (p: string) => `${p} · Proyecto`,
  },
} as const;

describe.each(['en', 'es'] as const)('invitations to apply (%s)', (locale) => {
  const t = T[locale];

  it('a business invites a talent from the talents tab: one of its open postings, a message; again says already invited', async () => {
    const user = userEvent.setup();
    const talent = await server.signUp({ name: `Rosa${locale}` });
    const project = await postProject(`Brand ${locale}`);
    const job = await postJob(`Backend ${locale}`);
    const closed = await postProject(`Closed ${locale}`);
    await server.call('DELETE', '/projects', { token: business.token, body: { id: closed.id } });
    await renderWithApp(<TalentSearch countries={[]} />, {
      session: business.session,
      locale,
      router: { pathname: '/opportunities', query: { tab: 'talents', search: `Rosa${locale}` } },
    });
    const name = `Rosa${locale} Test`;
    await user.click(await screen.findByRole('button', { name: t.inviteName(name) }));
    const dialog = await screen.findByRole('dialog', { name: t.title(name) });
    const select = await within(dialog).findByRole('combobox', { name: t.posting });
    const labels = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    // Both kinds, open postings only.
    expect(labels).toContain(t.projectLabel(project.name));
    expect(labels).toContain(t.jobLabel(job.name));
    expect(labels).not.toContain(t.projectLabel(closed.name));
    await user.selectOptions(select, `project:${project.id}`);
    await user.type(within(dialog).getByRole('textbox', { name: t.message }), 'Your work fits.');
    await user.click(within(dialog).getByRole('button', { name: t.send }));
    expect(await screen.findByText(t.sent(name, project.name))).toBeInTheDocument();
    const list = await server.call('GET', '/me/invites', { token: talent.token });
    expect(list.json.data).toMatchObject({
      data: [{ posting: { id: project.id }, message: 'Your work fits.' }],
    });

    // Again to the same posting: the server's 409, said in the user's language.
    await user.click(screen.getByRole('button', { name: t.inviteName(name) }));
    const again = await screen.findByRole('dialog', { name: t.title(name) });
    await user.selectOptions(
      await within(again).findByRole('combobox', { name: t.posting }),
      `project:${project.id}`,
    );
    await user.click(within(again).getByRole('button', { name: t.send }));
    expect(await within(again).findByRole('alert')).toHaveTextContent(t.again(name));
  });

  /** A public profile as /talents/{id} renders it, for `session`. */
  async function profilePage(session: typeof business.session) {
    const shown = await server.signUp({ name: `Profile${locale}` });
    const profile = (await server.call('GET', `/users/id/${shown.id}`)).json.data as TPublicUser;
    await renderWithApp(
      <SessionProvider persistor={null} rehydrated>
        <TalentProfile profile={profile} countryName={null} />
      </SessionProvider>,
      { session, locale },
    );
    return `Profile${locale} Test`;
  }

  it('a business finds "Invite to apply" on a public profile', async () => {
    const name = await profilePage(business.session);
    expect(await screen.findByRole('button', { name: t.inviteName(name) })).toBeInTheDocument();
  });

  it('a talent finds no "Invite to apply" on a public profile', async () => {
    const viewer = await server.signUp({ name: 'Viewer' });
    const name = await profilePage(viewer.session);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: t.inviteName(name) })).not.toBeInTheDocument();
  });

  it('the invited talent sees "Invited by Andes Labs" with the message on the posting; another talent does not', async () => {
    const invited = await server.signUp({ name: 'Invited', lang: locale });
    const other = await server.signUp({ name: 'Other' });
    const project = await postProject(`Banner ${locale}`);
    const r = await server.call('POST', `/projects/${project.id}/invites`, {
      token: business.token,
      body: { talent_id: invited.id, message: 'We loved your portfolio.' },
    });
    expect(r.status).toBe(201);
    const view = await renderWithApp(banner(project.id), {
      session: invited.session,
      locale,
    });
    const shown = await screen.findByRole('region', { name: t.banner });
    expect(shown).toHaveTextContent('We loved your portfolio.');
    view.unmount();
    await renderWithApp(banner(project.id), {
      session: other.session,
      locale,
    });
    await waitFor(() => expect(server.requests).toContain(`GET /projects/${project.id}`));
    expect(screen.queryByRole('region', { name: t.banner })).not.toBeInTheDocument();
  });

  it('/applications → Invitations lists each invitation with a link to its posting, and "Applied" once applied', async () => {
    const talent = await server.signUp({ name: 'Listed' });
    const first = await postProject(`First ${locale}`);
    const second = await postJob(`Second ${locale}`);
    for (const [kind, id] of [
      ['projects', first.id],
      ['jobs', second.id],
    ] as const) {
      const r = await server.call('POST', `/${kind}/${id}/invites`, {
        token: business.token,
        body: { talent_id: talent.id, message: kind === 'jobs' ? 'Apply, please.' : null },
      });
      expect(r.status).toBe(201);
    }
    const applied = await server.call('POST', '/project_applications', {
      token: talent.token,
      body: {
        project_id: first.id,
        proposal: 'I can build this in two weeks, with three reviews on the way.',
        price_proposal: 100_000,
        weeks: 2,
      },
    });
    expect(applied.status, JSON.stringify(applied.json)).toBe(201);
    await renderWithApp(<ApplicationsList />, {
      session: talent.session,
      locale,
      router: { pathname: '/applications', query: { type: 'invites' } },
    });
    expect(screen.getByRole('link', { name: t.tab })).toHaveAttribute('aria-current', 'page');
    const items = await screen.findAllByRole('listitem');
    expect(items.map((i) => within(i).getByRole('link').textContent)).toEqual([
      second.name,
      first.name,
    ]);
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', `/jobs/${second.id}`);
    expect(items[0]).toHaveTextContent('Apply, please.');
    expect(within(items[0]!).queryByText(t.applied)).not.toBeInTheDocument();
    expect(within(items[1]!).getByText(t.applied)).toBeInTheDocument();
  });
});
