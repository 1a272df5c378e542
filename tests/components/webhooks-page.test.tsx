import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { ToastContainer } from 'react-toastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebhooksScreen from '@/components/webhooks/webhooks-screen';
import { companyMembers, webhookDeliveries, webhooks } from '@/db/schema';
import { SessionProvider } from '@/store/session';
import { CATALOGS } from '../helpers/catalogs';
import { startClientApi } from '../helpers/client-api';
import { renderWithApp } from '../helpers/render';

// /business/webhooks (docs/product.md "Webhooks") over the real API, in both languages: an owner
// adds an endpoint (the secret shown once), sees it listed with its state, reads its delivery log
// and deletes it after a confirmation; refusals show by their fields; a recruiter is told the page
// is not theirs.

let server: Awaited<ReturnType<typeof startClientApi>>;
beforeAll(async () => {
  server = await startClientApi({ webhooksAllowPrivate: true });
});
afterAll(async () => server.close());

for (const locale of ['en', 'es'] as const) {
  const w = CATALOGS[locale].webhooks;
  const errors = CATALOGS[locale].common.errors;

  const renderScreen = (session: unknown) =>
    renderWithApp(
      <SessionProvider persistor={null} rehydrated>
        <WebhooksScreen />
        <ToastContainer />
      </SessionProvider>,
      { locale, session: session as never },
    );

  describe(`/business/webhooks (${locale})`, () => {
    it('adds an endpoint, shows its secret once, lists it, shows its log and deletes it after asking', async () => {
      const user = userEvent.setup();
      const owner = await server.signUp({ isTalent: false, name: `Hooker ${locale}` });
      await renderScreen(owner.session);
      const url = await screen.findByLabelText(w.add.url);
      expect(await screen.findByText(w.list.empty)).toBeInTheDocument();
      // Each event explained next to its checkbox.
      const created = screen.getByRole('checkbox', { name: 'application.created' });
      expect(created).toHaveAccessibleDescription(w.events['application.created']);

      // No event chosen: refused by its own check, nothing sent.
      await user.type(url, 'https://93.184.216.34/hooks');
      const before = server.requests.length;
      await user.click(screen.getByRole('button', { name: w.add.submit }));
      expect(await screen.findByText(errors.required)).toBeInTheDocument();
      expect(server.requests.slice(before).filter((r) => r.startsWith('POST'))).toEqual([]);

      await user.click(created);
      await user.click(screen.getByRole('checkbox', { name: 'posting.closed' }));
      await user.click(screen.getByRole('button', { name: w.add.submit }));
      const secretBox = await screen.findByRole('region', { name: w.secret.title });
      expect(within(secretBox).getByText(w.secret.warning)).toBeInTheDocument();
      const secret = within(secretBox).getByTestId('webhook-secret').textContent!;
      expect(secret).toMatch(/^whsec_/);
      expect(within(secretBox).getByRole('button', { name: w.secret.copy })).toBeInTheDocument();
      const [row] = await server.db
        .select()
        .from(webhooks)
        .where(eq(webhooks.companyId, owner.companyId!));
      expect(row).toMatchObject({
        url: 'https://93.184.216.34/hooks',
        events: ['application.created', 'posting.closed'],
        secret,
      });
      await user.click(within(secretBox).getByRole('button', { name: w.secret.done }));
      expect(screen.queryByRole('region', { name: w.secret.title })).not.toBeInTheDocument();
      expect(screen.queryByText(secret)).not.toBeInTheDocument();

      const list = screen.getByRole('region', { name: w.list.title });
      const item = await within(list).findByText('https://93.184.216.34/hooks');
      const li = item.closest('li')!;
      expect(within(li).getByText(w.list.enabled)).toBeInTheDocument();

      // The log: a delivery retried once.
      await server.db.insert(webhookDeliveries).values({
        webhookId: row!.id,
        event: 'application.created',
        messageId: `msg_component_${locale}`,
        payload: {},
        attempts: 1,
        lastStatus: 500,
        lastError: 'boom',
      });
      await user.click(within(li).getByRole('button', { name: w.list.show_log }));
      const table = await within(li).findByRole('table');
      const cells = within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent);
      expect(cells.slice(0, 4)).toEqual(['application.created', w.status.pending, '1', '500']);

      const del = within(li).getByRole('button', {
        name: w.list.delete_label.replace('{{url}}', 'https://93.184.216.34/hooks'),
      });
      await user.click(del);
      const dialog = await screen.findByRole('dialog', { name: w.confirm.title });
      await user.click(within(dialog).getByRole('button', { name: w.confirm.delete }));
      expect(await screen.findByText(w.list.empty)).toBeInTheDocument();
      expect(
        await server.db.select().from(webhooks).where(eq(webhooks.companyId, owner.companyId!)),
      ).toEqual([]);
    });

    it("shows the server's refusal of a private address by the URL field", async () => {
      const user = userEvent.setup();
      const owner = await server.signUp({ isTalent: false });
      await renderScreen(owner.session);
      server.deps.webhooksAllowPrivate = false;
      try {
        const url = await screen.findByLabelText(w.add.url);
        await user.type(url, 'https://127.0.0.1/hooks');
        await user.click(screen.getByRole('checkbox', { name: 'message.created' }));
        await user.click(screen.getByRole('button', { name: w.add.submit }));
        await waitFor(() => expect(url).toHaveAttribute('aria-invalid', 'true'));
        expect(url).toHaveAccessibleDescription(expect.stringContaining(errors.webhook_private));
      } finally {
        server.deps.webhooksAllowPrivate = true;
      }
    });

    it('tells a recruiter the page is for owners and admins', async () => {
      const owner = await server.signUp({ isTalent: false });
      const recruiter = await server.signUp({ isTalent: false, company: false });
      await server.db
        .insert(companyMembers)
        .values({ companyId: owner.companyId!, userId: recruiter.id, role: 'recruiter' });
      await renderScreen(recruiter.session);
      expect(await screen.findByText(w.forbidden)).toBeInTheDocument();
      expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    });
  });
}
