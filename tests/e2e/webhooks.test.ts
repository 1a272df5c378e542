import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpBrowser } from './browser';
import { ANSWER_MS, api, expectFitsAt320, expectNoSeriousA11y, tag } from './journeys';
import {
  applyByApi,
  closePages,
  forEachLocale,
  JOURNEY_MS,
  openPage,
  postProjectByApi,
  registerBusinessByApi,
  registerTalentByApi,
  signedIn,
} from './scenes';
import { secretsSeen } from './secrets';

// A company's webhooks (docs/product.md "Webhooks"), in each language: the owner adds an endpoint
// on /business/webhooks (a receiver on 127.0.0.1: the journeys' server runs with
// WEBHOOKS_ALLOW_PRIVATE=1), sees the secret once, a talent applies, the receiver gets the event
// signed with that secret, and the owner reads the delivery in the endpoint's log. axe finds
// nothing serious, and the page fits at 320 px.

type TReceived = { headers: http.IncomingHttpHeaders; body: string };
const received: TReceived[] = [];
let receiver: http.Server;
let base = '';

setUpBrowser();

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

/** The first received event whose body names `marker`, waited for. */
async function eventNaming(marker: number) {
  const deadline = Date.now() + ANSWER_MS;
  while (Date.now() < deadline) {
    const found = received.find((r) => r.body.includes(`"id":${marker}`));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('No webhook received');
}

forEachLocale((locale, tr, p) => {
  describe(`webhooks (${locale})`, () => {
    let page: Page | undefined;
    afterAll(async () => closePages(page));

    it(
      'the owner adds an endpoint, keeps its secret, and reads the delivery of a new application',
      async () => {
        const owner = {
          email: `hooks-${tag()}@example.com`,
          password: `Hooks-pass-${tag()}`,
          company: `Hook Works ${tag()}`,
        };
        const ownerToken = await registerBusinessByApi(locale, owner);
        const project = await postProjectByApi(ownerToken, { name: `Hooked shop ${tag()}` });
        page = await openPage();
        await signedIn(page, owner, locale);

        // The account menu leads there.
        await page.getByRole('button', { name: new RegExp(tr('nav.account_menu')) }).click();
        await page.getByRole('menuitem', { name: tr('nav.webhooks'), exact: true }).click();
        await page.waitForURL((u) => u.pathname === `${p}/business/webhooks`, {
          timeout: ANSWER_MS,
        });
        await page.getByRole('heading', { level: 1, name: tr('webhooks:title') }).waitFor();
        const url = page.getByLabel(tr('webhooks:add.url'));
        await url.waitFor({ timeout: ANSWER_MS });
        await expectNoSeriousA11y(page, `${p}/business/webhooks`);
        await expectFitsAt320(page, `${p}/business/webhooks`);

        await url.fill(`${base}/hooks-${locale}`);
        await page.getByRole('checkbox', { name: 'application.created' }).check();
        await page.getByRole('button', { name: tr('webhooks:add.submit'), exact: true }).click();
        const secretBox = page.getByRole('region', { name: tr('webhooks:secret.title') });
        await secretBox.getByText(tr('webhooks:secret.warning')).waitFor({ timeout: ANSWER_MS });
        const secret = (await secretBox.getByTestId('webhook-secret').textContent())!.trim();
        expect(secret).toMatch(/^whsec_/);
        secretsSeen.add(secret);
        await expectNoSeriousA11y(page, `${p}/business/webhooks (secret)`);
        await secretBox.getByRole('button', { name: tr('webhooks:secret.done') }).click();
        await secretBox.waitFor({ state: 'detached' });
        expect(await page.getByText(secret).count()).toBe(0);

        const item = page.getByRole('listitem').filter({ hasText: `${base}/hooks-${locale}` });
        await item.getByText(tr('webhooks:list.enabled'), { exact: true }).waitFor();

        // A talent applies: the receiver gets the event, signed with the secret shown.
        const talent = { email: `hooked-${tag()}@example.com`, password: `Talent-pass-${tag()}` };
        const talentToken = await registerTalentByApi(locale, talent);
        await applyByApi(locale, talentToken, { projectId: project.id });
        const event = await eventNaming(project.id);
        const payload = new Webhook(secret).verify(
          event.body,
          event.headers as Record<string, string>,
        ) as { type: string };
        expect(payload.type).toBe('application.created');

        // Recorded as delivered once the answer came back.
        const hooks = await api('GET', '/me/companies', undefined, ownerToken);
        const companyId = (hooks.data as { company: { id: number } }[])[0]!.company.id;
        const listed = await api('GET', `/companies/${companyId}/webhooks`, undefined, ownerToken);
        const hookId = (listed.data as { id: number }[])[0]!.id;
        const deadline = Date.now() + ANSWER_MS;
        for (;;) {
          const log = await api(
            'GET',
            `/companies/${companyId}/webhooks/${hookId}/deliveries`,
            undefined,
            ownerToken,
          );
          const [d] = (log.data as { data: { status: string }[] }).data;
          if (d?.status === 'delivered' || Date.now() > deadline) break;
          await new Promise((r) => setTimeout(r, 200));
        }

        await item.getByRole('button', { name: tr('webhooks:list.show_log') }).click();
        const table = item.getByRole('table');
        await table.getByRole('cell', { name: 'application.created' }).waitFor();
        await table.getByRole('cell', { name: tr('webhooks:status.delivered') }).waitFor();
        await table.getByRole('cell', { name: '204', exact: true }).waitFor();
        await expectNoSeriousA11y(page, `${p}/business/webhooks (log)`);
      },
      JOURNEY_MS,
    );
  });
});
