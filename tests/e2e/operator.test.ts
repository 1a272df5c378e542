import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGS } from '../helpers/catalogs';
import { setUpBrowser, uniqueEmail } from './browser';
import { ANSWER_MS, expectFitsAt320, expectNoSeriousA11y, tag, toast } from './journeys';
import { waitForMail } from './mail';
import {
  closePages,
  forEachLocale,
  JOURNEY_MS,
  openPage,
  registerTalentByApi,
  signedIn,
} from './scenes';
import { secretsSeen } from './secrets';

// The operator's console (docs/product.md "Operators"), in each language: a talent asks for the
// verification of a study centre nobody knows (the profile's own flow); the demo operator opens
// "Console" from the header, finds it in /admin/verifications and approves it; the talent is
// e-mailed in their language, and their profile (and the public one) shows "Verified". Anyone
// else gets the 404 page at /admin. axe finds nothing serious, and the console fits 320 px.

const OPERATOR = { email: 'olga.operator@demo.talentchain.dev', password: 'Demo-pass-2026' };
secretsSeen.add(OPERATOR.password);

setUpBrowser();

forEachLocale((locale, tr, p) => {
  describe(`the operator's console (${locale})`, () => {
    const word = tag();
    const school = `Instituto ${word}`;
    const talent = {
      email: uniqueEmail(`verifytalent${locale}`),
      password: `talent passphrase ${locale} ${word}`,
      name: 'Rosa',
      lastName: `Mamani${word}`,
    };
    const fullName = `${talent.name} ${talent.lastName}`;
    let talentPage: Page;
    let operatorPage: Page;

    beforeAll(async () => {
      talentPage = await openPage();
      operatorPage = await openPage();
    });
    afterAll(() => closePages(talentPage, operatorPage));

    /** The education entry of `school` on a profile page (its heading is the course). */
    const entryOf = (page: Page) => page.locator('article').filter({ hasText: school });

    it(
      'a talent asks to verify a study centre, the operator approves it in /admin, the profile shows the badge',
      async () => {
        await registerTalentByApi(locale, talent);
        await signedIn(talentPage, talent, locale);

        // The talent's own flow: a study centre nobody entered before is offered a verification.
        await talentPage.goto(`${p}/profile/edit`);
        const educations = talentPage.locator('#educations');
        await educations.getByRole('button', { name: tr('profile:educations.add') }).click();
        await talentPage.getByLabel(tr('profile:fields.study_name')).fill(school);
        await talentPage.getByLabel(tr('profile:fields.course_name')).fill('Data science');
        await talentPage.getByLabel(tr('profile:fields.start_date')).fill('2015-03-01');
        await talentPage.getByLabel(tr('profile:fields.end_date')).fill('2020-12-15');
        await talentPage
          .getByRole('button', { name: tr('profile:educations.add_to_list') })
          .click();
        await educations.getByRole('button', { name: tr('profile:section.save') }).click();
        const ask = talentPage.getByRole('dialog', { name: tr('profile:verify.ask_title') });
        await ask.waitFor({ timeout: ANSWER_MS });
        await ask.getByRole('button', { name: tr('profile:dialog.yes') }).click();
        const thanks = talentPage.getByRole('dialog', { name: tr('profile:verify.thanks_title') });
        await thanks.waitFor({ timeout: ANSWER_MS });
        await thanks.getByRole('button', { name: tr('profile:dialog.understand') }).click();
        await educations.getByText(tr('profile:verify.status.in_process')).waitFor();

        // The operator: "Console" in the header leads to the verification queue.
        await signedIn(operatorPage, OPERATOR, locale);
        await operatorPage
          .getByRole('navigation', { name: tr('nav.main') })
          .getByRole('link', { name: tr('nav.console'), exact: true })
          .click();
        await operatorPage.waitForURL(`**${p}/admin/verifications`, { timeout: ANSWER_MS });
        await operatorPage
          .getByRole('heading', { level: 1, name: tr('admin:title'), exact: true })
          .waitFor({ timeout: ANSWER_MS });
        const card = operatorPage
          .getByRole('listitem')
          .filter({ has: operatorPage.getByRole('heading', { name: school, exact: true }) });
        await card.waitFor({ timeout: ANSWER_MS });
        await card.getByText('Data science').waitFor();
        await card.getByRole('link', { name: fullName, exact: true }).waitFor();
        await expectNoSeriousA11y(operatorPage, `${p}/admin/verifications`);
        await expectFitsAt320(operatorPage, `${p}/admin/verifications`);

        // The refusal asks for a reason first; the operator thinks again and approves.
        await card
          .getByRole('button', {
            name: tr('admin:verifications.refuse_named', { place: school, name: fullName }),
          })
          .click();
        const refuse = operatorPage.getByRole('dialog', {
          name: tr('admin:verifications.refuse.title', { place: school }),
        });
        await refuse.waitFor({ timeout: ANSWER_MS });
        await expectNoSeriousA11y(operatorPage, `${p}/admin/verifications (refuse dialog)`);
        await refuse.getByRole('button', { name: tr('admin:actions.cancel'), exact: true }).click();
        await refuse.waitFor({ state: 'hidden' });

        const since = Date.now();
        await card
          .getByRole('button', {
            name: tr('admin:verifications.approve_named', { place: school, name: fullName }),
          })
          .click();
        await toast(operatorPage, tr('admin:verifications.approved', { place: school }));
        await card.waitFor({ state: 'detached', timeout: ANSWER_MS });

        // The talent is told, in their language, by e-mail.
        const mail = await waitForMail(talent.email, since, ANSWER_MS);
        expect(mail).toContain(
          locale === 'es' ? `Tus estudios en ${school}` : `Your studies at ${school}`,
        );

        // The audit log has the act, by the operator.
        await operatorPage.getByRole('link', { name: tr('admin:tabs.audit'), exact: true }).click();
        await operatorPage.waitForURL(`**${p}/admin/audit`, { timeout: ANSWER_MS });
        const act = operatorPage
          .getByRole('listitem')
          .filter({ hasText: school })
          .filter({ hasText: CATALOGS[locale].admin.audit.actions['verification.verified'] });
        await act.first().waitFor({ timeout: ANSWER_MS });
        await expectNoSeriousA11y(operatorPage, `${p}/admin/audit`);
        await expectFitsAt320(operatorPage, `${p}/admin/audit`);

        // The reports' tab is there too, with its Open / Resolved tabs.
        await operatorPage
          .getByRole('link', { name: tr('admin:tabs.reports'), exact: true })
          .click();
        await operatorPage.waitForURL(`**${p}/admin/reports`, { timeout: ANSWER_MS });
        await operatorPage
          .getByRole('link', { name: tr('admin:reports.tabs.open'), exact: true })
          .waitFor({ timeout: ANSWER_MS });
        await expectNoSeriousA11y(operatorPage, `${p}/admin/reports`);
        await expectFitsAt320(operatorPage, `${p}/admin/reports`);

        // The talent's profile shows the badge, on their page and the public one.
        await talentPage.goto(`${p}/profile/my-profile`);
        await entryOf(talentPage)
          .getByText(tr('profile:verify.status.verified'), { exact: true })
          .waitFor({ timeout: ANSWER_MS });
        const anonymous = await openPage();
        try {
          const stored = await talentPage.evaluate(() => localStorage.getItem('persist:root'));
          const userId = JSON.parse(JSON.parse(stored!).auth).user.id as number;
          await anonymous.goto(`${p}/talents/${userId}`);
          await entryOf(anonymous)
            .getByText(tr('profile:verify.status.verified'), { exact: true })
            .waitFor({ timeout: ANSWER_MS });
        } finally {
          await closePages(anonymous);
        }
      },
      JOURNEY_MS,
    );

    it(
      'is the 404 page for anyone but an operator, signed in or not',
      async () => {
        for (const path of ['/admin', '/admin/verifications', '/admin/audit']) {
          const answer = await talentPage.goto(`${p}${path}`);
          expect(answer?.status(), `${path} as a talent`).toBe(404);
          await talentPage
            .getByRole('heading', { name: tr('error_pages.not_found.title') })
            .waitFor({ timeout: ANSWER_MS });
        }
        const anonymous = await openPage();
        try {
          const answer = await anonymous.goto(`${p}/admin/reports`);
          expect(answer?.status()).toBe(404);
        } finally {
          await closePages(anonymous);
        }
        // The operator's own /admin leads to the queue.
        await operatorPage.goto(`${p}/admin`);
        await operatorPage.waitForURL(`**${p}/admin/verifications`, { timeout: ANSWER_MS });
      },
      JOURNEY_MS,
    );
  });
});
