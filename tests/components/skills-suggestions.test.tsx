import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SkillsPicker } from '@/components/marketplace/editor/skills-picker';
import { SkillsSection } from '@/components/profile/skills-section';
import { startClientApi } from '../helpers/client-api';
import { renderWithApp } from '../helpers/render';

let server: Awaited<ReturnType<typeof startClientApi>>;
beforeAll(async () => {
  server = await startClientApi();
  // Skills other people use: what the search suggests, most used first (Figma, then Fig Design).
  for (const names of [['Figma', 'Fig Design', 'Sketch'], ['Figma']]) {
    const other = await server.signUp();
    for (const name of names) {
      await server.call('POST', '/user_skills', { token: other.token, body: { name } });
    }
  }
});
afterAll(async () => server.close());

/** The posting form's picker, holding its list as the form does. */
function Picker() {
  const [skills, setSkills] = useState<string[]>([]);
  return <SkillsPicker value={skills} onChange={setSkills} error={null} />;
}

const chips = (label: string) =>
  within(screen.getByRole('list', { name: label }))
    .getAllByRole('listitem')
    .map((li) => li.textContent?.replace(/×$/, '').trim());

describe('typing a skill while suggestions show', () => {
  it('Enter takes the highlighted suggestion: "Fig" adds "Figma", arrows move the highlight (profile, English)', async () => {
    const user = userEvent.setup();
    const ana = await server.signUp();
    await renderWithApp(<SkillsSection />, { session: ana.session });
    const input = screen.getByRole('combobox', { name: 'Add a skill' });
    await user.type(input, 'Fig');
    const list = await screen.findByRole('listbox', { name: 'Suggestions for “Add a skill”' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(2));
    // The first suggestion is highlighted as soon as the list shows.
    const [figma, figDesign] = within(list).getAllByRole('option');
    expect(figma).toHaveTextContent('Figma');
    expect(figma).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', figma!.id);
    await user.keyboard('{Enter}');
    expect(chips('Skills')).toEqual(['Figma']);
    expect(input).toHaveValue('');

    // ↓ moves the highlight to the next one, ↑ back; Enter takes it.
    await user.type(input, 'Fig');
    const again = await screen.findByRole('listbox');
    await waitFor(() => expect(within(again).getAllByRole('option')).toHaveLength(1));
    expect(within(again).getByRole('option')).toHaveTextContent('Fig Design');
    await user.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    expect(chips('Skills')).toEqual(['Figma', 'Fig Design']);
    expect(figDesign).toBeDefined();
  });

  it('with no suggestion, or after Escape, Enter adds the typed text (posting form, Spanish)', async () => {
    const user = userEvent.setup();
    await renderWithApp(<Picker />, { locale: 'es' });
    const input = screen.getByRole('combobox', { name: 'Habilidades' });
    await user.type(input, 'Fig');
    const list = await screen.findByRole('listbox', { name: 'Sugerencias para «Habilidades»' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(2));
    expect(within(list).getByRole('option', { name: 'Figma' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{ArrowDown}');
    expect(within(list).getByRole('option', { name: 'Fig Design' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{Enter}');
    expect(chips('Habilidades')).toEqual(['Fig Design']);

    // Escape closes the list: Enter is the typed text's again.
    await user.type(input, 'Fig');
    await waitFor(() => expect(input).toHaveAttribute('aria-expanded', 'true'));
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Enter}');
    expect(chips('Habilidades')).toEqual(['Fig Design', 'Fig']);

    // Nothing suggested: Enter adds what was typed, as before.
    await user.type(input, 'Tejido{Enter}');
    expect(chips('Habilidades')).toEqual(['Fig Design', 'Fig', 'Tejido']);
  });
});
