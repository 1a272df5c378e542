import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, newContext, seriousA11yViolations, setUpBrowser, waitForQuiet } from './browser';
import { prefix, signIn, tag, text, toast, type TLocale } from './journeys';
import { secretsSeen } from './secrets';

// The company's public page (issue "Companies and teams"), in each language: a visitor opens
// María's demo company "Andes Labs", sees its name and an open posting, and follows the posting's
// card; María (its owner) changes the about text on /business/company and sees it on the public
// page. axe finds nothing serious, and the page does not scroll sideways at 320 px.

const DEMO_PASSWORD = 'Demo-pass-2026';
const OWNER = 'maria.business@demo.talentchain.dev';
const SLUG = 'andes-labs';
const JOURNEY_MS = 120_000;

async function expectNoSeriousA11y(p: Page, where: string) {
  await waitForQuiet(p);
  await p.locator('#nprogress').waitFor({ state: 'detached' });
  expect({ where, violations: await seriousA11yViolations(p) }).toEqual({ where, violations: [] });
}

async function expectNoSideScroll(p: Page, where: string) {
  await p.setViewportSize({ width: 320, height: 640 });
  const width = await p.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${where} is ${width}px wide at 320px`).toBeLessThanOrEqual(320);
  await p.setViewportSize({ width: 1280, height: 800 });
}

setUpBrowser();

for (const locale of ['en', 'es'] as TLocale[]) {
  const tr = (k: string, v?: Record<string, string | number>) => text(locale, k, v);
  const p = prefix(locale);

  describe(`the company page (${locale})`, () => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      context = await newContext(browser);
      page = await context.newPage();
    });
    afterAll(async () => context?.close());

    it(
      'shows Andes Labs with its open postings, and a posting card leads to the posting',
      async () => {
        await page.goto(`${p}/companies/${SLUG}`);
        await page.getByRole('heading', { level: 1, name: 'Andes Labs' }).waitFor();
        const postings = page.getByRole('region', { name: tr('company:page.open_postings') });
        const first = postings.getByRole('listitem').first().getByRole('link');
        const name = (await first.textContent())!.trim();
        expect(name).not.toBe('');
        await expectNoSeriousA11y(page, `${p}/companies/${SLUG}`);
        await expectNoSideScroll(page, `${p}/companies/${SLUG}`);

        await first.click();
        await page.waitForURL(/\/(projects|jobs)\/\d+$/);
        await page.getByRole('heading', { level: 1, name }).waitFor();
        // The posting names its company, a link back to the company's page.
        const back = page.getByRole('main').getByRole('link', { name: 'Andes Labs', exact: true });
        expect(await back.getAttribute('href')).toBe(`${p}/companies/${SLUG}`);
      },
      JOURNEY_MS,
    );

    it(
      'lets the owner change the about text on /business/company and shows it on the page',
      async () => {
        secretsSeen.add(DEMO_PASSWORD);
        await signIn(page, OWNER, DEMO_PASSWORD, locale);
        await page.waitForURL((url) => !url.pathname.endsWith('/auth/login'));
        await page.goto(`${p}/business/company`);
        const about = page.getByLabel(tr('company:edit.about'));
        await about.waitFor();
        await expectNoSeriousA11y(page, `${p}/business/company`);
        await expectNoSideScroll(page, `${p}/business/company`);

        const words = `${locale === 'es' ? 'Café de altura' : 'Highland coffee'} ${tag()}`;
        await about.fill(words);
        await page.getByRole('button', { name: tr('company:edit.save'), exact: true }).click();
        await toast(page, tr('company:edit.saved'));

        await page.getByRole('link', { name: tr('company:edit.see_public'), exact: true }).click();
        await page.waitForURL((url) => url.pathname === `${p}/companies/${SLUG}`);
        await page.getByText(words, { exact: true }).waitFor();
      },
      JOURNEY_MS,
    );
  });
}
