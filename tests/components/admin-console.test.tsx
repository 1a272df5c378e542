import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosRequestConfig } from 'axios';
import { ToastContainer } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import AuditLog from '@/components/admin/audit-log';
import ReportsQueue from '@/components/admin/reports-queue';
import VerificationQueue from '@/components/admin/verification-queue';
import { Header } from '@/components/layout/header';
import { SessionProvider } from '@/store/session';
import type { TAdminReport, TOperatorAct, TVerificationItem } from '@/types/admin';
import { fakeApi, ok, page, refused } from '../helpers/fake-api';
import { makeUser } from '../helpers/fixtures';
import { renderWithApp } from '../helpers/render';

// The operator's console on screen (docs/product.md "Operators"): the verification queue
// (approve; refuse with a reason), the reports queue (Open / Resolved; dismiss, hide, suspend
// with a note; lift a suspension) and the audit log, in both languages, and the header's
// "Console" for operators only. The reports' calls are another part's (docs/api.md "Reports"):
// every answer here is the fake API's, as that part documents them.

vi.mock('@/services/http-client', async (original) => {
  const actual = await original<typeof import('@/services/http-client')>();
  const { fakeApi: fake } = await import('../helpers/fake-api');
  return { ...actual, call: (c: AxiosRequestConfig) => fake.call(c, actual.outcomeOf) };
});

beforeEach(() => fakeApi.reset());

const STUDY: TVerificationItem = {
  kind: 'study',
  id: 31,
  talent: { id: 7, name: 'Lucía', last_name: 'Martín', email: 'lucia@example.com' },
  entry: {
    id: 31,
    name: 'Escuela Andina',
    course_name: 'Data science',
    start_date: '2015-03-01',
    end_date: '2019-12-15',
    studying_here: false,
    description: 'Evening courses.',
    verify_status_id: 2,
  },
  requested_at: '2026-11-20T10:00:00.000Z',
};

const WORK: TVerificationItem = {
  kind: 'workplace',
  id: 12,
  talent: { id: 8, name: 'Diego', last_name: 'Rojas', email: 'diego@example.com' },
  entry: {
    id: 12,
    workplace_name: 'Andes Labs',
    position: 'Developer',
    start_date: '2020-03-01',
    end_date: null,
    description: null,
    work_here: true,
    enable_business: false,
    verify_status_id: 2,
  },
  requested_at: '2026-11-21T10:00:00.000Z',
};

const TEXT = {
  en: {
    count: '2 entries wait for a verification.',
    empty: 'Nothing waits for a verification. New requests show here, oldest first.',
    study: 'Education',
    work: 'Experience',
    approve: 'Approve Escuela Andina (Lucía Martín)',
    refuse: 'Refuse Andes Labs (Diego Rojas)',
    reason: 'Reason',
    submitRefusal: 'Refuse verification',
    reasonRequired: 'Write the reason the talent will read.',
    approved: 'Verified: Escuela Andina. The talent has been told.',
    refused: 'Refused: Andes Labs. The talent has been told why.',
    present: 'present',
    open: 'Open',
    resolved: 'Resolved',
    dismiss: 'Dismiss the report of “Logo design”',
    hide: 'Hide “Logo design”',
    suspend: 'Suspend the author of “Logo design”',
    confirmHide: 'Hide',
    note: 'Note (optional)',
    hidden: 'Hidden. The author has been told.',
    lift: 'Lift suspension of Mario Bros',
    lifted: 'Suspension of Mario Bros lifted.',
    noOpen: 'No open reports. Reports people make show here, oldest first.',
    commandLine: 'By the command line',
    approvedAct: 'Verification approved',
    granted: 'Operator granted',
    console: 'Console',
  },
  es: {
    count: '2 entradas esperan una verificación.',
    empty:
      'Nada espera una verificación. Las nuevas solicitudes aparecen aquí, las más antiguas primero.',
    study: 'Formación',
    work: 'Experiencia',
    approve: 'Aprobar Escuela Andina (Lucía Martín)',
    refuse: 'Rechazar Andes Labs (Diego Rojas)',
    reason: 'Motivo',
    submitRefusal: 'Rechazar verificación',
    reasonRequired: 'Escribe el motivo que leerá el talento.',
    approved: 'Verificada: Escuela Andina. Se avisó al talento.',
    refused: 'Rechazada: Andes Labs. Se avisó al talento del motivo.',
    present: 'actualidad',
    open: 'Abiertas',
    resolved: 'Resueltas',
    dismiss: 'Descartar la denuncia de “Logo design”',
    hide: 'Ocultar “Logo design”',
    suspend: 'Suspender al autor de “Logo design”',
    confirmHide: 'Ocultar',
    note: 'Nota (opcional)',
    hidden: 'Ocultado. Se avisó al autor.',
    lift: 'Levantar suspensión de Mario Bros',
    lifted: 'Suspensión de Mario Bros levantada.',
    noOpen: 'No hay denuncias abiertas. Las denuncias aparecen aquí, las más antiguas primero.',
    commandLine: 'Por la línea de comandos',
    approvedAct: 'Verificación aprobada',
    granted: 'Operador concedido',
    console: 'Consola',
  },
} as const;

const REPORT: TAdminReport = {
  id: 5,
  target_kind: 'posting',
  target_id: 40,
  posting_kind: 'project',
  target: { label: '“Logo design”', url: '/projects/40', hidden: false },
  author: {
    id: 9,
    name: 'Mario',
    last_name: 'Bros',
    email: 'mario@example.com',
    suspended: false,
  },
  reporter: { id: 3, name: 'Ana', last_name: 'Quispe' },
  reason: 'It asks for payment up front.',
  status: 'open',
  note: null,
  resolved_by: null,
  resolved_at: null,
  created_at: '2026-11-25T09:00:00.000Z',
};

const withToasts = (ui: React.ReactElement) => (
  <>
    {ui}
    <ToastContainer />
  </>
);

for (const locale of ['en', 'es'] as const) {
  const x = TEXT[locale];

  describe(`the verification queue (${locale})`, () => {
    it('shows each entry with its talent and what they wrote, and approves one', async () => {
      const user = userEvent.setup();
      let items = [STUDY, WORK];
      fakeApi.on('GET', '/admin/verifications', () => ok(page(items)));
      fakeApi.on('POST', '/admin/verifications/study/31', () => {
        items = [WORK];
        return ok({ ...STUDY.entry, verify_status_id: 3 });
      });
      await renderWithApp(withToasts(<VerificationQueue />), { locale });
      expect(await screen.findByText(x.count)).toBeInTheDocument();
      const cards = screen.getAllByRole('listitem');
      expect(cards).toHaveLength(2);
      const study = within(cards[0]!);
      expect(study.getByRole('heading', { name: 'Escuela Andina' })).toBeInTheDocument();
      expect(study.getByText(x.study)).toBeInTheDocument();
      expect(study.getByRole('link', { name: 'Lucía Martín' })).toHaveAttribute(
        'href',
        '/talents/7',
      );
      expect(study.getByText('lucia@example.com')).toBeInTheDocument();
      expect(study.getByText('Data science')).toBeInTheDocument();
      expect(study.getByText('Evening courses.')).toBeInTheDocument();
      expect(within(cards[1]!).getByText(x.work)).toBeInTheDocument();
      expect(within(cards[1]!).getByText(new RegExp(`– ${x.present}$`))).toBeInTheDocument();
      expect(fakeApi.made('GET', '/admin/verifications')[0]!.params).toMatchObject({
        status: 2,
        page: 1,
      });

      await user.click(screen.getByRole('button', { name: x.approve }));
      expect(await screen.findByText(x.approved)).toBeInTheDocument();
      expect(fakeApi.made('POST', '/admin/verifications/study/31')[0]!.data).toEqual({
        verify_status_id: 3,
        lang: locale,
      });
      await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    });

    it('refuses only with a reason, which is sent', async () => {
      const user = userEvent.setup();
      fakeApi.on('GET', '/admin/verifications', ok(page([WORK])));
      fakeApi.on(
        'POST',
        '/admin/verifications/workplace/12',
        ok({ ...WORK.entry, verify_status_id: 4 }),
      );
      await renderWithApp(withToasts(<VerificationQueue />), { locale });
      await user.click(await screen.findByRole('button', { name: x.refuse }));
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: x.submitRefusal }));
      expect(await within(dialog).findByText(x.reasonRequired)).toBeInTheDocument();
      expect(fakeApi.made('POST', '/admin/verifications/workplace/12')).toHaveLength(0);
      await user.type(within(dialog).getByLabelText(x.reason), '  No such company.  ');
      await user.click(within(dialog).getByRole('button', { name: x.submitRefusal }));
      expect(await screen.findByText(x.refused)).toBeInTheDocument();
      expect(fakeApi.made('POST', '/admin/verifications/workplace/12')[0]!.data).toEqual({
        verify_status_id: 4,
        reason: 'No such company.',
        lang: locale,
      });
    });

    it('says so when the queue is empty', async () => {
      fakeApi.on('GET', '/admin/verifications', ok(page([])));
      await renderWithApp(<VerificationQueue />, { locale });
      expect(await screen.findByText(x.empty)).toBeInTheDocument();
    });
  });

  describe(`the reports queue (${locale})`, () => {
    it('lists open reports with the thing, reason, reporter and author; hides one with a note', async () => {
      const user = userEvent.setup();
      fakeApi.on('GET', '/admin/reports', ok(page([REPORT])));
      fakeApi.on('POST', '/admin/reports/5/resolve', ok({ ...REPORT, status: 'hidden' }));
      await renderWithApp(withToasts(<ReportsQueue />), { locale });
      expect(await screen.findByRole('link', { name: '“Logo design”' })).toHaveAttribute(
        'href',
        '/projects/40',
      );
      expect(screen.getByRole('link', { name: x.open })).toHaveAttribute('aria-current', 'page');
      expect(screen.getByText('It asks for payment up front.')).toBeInTheDocument();
      expect(screen.getByText('Ana Quispe')).toBeInTheDocument();
      expect(screen.getByText('Mario Bros · mario@example.com')).toBeInTheDocument();
      expect(fakeApi.made('GET', '/admin/reports')[0]!.params).toMatchObject({ status: 'open' });
      expect(screen.getByRole('button', { name: x.dismiss })).toBeEnabled();
      expect(screen.getByRole('button', { name: x.suspend })).toBeEnabled();

      await user.click(screen.getByRole('button', { name: x.hide }));
      const dialog = await screen.findByRole('dialog');
      await user.type(within(dialog).getByLabelText(x.note), 'Scam.');
      await user.click(within(dialog).getByRole('button', { name: x.confirmHide }));
      expect(await screen.findByText(x.hidden)).toBeInTheDocument();
      expect(fakeApi.made('POST', '/admin/reports/5/resolve')[0]!.data).toEqual({
        action: 'hide',
        note: 'Scam.',
      });
    });

    it('shows resolved reports and lifts a suspension from its report', async () => {
      const user = userEvent.setup();
      const suspended: TAdminReport = {
        ...REPORT,
        status: 'suspended',
        author: { ...REPORT.author!, suspended: true },
        note: 'Repeated scams.',
        resolved_by: { id: 1, name: 'Olga', last_name: 'Operator' },
        resolved_at: '2026-11-26T09:00:00.000Z',
      };
      fakeApi.on('GET', '/admin/reports', ok(page([suspended])));
      fakeApi.on('POST', '/admin/users/9/unsuspend', ok({ id: 9 }));
      await renderWithApp(withToasts(<ReportsQueue />), {
        locale,
        router: { pathname: '/admin/reports', query: { status: 'resolved' } },
      });
      expect(await screen.findByText('Repeated scams.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: x.resolved })).toHaveAttribute(
        'aria-current',
        'page',
      );
      expect(fakeApi.made('GET', '/admin/reports')[0]!.params).toMatchObject({
        status: 'resolved',
      });
      expect(screen.queryByRole('button', { name: x.hide })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: x.lift }));
      expect(await screen.findByText(x.lifted)).toBeInTheDocument();
      expect(fakeApi.made('POST', '/admin/users/9/unsuspend')).toHaveLength(1);
    });

    it('says so when nothing is open', async () => {
      fakeApi.on('GET', '/admin/reports', ok(page([])));
      await renderWithApp(<ReportsQueue />, { locale });
      expect(await screen.findByText(x.noOpen)).toBeInTheDocument();
    });
  });

  describe(`the audit log (${locale})`, () => {
    it('lists every act newest first, naming the operator or the command line', async () => {
      const acts: TOperatorAct[] = [
        {
          id: 2,
          operator: { id: 1, name: 'Olga', last_name: 'Operator' },
          action: 'verification.verified',
          target: { kind: 'study', id: 31, user_id: 7, place: 'Escuela Andina' },
          created_at: '2026-11-26T09:30:00.000Z',
        },
        {
          id: 1,
          operator: null,
          action: 'operator.granted',
          target: { user_id: 1, email: 'olga@example.com' },
          created_at: '2026-11-25T08:00:00.000Z',
        },
      ];
      fakeApi.on('GET', '/admin/audit', ok(page(acts)));
      await renderWithApp(<AuditLog />, { locale });
      const items = await screen.findAllByRole('listitem');
      expect(within(items[0]!).getByRole('heading', { name: x.approvedAct })).toBeInTheDocument();
      expect(within(items[0]!).getByText(/Olga Operator/)).toBeInTheDocument();
      expect(within(items[0]!).getByText(/place: Escuela Andina/)).toBeInTheDocument();
      expect(within(items[0]!).getByText(/09:30 UTC/)).toBeInTheDocument();
      expect(within(items[1]!).getByRole('heading', { name: x.granted })).toBeInTheDocument();
      expect(within(items[1]!).getByText(x.commandLine)).toBeInTheDocument();
    });
  });

  describe(`the header's console link (${locale})`, () => {
    const renderHeader = (isOperator: boolean) =>
      renderWithApp(
        <SessionProvider persistor={null} rehydrated>
          <Header />
        </SessionProvider>,
        {
          locale,
          session: { user: makeUser({ is_operator: isOperator }), accessToken: 'token' },
        },
      );

    it('shows operators the console, and nobody else', async () => {
      await renderHeader(true);
      expect(screen.getByRole('link', { name: x.console })).toHaveAttribute('href', '/admin');
    });

    it('is not there for a talent', async () => {
      await renderHeader(false);
      expect(screen.queryByRole('link', { name: x.console })).not.toBeInTheDocument();
    });
  });
}

describe('a refused decision', () => {
  it('tells the operator why, in their language', async () => {
    const user = userEvent.setup();
    fakeApi.on('GET', '/admin/verifications', ok(page([STUDY])));
    fakeApi.on(
      'POST',
      '/admin/verifications/study/31',
      refused(409, 'invalid_transition', {
        message: 'This entry is not waiting for a verification.',
        message_es: 'Esta entrada no está esperando una verificación.',
      }),
    );
    await renderWithApp(withToasts(<VerificationQueue />), { locale: 'es' });
    await user.click(await screen.findByRole('button', { name: TEXT.es.approve }));
    expect(
      await screen.findByText('Esta entrada no está esperando una verificación.'),
    ).toBeInTheDocument();
  });
});
