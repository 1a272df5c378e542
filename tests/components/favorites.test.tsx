import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Opportunities, type TTab } from '@/components/marketplace/browse/opportunities';
import { PostingCard } from '@/components/marketplace/browse/posting-card';
import { PostingDetail } from '@/components/marketplace/posting/posting-detail';
import { TalentProfile } from '@/components/profile/talent-profile';
import { favorites } from '@/db/schema';
import { MAX_FAVORITES } from '@/lib/schemas/favorites';
import { SessionProvider } from '@/store/session';
import type { TPage, TProject } from '@/types/marketplace';
import type { TPublicUser } from '@/types/user';
import { startClientApi } from '../helpers/client-api';
import { pipelineFixtures } from '../helpers/marketplace';
import { renderWithApp, stopPersisting } from '../helpers/render';

// The heart (docs/product.md "Favourites") and the Saved and For you tabs of /opportunities,
// against the real API: a talent saves a posting and finds it under Saved; a refusal puts the
// heart back and says why; For you lists first the posting sharing the talent's skills.

const toasts = vi.hoisted(() => ({ error: vi.fn() }));
vi.mock('@/lib/toast', async (original) => ({
  ...(await original<typeof import('@/lib/toast')>()),
  toastError: toasts.error,
}));

let server: Awaited<ReturnType<typeof startClientApi>>;
let business: Awaited<ReturnType<typeof server.signUp>>;
let fx: ReturnType<typeof pipelineFixtures>;

beforeAll(async () => {
  server = await startClientApi();
  fx = pipelineFixtures(server.call, () => server.clock.now);
  business = await server.signUp({ isTalent: false, name: 'Bea' });
});
afterAll(async () => server.close());
beforeEach(() => toasts.error.mockClear());

const T = {
  en: {
    save: (name: string) => `Save ${name}`,
    saved: 'Saved',
    forYou: 'For you',
    limit: 'You can save at most 500. Remove one to save another.',
    empty: 'Nothing saved yet.',
  },
  es: {
    save: (name: string) => `Guardar ${name}`,
    saved: 'Guardados',
    forYou: 'Para ti',
    limit: 'Puedes guardar como máximo 500. Quita uno para guardar otro.',
    empty: 'Aún no guardaste nada.',
  },
} as const;

function renderOpportunities(
  locale: 'en' | 'es',
  session: { user: never; accessToken: string } | undefined,
  tab: TTab,
  query: Record<string, string> = {},
) {
  return renderWithApp(
    <SessionProvider persistor={null} rehydrated>
      <Opportunities
        tab={tab}
        values={{}}
        results={{ data: [], total: 0, page: 1, per_page: 20, last_page: 1 }}
        countries={[]}
      />
    </SessionProvider>,
    { locale, session, router: { pathname: '/opportunities', query: { tab, ...query } } },
  );
}

const tabNames = () =>
  within(screen.getAllByRole('navigation')[0]!)
    .getAllByRole('link')
    .map((l) => l.textContent);

describe.each(['en', 'es'] as const)('favourites (%s)', (locale) => {
  const tx = T[locale];

  it('a talent saves a posting with the heart of its card, and finds it under Saved', async () => {
    const user = userEvent.setup();
    const talent = await server.signUp({ name: 'Tina' });
    const posting = (await fx.post('project', business.token, {
      name: `Logo ${locale}`,
    })) as unknown as TProject;
    await renderWithApp(
      <SessionProvider persistor={null} rehydrated>
        <PostingCard posting={posting} countryName={null} applied={false} />
      </SessionProvider>,
      { locale, session: talent.session },
    );
    const heart = await screen.findByRole('button', { name: tx.save(posting.name) });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    await waitFor(async () => {
      const r = await server.call('GET', '/me/favorites?kind=project', { token: talent.token });
      expect((r.json.data as TPage<TProject>).data.map((p) => p.id)).toEqual([posting.id]);
    });

    await renderOpportunities(locale, talent.session as never, 'saved');
    expect(tabNames()).toContain(tx.saved);
    const saved = await screen.findByRole('heading', { name: posting.name });
    const card = saved.closest('article')!;
    expect(
      within(card).getByRole('button', { name: tx.save(posting.name), pressed: true }),
    ).toBeInTheDocument();
  });

  it('puts the heart back and says why when the server refuses the save', async () => {
    const user = userEvent.setup();
    const talent = await server.signUp({ name: 'Full' });
    await server.db.insert(favorites).values(
      Array.from({ length: MAX_FAVORITES }, (_, i) => ({
        userId: talent.id,
        kind: 'job',
        targetId: 2_000_000 + i,
      })),
    );
    const posting = (await fx.post('job', business.token)) as unknown as TProject;
    await renderWithApp(
      <SessionProvider persistor={null} rehydrated>
        <PostingCard posting={posting} countryName={null} applied={false} />
      </SessionProvider>,
      { locale, session: talent.session },
    );
    const heart = await screen.findByRole('button', { name: tx.save(posting.name) });
    await user.click(heart);
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(tx.limit));
    expect(heart).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows the heart only to who may save: a talent on postings, a business account on talents', async () => {
    const posting = (await fx.post('project', business.token)) as unknown as TProject;
    for (const session of [undefined, business.session]) {
      const { unmount } = await renderWithApp(
        <SessionProvider persistor={null} rehydrated>
          <PostingCard posting={posting} countryName={null} applied={false} />
        </SessionProvider>,
        { locale, session },
      );
      expect(screen.getByRole('heading', { name: posting.name })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: tx.save(posting.name) })).toBeNull();
      unmount();
    }
  });

  it('offers Saved and For you to a talent, Saved to a business account, neither to a visitor', async () => {
    const talent = await server.signUp({ name: 'Tabs' });
    let view = await renderOpportunities(locale, talent.session as never, 'projects');
    expect(tabNames().slice(3)).toEqual([tx.saved, tx.forYou]);
    view.unmount();
    view = await renderOpportunities(locale, business.session as never, 'projects');
    expect(tabNames().slice(3)).toEqual([tx.saved]);
    view.unmount();
    await renderOpportunities(locale, undefined, 'projects');
    expect(tabNames()).toHaveLength(3);
  });

  it('For you lists first the open posting that shares the talent’s skills', async () => {
    const talent = await server.signUp({ name: 'Skilled' });
    await server.call('POST', '/user_skills', {
      token: talent.token,
      body: { name: `Elixir ${locale}` },
    });
    server.clock.now = new Date(server.clock.now.getTime() + 1000);
    const match = await fx.post('job', business.token, {
      name: `Elixir backend ${locale}`,
      skills: [`Elixir ${locale}`],
    });
    server.clock.now = new Date(server.clock.now.getTime() + 1000);
    await fx.post('job', business.token, { name: `Newer job ${locale}` });
    await renderOpportunities(locale, talent.session as never, 'for_you', { type: 'job' });
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings[0]).toHaveTextContent(match.name);
    expect(screen.getByRole('link', { name: tx.forYou })).toHaveAttribute('aria-current', 'page');
  });

  it('a page rendered for anyone asks whether the caller saved it: a posting’s page for a talent, a profile for a business account', async () => {
    const user = userEvent.setup();
    const talent = await server.signUp({ name: 'Paged' });
    const posting = (await fx.post('job', business.token, {
      name: `Page job ${locale}`,
    })) as unknown as TProject;
    await server.call('PUT', `/me/favorites/job/${posting.id}`, { token: talent.token });
    // As the server rendered it for anyone: not saved.
    const view = await renderWithApp(
      <SessionProvider persistor={null} rehydrated>
        <PostingDetail posting={{ ...posting, saved: false }} countryName={null} />
      </SessionProvider>,
      { locale, session: talent.session },
    );
    const heart = await screen.findByRole('button', { name: tx.save(posting.name) });
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    view.unmount();
    // The talent's store leaves the storage alone from now on: the next one is another session.
    await stopPersisting();
    localStorage.clear();

    const profile = (await server.call('GET', `/users/id/${talent.id}`)).json.data as TPublicUser;
    await renderWithApp(
      <SessionProvider persistor={null} rehydrated>
        <TalentProfile profile={profile} countryName={null} />
      </SessionProvider>,
      { locale, session: business.session },
    );
    const name = `${profile.person.name} ${profile.person.last_name}`;
    const talentHeart = await screen.findByRole('button', { name: tx.save(name) });
    expect(talentHeart).toHaveAttribute('aria-pressed', 'false');
    await user.click(talentHeart);
    await waitFor(async () => {
      const r = await server.call('GET', `/users/id/${talent.id}`, { token: business.token });
      expect((r.json.data as TPublicUser).saved).toBe(true);
    });
    expect(talentHeart).toHaveAttribute('aria-pressed', 'true');
  });
});
