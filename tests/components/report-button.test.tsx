import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TalentProfile } from '@/components/profile/talent-profile';
import { ReportButton } from '@/components/trust/report-button';
import { reports } from '@/db/schema';
import { SessionProvider } from '@/store/session';
import type { TPublicUser } from '@/types/user';
import { startClientApi } from '../helpers/client-api';
import { renderWithApp, stopPersisting } from '../helpers/render';

// "Report" (docs/product.md "Reports and suspension") against the real API: the dialog sends a
// reason and the person's words, says thanks in a toast, and says the server's refusals (a
// report already open, the daily limit) in the page's language; nobody signed out sees it, nor
// the author on their own thing.

const toasts = vi.hoisted(() => ({ success: vi.fn() }));
vi.mock('@/lib/toast', async (original) => ({
  ...(await original<typeof import('@/lib/toast')>()),
  toastSuccess: toasts.success,
}));

let server: Awaited<ReturnType<typeof startClientApi>>;

beforeAll(async () => {
  server = await startClientApi();
});
afterAll(async () => {
  await stopPersisting();
  await server.close();
});
beforeEach(async () => {
  toasts.success.mockClear();
  await server.resetRateLimits();
});

const T = {
  en: {
    button: 'Report',
    title: 'Report this profile',
    reason: 'Reason',
    details: /What happened/,
    send: 'Send report',
    sent: 'Thank you. The operators will review your report.',
    again: 'You have already reported this, or it is yours. The operators will look at it.',
    limit: 'You have sent the most reports allowed in a day (10). Please try again tomorrow.',
    detailsRequired: 'Say what happened.',
  },
  es: {
    button: 'Denunciar',
    title: 'Denunciar este perfil',
    reason: 'Motivo',
    details: /Qué pasó/,
    send: 'Enviar denuncia',
    sent: 'Gracias. Los operadores revisarán tu denuncia.',
    again: 'Ya lo denunciaste, o es tuyo. Los operadores lo revisarán.',
    limit: 'Enviaste el máximo de denuncias permitidas en un día (10). Vuelve a intentarlo mañana.',
    detailsRequired: 'Cuenta qué pasó.',
  },
} as const;

const inSession = (ui: React.ReactElement) => (
  <SessionProvider persistor={null} rehydrated>
    {ui}
  </SessionProvider>
);

describe.each(['en', 'es'] as const)('the report dialog (%s)', (locale) => {
  const t = T[locale];

  it('reports a profile with a reason and words; a toast thanks; again says it is open already', async () => {
    const user = userEvent.setup();
    const reporter = await server.signUp({ isTalent: false, name: `Rep${locale}` });
    const shown = await server.signUp({ name: `Shown${locale}` });
    const profile = (await server.call('GET', `/users/id/${shown.id}`)).json.data as TPublicUser;
    await renderWithApp(inSession(<TalentProfile profile={profile} countryName={null} />), {
      session: reporter.session,
      locale,
    });
    await user.click(await screen.findByRole('button', { name: t.button }));
    const dialog = await screen.findByRole('dialog', { name: t.title });
    // "Other" needs the person's words.
    await user.selectOptions(within(dialog).getByRole('combobox', { name: t.reason }), 'other');
    await user.click(within(dialog).getByRole('button', { name: t.send }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(t.detailsRequired);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: t.reason }), 'scam');
    await user.type(within(dialog).getByRole('textbox', { name: t.details }), 'Asks for money');
    await user.click(within(dialog).getByRole('button', { name: t.send }));
    await vi.waitFor(() => expect(toasts.success).toHaveBeenCalledWith(t.sent));
    const [row] = await server.db.select().from(reports).where(eq(reports.reporterId, reporter.id));
    expect(row).toMatchObject({
      targetKind: 'profile',
      targetId: shown.id,
      reason: 'Fraud or a scam: Asks for money',
    });

    await user.click(screen.getByRole('button', { name: t.button }));
    const again = await screen.findByRole('dialog', { name: t.title });
    await user.selectOptions(within(again).getByRole('combobox', { name: t.reason }), 'spam');
    await user.click(within(again).getByRole('button', { name: t.send }));
    expect(await within(again).findByRole('alert')).toHaveTextContent(t.again);
  });

  it('the eleventh report of the day is refused with the limit’s text', async () => {
    const user = userEvent.setup();
    const reporter = await server.signUp({ name: `Many${locale}` });
    for (let i = 0; i < 10; i++) {
      const other = await server.signUp();
      const r = await server.call('POST', '/reports', {
        token: reporter.token,
        body: { target_kind: 'profile', target_id: other.id, reason: 'Spam' },
      });
      expect(r.status).toBe(201);
    }
    const last = await server.signUp();
    await renderWithApp(inSession(<ReportButton targetKind="profile" targetId={last.id} />), {
      session: reporter.session,
      locale,
    });
    await user.click(await screen.findByRole('button', { name: t.button }));
    const dialog = await screen.findByRole('dialog', { name: t.title });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: t.reason }), 'spam');
    await user.click(within(dialog).getByRole('button', { name: t.send }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(t.limit);
    expect(toasts.success).not.toHaveBeenCalled();
  });
});

describe('who sees "Report"', () => {
  it('nobody signed out, and not the author on their own thing', async () => {
    const author = await server.signUp({ name: 'Author' });
    const signedOut = await renderWithApp(
      inSession(<ReportButton targetKind="profile" targetId={author.id} />),
    );
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
    signedOut.unmount();
    await renderWithApp(
      inSession(<ReportButton targetKind="profile" targetId={author.id} authorId={author.id} />),
      { session: author.session },
    );
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  });
});
