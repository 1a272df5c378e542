import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpBrowser, uniqueEmail } from './browser';
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

// Reports (docs/product.md "Reports and suspension"), in each language: a talent reports a
// posting from its page with a reason and their words and is thanked; reporting it again is
// refused with the reason why. The dialog has nothing serious for axe and fits 320 px.

setUpBrowser();

forEachLocale((locale, tr, p) => {
  describe(`reports (${locale})`, () => {
    let page: Page;

    beforeAll(async () => {
      page = await openPage();
    });
    afterAll(() => closePages(page));

    it(
      'a talent reports a posting from its page; again says it is reported already',
      async () => {
        const word = tag();
        const token = await registerBusinessByApi(locale, {
          email: uniqueEmail('rep-biz'),
          password: `Biz-${word}-pass-2026`,
          company: `Telares ${word}`,
        });
        const posting = await postProjectByApi(token, { name: `Shop ${word}` });
        const talent = { email: uniqueEmail('rep-talent'), password: `Tal-${word}-pass-2026` };
        await registerTalentByApi(locale, talent);
        await signedIn(page, talent, locale);

        await page.goto(`${p}/projects/${posting.id}`);
        const report = page.getByRole('button', { name: tr('report.button'), exact: true });
        await report.click({ timeout: ANSWER_MS });
        const dialog = page.getByRole('dialog', { name: tr('report.title.posting') });
        await dialog.waitFor({ timeout: ANSWER_MS });
        await dialog.getByRole('combobox', { name: tr('report.reason') }).selectOption('scam');
        await dialog
          .getByRole('textbox', { name: new RegExp(tr('report.details')) })
          .fill('Asks for a deposit before any work.');
        await expectNoSeriousA11y(page, `${p}/projects/${posting.id} (report dialog)`);
        await expectFitsAt320(page, `${p}/projects/${posting.id} (report dialog)`);
        await dialog.getByRole('button', { name: tr('report.send'), exact: true }).click();
        await toast(page, tr('report.sent'));

        await report.click({ timeout: ANSWER_MS });
        await dialog.getByRole('combobox', { name: tr('report.reason') }).selectOption('spam');
        await dialog.getByRole('button', { name: tr('report.send'), exact: true }).click();
        await expect
          .poll(() => dialog.getByRole('alert').textContent(), { timeout: ANSWER_MS })
          .toBe(tr('report.conflict'));
      },
      JOURNEY_MS,
    );
  });
});
