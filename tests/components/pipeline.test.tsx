import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { ToastContainer } from 'react-toastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PostingsList from '@/components/marketplace/editor/postings-list';
import ApplicantBoard from '@/components/marketplace/board/applicant-board';
import ApplyPanel from '@/components/marketplace/posting/apply-panel';
import type { TPosting } from '@/components/marketplace/shared/posting-facts';
import { projectApplications } from '@/db/schema';
import { APPLICATION_STATUS, PROJECT_STATUS } from '@/lib/statuses';
import { SessionProvider } from '@/store/session';
import type { TJob, TPostingKind, TProject } from '@/types/marketplace';
import type { TUser } from '@/types/user';
import { startClientApi } from '../helpers/client-api';
import { renderWithApp } from '../helpers/render';

// The applicant pipeline's screens against the real API over loopback (docs/product.md
// "Pipeline and lifecycle"): the owner's board (columns, counts, moves after a confirmation that
// names the talent and the state, a rejection's reason, keyboard only, the seed's toasts), the
// lifecycle, and the hired talent's side of the posting page.

let server: Awaited<ReturnType<typeof startClientApi>>;
beforeAll(async () => {
  server = await startClientApi();
});
afterAll(async () => server.close());

type TSignedUp = Awaited<ReturnType<typeof server.signUp>>;

async function ok(method: string, path: string, token: string, body?: unknown) {
  const { status, json } = await server.call(method, path, { token, body });
  if (!json.status) throw new Error(`${method} ${path} → ${status} ${JSON.stringify(json)}`);
  return json.data;
}

/** A talent with a real name, signed up through the test helper. */
async function talentNamed(name: string, lastName: string) {
  const talent = await server.signUp();
  await ok('PATCH', '/users/info', talent.token, {
    name,
    last_name: lastName,
    headline: 'Designer',
  });
  return talent;
}

/** The session as a fresh sign-in would answer it now. */
async function sessionOf(user: TSignedUp) {
  const data = (await ok('GET', `/users/id/${user.id}`, user.token)) as TUser;
  return { user: data, accessToken: user.token };
}

async function postProject(business: TSignedUp, name = 'Identidad visual') {
  return (await ok('POST', '/projects', business.token, {
    name,
    summary: 'Logo y paleta',
    description: 'Logo, paleta y guía breve.',
    skills: ['Illustrator'],
    budget: 150000,
    currency: 'USD',
    weeks: 3,
    modality: 'remote',
  })) as TProject;
}

async function postJob(business: TSignedUp) {
  return (await ok('POST', '/jobs', business.token, {
    name: 'Frontend developer',
    summary: 'React and TypeScript',
    description: 'Build our web app.',
    skills: ['React'],
    contract_type: 'full_time',
    currency: 'USD',
    modality: 'remote',
  })) as TJob;
}

async function applyTo(project: TProject, talent: TSignedUp, price = 120000) {
  return (await ok('POST', '/project_applications', talent.token, {
    project_id: project.id,
    proposal: 'Three sketches in a week, then the final files.',
    price_proposal: price,
    weeks: 2,
  })) as { id: number };
}

async function move(business: TSignedUp, applicationId: number, status: number, reason?: string) {
  await ok('POST', '/project_applications/changeApplicationStatus', business.token, {
    application_id: applicationId,
    status,
    ...(reason ? { reason } : {}),
  });
}

const posted = async (kind: TPostingKind, id: number) =>
  (await ok('GET', `/${kind}s/${id}`, '')) as TPosting;

function renderBoard(
  kind: TPostingKind,
  posting: TPosting,
  business: TSignedUp,
  locale: 'en' | 'es' = 'en',
) {
  return renderWithApp(
    <>
      <ApplicantBoard kind={kind} posting={posting} />
      <ToastContainer />
    </>,
    { session: business.session, locale },
  );
}

const column = (name: string) => screen.findByRole('region', { name: new RegExp(`^${name}`) });
const cardOf = async (name: string) =>
  (await screen.findByRole('article', { name: new RegExp(name) })) as HTMLElement;
const changeRequests = () =>
  server.requests.filter((r) => r.startsWith('POST /project_applications/changeApplicationStatus'));

describe('the applicant board', () => {
  it('shows the columns with their counts, each card with its facts, and the withdrawn apart', async () => {
    const business = await server.signUp({ isTalent: false });
    const project = await postProject(business);
    const ana = await talentNamed('Ana', 'Quispe');
    const diego = await talentNamed('Diego', 'Rojas');
    const lucia = await talentNamed('Lucía', 'Vega');
    const sofia = await talentNamed('Sofía', 'Paz');
    await applyTo(project, ana, 120000);
    const d = await applyTo(project, diego);
    const l = await applyTo(project, lucia);
    const s = await applyTo(project, sofia);
    await move(business, d.id, APPLICATION_STATUS.shortlisted);
    await move(business, l.id, APPLICATION_STATUS.rejected, 'We need someone in Lima.');
    await ok('DELETE', '/project_applications', sofia.token, { id: s.id });

    await renderBoard('project', project, business);

    expect(
      await screen.findByRole('heading', { level: 1, name: project.name }),
    ).toBeInTheDocument();
    const applied = await column('Applied');
    expect(within(applied).getByRole('heading', { name: 'Applied 1' })).toBeInTheDocument();
    expect(within(await column('Shortlisted')).getByText('Diego Rojas')).toBeInTheDocument();
    expect(
      within(await column('Shortlisted')).getByRole('heading', { name: 'Shortlisted 1' }),
    ).toBeInTheDocument();
    expect(
      within(await column('Hired')).getByRole('heading', { name: 'Hired 0' }),
    ).toBeInTheDocument();
    const rejected = await column('Rejected');
    expect(within(rejected).getAllByText('Reason: We need someone in Lima.')[0]).toBeVisible();
    // Withdrawn ones are apart, and cannot move.
    const withdrawn = screen.getByText('Withdrawn (1)').closest('details')!;
    expect(within(withdrawn).getByText('Sofía Paz')).toBeInTheDocument();
    expect(within(withdrawn).queryByRole('button')).not.toBeInTheDocument();

    const card = await cardOf('Ana Quispe');
    expect(within(card).getByRole('link', { name: /Ana Quispe/ })).toHaveAttribute(
      'href',
      `/talents/${ana.id}`,
    );
    expect(card).toHaveTextContent('Designer');
    expect(card).toHaveTextContent('$1,200');
    expect(card).toHaveTextContent('Three sketches in a week');
    expect(card).toHaveTextContent(/Applied \d+ seconds? ago/);
    // The other statuses among 0–3 are the moves.
    const moves = within(card).getByRole('group', { name: 'Move Ana Quispe to…' });
    expect(
      within(moves)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Shortlisted', 'Hired', 'Rejected']);
    // The history says who moved it, and why.
    const history = within(await cardOf('Lucía Vega')).getByText('Status history (1)');
    expect(history.closest('details')).toHaveTextContent(/Applied → Rejected\s*By you/);
  });

  it('asks before a move, naming the talent and the state, in English and in Spanish', async () => {
    const user = userEvent.setup();
    const business = await server.signUp({ isTalent: false });
    const project = await postProject(business);
    const ana = await talentNamed('Ana', 'Quispe');
    await applyTo(project, ana);
    const before = changeRequests().length;

    const { unmount } = await renderBoard('project', project, business);
    await user.click(within(await cardOf('Ana Quispe')).getByRole('button', { name: 'Hired' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Ana Quispe to Hired?' });
    // The answer names the act, never a bare "Accept".
    expect(within(dialog).getByRole('button', { name: 'Hire Ana Quispe' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();

    await renderBoard('project', project, business, 'es');
    await user.click(
      within(await cardOf('Ana Quispe')).getByRole('button', { name: 'Contratado' }),
    );
    const dialogEs = await screen.findByRole('dialog', {
      name: '¿Mover a Ana Quispe a Contratado?',
    });
    expect(within(dialogEs).queryByRole('button', { name: 'Aceptar' })).not.toBeInTheDocument();
    await user.click(within(dialogEs).getByRole('button', { name: 'Contratar a Ana Quispe' }));
    // The toast names the act, then the seed's "Error catalogue" (docs/product.md) "Application updates" success text:
    // "Datos guardados correctamente".
    expect(
      await screen.findByText('Ana Quispe pasó a Contratado. Datos guardados correctamente'),
    ).toBeInTheDocument();
    expect(changeRequests().length).toBe(before + 1);
    expect(
      within(await column('Contratado')).getByRole('heading', { name: 'Contratado 1' }),
    ).toBeInTheDocument();
  });

  it('requires the reason of a rejection, keeps it when the save fails, and sends it', async () => {
    const user = userEvent.setup();
    const business = await server.signUp({ isTalent: false });
    const project = await postProject(business);
    const ana = await talentNamed('Ana', 'Quispe');
    const application = await applyTo(project, ana);
    const before = changeRequests().length;

    await renderBoard('project', project, business);
    await user.click(within(await cardOf('Ana Quispe')).getByRole('button', { name: 'Rejected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Ana Quispe to Rejected?' });
    const reason = within(dialog).getByLabelText('Reason');
    expect(reason).toHaveAccessibleDescription(/Ana Quispe will read this reason\./);
    expect(reason).toHaveAttribute('maxlength', '500');

    await user.click(within(dialog).getByRole('button', { name: 'Reject Ana Quispe' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
    expect(changeRequests().length).toBe(before);

    await user.type(reason, 'We chose a profile with more branding work.');
    server.failNext('POST', '/project_applications/changeApplicationStatus');
    await user.click(within(dialog).getByRole('button', { name: 'Reject Ana Quispe' }));
    expect(
      await screen.findByText('Error updating the data, please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveValue(
      'We chose a profile with more branding work.',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Reject Ana Quispe' }));
    expect(
      await screen.findByText('Ana Quispe was rejected. Data saved successfully'),
    ).toBeInTheDocument();
    const sent = changeRequests().slice(before);
    expect(sent).toHaveLength(2);
    expect(JSON.parse(sent[1]!.replace(/^\S+ \S+ /, ''))).toEqual({
      application_id: application.id,
      status: 3,
      reason: 'We chose a profile with more branding work.',
      lang: 'en',
    });
    const rejected = await column('Rejected');
    expect(
      within(rejected).getAllByText('Reason: We chose a profile with more branding work.')[0],
    ).toBeInTheDocument();
    const [row] = await server.db
      .select()
      .from(projectApplications)
      .where(eq(projectApplications.id, application.id));
    expect(row).toMatchObject({
      accepted: APPLICATION_STATUS.rejected,
      reason: 'We chose a profile with more branding work.',
    });
  });

  it("shows the server's reason for a refused move in the active language", async () => {
    const user = userEvent.setup();
    const business = await server.signUp({ isTalent: false });
    const project = await postProject(business);
    const ana = await talentNamed('Ana', 'Quispe');
    const application = await applyTo(project, ana);
    await renderBoard('project', project, business, 'es');
    // The talent withdraws while the board is open: the move is refused, and the server says why.
    await cardOf('Ana Quispe');
    await ok('DELETE', '/project_applications', ana.token, { id: application.id });
    await user.click(
      within(await cardOf('Ana Quispe')).getByRole('button', { name: 'Preseleccionado' }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Mover a Ana Quispe a Preseleccionado',
      }),
    );
    expect(
      await screen.findByText('El talento retiró esta postulación, así que no puede moverse.'),
    ).toBeInTheDocument();
  });

  for (const [locale, button, offline] of [
    [
      'en',
      'Move Ana Quispe to Shortlisted',
      // docs/product.md "Error catalogue", "Application updates" (its failure text), then why.
      'Error updating the data, please try again. You seem to be offline: nothing was saved. Check your connection.',
    ],
    [
      'es',
      'Mover a Ana Quispe a Preseleccionado',
      'Error al actualizar los datos, por favor vuelva a intentar. Parece que no tienes conexión: no se guardó nada. Revisa tu conexión.',
    ],
  ] as const) {
    it(`says a move sent while offline saved nothing, and keeps the dialog open (${locale})`, async () => {
      const user = userEvent.setup();
      const business = await server.signUp({ isTalent: false });
      const project = await postProject(business);
      const ana = await talentNamed('Ana', 'Quispe');
      const application = await applyTo(project, ana);
      await renderBoard('project', project, business, locale);
      const card = await cardOf('Ana Quispe');
      await user.click(
        within(card).getByRole('button', {
          name: locale === 'en' ? 'Shortlisted' : 'Preseleccionado',
        }),
      );
      const dialog = await screen.findByRole('dialog');
      server.dropNext('POST', '/project_applications/changeApplicationStatus');
      await user.click(within(dialog).getByRole('button', { name: button }));
      expect(await screen.findByText(offline)).toBeInTheDocument();
      expect(screen.getByRole('dialog')).toBeInTheDocument();
      const [row] = await server.db
        .select()
        .from(projectApplications)
        .where(eq(projectApplications.id, application.id));
      expect(row!.accepted).toBe(APPLICATION_STATUS.applied);
    });
  }

  it('moves a card by keyboard alone, and the focus follows the card', async () => {
    const user = userEvent.setup();
    const business = await server.signUp({ isTalent: false });
    const project = await postProject(business);
    const ana = await talentNamed('Ana', 'Quispe');
    await applyTo(project, ana);
    await renderBoard('project', project, business);
    const card = await cardOf('Ana Quispe');
    const target = within(card).getByRole('button', { name: 'Shortlisted' });

    // Tab from the start of the page to the button: every stop on the way is reachable.
    for (let i = 0; i < 30 && document.activeElement !== target; i += 1) await user.tab();
    expect(target).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Move Ana Quispe to Shortlisted?' });
    // The dialog opens on its answer: Enter confirms.
    await waitFor(() =>
      expect(
        within(dialog).getByRole('button', { name: 'Move Ana Quispe to Shortlisted' }),
      ).toHaveFocus(),
    );
    await user.keyboard('{Enter}');
    expect(
      await screen.findByText('Ana Quispe moved to Shortlisted. Data saved successfully'),
    ).toBeInTheDocument();
    expect(within(await column('Shortlisted')).getByText('Ana Quispe')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 3, name: 'Ana Quispe' })).toHaveFocus(),
    );
  });

  it('starts a project once someone is hired, after a warning, and the rest are told it closed', async () => {
    const user = userEvent.setup();
    const business = await server.signUp({ isTalent: false });
    const project = await postProject(business);
    const ana = await talentNamed('Ana', 'Quispe');
    const diego = await talentNamed('Diego', 'Rojas');
    const a = await applyTo(project, ana);
    await applyTo(project, diego);

    const { unmount } = await renderBoard('project', project, business);
    const start = await screen.findByRole('button', { name: 'Start project' });
    expect(start).toBeDisabled();
    expect(start).toHaveAccessibleDescription('Hire someone first.');
    unmount();
    await move(business, a.id, APPLICATION_STATUS.hired);
    await renderBoard('project', project, business);
    await waitFor(async () =>
      expect(
        within(await column('Hired')).getByRole('heading', { name: 'Hired 1' }),
      ).toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Start project' }));
    const dialog = await screen.findByRole('dialog', { name: `Start “${project.name}”?` });
    expect(dialog).toHaveTextContent(
      '1 person is still applied or shortlisted: they will be told the position is closed.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Start project' }));
    expect(await screen.findByText('The project has started.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Finish project' })).toBeInTheDocument();
    expect(screen.getByText('Started')).toBeInTheDocument();
    // The board was read again: Diego is rejected with the closing reason, and nobody moves now.
    const rejected = await column('Rejected');
    await waitFor(() => expect(within(rejected).getByText('Diego Rojas')).toBeInTheDocument());
    expect(within(rejected).getAllByText('Reason: Position closed.')[0]).toBeInTheDocument();
    expect(
      screen.getByText('This posting is no longer recruiting, so its applicants cannot move.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /^Move / })).not.toBeInTheDocument();
  });

  it('shows a job applicant’s summary, experience and CV, and finishes the job', async () => {
    const user = userEvent.setup();
    const business = await server.signUp({ isTalent: false });
    const job = await postJob(business);
    const ana = await talentNamed('Ana', 'Quispe');
    const application = (await ok('POST', '/job_applications', ana.token, {
      job_id: job.id,
      summary: 'Four years of React.',
      experience: 'Andes Labs',
    })) as { id: number };
    await ok('POST', '/job_applications/changeApplicationStatus', business.token, {
      application_id: application.id,
      status: APPLICATION_STATUS.hired,
    });
    await renderBoard('job', job, business);
    const card = await cardOf('Ana Quispe');
    expect(card).toHaveTextContent('Four years of React.');
    expect(card).toHaveTextContent('Andes Labs');
    expect(card).toHaveTextContent('No CV attached');
    await user.click(screen.getByRole('button', { name: 'Finish job' }));
    const dialog = await screen.findByRole('dialog', { name: `Finish “${job.name}”?` });
    await user.click(within(dialog).getByRole('button', { name: 'Finish job' }));
    expect(await screen.findByText('The job is finished.')).toBeInTheDocument();
    expect(await screen.findByText('Finished')).toBeInTheDocument();
  });

  it('says what to do next on an empty board, and "not found" for another business’s posting', async () => {
    const business = await server.signUp({ isTalent: false });
    const project = await postProject(business);
    const { unmount } = await renderBoard('project', project, business);
    expect(await screen.findByRole('heading', { name: 'No applicants yet' })).toBeInTheDocument();
    expect(screen.getByText(/Share the posting/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'View posting' })[0]).toHaveAttribute(
      'href',
      `/projects/${project.id}`,
    );
    unmount();

    const other = await server.signUp({ isTalent: false });
    await renderBoard('project', project, other);
    expect(await screen.findByRole('heading', { name: 'Posting not found' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: project.name })).not.toBeInTheDocument();
  });
});

describe('my postings', () => {
  it('links each posting to its board with the number of applicants', async () => {
    const business = await server.signUp({ isTalent: false });
    const project = await postProject(business, 'Board link');
    await applyTo(project, await talentNamed('Ana', 'Quispe'));
    await renderWithApp(<PostingsList />, { session: business.session });
    expect(await screen.findByRole('link', { name: 'View applicants (1)' })).toHaveAttribute(
      'href',
      `/business/projects/${project.id}/applicants`,
    );
  });
});

describe('the hired talent on the project page', () => {
  const panel = (posting: TPosting) => (
    <SessionProvider persistor={null} rehydrated>
      <ApplyPanel posting={posting} />
      <ToastContainer />
    </SessionProvider>
  );

  it('shows the congratulations once, even to a session older than the hire, and clears it', async () => {
    const user = userEvent.setup();
    const business = await server.signUp({ isTalent: false });
    const project = await postProject(business);
    const ana = await talentNamed('Ana', 'Quispe');
    const application = await applyTo(project, ana);
    // Ana signed in before the business hired her: her stored projects still say "applied".
    const stale = await sessionOf(ana);
    await move(business, application.id, APPLICATION_STATUS.hired);

    const { store, unmount } = await renderWithApp(panel(await posted('project', project.id)), {
      session: stale,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Congratulations!' });
    expect(dialog).toHaveTextContent(`You were hired for “${project.name}”.`);
    expect(screen.getAllByText('Hired').length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: 'Got it' }));
    await waitFor(() =>
      expect(store.getState().auth.user!.projects[0]!.application.shown_accepted_message).toBe(
        false,
      ),
    );
    expect(server.requests).toContain(
      `PATCH /project_applications {"id":${application.id},"shown_accepted_message":false}`,
    );
    const [row] = await server.db
      .select()
      .from(projectApplications)
      .where(eq(projectApplications.id, application.id));
    expect(row!.shownAcceptedMessage).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();

    // Next visit (a fresh sign-in): never again.
    await renderWithApp(panel(await posted('project', project.id)), {
      session: await sessionOf(ana),
    });
    // The congratulations renders from the same answer as this text, in the same commit.
    expect(await screen.findByText(/You were hired\./)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('marks the work ready to close on a started project, after a confirmation (Spanish)', async () => {
    const user = userEvent.setup();
    const business = await server.signUp({ isTalent: false });
    const project = await postProject(business);
    const ana = await talentNamed('Ana', 'Quispe');
    const application = await applyTo(project, ana);
    await move(business, application.id, APPLICATION_STATUS.hired);
    await ok('PATCH', '/project_applications', ana.token, {
      id: application.id,
      shown_accepted_message: false,
    });
    await ok('POST', '/projects/start', business.token, { id: project.id });
    const started = (await posted('project', project.id)) as TProject;
    expect(started.project_status_id).toBe(PROJECT_STATUS.started);

    const { store } = await renderWithApp(panel(started), {
      session: await sessionOf(ana),
      locale: 'es',
    });
    await user.click(await screen.findByRole('button', { name: 'Marcar como listo para cerrar' }));
    const dialog = await screen.findByRole('dialog', {
      name: `¿Marcar «${project.name}» como listo para cerrar?`,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como listo para cerrar' }));
    expect(
      await screen.findByText('Avisamos a la empresa que el trabajo está listo para cerrar.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Listo para cerrar')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Marcar como listo para cerrar' }),
    ).not.toBeInTheDocument();
    expect(store.getState().auth.user!.projects[0]!.application.ready_to_close).toBe(true);
    const [row] = await server.db
      .select()
      .from(projectApplications)
      .where(eq(projectApplications.id, application.id));
    expect(row!.readyToClose).toBe(true);
  });

  it('tells a rejected talent the reason', async () => {
    const business = await server.signUp({ isTalent: false });
    const project = await postProject(business);
    const ana = await talentNamed('Ana', 'Quispe');
    const application = await applyTo(project, ana);
    await move(business, application.id, APPLICATION_STATUS.rejected, 'We hired in Lima.');
    await renderWithApp(panel(await posted('project', project.id)), {
      session: await sessionOf(ana),
    });
    expect(await screen.findByText('Your application was not selected.')).toBeInTheDocument();
    expect(await screen.findByText('The business said: We hired in Lima.')).toBeInTheDocument();
  });
});
