import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ExperiencesSection } from '@/components/profile/experiences-section';
import type { TListApi } from '@/lib/profile/save-diff';
import type { TExperience } from '@/types/user';
import { makeUser } from '../helpers/fixtures';
import { renderWithApp } from '../helpers/render';

describe('saving experiences', () => {
  it('keeps a new experience when its save fails, and the retry saves it once', async () => {
    const user = userEvent.setup();
    const owner = makeUser();
    let fail = true;
    const created: TExperience = {
      id: 12,
      workplace_name: 'Inca Pay',
      position: 'CTO',
      start_date: '2022-01-10',
      end_date: null,
      description: null,
      work_here: true,
      enable_business: false,
      verify_status_id: 1,
    };
    const api: TListApi<TExperience> = {
      create: vi.fn(async () =>
        fail
          ? { hasError: true, message: 'There was an error, please try again.', data: null }
          : { hasError: false, message: 'Successfully updated.', data: created },
      ),
      update: vi.fn(),
      remove: vi.fn(),
    };
    const reloadUser = vi.fn(async () => makeUser({ workplaces: [...owner.workplaces, created] }));
    const { store } = await renderWithApp(
      <ExperiencesSection api={api} reloadUser={reloadUser} />,
      { user: owner },
    );

    await user.click(screen.getByRole('button', { name: 'Add experience' }));
    await user.type(screen.getByLabelText('Company'), 'Inca Pay');
    await user.type(screen.getByLabelText('Position'), 'CTO');
    await user.type(screen.getByLabelText('Start date'), '2022-01-10');
    await user.click(screen.getByLabelText('I work here'));
    await user.click(screen.getByRole('button', { name: 'Add to the list' }));
    expect(screen.getByText('Not saved yet')).toBeInTheDocument();
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/1 change was not saved/)).toBeInTheDocument();
    expect(screen.getByText('CTO')).toBeInTheDocument();
    expect(screen.getByText('Not saved yet')).toBeInTheDocument();
    expect(reloadUser).not.toHaveBeenCalled();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(reloadUser).toHaveBeenCalledTimes(1));
    expect(api.create).toHaveBeenCalledTimes(2);
    expect(api.update).not.toHaveBeenCalled();
    expect(screen.queryByText('Not saved yet')).not.toBeInTheDocument();
    expect(store.getState().profile.experiences.map((e) => e.id)).toEqual([1, 12]);
    expect(store.getState().profile.unsaved.experiences).toBe(false);
  });
});
