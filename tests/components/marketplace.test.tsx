import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PostingForm } from '@/components/marketplace/editor/posting-form';
import ApplicationsList from '@/components/marketplace/applications/applications-list';
import ApplyPanel from '@/components/marketplace/posting/apply-panel';
import { jobApplications, projectApplications, projects } from '@/db/schema';
import { APPLICATION_STATUS } from '@/lib/statuses';
import { SessionProvider } from '@/store/session';
import { userProjectOf } from '@/lib/user-entries';
import type { TJob, TProject, TProjectApplication } from '@/types/marketplace';
import { startClientApi } from '../helpers/client-api';
import { renderWithApp } from '../helpers/render';

// The marketplace's forms and lists against the real API over loopback (docs/product.md
// "Marketplace"): the shared schema refuses bad input before sending, a failed save keeps what
// was typed, and the stored user's `projects` follow every application without a reload.

let server: Awaited<ReturnType<typeof startClientApi>>;
beforeAll(async () => {
  server = await startClientApi();
});
afterAll(async () => server.close());

const countries = [{ value: 'PE', label: 'Peru' }];

/** The apply panel once stored state is back (it waits for it, to not flash "Sign in"). */
const panel = (posting: TProject) => (
  <SessionProvider persistor={null} rehydrated>
    <ApplyPanel posting={posting} />
  </SessionProvider>
);

/** A project posted through the API by a new business. */
async function postProject(name = 'Diseño de logo') {
  const business = await server.signUp({ isTalent: false });
  const { json } = await server.call('POST', '/projects', {
    token: business.token,
    body: {
      name,
      summary: 'A logo for a coffee brand',
      description: 'Three proposals and the final files.',
      skills: ['Illustrator'],
      budget: 150000,
      currency: 'USD',
      weeks: 3,
      modality: 'remote',
    },
  });
  return json.data as TProject;
}

describe('the posting form', () => {
  it('shows the rules next to their fields before sending: min ≤ max, weeks 1–104, a deadline not passed', async () => {
    const user = userEvent.setup();
    const business = await server.signUp({ isTalent: false });
    await renderWithApp(<PostingForm kind="project" countries={countries} />, {
      session: business.session,
    });
    await user.type(screen.getByLabelText('Title'), 'Logo');
    await user.type(screen.getByLabelText('Summary'), 'A logo');
    await user.type(screen.getByLabelText('Description'), 'The whole brand.');
    await user.type(screen.getByLabelText('Budget'), '0');
    await user.type(screen.getByLabelText('Estimated weeks'), '105');
    await user.type(screen.getByLabelText(/Application deadline/), '2001-01-01');
    const before = server.requests.length;
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Use 104 or less.')).toBeInTheDocument();
    expect(screen.getByText('The date has already passed.')).toBeInTheDocument();
    expect(screen.getByLabelText('Budget')).toHaveAccessibleDescription(
      /Use 0\.01 or more|Use 1 or more/,
    );
    // Nothing was sent.
    expect(
      server.requests.slice(before).filter((r) => r.startsWith('POST /projects')),
    ).toHaveLength(0);
  });

  it('keeps what was typed when the save fails, and the retry publishes it once', async () => {
    const user = userEvent.setup();
    const business = await server.signUp({ isTalent: false });
    const { router } = await renderWithApp(<PostingForm kind="project" countries={countries} />, {
      session: business.session,
    });
    await user.type(screen.getByLabelText('Title'), 'Tienda en línea');
    await user.type(screen.getByLabelText('Summary'), 'Catálogo y pagos');
    await user.type(screen.getByLabelText('Description'), 'Una tienda sencilla.');
    await user.type(screen.getByLabelText('Budget'), '1500.50');
    await user.type(screen.getByLabelText('Estimated weeks'), '6');

    server.failNext('POST', '/projects');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(server.requests.some((r) => r.startsWith('POST /projects'))).toBe(true),
    );
    expect(screen.getByLabelText('Title')).toHaveValue('Tienda en línea');
    expect(screen.getByLabelText('Budget')).toHaveValue('1500.50');

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(router.push).toHaveBeenCalled());
    const rows = await server.db.select().from(projects).where(eq(projects.ownerId, business.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Tienda en línea',
      budget: 150050,
      currency: 'USD',
      weeks: 6,
    });
  });
});

describe("the posting form: amounts in the reader's language", () => {
  for (const [locale, label, shown, retyped, title] of [
    ['en', 'Budget', '1500.50', '1700.25', 'Save changes'],
    ['es', 'Presupuesto', '1500,50', '1700,25', 'Guardar cambios'],
  ] as const) {
    it(`${locale}: an edited budget shows ${shown} and a typed ${retyped} saves as such`, async () => {
      const user = userEvent.setup();
      const business = await server.signUp({ isTalent: false });
      const { json } = await server.call('POST', '/projects', {
        token: business.token,
        body: {
          name: 'Logo',
          summary: 'A logo',
          description: 'The brand.',
          budget: 150050,
          currency: 'USD',
          weeks: 3,
          modality: 'remote',
        },
      });
      const posting = json.data as TProject;
      const { router } = await renderWithApp(
        <PostingForm kind="project" posting={posting} countries={countries} />,
        { session: business.session, locale },
      );
      const budget = screen.getByLabelText(label);
      expect(budget).toHaveValue(shown);
      await user.clear(budget);
      await user.type(budget, retyped);
      await user.click(screen.getByRole('button', { name: title }));
      await waitFor(() => expect(router.push).toHaveBeenCalled());
      const [row] = await server.db.select().from(projects).where(eq(projects.id, posting.id));
      expect(row!.budget).toBe(170025);
    });
  }
});

describe('applying to a project', () => {
  it("sends the proposal once, and the stored user's projects list it without a reload", async () => {
    const user = userEvent.setup();
    const posting = await postProject();
    const talent = await server.signUp();
    const { store } = await renderWithApp(panel(posting), { session: talent.session });

    await user.type(await screen.findByLabelText('Your proposal'), 'Too short');
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByText('Use at least 20 characters.')).toBeInTheDocument();
    // The focus goes to the field at fault (on the next frame): type once it has arrived, so the
    // move cannot land in the middle of the typing.
    await waitFor(() => expect(screen.getByLabelText('Your proposal')).toHaveFocus());

    await user.type(
      screen.getByLabelText('Your proposal'),
      ' — three sketches in a week, then the files.',
    );
    await user.clear(screen.getByLabelText('Your price'));
    await user.type(screen.getByLabelText('Your price'), '1200');
    await user.click(screen.getByRole('button', { name: 'Send application' }));

    await waitFor(() => expect(store.getState().auth.user!.projects).toHaveLength(1));
    const entry = store.getState().auth.user!.projects[0]!;
    expect(entry).toMatchObject({ id: posting.id, project_status_id: 1 });
    expect(entry.application.accepted).toBe(APPLICATION_STATUS.applied);
    const rows = await server.db
      .select()
      .from(projectApplications)
      .where(eq(projectApplications.userId, talent.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ priceProposal: 120000, weeks: 3 });
    expect(await screen.findByText('Your application')).toBeInTheDocument();
  });

  it('tells a business that businesses do not apply', async () => {
    const posting = await postProject();
    const business = await server.signUp({ isTalent: false });
    await renderWithApp(panel(posting), { session: business.session });
    expect(
      await screen.findByText('Businesses post opportunities; they do not apply.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Your proposal')).not.toBeInTheDocument();
  });
});

describe('applied on another device', () => {
  /** A talent signed in here before applying elsewhere: the stored user lists no application. */
  async function appliedElsewhere(name: string) {
    const posting = await postProject(name);
    const talent = await server.signUp();
    const staleSession = talent.session;
    const { json } = await server.call('POST', '/project_applications', {
      token: talent.token,
      body: {
        project_id: posting.id,
        proposal: 'A proposal that is long enough.',
        price_proposal: 100000,
        weeks: 2,
      },
    });
    const application = json.data as TProjectApplication;
    return { posting, talent, staleSession, application };
  }

  it.each([
    ['en', 'Your application', 'Applied', 'Edit application', 'Withdraw'],
    ['es', 'Tu postulación', 'Postulado', 'Editar postulación', 'Retirar'],
  ] as const)(
    'shows the application the server says the talent made, not the form (%s)',
    async (locale, yours, applied, edit, withdraw) => {
      const { posting, talent, staleSession, application } = await appliedElsewhere(
        `Applied elsewhere ${locale}`,
      );
      const mine = { userId: talent.id, entry: userProjectOf(application) };
      const { store } = await renderWithApp(
        <SessionProvider persistor={null} rehydrated>
          <ApplyPanel posting={posting} mine={mine} />
        </SessionProvider>,
        { session: staleSession, locale },
      );
      // From the page's data: no form to apply again, ever.
      expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: yours })).toBeInTheDocument();
      expect(screen.getByText(applied)).toBeInTheDocument();
      expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
      expect(await screen.findByRole('button', { name: edit })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: withdraw })).toBeInTheDocument();
      // The stored user follows the server.
      expect(store.getState().auth.user!.projects.map((p) => p.application.id)).toEqual([
        application.id,
      ]);
    },
  );

  it.each([
    ['en', 'Your application', 'Edit application'],
    ['es', 'Tu postulación', 'Editar postulación'],
  ] as const)(
    'without the server’s word on the page, asks the API before offering the form (%s)',
    async (locale, yours, edit) => {
      const { posting, staleSession } = await appliedElsewhere(`Asked first ${locale}`);
      await renderWithApp(panel(posting), { session: staleSession, locale });
      expect(await screen.findByRole('button', { name: edit })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: yours })).toBeInTheDocument();
      expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    },
  );
});

describe('applying to a job: the CV', () => {
  const PDF = new Uint8Array(Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'));

  async function postJob() {
    const business = await server.signUp({ isTalent: false });
    const { json } = await server.call('POST', '/jobs', {
      token: business.token,
      body: {
        name: 'Frontend developer',
        summary: 'React and TypeScript',
        description: 'Build our web app.',
        skills: ['React'],
        contract_type: 'full_time',
        currency: 'USD',
        modality: 'remote',
      },
    });
    return json.data as TJob;
  }

  /** A talent whose profile holds a CV (uploaded, then saved on the profile). */
  async function talentWithCv(name: string) {
    const talent = await server.signUp();
    // The multipart body by hand: this page's (jsdom's) FormData is not the server's.
    const boundary = 'cv-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`;
    const body = Buffer.concat([
      Buffer.from(head),
      Buffer.from(PDF),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const { json } = await server.call('POST', '/file', {
      token: talent.token,
      rawBody: body.toString('latin1'),
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    });
    const file = (json as { data: { id: number; url: string } }).data;
    await server.call('PATCH', '/users/info', { token: talent.token, body: { cv_url: file.url } });
    return { ...talent, fileId: file.id };
  }

  const jobPanel = (posting: TJob) => (
    <SessionProvider persistor={null} rehydrated>
      <ApplyPanel posting={posting} />
    </SessionProvider>
  );

  it('is one labelled group with "upload" chosen when the profile has no CV, and asks for the file (en)', async () => {
    const user = userEvent.setup();
    const job = await postJob();
    const talent = await server.signUp();
    await renderWithApp(jobPanel(job), { session: talent.session });
    const group = await screen.findByRole('group', { name: 'CV' });
    // One legend, one label per option: no text twice.
    expect(within(group).getAllByText('CV')).toHaveLength(1);
    expect(within(group).getAllByText('Upload a CV for this job')).toHaveLength(1);
    const upload = within(group).getByRole('radio', { name: /Upload a CV for this job/ });
    expect(upload).toBeChecked();
    expect(within(group).getAllByRole('radio')).toHaveLength(2);
    expect(within(group).getByLabelText('Choose a file')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Why you'), 'Four years of React and TypeScript.');
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await within(group).findByRole('alert')).toHaveTextContent('Upload the file first.');
    expect(group).toHaveAccessibleDescription('Upload the file first.');

    await user.click(within(group).getByRole('radio', { name: 'No CV' }));
    expect(within(group).queryByLabelText('Choose a file')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(async () => {
      const rows = await server.db
        .select()
        .from(jobApplications)
        .where(eq(jobApplications.userId, talent.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.fileId).toBeNull();
    });
  });

  it('has the profile’s CV chosen when there is one, and sends it (es)', async () => {
    const user = userEvent.setup();
    const job = await postJob();
    const talent = await talentWithCv('CV Ana.pdf');
    const { json } = await server.call('GET', `/users/id/${talent.id}`, { token: talent.token });
    await renderWithApp(jobPanel(job), {
      session: { ...talent.session, user: json.data as typeof talent.session.user },
      locale: 'es',
    });
    const group = await screen.findByRole('group', { name: 'CV' });
    const own = await within(group).findByRole('radio', {
      name: 'Usar el CV de mi perfil (CV Ana.pdf)',
    });
    expect(own).toBeChecked();
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
    await user.type(screen.getByLabelText('Por qué tú'), 'Cuatro años de React y TypeScript.');
    await user.click(screen.getByRole('button', { name: 'Enviar postulación' }));
    await waitFor(async () => {
      const rows = await server.db
        .select()
        .from(jobApplications)
        .where(eq(jobApplications.userId, talent.id));
      expect(rows[0]?.fileId).toBe(talent.fileId);
    });
  });
});

describe('my applications', () => {
  it('says what to do next when there are none (en and es)', async () => {
    const talent = await server.signUp();
    const { unmount } = await renderWithApp(<ApplicationsList />, { session: talent.session });
    expect(await screen.findByText('No applications yet: find opportunities.')).toBeInTheDocument();
    unmount();
    await renderWithApp(<ApplicationsList />, { session: talent.session, locale: 'es' });
    expect(await screen.findByText(/Aún no tienes postulaciones/)).toBeInTheDocument();
  });

  it('withdraws from the posting after a confirmation, and the list and the stored user follow', async () => {
    const user = userEvent.setup();
    const posting = await postProject('Withdraw me');
    const talent = await server.signUp();
    await server.call('POST', '/project_applications', {
      token: talent.token,
      body: {
        project_id: posting.id,
        proposal: 'A proposal that is long enough.',
        price_proposal: 100000,
        weeks: 2,
      },
    });
    const { json } = await server.call('GET', `/users/id/${talent.id}`, { token: talent.token });
    const session = { ...talent.session, user: json.data as typeof talent.session.user };
    const { store, unmount } = await renderWithApp(panel(posting), { session });
    await user.click(await screen.findByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('You cannot apply to this posting again.');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(store.getState().auth.user!.projects[0]!.application.accepted).toBe(
        APPLICATION_STATUS.withdrawn,
      ),
    );
    unmount();
    await renderWithApp(<ApplicationsList />, { session });
    expect(await screen.findByText('Withdraw me')).toBeInTheDocument();
    expect(screen.getByText('Withdrawn')).toBeInTheDocument();
  });
  it('withdraws from the list too, after the same confirmation, and the card says Withdrawn', async () => {
    const user = userEvent.setup();
    const posting = await postProject('Withdraw from the list');
    const talent = await server.signUp();
    await server.call('POST', '/project_applications', {
      token: talent.token,
      body: {
        project_id: posting.id,
        proposal: 'A proposal that is long enough.',
        price_proposal: 100000,
        weeks: 2,
      },
    });
    await renderWithApp(<ApplicationsList />, { session: talent.session });
    expect(await screen.findByText('Withdraw from the list')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Withdrawn')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
    const [row] = await server.db
      .select()
      .from(projectApplications)
      .where(eq(projectApplications.userId, talent.id));
    expect(row!.accepted).toBe(APPLICATION_STATUS.withdrawn);
  });
});

describe('editing an application', () => {
  /** A talent who applied to a new project with `price` (minor units), signed in with it. */
  async function applied(price: number) {
    const posting = await postProject('Edit my price');
    const talent = await server.signUp();
    await server.call('POST', '/project_applications', {
      token: talent.token,
      body: {
        project_id: posting.id,
        proposal: 'A proposal that is long enough.',
        price_proposal: price,
        weeks: 2,
      },
    });
    const { json } = await server.call('GET', `/users/id/${talent.id}`, { token: talent.token });
    return {
      posting,
      session: { ...talent.session, user: json.data as typeof talent.session.user },
    };
  }

  it.each([
    ['en', '2800', 'Edit application', 'Your price', 280000],
    ['en', '2800.50', 'Edit application', 'Your price', 280050],
    ['es', '2800', 'Editar postulación', 'Tu precio', 280000],
    ['es', '2800,50', 'Editar postulación', 'Tu precio', 280050],
  ] as const)(
    'shows the price as typed, without a fraction of zeros, in the language’s decimal mark (%s: %s)',
    async (locale, shown, edit, label, price) => {
      const user = userEvent.setup();
      const { posting, session } = await applied(price);
      await renderWithApp(panel(posting), { session, locale });
      await user.click(await screen.findByRole('button', { name: edit }));
      expect(await screen.findByLabelText(label)).toHaveValue(shown);
    },
  );
});

describe('a list page while its list loads', () => {
  // Right after publishing, My postings showed nothing (no tabs, no status) until the list's
  // chunk had arrived: now the tabs and a loading status show at once, then the list. Each run
  // loads the page afresh, so that its list's module is still to come, as in a new tab.
  async function freshPage(page: 'business/postings' | 'applications') {
    vi.resetModules();
    const [{ renderWithApp: render }, { SessionProvider: Session }, mod] = await Promise.all([
      import('../helpers/render'),
      import('@/store/session'),
      page === 'applications'
        ? import('@/pages/applications')
        : import('@/pages/business/postings'),
    ]);
    return { render, Session, Page: mod.default };
  }

  it.each([
    ['en', 'Projects', 'Loading your postings…', /No projects yet/],
    ['es', 'Proyectos', 'Cargando tus publicaciones…', /Aún no tienes proyectos/],
  ] as const)(
    'My postings shows its tabs and a loading status at once, then the list (%s)',
    async (locale, tab, loading, empty) => {
      const business = await server.signUp({ isTalent: false });
      const { render, Session, Page } = await freshPage('business/postings');
      await render(
        <Session persistor={null} rehydrated>
          <Page />
        </Session>,
        { session: business.session, locale, router: { pathname: '/business/postings' } },
      );
      expect(screen.getByRole('link', { name: tab })).toHaveAttribute('aria-current', 'page');
      expect(screen.getByRole('status')).toHaveTextContent(loading);
      expect(await screen.findByText(empty)).toBeInTheDocument();
    },
  );

  it.each([
    ['en', 'Projects', 'Loading your applications…', 'No applications yet: find opportunities.'],
    ['es', 'Proyectos', 'Cargando tus postulaciones…', /Aún no tienes postulaciones/],
  ] as const)(
    'My applications shows its tabs and a loading status at once, then the list (%s)',
    async (locale, tab, loading, empty) => {
      const talent = await server.signUp();
      const { render, Session, Page } = await freshPage('applications');
      await render(
        <Session persistor={null} rehydrated>
          <Page />
        </Session>,
        { session: talent.session, locale, router: { pathname: '/applications' } },
      );
      expect(screen.getByRole('link', { name: tab })).toHaveAttribute('aria-current', 'page');
      expect(screen.getByRole('status')).toHaveTextContent(loading);
      expect(await screen.findByText(empty)).toBeInTheDocument();
    },
  );
});
