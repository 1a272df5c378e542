import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpBrowser, uniqueEmail } from './browser';
import { api, ANSWER_MS, expectFitsAt320, expectNoSeriousA11y, tag } from './journeys';
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

// Favourites and For you (docs/product.md "Favourites", "For you"), in each language: a talent
// saves a posting with the heart of its card and finds it under Saved; the For you tab lists
// first the posting that shares the talent's skill. axe finds nothing serious on either tab, and
// neither scrolls sideways at 320 px.

setUpBrowser();

forEachLocale((locale, tr, p) => {
  describe(`favourites and For you (${locale})`, () => {
    let page: Page;

    beforeAll(async () => {
      page = await openPage();
    });
    afterAll(() => closePages(page));

    it(
      'a talent saves a posting with the heart, finds it under Saved, and For you lists first the posting sharing their skill',
      async () => {
        const word = tag();
        const skill = `Skill${word}`;
        const business = { email: uniqueEmail('fav-biz'), password: `Biz-${word}-pass-2026` };
        const talent = { email: uniqueEmail('fav-talent'), password: `Tal-${word}-pass-2026` };
        const token = await registerBusinessByApi(locale, {
          ...business,
          company: `Telares ${word}`,
          name: 'Elena',
          lastName: 'Gómez',
        });
        const post = async (name: string, skills: string[]) =>
          (
            await postProjectByApi(token, {
              name,
              summary: 'A shop for a weavers’ cooperative.',
              description: `Catalogue and orders ${word}.`,
              skills,
            })
          ).name;
        const matching = await post(`Shop ${word}`, [skill]);
        // Newer, but sharing nothing with the talent.
        const newer = await post(`Brand ${word}`, ['Branding']);

        const me = await registerTalentByApi(locale, talent);
        await api('POST', '/user_skills', { name: skill }, me);

        await signedIn(page, talent, locale);
        await page.goto(`${p}/opportunities?search=${word}`);
        const heart = page.getByRole('button', {
          name: tr('favorites.save', { name: newer }),
          exact: true,
        });
        await heart.click({ timeout: ANSWER_MS });
        await expect
          .poll(() => heart.getAttribute('aria-pressed'), { timeout: ANSWER_MS })
          .toBe('true');

        await page.getByRole('link', { name: tr('market:kinds.saved'), exact: true }).click();
        await page.waitForURL((u) => u.searchParams.get('tab') === 'saved');
        const saved = page.getByRole('heading', { level: 2, name: newer, exact: true });
        await saved.waitFor({ timeout: ANSWER_MS });
        expect(
          await page
            .getByRole('button', { name: tr('favorites.save', { name: newer }), exact: true })
            .getAttribute('aria-pressed'),
        ).toBe('true');
        await expectNoSeriousA11y(page, `${p}/opportunities?tab=saved`);
        await expectFitsAt320(page, `${p}/opportunities?tab=saved`);

        await page.getByRole('link', { name: tr('market:kinds.for_you'), exact: true }).click();
        await page.waitForURL((u) => u.searchParams.get('tab') === 'for_you');
        const first = page.getByRole('main').getByRole('heading', { level: 2 }).first();
        await expect.poll(() => first.textContent(), { timeout: ANSWER_MS }).toBe(matching);
        await expectNoSeriousA11y(page, `${p}/opportunities?tab=for_you`);
        await expectFitsAt320(page, `${p}/opportunities?tab=for_you`);
      },
      JOURNEY_MS,
    );
  });
});
