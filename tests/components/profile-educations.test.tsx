import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EducationsSection, type TEducationApi } from '@/components/profile/educations-section';
import type { TEducation } from '@/types/user';
import { makeUser } from '../helpers/fixtures';
import { renderWithApp } from '../helpers/render';

const saved: TEducation = {
  id: 40,
  name: 'Escuela Andina',
  course_name: 'Design',
  start_date: '2019-03-01',
  end_date: null,
  studying_here: true,
  description: null,
  verify_status_id: 1,
};

/** The education endpoints, answering as the server would; `isKnown` is the POST's is_known. */
function fakeApi(isKnown: boolean) {
  return {
    create: vi.fn(async () => ({
      hasError: false,
      message: '',
      data: { ...saved, is_known: isKnown },
    })),
    update: vi.fn(async () => ({ hasError: false, message: '', data: saved })),
    remove: vi.fn(async () => ({ hasError: false, message: '', data: true })),
    verify: vi.fn(async () => ({ hasError: false, message: '', data: true })),
  } satisfies TEducationApi;
}

async function addAndSave(labels: {
  add: string;
  name: string;
  course: string;
  start: string;
  current: string;
  submit: string;
  save: string;
}) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: labels.add }));
  await user.type(screen.getByLabelText(labels.name), 'Escuela Andina');
  await user.type(screen.getByLabelText(labels.course), 'Design');
  await user.type(screen.getByLabelText(labels.start), '2019-03-01');
  await user.click(screen.getByLabelText(labels.current));
  await user.click(screen.getByRole('button', { name: labels.submit }));
  await user.click(screen.getByRole('button', { name: labels.save }));
  return user;
}

const EN = {
  add: 'Add education',
  name: 'School or university',
  course: 'Degree or course',
  start: 'Start date',
  current: 'I study here',
  submit: 'Add to the list',
  save: 'Save',
};

describe('adding a study centre', () => {
  it('asks "Do you want us to verify it?" for an unknown centre, and thanks after Yes', async () => {
    const api = fakeApi(false);
    const reloadUser = vi.fn(async () => makeUser({ study_centres: [saved] }));
    const { store } = await renderWithApp(<EducationsSection api={api} reloadUser={reloadUser} />, {
      user: makeUser({ study_centres: [] }),
    });
    const user = await addAndSave(EN);

    const ask = await screen.findByRole('dialog', { name: 'Do you want us to verify it?' });
    expect(ask).toHaveTextContent('We do not know “Escuela Andina” yet.');
    expect(api.create).toHaveBeenCalledWith(expect.not.objectContaining({ id: expect.anything() }));
    expect(store.getState().profile.educations.map((e) => e.id)).toEqual([40]);

    await user.click(within(ask).getByRole('button', { name: 'Yes' }));
    expect(api.verify).toHaveBeenCalledWith(40);
    const thanks = await screen.findByRole('dialog', { name: 'Thank you!' });
    await user.click(within(thanks).getByRole('button', { name: 'Understand' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('does not ask about a centre the platform already knows', async () => {
    const api = fakeApi(true);
    await renderWithApp(
      <EducationsSection api={api} reloadUser={async () => makeUser({ study_centres: [saved] })} />,
      {
        user: makeUser({ study_centres: [] }),
      },
    );
    await addAndSave(EN);
    await waitFor(() => expect(api.create).toHaveBeenCalledTimes(1));
    await screen.findByText('Design');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends no request when the answer is No (in Spanish)', async () => {
    const api = fakeApi(false);
    await renderWithApp(<EducationsSection api={api} reloadUser={async () => null} />, {
      locale: 'es',
      user: makeUser({ study_centres: [] }),
    });
    const user = await addAndSave({
      add: 'Agregar educación',
      name: 'Escuela o universidad',
      course: 'Carrera o curso',
      start: 'Fecha de inicio',
      current: 'Estudio aquí',
      submit: 'Agregar a la lista',
      save: 'Guardar',
    });
    const ask = await screen.findByRole('dialog', { name: '¿Quieres que lo verifiquemos?' });
    await user.click(within(ask).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.verify).not.toHaveBeenCalled();
  });
});

describe('deleting an education entry', () => {
  it('asks first with Delete / Cancel, and only Delete removes it from the list', async () => {
    const user = userEvent.setup();
    const { store } = await renderWithApp(<EducationsSection api={fakeApi(true)} />, {
      user: makeUser({ study_centres: [saved] }),
    });
    await user.click(screen.getByRole('button', { name: 'Delete: Design' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete “Design · Escuela Andina”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(store.getState().profile.educations).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Delete: Design' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(store.getState().profile.educations).toHaveLength(0);
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
  });
});
