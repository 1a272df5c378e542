import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LanguagesSection } from '@/components/profile/languages-section';
import { SkillsSection } from '@/components/profile/skills-section';
import { makeUser } from '../helpers/fixtures';
import { renderWithApp } from '../helpers/render';

const ok = { hasError: false, message: '', data: true };
const failed = { hasError: true, message: 'x', data: null };

describe('the skills section', () => {
  it('suggests skills as value/label pairs from the search, and refuses a duplicate', async () => {
    const user = userEvent.setup();
    const search = vi.fn(async () => ['React', 'React Native']);
    await renderWithApp(
      <SkillsSection search={search} api={{ clearAll: async () => ok, add: async () => ok }} />,
      {
        user: makeUser(),
      },
    );
    const input = screen.getByLabelText('Add a skill');
    await user.type(input, 'Rea');
    await waitFor(() => expect(search).toHaveBeenLastCalledWith('Rea'));
    // React is already on the profile: only React Native is offered.
    await waitFor(() => expect(document.querySelectorAll('datalist option')).toHaveLength(1));
    const option = document.querySelector('datalist option')!;
    expect(option).toHaveAttribute('value', 'React Native');
    expect(option).toHaveAttribute('label', 'React Native');
    await user.clear(input);
    await user.type(input, 'react{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('“react” is already in your list.');
  });

  it('replaces the skills, then retries only the one that failed', async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    let failGo = true;
    const api = {
      clearAll: vi.fn(async () => (calls.push('DELETE all'), ok)),
      add: vi.fn(
        async (name: string) => (calls.push(`POST ${name}`), name === 'Go' && failGo ? failed : ok),
      ),
    };
    const reloadUser = vi.fn(async () =>
      makeUser({ skills: [{ name: 'TypeScript' }, { name: 'React' }, { name: 'Go' }] }),
    );
    await renderWithApp(
      <SkillsSection search={async () => []} api={api} reloadUser={reloadUser} />,
      { user: makeUser() },
    );
    await user.type(screen.getByLabelText('Add a skill'), 'Go{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/1 change was not saved/)).toBeInTheDocument();
    expect(calls).toEqual(['DELETE all', 'POST TypeScript', 'POST React', 'POST Go']);
    expect(screen.getByText('Go')).toBeInTheDocument();

    failGo = false;
    calls.length = 0;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toEqual(['POST Go']));
    await waitFor(() => expect(screen.queryByText(/not saved/)).not.toBeInTheDocument());
  });

  it('stops silently when the clear-all call fails (seed §7)', async () => {
    const user = userEvent.setup();
    const api = { clearAll: vi.fn(async () => failed), add: vi.fn(async () => ok) };
    const reloadUser = vi.fn(async () => null);
    await renderWithApp(
      <SkillsSection search={async () => []} api={api} reloadUser={reloadUser} />,
      { user: makeUser() },
    );
    await user.type(screen.getByLabelText('Add a skill'), 'Go{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.clearAll).toHaveBeenCalled());
    expect(api.add).not.toHaveBeenCalled();
    expect(reloadUser).not.toHaveBeenCalled();
    expect(screen.getByText('Go')).toBeInTheDocument();
  });
});

describe('the languages section', () => {
  it('offers the languages with names in Spanish and sends their ids', async () => {
    const user = userEvent.setup();
    const add = vi.fn(async () => ok);
    const languages = async () => [
      { id: 1, code: 'en', name_en: 'English', name_es: 'Inglés' },
      { id: 2, code: 'qu', name_en: 'Quechua', name_es: 'Quechua' },
      { id: 3, code: 'de', name_en: 'German', name_es: 'Alemán' },
    ];
    await renderWithApp(
      <LanguagesSection
        loadLanguages={languages}
        api={{ clearAll: async () => ok, add }}
        reloadUser={async () => null}
      />,
      { locale: 'es', user: makeUser({ languages: [{ id: 1, code: 'en', name: 'English' }] }) },
    );
    const select = screen.getByLabelText('Agregar un idioma');
    await screen.findByRole('option', { name: 'Alemán' });
    expect(screen.queryByRole('option', { name: 'Inglés' })).not.toBeInTheDocument();
    expect(screen.getByText('Inglés')).toBeInTheDocument();
    await user.selectOptions(select, 'Alemán');
    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(add).toHaveBeenCalledTimes(2));
    expect(add.mock.calls.map((c) => (c as unknown[])[0])).toEqual([1, 3]);
  });
});
