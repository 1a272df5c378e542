import { screen, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import TalentSearch from '@/components/marketplace/browse/talent-search';
import { users } from '@/db/schema';
import { startClientApi } from '../helpers/client-api';
import { renderWithApp } from '../helpers/render';

// The talents tab of /opportunities (docs/product.md "Marketplace"): its own heading (the page's, in
// opportunities.test.tsx), the fullest profiles first, and each talent's photo (or initials) on
// the card.

let server: Awaited<ReturnType<typeof startClientApi>>;
let business: Awaited<ReturnType<typeof server.signUp>>;

beforeAll(async () => {
  server = await startClientApi();
  business = await server.signUp({ isTalent: false, name: 'Bea' });
  const full = await server.signUp({ name: 'Lucía' });
  await server.call('PATCH', '/users/info', {
    token: full.token,
    body: { headline: 'Backend developer' },
  });
  await server.call('POST', '/user_skills', { token: full.token, body: { name: 'Go' } });
  await server.db
    .update(users)
    .set({ avatarUrl: '/api/uploads/lucia.png' })
    .where(eq(users.id, full.id));
  // Joined last, with nothing filled in: listed after her, with initials for a photo.
  await server.signUp({ name: 'Empty' });
});
afterAll(async () => server.close());

const HEADING = { en: 'Find talent', es: 'Encuentra talento' } as const;

describe.each(['en', 'es'] as const)('the talents tab (%s)', (locale) => {
  it('is a region of its own, lists the fullest profile first, and shows photos or initials', async () => {
    await renderWithApp(<TalentSearch countries={[]} />, {
      session: business.session,
      locale,
      router: { pathname: '/opportunities', query: { tab: 'talents' } },
    });
    expect(screen.getByRole('region', { name: HEADING[locale] })).toBeInTheDocument();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('link').textContent)).toEqual([
      'Lucía Test',
      'Empty Test',
    ]);
    const photo = cards[0]!.querySelector('img');
    expect(photo?.getAttribute('src')).toBe('/api/uploads/lucia.png');
    expect(within(cards[0]!).getByText('Backend developer')).toBeInTheDocument();
    expect(cards[1]!.querySelector('img')).toBeNull();
    expect(within(cards[1]!).getByText('ET')).toBeInTheDocument();
  });
});
