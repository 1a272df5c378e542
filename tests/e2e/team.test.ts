import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpBrowser, uniqueEmail } from './browser';
import {
  ANSWER_MS,
  expectFitsAt320,
  expectNoSeriousA11y,
  expectPrivateLink,
  tag,
  toast,
} from './journeys';
import { waitForMail } from './mail';
import {
  applyByApi,
  closePages,
  forEachLocale,
  JOURNEY_MS,
  openPage,
  postProjectByApi,
  registerBusinessByApi,
  registerTalentByApi,
  signedIn,
} from './scenes';
import { secretsSeen } from './secrets';

// A company's team (docs/product.md "Companies and teams"), in each language: an owner invites a
// recruiter from /business/team; the recruiter follows the link of the e-mail (read from the test
// SMTP server), registers from it and lands in the company; moves an applicant on the board (the
// owner's board names them in the history); cannot edit the posting; is removed by the owner while
// their board is open, and their next move is refused with a clear message.

setUpBrowser();

forEachLocale((locale, tr, p) => {
  const status = (s: 'shortlisted' | 'hired') => tr(`market:statuses.application.${s}`);

  describe(`a company's team (${locale})`, () => {
    const word = tag();
    const company = `Equipo ${word}`;
    const owner = { name: 'Lucía', lastName: 'Martín', email: uniqueEmail(`teamowner${locale}`) };
    const recruiter = {
      name: 'Elena',
      lastName: `Gómez${word}`,
      email: uniqueEmail(`teamrecruiter${locale}`),
    };
    const applicant = 'Rosa Mamani';
    const ownerPassword = `owner passphrase ${locale} ${word}`;
    const recruiterPassword = `recruiter passphrase ${locale} ${word}`;
    const project = { id: 0, title: `Tambo${word} ${locale === 'es' ? 'tienda' : 'shop'}` };
    let ownerPage: Page;
    let recruiterPage: Page;
    const board = () => `${p}/business/projects/${project.id}/applicants`;

    beforeAll(async () => {
      ownerPage = await openPage();
      recruiterPage = await openPage();
    });
    afterAll(() => closePages(ownerPage, recruiterPage));

    const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
    /** Moves `name` to `to` on `page`'s open board, through the confirmation. */
    async function askMove(page: Page, name: string, to: 'shortlisted' | 'hired') {
      await card(page, name)
        .getByRole('group', { name: tr('pipeline:card.move_group', { name }), exact: true })
        .getByRole('button', { name: status(to), exact: true })
        .click();
      const dialog = page.getByRole('dialog', {
        name: tr('pipeline:move.title', { name, status: status(to) }),
        exact: true,
      });
      await dialog.waitFor({ timeout: ANSWER_MS });
      await dialog
        .getByRole('button', {
          name:
            to === 'hired'
              ? tr('pipeline:move.confirm_hired', { name })
              : tr('pipeline:move.confirm_move', { name, status: status(to) }),
          exact: true,
        })
        .click();
    }

    it(
      'lets the owner invite a recruiter by e-mail from the team page',
      async () => {
        // The owner's company and posting, and an applicant, through the API.
        const ownerToken = await registerBusinessByApi(locale, {
          ...owner,
          password: ownerPassword,
          company,
        });
        project.id = (await postProjectByApi(ownerToken, { name: project.title })).id;
        const talent = await registerTalentByApi(locale, {
          email: uniqueEmail(`teamtalent${locale}`),
          password: `talent passphrase ${locale} ${word}`,
        });
        await applyByApi(locale, talent, { projectId: project.id });

        // The owner invites from the team page.
        await signedIn(ownerPage, { email: owner.email, password: ownerPassword }, locale);
        await ownerPage.goto(`${p}/business/team`);
        const email = ownerPage.getByLabel(tr('team:invite.email'), { exact: true });
        await email.waitFor({ timeout: ANSWER_MS });
        await expectNoSeriousA11y(ownerPage, `${p}/business/team`);
        await expectFitsAt320(ownerPage, `${p}/business/team`);
        await email.fill(recruiter.email);
        await ownerPage
          .getByLabel(tr('team:invite.role'), { exact: true })
          .selectOption('recruiter');
        const since = Date.now();
        await ownerPage
          .getByRole('button', { name: tr('team:invite.submit'), exact: true })
          .click();
        await toast(ownerPage, tr('team:invite.sent', { email: recruiter.email }));
        await ownerPage.getByText(recruiter.email, { exact: true }).first().waitFor();

        // The e-mail, in the inviter's language, carries the link.
        const mail = await waitForMail(recruiter.email, since, ANSWER_MS);
        const link = /https?:\/\/\S+?(\/es)?\/invitations\/([A-Za-z0-9_-]{43})/.exec(mail);
        expect(link, mail).toBeTruthy();
        expect(link![1] ?? '').toBe(p);
        const token = link![2]!;
        secretsSeen.add(token);

        // The recruiter opens it signed out and registers from it.
        await recruiterPage.goto(`${p}/invitations/${token}`);
        await recruiterPage
          .getByText(
            tr('team:invitation.invites', {
              inviter: `${owner.name} ${owner.lastName}`,
              company,
              role: tr('team:role_in_sentence.recruiter'),
            }),
            { exact: true },
          )
          .waitFor({ timeout: ANSWER_MS });
        await expectPrivateLink(recruiterPage);
        await expectNoSeriousA11y(recruiterPage, `${p}/invitations/…`);
        await expectFitsAt320(recruiterPage, `${p}/invitations/…`);
        await recruiterPage
          .getByRole('link', { name: tr('team:invitation.create_account'), exact: true })
          .click();
        const emailField = recruiterPage.getByLabel(tr('auth.fields.email'), { exact: true });
        await emailField.waitFor({ timeout: ANSWER_MS });
        await expect.poll(() => emailField.inputValue()).toBe(recruiter.email);
        secretsSeen.add(recruiterPassword);
        await recruiterPage
          .getByLabel(tr('auth.fields.name'), { exact: true })
          .fill(recruiter.name);
        // "Last name (optional)": its label names it optional.
        await recruiterPage.getByLabel(tr('auth.fields.last_name')).fill(recruiter.lastName);
        await recruiterPage
          .getByLabel(tr('auth.fields.password'), { exact: true })
          .fill(recruiterPassword);
        await recruiterPage
          .getByRole('button', { name: tr('auth.register.submit'), exact: true })
          .click();
        await recruiterPage.waitForURL(`**${p}/business/postings`, { timeout: ANSWER_MS });
        // The company's posting is in the recruiter's postings.
        await recruiterPage
          .getByText(project.title, { exact: true })
          .first()
          .waitFor({ timeout: ANSWER_MS });
      },
      JOURNEY_MS,
    );

    it(
      'lets the recruiter move an applicant, named in the history, but not edit the posting',
      async () => {
        expect(project.id).toBeGreaterThan(0);
        await recruiterPage.goto(board());
        await card(recruiterPage, applicant).waitFor({ timeout: ANSWER_MS });
        await askMove(recruiterPage, applicant, 'shortlisted');
        await toast(
          recruiterPage,
          tr('pipeline:move.moved', { name: applicant, status: status('shortlisted') }),
        );

        // The owner's board names the recruiter as the one who moved.
        await ownerPage.goto(board());
        const history = card(ownerPage, applicant).locator('details');
        await history.waitFor({ timeout: ANSWER_MS });
        await history.locator('summary').click();
        await history
          .getByText(new RegExp(`${recruiter.name} ${recruiter.lastName}`))
          .waitFor({ timeout: ANSWER_MS });

        // The recruiter cannot edit the posting: the page says who can.
        await recruiterPage.goto(`${p}/business/projects/${project.id}/edit`);
        await recruiterPage
          .getByRole('alert')
          .filter({ hasText: tr('market:form.not_yours') })
          .waitFor({ timeout: ANSWER_MS });
      },
      JOURNEY_MS,
    );

    it(
      'ends the recruiter’s access at once when the owner removes them, board open or not',
      async () => {
        expect(project.id).toBeGreaterThan(0);
        await recruiterPage.goto(board());
        await card(recruiterPage, applicant).waitFor({ timeout: ANSWER_MS });

        // The owner removes the recruiter from the team page.
        await ownerPage.goto(`${p}/business/team`);
        const name = `${recruiter.name} ${recruiter.lastName}`;
        const row = ownerPage.getByRole('listitem').filter({ hasText: recruiter.email });
        await row.first().waitFor({ timeout: ANSWER_MS });
        await row
          .first()
          .getByRole('button', { name: tr('team:members.remove'), exact: true })
          .click();
        const dialog = ownerPage.getByRole('dialog', {
          name: tr('team:members.remove_title', { name, company }),
          exact: true,
        });
        await dialog.waitFor({ timeout: ANSWER_MS });
        await dialog.getByRole('button', { name: tr('team:members.remove'), exact: true }).click();
        await toast(ownerPage, tr('team:members.removed', { name }));

        // The recruiter's board, still open, refuses the next move with a clear message.
        await askMove(recruiterPage, applicant, 'hired');
        await recruiterPage
          .getByText(
            locale === 'es'
              ? /Ya no eres miembro de esta empresa/
              : /You are no longer a member of this company/,
          )
          .first()
          .waitFor({ timeout: ANSWER_MS });
      },
      JOURNEY_MS,
    );
  });
});
