import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EducationsSection } from '@/components/profile/educations-section';
import { ExperiencesSection } from '@/components/profile/experiences-section';
import { userStudyCentres, userWorkplaces } from '@/db/schema';
import { VERIFY_STATUS } from '@/lib/statuses';
import { startClientApi } from '../helpers/client-api';
import { renderWithApp } from '../helpers/render';

let server: Awaited<ReturnType<typeof startClientApi>>;
beforeAll(async () => {
  server = await startClientApi();
});
afterAll(async () => server.close());

const workplacesOf = (userId: number) =>
  server.db.select().from(userWorkplaces).where(eq(userWorkplaces.userId, userId));
const studiesOf = (userId: number) =>
  server.db.select().from(userStudyCentres).where(eq(userStudyCentres.userId, userId));

describe('the experiences section, against the API', () => {
  it('keeps a new experience when its save fails, and the retry saves it once', async () => {
    const user = userEvent.setup();
    const ana = await server.signUp();
    const { store } = await renderWithApp(<ExperiencesSection />, { session: ana.session });

    await user.click(screen.getByRole('button', { name: 'Add experience' }));
    await user.type(screen.getByLabelText('Company'), '  Inca Pay ');
    await user.type(screen.getByLabelText('Position'), 'CTO');
    await user.type(screen.getByLabelText('Start date'), '2022-01-10');
    await user.click(screen.getByLabelText('I work here'));
    await user.click(screen.getByRole('button', { name: 'Add to the list' }));
    expect(screen.getByText('Not saved yet')).toBeInTheDocument();
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();

    server.failNext('POST', '/user_workplaces');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/1 change was not saved/)).toBeInTheDocument();
    expect(screen.getByText('Not saved yet')).toBeInTheDocument();
    expect(await workplacesOf(ana.id)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByText('Not saved yet')).not.toBeInTheDocument());
    const rows = await workplacesOf(ana.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ workplaceName: 'Inca Pay', position: 'CTO', endDate: null });
    // The stored user and the edited list both hold the server's entry; nothing is unsaved.
    expect(store.getState().auth.user!.workplaces.map((w) => w.id)).toEqual([rows[0]!.id]);
    expect(store.getState().profile.experiences.map((w) => w.id)).toEqual([rows[0]!.id]);
    expect(screen.queryByText('You have unsaved changes.')).not.toBeInTheDocument();
  });

  it('clears and disables the end date when "I work here" is checked', async () => {
    const user = userEvent.setup();
    const ana = await server.signUp();
    await renderWithApp(<ExperiencesSection />, { session: ana.session });
    await user.click(screen.getByRole('button', { name: 'Add experience' }));
    await user.type(screen.getByLabelText('End date'), '2023-05-01');
    await user.click(screen.getByLabelText('I work here'));
    expect(screen.getByLabelText('End date')).toHaveValue('');
    expect(screen.getByLabelText('End date')).toBeDisabled();
  });

  it('shows the shared rules next to their fields: required, end before start, a future end', async () => {
    const user = userEvent.setup();
    const ana = await server.signUp();
    await renderWithApp(<ExperiencesSection />, { session: ana.session, locale: 'es' });
    await user.click(screen.getByRole('button', { name: 'Agregar experiencia' }));
    await user.type(screen.getByLabelText('Fecha de inicio'), '2022-01-10');
    await user.type(screen.getByLabelText('Fecha de fin'), '2021-01-10');
    await user.click(screen.getByRole('button', { name: 'Agregar a la lista' }));
    expect(screen.getByLabelText('Empresa')).toHaveAccessibleDescription(
      'Este campo es obligatorio.',
    );
    expect(screen.getByLabelText('Fecha de fin')).toHaveAccessibleDescription(
      'La fecha de fin no puede ser anterior a la de inicio.',
    );
    await user.clear(screen.getByLabelText('Fecha de fin'));
    await user.type(screen.getByLabelText('Fecha de fin'), '2999-01-01');
    await user.click(screen.getByRole('button', { name: 'Agregar a la lista' }));
    expect(screen.getByLabelText('Fecha de fin')).toHaveAccessibleDescription(
      'La fecha no puede estar en el futuro.',
    );
  });

  it('explains that "use as business" turns the account into a business, and asks first', async () => {
    const user = userEvent.setup();
    const ana = await server.signUp();
    const { store } = await renderWithApp(<ExperiencesSection />, { session: ana.session });
    await user.click(screen.getByRole('button', { name: 'Add experience' }));
    await user.type(screen.getByLabelText('Company'), 'Andes Labs');
    await user.type(screen.getByLabelText('Position'), 'Founder');
    await user.type(screen.getByLabelText('Start date'), '2020-01-01');
    await user.click(screen.getByLabelText('I work here'));
    await user.click(screen.getByLabelText('Use this company as my business account'));
    const ask = screen.getByRole('dialog');
    await user.click(within(ask).getByRole('button', { name: 'Accept' }));
    await user.click(screen.getByRole('button', { name: 'Add to the list' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // docs/product.md "States and transitions": saving a workplace with enable_business makes the user a business.
    await waitFor(() => expect(store.getState().auth.user!.is_talent).toBe(false));
  });
});

/** Adds one education entry through the form and presses Save. */
async function addStudy(
  texts: Record<'add' | 'name' | 'course' | 'start' | 'current' | 'submit' | 'save', string>,
  centre: string,
) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: texts.add }));
  await user.type(screen.getByLabelText(texts.name), centre);
  await user.type(screen.getByLabelText(texts.course), 'Design');
  await user.type(screen.getByLabelText(texts.start), '2019-03-01');
  await user.click(screen.getByLabelText(texts.current));
  await user.click(screen.getByRole('button', { name: texts.submit }));
  await user.click(screen.getByRole('button', { name: texts.save }));
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

describe('the education section, against the API', () => {
  it('asks "Do you want us to verify it?" for an unknown centre, and thanks after Yes', async () => {
    const ana = await server.signUp();
    await renderWithApp(<EducationsSection />, { session: ana.session });
    const user = await addStudy(EN, 'Escuela Andina Única');

    const ask = await screen.findByRole('dialog', { name: 'Do you want us to verify it?' });
    expect(ask).toHaveTextContent('We do not know “Escuela Andina Única” yet.');
    await user.click(within(ask).getByRole('button', { name: 'Yes' }));
    const thanks = await screen.findByRole('dialog', { name: 'Thank you!' });
    await user.click(within(thanks).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [row] = await studiesOf(ana.id);
    expect(row!.verifyStatusId).toBe(VERIFY_STATUS.inProcess);
    expect(screen.getByText('In process')).toBeInTheDocument();
  });

  it('does not ask about a centre the platform already knows', async () => {
    const other = await server.signUp();
    await server.call('POST', '/user_study_centres', {
      token: other.token,
      body: {
        name: 'Universidad Conocida',
        course_name: 'Law',
        start_date: '2010-01-01',
        studying_here: true,
      },
    });
    const ana = await server.signUp();
    await renderWithApp(<EducationsSection />, { session: ana.session });
    await addStudy(EN, 'Universidad Conocida');
    await waitFor(async () => expect(await studiesOf(ana.id)).toHaveLength(1));
    await screen.findByText('Design');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends no request when the answer is No (in Spanish)', async () => {
    const ana = await server.signUp();
    await renderWithApp(<EducationsSection />, { session: ana.session, locale: 'es' });
    const user = await addStudy(
      {
        add: 'Agregar educación',
        name: 'Escuela o universidad',
        course: 'Carrera o curso',
        start: 'Fecha de inicio',
        current: 'Estudio aquí',
        submit: 'Agregar a la lista',
        save: 'Guardar',
      },
      'Instituto Desconocido',
    );
    const ask = await screen.findByRole('dialog', { name: '¿Quieres que lo verifiquemos?' });
    await user.click(within(ask).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [row] = await studiesOf(ana.id);
    expect(row!.verifyStatusId).toBe(VERIFY_STATUS.notRequested);
  });

  it('asks first with Delete / Cancel, and only Delete removes it from the list', async () => {
    const user = userEvent.setup();
    const ana = await server.signUp();
    await server.call('POST', '/user_study_centres', {
      token: ana.token,
      body: {
        name: 'Escuela Andina',
        course_name: 'Design',
        start_date: '2019-03-01',
        studying_here: true,
      },
    });
    const fresh = await server.call('GET', `/users/id/${ana.id}`, { token: ana.token });
    const { store } = await renderWithApp(<EducationsSection />, {
      session: { ...ana.session, user: fresh.json.data as typeof ana.session.user },
    });
    await user.click(screen.getByRole('button', { name: 'Delete: Design' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete “Design · Escuela Andina”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(store.getState().profile.educations).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Delete: Design' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(store.getState().profile.educations).toHaveLength(0);
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await studiesOf(ana.id)).toHaveLength(0));
  });
});
