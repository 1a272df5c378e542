import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, setUpBrowser, uniqueEmail, waitForQuiet } from './browser';
import { ANSWER_MS, expectFitsAt320, expectNoSeriousA11y, tag, toast } from './journeys';
import {
  closePages,
  forEachLocale,
  JOURNEY_MS,
  openPage,
  postProjectByApi,
  registerBusinessByApi,
  signedIn,
} from './scenes';
import { secretsSeen } from './secrets';

// Access tokens (docs/product.md "Access tokens", docs/api.md "Personal access tokens"), in each
// language: a business opens /account/tokens from the account menu, makes a token that reads
// postings, copies it once, and another program calls the API with it: its postings answer, the
// tokens' own calls refuse it (403 insufficient_scope). Revoked in the page after a confirmation,
// the token is refused (401). axe finds nothing serious, and the page fits at 320 px.

setUpBrowser();

/** A call from outside the browser, as a script would make it: the status and the body. */
async function call(method: string, path: string, token: string) {
  const ip = `2001:db8:${randomInt(65536).toString(16)}:${randomInt(65536).toString(16)}::9`;
  const res = await fetch(`${BASE_URL}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': ip },
    signal: AbortSignal.timeout(ANSWER_MS),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

forEachLocale((locale, tr, p) => {
  describe(`access tokens (${locale})`, () => {
    let page: Page;

    beforeAll(async () => {
      page = await openPage();
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: BASE_URL,
      });
    });
    afterAll(() => closePages(page));

    it(
      'a business makes a token in the page, a script reads its postings with it, and revoking it stops it',
      async () => {
        const word = tag();
        const who = { email: uniqueEmail('tokens'), password: `Tok-${word}-pass-2026` };
        const session = await registerBusinessByApi(locale, {
          ...who,
          company: `Quipu ${word}`,
          name: 'Inés',
          lastName: 'Rojas',
        });
        const posted = await postProjectByApi(session, { name: `Dashboard ${word}` });

        await signedIn(page, who, locale);
        await waitForQuiet(page);
        await page.getByRole('button', { name: new RegExp(tr('nav.account_menu')) }).click();
        await page.getByRole('menuitem', { name: tr('profile:menu.tokens'), exact: true }).click();
        await page.waitForURL((u) => u.pathname === `${p}/account/tokens`);
        await page
          .getByRole('heading', { level: 1, name: tr('tokens:title'), exact: true })
          .waitFor({ timeout: ANSWER_MS });
        await page.getByText(tr('tokens:list.empty')).waitFor({ timeout: ANSWER_MS });
        await expectNoSeriousA11y(page, `${p}/account/tokens (empty)`);
        await expectFitsAt320(page, `${p}/account/tokens (empty)`);

        await page.getByLabel(tr('tokens:form.name'), { exact: true }).fill(`Report ${word}`);
        await page
          .getByRole('checkbox', { name: tr('tokens:scopes.postings_read.label'), exact: true })
          .check();
        await page
          .getByLabel(tr('tokens:form.expiry'), { exact: true })
          .selectOption({ label: tr('tokens:form.expiry_days.d7') });
        await page.getByRole('button', { name: tr('tokens:form.submit'), exact: true }).click();

        const secret = page.getByRole('textbox', { name: tr('tokens:made.label'), exact: true });
        await secret.waitFor({ timeout: ANSWER_MS });
        const token = await secret.inputValue();
        secretsSeen.add(token);
        expect(token).toMatch(/^tc_pat_[0-9A-Za-z]{40}$/);
        await page.getByText(tr('tokens:made.warning')).waitFor();
        await page.getByRole('button', { name: tr('tokens:made.copy'), exact: true }).click();
        await toast(page, tr('tokens:made.copied'));
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
        const item = page.getByRole('listitem').filter({ hasText: `Report ${word}` });
        await item.getByText(`${token.slice(0, 13)}…`).waitFor({ timeout: ANSWER_MS });
        await expectNoSeriousA11y(page, `${p}/account/tokens (made)`);
        await expectFitsAt320(page, `${p}/account/tokens (made)`);

        // Another program, with the token only.
        const mine = await call('GET', '/me/postings', token);
        expect(mine.status, JSON.stringify(mine.json)).toBe(200);
        const names = ((mine.json.data as { data: { name: string }[] }).data ?? []).map(
          (x) => x.name,
        );
        expect(names).toContain(posted.name);
        const minting = await call('GET', '/me/tokens', token);
        expect([minting.status, minting.json.code]).toEqual([403, 'insufficient_scope']);

        // Once the page is left, the secret is not shown again; the list shows when it was used.
        await page.reload();
        await item.waitFor({ timeout: ANSWER_MS });
        expect(await page.getByRole('textbox', { name: tr('tokens:made.label') }).count()).toBe(0);
        await expect
          .poll(() => item.textContent(), { timeout: ANSWER_MS })
          .not.toContain(tr('tokens:list.never'));

        await item
          .getByRole('button', {
            name: tr('tokens:list.revoke_named', { name: `Report ${word}` }),
            exact: true,
          })
          .click();
        const dialog = page.getByRole('dialog');
        await dialog.waitFor({ timeout: ANSWER_MS });
        await expectNoSeriousA11y(page, `${p}/account/tokens (revoke dialog)`);
        await dialog
          .getByRole('button', { name: tr('tokens:revoke.confirm'), exact: true })
          .click();
        await toast(page, tr('tokens:revoke.done'));
        await page.getByText(tr('tokens:list.empty')).waitFor({ timeout: ANSWER_MS });

        const after = await call('GET', '/me/postings', token);
        expect([after.status, after.json.code]).toEqual([401, 'unauthorized']);
      },
      JOURNEY_MS,
    );
  });
});
