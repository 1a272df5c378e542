import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { BASE_URL, browser, newContext, setUpBrowser, uniqueEmail } from './browser';
import {
  ANSWER_MS,
  api,
  expectFitsAt320,
  expectNoSeriousA11y,
  expectPrivateLink,
  prefix,
  signIn,
  tag,
  text,
  type TLocale,
} from './journeys';
import { waitForMail } from './mail';
import { secretsSeen } from './secrets';

// One's own account (docs/product.md "One's own account", "Deleting one's account"), in each
// language: a talent registers, opens the confirmation link of the e-mail the test SMTP server
// received, confirms on the page's button and sees the badge on their profile; then deletes the
// account from settings, behind the password dialog, and can no longer sign in.

const JOURNEY_MS = 180_000;

setUpBrowser();

/** The confirmation link of a raw message. */
function confirmLinkIn(raw: string): string {
  const link = /https?:\/\/\S+\/account\/confirm-email\?token=[\w.%-]+/.exec(
    raw.replace(/=\r?\n/g, ''),
  );
  if (!link) throw new Error('No confirmation link in the message');
  return link[0];
}

for (const locale of ['en', 'es'] as TLocale[]) {
  const tr = (k: string, v?: Record<string, string | number>) => text(locale, k, v);

  describe(`one's own account (${locale})`, () => {
    const word = tag();
    const email = uniqueEmail(`account${locale}`);
    const password = `account talent ${locale} ${word}`;
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      secretsSeen.add(password);
      context = await newContext(browser);
      page = await context.newPage();
    });
    afterAll(async () => context?.close());

    it(
      'registration sends a link; its page confirms on the button, and the profile shows the badge',
      async () => {
        const since = Date.now() - 1000;
        await api('POST', '/users/register', {
          email,
          name: 'Rosa',
          last_name: `Quispe${word}`,
          password,
          lang: locale,
          is_talent: true,
        });
        const link = confirmLinkIn(await waitForMail(email, since, ANSWER_MS));
        expect(new URL(link).pathname).toBe(`${prefix(locale)}/account/confirm-email`);

        await signIn(page, email, password, locale);
        await page.waitForURL((url) => !url.pathname.endsWith('/auth/login'), {
          timeout: ANSWER_MS,
        });
        const path = new URL(link);
        await page.goto(`${BASE_URL}${path.pathname}${path.search}`);
        await page.getByText(tr('profile:account.confirm.ask')).waitFor({ timeout: ANSWER_MS });
        await expectPrivateLink(page);
        await expectNoSeriousA11y(page, 'the confirmation page');
        await expectFitsAt320(page, 'the confirmation page');
        await page.getByRole('button', { name: tr('profile:account.confirm.button') }).click();
        await page
          .getByRole('status')
          .filter({ hasText: tr('profile:account.confirm.confirmed', { email }) })
          .waitFor({ timeout: ANSWER_MS });

        await page.goto(`${prefix(locale)}/profile/my-profile`);
        await page
          .getByText(tr('profile:account.verified_badge'), { exact: true })
          .first()
          .waitFor({ timeout: ANSWER_MS });
      },
      JOURNEY_MS,
    );

    it(
      'settings offer the download and the deletion; deleting behind the password signs out for good',
      async () => {
        await page.goto(`${prefix(locale)}/profile/settings`);
        await page
          .getByRole('heading', { name: tr('profile:account.export.title') })
          .waitFor({ timeout: ANSWER_MS });
        await page
          .getByRole('button', { name: tr('profile:account.export.button') })
          .waitFor({ timeout: ANSWER_MS });
        await expectNoSeriousA11y(page, 'the settings with the account sections');
        await expectFitsAt320(page, 'the settings with the account sections');

        await page.getByRole('button', { name: tr('profile:account.delete.button') }).click();
        const dialog = page.getByRole('dialog', {
          name: tr('profile:account.delete.dialog_title'),
        });
        await dialog.waitFor({ timeout: ANSWER_MS });
        await expectNoSeriousA11y(page, 'the deletion dialog');
        await dialog.getByLabel(tr('auth.fields.current_password'), { exact: true }).fill(password);
        await dialog.getByRole('button', { name: tr('profile:account.delete.confirm') }).click();
        await page.waitForURL((url) => url.pathname === (prefix(locale) || '/'), {
          timeout: ANSWER_MS,
        });

        const login = await fetch(`${BASE_URL}/api/users/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '2001:db8::29' },
          body: JSON.stringify({ email, password }),
        });
        expect(login.status).toBe(401);
      },
      JOURNEY_MS,
    );
  });
}
