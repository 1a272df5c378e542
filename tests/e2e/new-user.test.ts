import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uniqueEmail, waitForQuiet, setUpBrowser, page } from './browser';
import {
  prefix,
  registerBusiness,
  registerTalent,
  signIn,
  text,
  toast,
  type TLocale,
} from './journeys';
import { secretsSeen } from './secrets';

// What a new user meets first, in each language (docs/product.md "Look and behaviour",
// "Marketplace"): on a phone the results of /opportunities come before the filters, which fold
// behind a button that counts them, and the header is one row; a new business lands on
// /opportunities addressed to it and posts from the header; the profile photo is the avatar.

const DEMO_PASSWORD = 'Demo-pass-2026';
const DEMO = {
  talent: 'ana.talent@demo.talentchain.dev',
  business: 'maria.business@demo.talentchain.dev',
};
// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

setUpBrowser({ pagePerTest: true });

/** The top and bottom of an element, in CSS pixels from the top of the page. */
const box = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top + window.scrollY, bottom: r.bottom + window.scrollY, height: r.height };
    });

for (const locale of ['en', 'es'] as TLocale[]) {
  const tr = (k: string, v?: Record<string, string | number>) => text(locale, k, v);
  const p = prefix(locale);

  describe(`a new user (${locale})`, () => {
    it('sees the first result of /opportunities on the first screen of a 360 px phone, with the filters behind a button that counts them', async () => {
      await page.setViewportSize({ width: 360, height: 640 });
      await page.goto(`${p}/opportunities`);
      await waitForQuiet(page);
      const first = await box(page, 'main article');
      expect(first.top, 'the first result starts on the first screen').toBeLessThan(640 - 100);
      const form = page.getByRole('form', { name: tr('market:search.filters') });
      expect(await form.isVisible()).toBe(false);

      const toggle = page.getByRole('button', { name: tr('market:search.filters_toggle') });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await form.waitFor({ state: 'visible' });
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(() => document.activeElement?.getAttribute('name')),
        'Tab goes on from the button into the filters',
      ).toBe('search');
      await page.keyboard.press('Escape');
      await form.waitFor({ state: 'hidden' });
      expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);

      // Two filters (modality and pay from); the sort is no filter.
      await page.goto(
        `${p}/opportunities?tab=jobs&modality=remote&min_pay=1&currency=USD&sort=pay`,
      );
      await waitForQuiet(page);
      await page
        .getByRole('button', { name: tr('market:search.filters_toggle_count', { count: 2 }) })
        .waitFor();

      // On a wide screen the filters stay beside the results, with no button.
      await page.setViewportSize({ width: 1280, height: 800 });
      await form.waitFor({ state: 'visible' });
      expect(await page.getByRole('button', { name: /\(2\)$/ }).isVisible()).toBe(false);
    });

    it('meets a header of one row at 320 px, with the main destinations one tap away', async () => {
      await page.setViewportSize({ width: 320, height: 640 });
      const header = async () => (await box(page, 'header')).height;
      const visible = (name: string) =>
        page.getByRole('banner').getByRole('link', { name, exact: true }).isVisible();

      await page.goto(`${p}/`);
      await page
        .getByRole('link', { name: tr('nav.sign_in'), exact: true })
        .first()
        .waitFor();
      expect(await header(), 'signed out').toBeLessThanOrEqual(64);
      expect(await visible(tr('nav.opportunities'))).toBe(true);
      expect(await visible(tr('nav.register'))).toBe(true);

      secretsSeen.add(DEMO_PASSWORD);
      for (const [email, own] of [
        [DEMO.talent, 'nav.applications'],
        [DEMO.business, 'nav.postings'],
      ] as const) {
        await signIn(page, email, DEMO_PASSWORD, locale);
        const account = page.getByRole('button', { name: new RegExp(tr('nav.account_menu')) });
        await account.waitFor();
        await waitForQuiet(page);
        expect(await header(), email).toBeLessThanOrEqual(64);
        expect(await visible(tr('nav.opportunities'))).toBe(true);
        expect(await visible(tr(own))).toBe(true);
        const bell = page
          .getByRole('banner')
          .getByRole('link', { name: new RegExp(`^${tr('notifications.bell')}`) });
        expect(await bell.isVisible()).toBe(true);
        if (own === 'nav.postings') {
          expect(await page.getByRole('button', { name: tr('nav.post') }).isVisible()).toBe(true);
        }
        await account.click();
        await page.getByRole('menuitem', { name: tr('nav.sign_out') }).click();
        await page
          .getByRole('link', { name: tr('nav.sign_in'), exact: true })
          .first()
          .waitFor();
      }
    });

    it('as a new business, lands on /opportunities addressed to it and posts from the header', async () => {
      await registerBusiness(page, {
        email: uniqueEmail(`newbiz${locale}`),
        password: `new business passphrase ${locale}`,
        company: `Alpaca Works ${locale}`,
        locale,
      });
      await page.waitForURL(`**${p}/opportunities`);
      await page
        .getByRole('heading', { level: 1, name: tr('market:search.business_title') })
        .waitFor();
      const post = page.getByRole('button', { name: tr('nav.post') });
      await post.click();
      expect(await post.getAttribute('aria-expanded')).toBe('true');
      await page.getByRole('link', { name: tr('nav.post_project') }).click();
      await page.waitForURL(`**${p}/business/projects/new`);
      await page.getByRole('heading', { level: 1, name: tr('market:form.new_project') }).waitFor();

      // A reload (rendered on the server with the session) says the same from the first paint.
      await page.goto(`${p}/opportunities`);
      const html = await (await page.request.get(`${p}/opportunities`)).text();
      expect(html).toContain(tr('market:search.business_title'));
    });

    it('sees the uploaded photo in the header once saved, and after signing in again', async () => {
      const email = uniqueEmail(`photo${locale}`);
      const password = `photo passphrase ${locale}`;
      await registerTalent(page, { email, password, locale });
      await page.waitForURL(`**${p}/profile/my-profile`);
      await page.goto(`${p}/profile/edit`);
      const personal = page.locator('#personal');
      await personal
        .locator('input[type=file]')
        .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
      await personal.getByRole('img').first().waitFor();
      await personal.getByRole('button', { name: tr('profile:section.save') }).click();
      await toast(page, tr('profile:messages.info.success'));

      const account = page.getByRole('button', { name: new RegExp(tr('nav.account_menu')) });
      const photo = account.getByRole('img', { name: tr('nav.your_photo') });
      await photo.waitFor();
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

      await account.click();
      await page.getByRole('menuitem', { name: tr('nav.sign_out') }).click();
      await page
        .getByRole('link', { name: tr('nav.sign_in'), exact: true })
        .first()
        .waitFor();
      await signIn(page, email, password, locale);
      await page.waitForURL(`**${p}/profile/my-profile`);
      await photo.waitFor();
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    });
  });
}
