import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LanguagesSection } from '@/components/profile/languages-section';
import { SkillsSection } from '@/components/profile/skills-section';
import { ensureReferenceData } from '@/db/reference-data';
import { languages, userLanguages } from '@/db/schema';
import { startClientApi } from '../helpers/client-api';
import { renderWithApp } from '../helpers/render';

let server: Awaited<ReturnType<typeof startClientApi>>;
beforeAll(async () => {
  server = await startClientApi();
});
afterAll(async () => server.close());

/** A user whose profile already lists these skills, signed in. */
async function withSkills(...names: string[]) {
  const who = await server.signUp();
  for (const name of names)
    await server.call('POST', '/user_skills', { token: who.token, body: { name } });
  const { json } = await server.call('GET', `/users/id/${who.id}`, { token: who.token });
  return { ...who, session: { ...who.session, user: json.data as typeof who.session.user } };
}

describe('the skills section, against the API', () => {
  it('suggests skills as value/label pairs from the search, and refuses a duplicate', async () => {
    const user = userEvent.setup();
    await withSkills('React', 'React Native');
    const ana = await withSkills('React');
    await renderWithApp(<SkillsSection />, { session: ana.session });
    const input = screen.getByLabelText('Add a skill');
    await user.type(input, 'Rea');
    // React is already on the profile: only React Native is offered.
    const list = await screen.findByRole('listbox', { name: 'Suggestions for “Add a skill”' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['React Native']),
    );
    expect(server.requests.filter((r) => r.startsWith('GET /skills'))).toHaveLength(1);
    await user.clear(input);
    await user.type(input, 'react{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('“react” is already in your list.');
  });

  it('replaces the skills, then retries only the one that failed', async () => {
    const user = userEvent.setup();
    const ana = await withSkills('TypeScript', 'React');
    const { store } = await renderWithApp(<SkillsSection />, { session: ana.session });
    await user.type(screen.getByLabelText('Add a skill'), 'Go{Enter}');
    server.failNext('POST', '/user_skills', { body: /"Go"/ });
    const from = server.requests.length;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/1 change was not saved/)).toBeInTheDocument();
    // The listed skills in the order the profile shows them, then the new one.
    const listed = ana.session.user.skills.map((s) => `POST /user_skills {"name":"${s.name}"}`);
    expect(server.requests.slice(from)).toEqual([
      'DELETE /user_skills/all',
      ...listed,
      'POST /user_skills {"name":"Go"}',
    ]);
    expect(screen.getByText('Go')).toBeInTheDocument();

    const again = server.requests.length;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Done when the store holds it (the count of unsaved changes hides as soon as the save starts).
    await waitFor(() =>
      expect(store.getState().auth.user!.skills.map((s) => s.name)).toContain('Go'),
    );
    expect(server.requests.slice(again)).toEqual(['POST /user_skills {"name":"Go"}']);
    // No profile is fetched again: the answers are what the store holds.
    expect(server.requests.slice(from).some((r) => r.startsWith('GET /users'))).toBe(false);
    expect(
      store
        .getState()
        .auth.user!.skills.map((s) => s.name)
        .sort(),
    ).toEqual(['Go', 'React', 'TypeScript']);
  });

  it('stops silently when the clear-all call fails (the seed: the calls)', async () => {
    const user = userEvent.setup();
    const ana = await withSkills('TypeScript');
    await renderWithApp(<SkillsSection />, { session: ana.session });
    await user.type(screen.getByLabelText('Add a skill'), 'Go{Enter}');
    server.failNext('DELETE', '/user_skills/all');
    const from = server.requests.length;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.requests.slice(from)).toEqual(['DELETE /user_skills/all']));
    expect(screen.getByText('Go')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the languages section, against the API', () => {
  it('offers the languages with names in Spanish and sends their ids', async () => {
    const user = userEvent.setup();
    const ana = await server.signUp();
    const [english] = await server.db.select().from(languages).where(eq(languages.code, 'en'));
    const [german] = await server.db.select().from(languages).where(eq(languages.code, 'de'));
    await server.call('POST', '/me/languages', {
      token: ana.token,
      body: { language_id: english!.id },
    });
    const { json } = await server.call('GET', `/users/id/${ana.id}`, { token: ana.token });
    await renderWithApp(<LanguagesSection profile={json.data as never} />, {
      locale: 'es',
      session: ana.session,
    });
    const select = screen.getByLabelText('Agregar un idioma');
    await screen.findByRole('option', { name: 'Alemán' });
    expect(screen.queryByRole('option', { name: 'Inglés' })).not.toBeInTheDocument();
    expect(screen.getByText('Inglés')).toBeInTheDocument();
    await user.selectOptions(select, 'Alemán');
    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(async () => {
      const rows = await server.db
        .select()
        .from(userLanguages)
        .where(eq(userLanguages.userId, ana.id));
      expect(rows.map((r) => r.languageId).sort()).toEqual([english!.id, german!.id].sort());
    });
  });
});

describe('the languages picker', () => {
  // CLDR names Twi "akan" in Spanish, as Akan itself: the list showed "Akan" twice. A database
  // filled before the names were made unique takes them at start, each language keeping its id.
  it.each([
    ['en', 'Add a language'],
    ['es', 'Agregar un idioma'],
  ] as const)('lists every language once, Akan and Twi apart (%s)', async (locale, label) => {
    const [twi] = await server.db.select().from(languages).where(eq(languages.code, 'tw'));
    await server.db
      .update(languages)
      .set({ nameEn: 'Akan', nameEs: 'Akan' })
      .where(eq(languages.code, 'tw'));
    await ensureReferenceData(server.db);
    const [after] = await server.db.select().from(languages).where(eq(languages.code, 'tw'));
    expect(after).toEqual({ ...twi, nameEn: 'Twi', nameEs: 'Twi' });

    const ana = await server.signUp();
    const { json } = await server.call('GET', `/users/id/${ana.id}`, { token: ana.token });
    await renderWithApp(<LanguagesSection profile={json.data as never} />, {
      locale,
      session: ana.session,
    });
    const select = screen.getByLabelText(label);
    await screen.findByRole('option', { name: 'Twi' });
    const names = [...select.querySelectorAll('option')].map((o) => o.textContent);
    expect(names.filter((n) => n === 'Akan')).toHaveLength(1);
    expect(new Set(names).size).toBe(names.length);
  });
});
