import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { browser, newContext, setUpBrowser, uniqueEmail, waitForHydration } from './browser';
import {
  ANSWER_MS,
  api,
  expectFitsAt320,
  expectNoSeriousA11y,
  isoDay,
  prefix,
  signIn,
  tag,
  text,
  toast,
  type TLocale,
} from './journeys';
import { secretsSeen } from './secrets';

// Saved searches and alerts (docs/product.md "Saved searches and alerts"), in each language: a
// talent saves a search on /opportunities with an instant alert; a business posts a matching
// project; the running server's job queue matches it and the talent's bell counts the alert
// live. The dialog and the settings' list are axe clean and fit at 320 px.

const JOURNEY_MS = 180_000;
/** The alert goes through the job queue of the running server. */
const ALERT_MS = 60_000;

setUpBrowser();

for (const locale of ['en', 'es'] as TLocale[]) {
  const tr = (k: string, v?: Record<string, string | number>) => text(locale, k, v);
  const p = prefix(locale);

  describe(`a saved search alerts a talent of a new posting (${locale})`, () => {
    const word = tag();
    const talent = { email: uniqueEmail(`alerttalent${locale}`), password: `talent words ${word}` };
    const search = `telar${word}`;
    const posting = `Telar${word}s ${locale === 'es' ? 'tienda' : 'shop'}`;
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      context = await newContext(browser);
      page = await context.newPage();
    });
    afterAll(async () => {
      await context?.close();
    });

    it(
      'saves a search with an instant alert; a matching project posted later shows in the bell',
      async () => {
        secretsSeen.add(talent.password);
        await api('POST', '/users/register', {
          email: talent.email,
          name: 'Rosa',
          last_name: `Mamani${word}`,
          password: talent.password,
          lang: locale,
          is_talent: true,
        });
        await signIn(page, talent.email, talent.password, locale);
        await page.waitForURL((u) => !u.pathname.endsWith('/auth/login'), { timeout: ANSWER_MS });

        await page.goto(`${p}/opportunities?tab=projects&search=${search}&modality=remote`);
        await waitForHydration(page);
        await page
          .getByRole('button', { name: tr('market:saved.save') })
          .click({ timeout: ANSWER_MS });
        const dialog = page.getByRole('dialog', { name: tr('market:saved.dialog_title') });
        await dialog.waitFor({ timeout: ANSWER_MS });
        await expectNoSeriousA11y(page, `${p}/opportunities (save dialog)`);
        await expectFitsAt320(page, `${p}/opportunities (save dialog)`);
        const name = dialog.getByRole('textbox', { name: tr('market:saved.name') });
        await name.fill(`Telar ${word}`);
        await dialog
          .getByRole('combobox', { name: tr('market:saved.alert') })
          .selectOption({ label: tr('market:saved.alerts.instant') });
        await dialog.getByRole('button', { name: tr('market:saved.submit') }).click();
        await toast(page, tr('market:saved.saved'));

        // The settings list it.
        await page.goto(`${p}/profile/settings`);
        const section = page.getByRole('region', {
          name: tr('profile:settings.saved_searches.title'),
        });
        await section
          .getByRole('heading', { name: `Telar ${word}` })
          .waitFor({ timeout: ANSWER_MS });
        await expectNoSeriousA11y(page, `${p}/profile/settings`);
        await expectFitsAt320(page, `${p}/profile/settings`);

        // A business posts a matching project; the talent's bell counts the alert.
        const business = await api('POST', '/users/register', {
          email: uniqueEmail(`alertbiz${locale}`),
          name: 'Elena',
          last_name: 'Gómez',
          password: `biz words ${word}`,
          lang: locale,
          is_talent: false,
          workplace_name: `Tejidos ${word}`,
          position: 'CEO',
          start_date: '2020-02-01',
          work_here: true,
        });
        await api(
          'POST',
          '/projects',
          {
            name: posting,
            summary: 'An online shop for a weavers’ cooperative.',
            description: 'Catalogue, orders and payments.',
            skills: ['React'],
            budget: 250_000,
            currency: 'USD',
            weeks: 6,
            modality: 'remote',
            country_code: 'PE',
            end_date: isoDay(40),
          },
          business.access_token,
        );
        const bell = page
          .getByRole('banner')
          .getByRole('link', { name: tr('notifications.bell_unread_one', { count: 1 }) });
        await bell.waitFor({ timeout: ALERT_MS });
        await bell.click();
        // The notifications name the posting.
        await page.getByText(posting, { exact: false }).first().waitFor({ timeout: ANSWER_MS });
      },
      JOURNEY_MS,
    );
  });
}
