import algosdk from 'algosdk';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newContext,
  seriousA11yViolations,
  storageOf,
  waitForQuiet,
  setUpBrowser,
  browser,
} from './browser';
import { prefix, signIn, text, toast, type TLocale } from './journeys';

// Wallets and proof on-chain (docs/product.md "Wallets and proof on-chain"), in each language:
// a hired talent of the demo data connects an Algorand wallet in the settings (the journeys'
// build signs with a generated account behind the same signer interface as Pera Wallet), records
// the finished work from its page, finds the proof on the public profile and opens its /verify
// page, which the server checked against the Algorand indexer. Everything stays on 127.0.0.1:
// the node and indexer are the peer scripts/e2e.mjs started.

const JOURNEY_MS = 150_000;
const ANSWER_MS = 20_000;
const DEMO_PASSWORD = 'Demo-pass-2026';
const ALGORAND_URL = process.env.E2E_ALGORAND_URL ?? 'http://127.0.0.1:47011';

/** Finished demo work with its hired talent (db/seed-data.ts): Ana's project, Diego's job. */
const CASES: Record<TLocale, { email: string; name: string; posting: string; kind: string }> = {
  en: {
    email: 'ana.talent@demo.talentchain.dev',
    name: 'Ana Quispe',
    posting: 'Customer delivery-tracking portal',
    kind: 'project',
  },
  es: {
    email: 'diego.talent@demo.talentchain.dev',
    name: 'Diego Hernández',
    posting: 'Smart contract auditor',
    kind: 'job',
  },
};

setUpBrowser();

for (const locale of ['en', 'es'] as const) {
  describe(`wallets and proof on-chain (${locale})`, () => {
    let context: BrowserContext;
    let page: Page;
    const outside: string[] = [];
    const tr = (key: string, vars?: Record<string, string | number>) => text(locale, key, vars);
    const c = CASES[locale];

    beforeAll(async () => {
      context = await newContext(browser);
      context.on('request', (r) => {
        const host = new URL(r.url()).hostname;
        if (host !== '127.0.0.1' && host !== 'localhost') outside.push(r.url());
      });
      page = await context.newPage();
    });
    afterAll(async () => context?.close());

    it(
      'connects a wallet, records the finished work and verifies it publicly',
      async () => {
        await signIn(page, c.email, DEMO_PASSWORD, locale);
        await page.waitForURL(/\/profile\/my-profile$/, { timeout: ANSWER_MS });

        // Settings: no wallet library loads until the button is pressed.
        await page.goto(`${prefix(locale)}/profile/settings`);
        await waitForQuiet(page);
        const section = page.getByRole('region', { name: tr('wallet:settings.title') });
        await section.getByText(tr('wallet:settings.algorand.none')).waitFor();
        expect(await seriousA11yViolations(page)).toEqual([]);
        await section.getByRole('button', { name: tr('wallet:settings.algorand.connect') }).click();
        await toast(page, tr('wallet:messages.saved'));
        const copy = section.getByRole('button', { name: /^(Copy|Copiar)/ });
        const label = (await copy.getAttribute('aria-label')) ?? '';
        const address = label.split(': ')[1] ?? '';
        expect(algosdk.isValidAddress(address), label).toBe(true);
        await section.getByText(`${address.slice(0, 6)}…${address.slice(-4)}`).waitFor();
        expect((await storageOf(page)).isConnectAlgorand).toBe('true');

        // The finished work, from the talent's own profile.
        await page.goto(`${prefix(locale)}/profile/my-profile`);
        const finished = page.getByRole('region', { name: tr('profile:view.finished') });
        await finished.getByRole('link', { name: c.posting }).click();
        await page.waitForURL(new RegExp(`/${c.kind}s/\\d+$`), { timeout: ANSWER_MS });
        const postingId = Number(new URL(page.url()).pathname.split('/').pop());
        const record = page.getByRole('region', { name: tr('wallet:record.title') });
        await record.getByRole('button', { name: tr('wallet:record.algorand') }).click();
        await toast(page, tr('wallet:record.done'));
        await record.getByText(tr('wallet:record.recorded', { network: 'Algorand' })).waitFor();
        // Recorded once per network: the button is gone.
        expect(
          await record.getByRole('button', { name: tr('wallet:record.algorand') }).count(),
        ).toBe(0);

        const verify = record.getByRole('link', { name: tr('wallet:proof.verify') });
        const href = (await verify.getAttribute('href')) ?? '';
        const txId = decodeURIComponent(href.split('/').pop() ?? '');
        expect(href).toBe(`${prefix(locale)}/verify/algorand/${txId}`);

        // What reached the chain: a zero-amount self-payment with the JSON note, signed by it.
        const onChain = (await (await fetch(`${ALGORAND_URL}/v2/transactions/${txId}`)).json()) as {
          transaction: {
            sender: string;
            note: string;
            'payment-transaction': { receiver: string; amount: number };
          };
        };
        expect(onChain.transaction.sender).toBe(address);
        expect(onChain.transaction['payment-transaction']).toMatchObject({
          receiver: address,
          amount: 0,
        });
        expect(Buffer.from(onChain.transaction.note, 'base64').toString()).toBe(
          JSON.stringify({ type: c.kind, id: postingId }),
        );

        // The public verification, rendered on the server with its Open Graph tags.
        await verify.click();
        await page.waitForURL(/\/verify\/algorand\//, { timeout: ANSWER_MS });
        await page
          .getByRole('heading', {
            level: 1,
            name: tr('wallet:verify.heading', { network: 'Algorand' }),
          })
          .waitFor();
        await page.getByText(tr('wallet:verify.verdict.verified'), { exact: true }).waitFor();
        await page.getByRole('link', { name: c.name }).waitFor();
        await page.getByRole('link', { name: c.posting }).waitFor();
        const ogTitle = await page.locator('meta[property="og:title"]').getAttribute('content');
        expect(ogTitle).toContain(tr('wallet:verify.verdict.verified'));
        expect(await seriousA11yViolations(page)).toEqual([]);

        // The same page for anyone, without a session, straight from the server.
        const html = await (await fetch(new URL(page.url()).toString())).text();
        expect(html).toContain(tr('wallet:verify.verdict.verified'));
        expect(html).toContain('og:description');

        // The public profile lists the proof with its verify and explorer links.
        await page.getByRole('link', { name: c.name }).click();
        await page.waitForURL(/\/talents\/\d+$/, { timeout: ANSWER_MS });
        const work = page.getByRole('region', { name: tr('profile:view.finished') });
        await work.getByRole('link', { name: tr('wallet:proof.verify') }).waitFor();
        expect(
          await work.getByRole('link', { name: tr('wallet:proof.verify') }).getAttribute('href'),
        ).toBe(`${prefix(locale)}/verify/algorand/${txId}`);

        // Disconnecting sends null and removes the flag (docs/product.md "States and transitions").
        await page.goto(`${prefix(locale)}/profile/settings`);
        await waitForQuiet(page);
        await section
          .getByRole('button', { name: tr('wallet:settings.algorand.disconnect') })
          .click();
        await toast(page, tr('wallet:messages.removed'));
        await section.getByText(tr('wallet:settings.algorand.none')).waitFor();
        expect((await storageOf(page)).isConnectAlgorand).toBeUndefined();

        expect(outside).toEqual([]);
      },
      JOURNEY_MS,
    );
  });
}
