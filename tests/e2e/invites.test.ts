import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpBrowser, uniqueEmail } from './browser';
import { ANSWER_MS, expectFitsAt320, expectNoSeriousA11y, tag } from './journeys';
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

// Invitations to apply (docs/product.md "Invitations to apply"), in each language: a business
// invites a talent from the talents tab of /opportunities to one of its open postings, with a
// message; the talent finds it under /applications → Invitations and on the posting ("Invited by
// …"), applies from there, and the business's board shows the application as invited.

setUpBrowser();

forEachLocale((locale, tr, p) => {
  describe(`invitations to apply (${locale})`, () => {
    const word = tag();
    const company = `Andes ${word}`;
    const talentName = { name: 'Rosa', lastName: `Mamani${word}` };
    const fullName = `${talentName.name} ${talentName.lastName}`;
    const owner = {
      email: uniqueEmail(`inviteowner${locale}`),
      password: `owner ${locale} ${word}`,
    };
    const talent = { email: uniqueEmail(`invitee${locale}`), password: `talent ${locale} ${word}` };
    const project = { id: 0, title: `Tambo${word} ${locale === 'es' ? 'tienda' : 'shop'}` };
    const message = locale === 'es' ? 'Nos encantó tu portafolio.' : 'We loved your portfolio.';
    let ownerPage: Page;
    let talentPage: Page;

    beforeAll(async () => {
      ownerPage = await openPage();
      talentPage = await openPage();
    });
    afterAll(() => closePages(ownerPage, talentPage));

    it(
      'a business invites a talent from the talents tab',
      async () => {
        const token = await registerBusinessByApi(locale, { ...owner, company });
        project.id = (await postProjectByApi(token, { name: project.title })).id;
        await registerTalentByApi(locale, { ...talent, ...talentName });

        await signedIn(ownerPage, owner, locale);
        await ownerPage.goto(
          `${p}/opportunities?tab=talents&search=${encodeURIComponent(talentName.lastName)}`,
        );
        const invite = ownerPage.getByRole('button', {
          name: tr('market:invites.invite_name', { name: fullName }),
          exact: true,
        });
        await invite.waitFor({ timeout: ANSWER_MS });
        await expectNoSeriousA11y(ownerPage, `${p}/opportunities?tab=talents`);
        await expectFitsAt320(ownerPage, `${p}/opportunities?tab=talents`);
        await invite.click();
        const dialog = ownerPage.getByRole('dialog', {
          name: tr('market:invites.title', { name: fullName }),
          exact: true,
        });
        const choice = dialog.getByLabel(tr('market:invites.posting'), { exact: true });
        await choice.waitFor({ timeout: ANSWER_MS });
        await expectNoSeriousA11y(ownerPage, 'the invite dialog');
        await choice.selectOption(`project:${project.id}`);
        await dialog
          .getByRole('textbox', { name: new RegExp(`^${tr('market:invites.message')}`) })
          .fill(message);
        await dialog.getByRole('button', { name: tr('market:invites.send'), exact: true }).click();
        await ownerPage
          .getByText(
            tr('market:invites.sent', {
              name: fullName,
              posting: `${project.title} · ${tr('market:invites.kind.project')}`,
            }),
            { exact: true },
          )
          .waitFor({ timeout: ANSWER_MS });
      },
      JOURNEY_MS,
    );

    it(
      'the talent finds the invitation under /applications → Invitations and on the posting, and applies from it',
      async () => {
        expect(project.id).toBeGreaterThan(0);
        await signedIn(talentPage, talent, locale);
        await talentPage.goto(`${p}/applications?type=invites`);
        const link = talentPage.getByRole('link', { name: project.title, exact: true });
        await link.waitFor({ timeout: ANSWER_MS });
        await talentPage.getByText(message, { exact: true }).waitFor();
        await expectNoSeriousA11y(talentPage, `${p}/applications?type=invites`);
        await expectFitsAt320(talentPage, `${p}/applications?type=invites`);
        await link.click();
        await talentPage.waitForURL(`**${p}/projects/${project.id}`);
        const banner = talentPage.getByRole('region', {
          name: tr('market:invites.banner', { company }),
          exact: true,
        });
        await banner.waitFor({ timeout: ANSWER_MS });
        await banner.getByText(message, { exact: true }).waitFor();
        const proposal = talentPage.getByRole('textbox', {
          name: tr('market:apply.proposal'),
          exact: true,
        });
        await proposal.waitFor({ timeout: ANSWER_MS });
        await expectNoSeriousA11y(talentPage, `${p}/projects/${project.id}, invited`);
        await expectFitsAt320(talentPage, `${p}/projects/${project.id}, invited`);
        await proposal.fill('I built the shops of two cooperatives in Cusco.');
        await talentPage
          .getByRole('textbox', { name: tr('market:apply.price'), exact: true })
          .fill('2400');
        await talentPage.getByLabel(tr('market:apply.weeks'), { exact: true }).fill('5');
        await talentPage
          .getByRole('button', { name: tr('market:apply.submit'), exact: true })
          .click();
        await talentPage
          .getByRole('region', { name: tr('market:apply.yours') })
          .getByText(tr('market:statuses.application.applied'), { exact: true })
          .waitFor({ timeout: ANSWER_MS });
        // The invitation now says Applied.
        await talentPage.goto(`${p}/applications?type=invites`);
        await talentPage
          .getByRole('listitem')
          .filter({ hasText: project.title })
          .getByText(tr('market:invites.applied'), { exact: true })
          .waitFor({ timeout: ANSWER_MS });
      },
      JOURNEY_MS,
    );

    it(
      'the board shows the application as invited',
      async () => {
        await ownerPage.goto(`${p}/business/projects/${project.id}/applicants`);
        const card = ownerPage.getByRole('article', { name: fullName, exact: true });
        await card
          .getByText(tr('pipeline:card.invited'), { exact: true })
          .waitFor({ timeout: ANSWER_MS });
        await expectNoSeriousA11y(ownerPage, `${p}/business/projects/${project.id}/applicants`);
      },
      JOURNEY_MS,
    );
  });
});
