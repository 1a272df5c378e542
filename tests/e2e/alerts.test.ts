import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { setUpBrowser, uniqueEmail, waitForHydration } from './browser';
import { ANSWER_MS, expectFitsAt320, expectNoSeriousA11y, tag, toast } from './journeys';
import {
  closePages,
  forEachLocale,
  JOURNEY_MS,
  openPage,
  postProjectByApi,
  registerBusinessByApi,
  registerTalentByApi,
  signedIn,
} from './scenes';

// Saved searches and alerts (docs/product.md "Saved searches and alerts"), in each language: a
// talent saves a search on /opportunities with an instant alert; a business posts a matching
// project; the running server's job queue matches it and the talent's bell counts the alert
// live. The dialog and the settings' list are axe clean and fit at 320 px.

/** The alert goes through the job queue of the running server. */
const ALERT_MS = 60_000;

setUpBrowser();

forEachLocale((locale, tr, p) => {
  describe(`a saved search alerts a talent of a new posting (${locale})`, () => {
    const word = tag();
    const talent = { email: uniqueEmail(`alerttalent${locale}`), password: `talent words ${word}` };
    const search = `telar${word}`;
    const posting = `Telar${word}s ${locale === 'es' ? 'tienda' : 'shop'}`;
    let page: Page;

    beforeAll(async () => {
      page = await openPage();
    });
    afterAll(() => closePages(page));

    it(
      'saves a search with an instant alert; a matching project posted later shows in the bell',
      async () => {
        await registerTalentByApi(locale, { ...talent, lastName: `Mamani${word}` });
        await signedIn(page, talent, locale);

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
        const business = await registerBusinessByApi(locale, {
          email: uniqueEmail(`alertbiz${locale}`),
          password: `biz words ${word}`,
          company: `Tejidos ${word}`,
          name: 'Elena',
          lastName: 'Gómez',
        });
        await postProjectByApi(business, {
          name: posting,
          description: 'Catalogue, orders and payments.',
        });
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
});
