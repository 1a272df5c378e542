import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, uniqueEmail, setUpBrowser, browser } from './browser';
import {
  ANSWER_MS,
  api,
  expectNoSeriousA11y,
  focused,
  isoDay,
  prefix,
  pressUntilFocused,
  registerBusiness,
  registerTalent,
  tag,
  text,
  type TLocale,
  toast,
} from './journeys';
import { secretsSeen } from './secrets';

// The applicant pipeline (docs/product.md "Pipeline and lifecycle"), in each language, with two
// people at once: a new business posts a project; a new talent applies through the form, and a
// second one through the API. The business shortlists and hires the first on the applicant
// board while the talent's bell counts it live (the hire, moments later, replaces the
// shortlisting's notification: docs/security.md "Coalescing"); the talent opens the notification
// and sees the congratulations once. By keyboard alone the business rejects the second with a reason. Then
// the project runs to its end: started, marked ready to close by the talent, finished.

const JOURNEY_MS = 150_000;
/** What happens live, without a reload (docs/product.md: new notifications within 2 s). */
const LIVE_MS = 5_000;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

setUpBrowser();

for (const locale of ['en', 'es'] as TLocale[]) {
  const tr = (k: string, v?: Record<string, string | number>) => text(locale, k, v);
  const plural = (k: string, count: number) =>
    tr(`${k}_${count === 1 ? 'one' : 'other'}`, { count });
  const p = prefix(locale);
  const status = (s: 'applied' | 'shortlisted' | 'hired' | 'rejected') =>
    tr(`market:statuses.application.${s}`);
  const projectStatus = (s: 'recruiting' | 'started' | 'finished') =>
    tr(`market:statuses.project.${s}`);

  describe(`the applicant pipeline (${locale})`, () => {
    const word = tag();
    const project = {
      title: locale === 'es' ? `Sitio web del museo Tambo${word}` : `Tambo${word} museum website`,
      id: 0,
    };
    const hired = { name: 'Lucía', lastName: 'Huamán', full: 'Lucía Huamán' };
    const other = { name: 'Mateo', lastName: 'Condori', full: 'Mateo Condori' };
    const reason =
      locale === 'es'
        ? 'Elegimos a alguien con más experiencia en museos.'
        : 'We chose someone with more experience with museums.';
    const businessPassword = `business passphrase ${locale} ${word}`;
    const talentPassword = `talent passphrase ${locale} ${word}`;
    const otherPassword = `second talent passphrase ${locale} ${word}`;
    let businessContext: BrowserContext;
    let talentContext: BrowserContext;
    let business: Page;
    let talent: Page;
    const board = () => `${p}/business/projects/${project.id}/applicants`;
    const projectPage = () => `${p}/projects/${project.id}`;

    beforeAll(async () => {
      businessContext = await newContext(browser);
      talentContext = await newContext(browser);
      business = await businessContext.newPage();
      talent = await talentContext.newPage();
      // Records the title of each modal dialog opened in the talent's tab, however briefly (the
      // congratulations is one): "shown once" is checked over the page's whole life.
      await talent.addInitScript(() => {
        const w = window as unknown as { modalsOpened: string[] };
        w.modalsOpened = [];
        const showModal = HTMLDialogElement.prototype.showModal;
        HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
          showModal.call(this);
          const title = document.getElementById(this.getAttribute('aria-labelledby') ?? '');
          w.modalsOpened.push(title?.textContent ?? '');
        };
      });
    });
    afterAll(async () => {
      await businessContext?.close();
      await talentContext?.close();
    });

    /** The bell of the header, by its accessible name (the exact unread count). */
    const bell = (page: Page, unread: number) =>
      page.getByRole('link', {
        name: unread > 0 ? plural('notifications.bell_unread', unread) : tr('notifications.bell'),
        exact: true,
      });
    /** A column of the board, by its heading: the status and how many are in it. */
    const column = (s: Parameters<typeof status>[0], count: number) =>
      business.getByRole('region', { name: `${status(s)} ${count}`, exact: true });
    const cardOf = (where: Page | Locator, name: string) =>
      where.getByRole('article', { name, exact: true });
    /** The move buttons of a card. */
    const moves = (name: string) =>
      cardOf(business, name).getByRole('group', {
        name: tr('pipeline:card.move_group', { name }),
        exact: true,
      });
    const moveDialog = (name: string, to: Parameters<typeof status>[0]) =>
      business.getByRole('dialog', {
        name: tr('pipeline:move.title', { name, status: status(to) }),
        exact: true,
      });
    /** The dialog's answer names the act: "Hire Lucía Huamán", "Reject …", "Move … to Shortlisted". */
    const confirmOf = (name: string, to: Parameters<typeof status>[0]) =>
      moveDialog(name, to).getByRole('button', {
        name:
          to === 'hired'
            ? tr('pipeline:move.confirm_hired', { name })
            : to === 'rejected'
              ? tr('pipeline:move.confirm_rejected', { name })
              : tr('pipeline:move.confirm_move', { name, status: status(to) }),
        exact: true,
      });
    /** The toast after a move names it too ("Lucía Huamán moved to Shortlisted. …"). */
    const movedToast = (name: string, to: Parameters<typeof status>[0]) =>
      to === 'rejected'
        ? tr('pipeline:move.rejected', { name })
        : tr('pipeline:move.moved', { name, status: status(to) });

    /**
     * Moves `name` to `to` on the board with the mouse, through the confirmation, which names the
     * talent and the new state.
     */
    async function move(name: string, to: 'shortlisted' | 'hired') {
      await moves(name)
        .getByRole('button', { name: status(to), exact: true })
        .click();
      const dialog = moveDialog(name, to);
      await dialog.waitFor();
      await dialog.getByText(tr('pipeline:move.body', { name }), { exact: true }).waitFor();
      await confirmOf(name, to).click();
      await toast(business, movedToast(name, to));
      await dialog.waitFor({ state: 'hidden' });
    }

    /** Marks the talent's tab, so that a reload (which clears the mark) shows. */
    const markTab = () =>
      talent.evaluate(() => {
        (window as unknown as { notReloaded: boolean }).notReloaded = true;
      });
    const tabNotReloaded = () =>
      talent.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

    it(
      'lets a new business post a project, and two new talents apply to it',
      async () => {
        // The business, through the registration form.
        await registerBusiness(business, {
          email: uniqueEmail(`pipebiz${locale}`),
          password: businessPassword,
          company: `Museo Andino ${word}`,
          locale,
        });
        await business.waitForURL(`**${p}/opportunities`, { timeout: ANSWER_MS });

        // Its project, through the API with the session's token (the form has its own journey).
        const token = await business.evaluate(() => window.localStorage.getItem('access_token'));
        expect(token).toBeTruthy();
        const posted = await api(
          'POST',
          '/projects',
          {
            name: project.title,
            summary: 'A bilingual website for a small museum in Cusco.',
            description: 'Pages for the collection, visits and tickets, in Spanish and English.',
            skills: ['React'],
            budget: 300_000,
            currency: 'USD',
            weeks: 6,
            modality: 'remote',
            country_code: 'PE',
            end_date: isoDay(40),
          },
          token!,
        );
        project.id = (posted.data as { id: number }).id;
        expect(project.id).toBeGreaterThan(0);

        // The first talent registers and applies through the forms.
        secretsSeen.add(talentPassword);
        await registerTalent(talent, {
          email: uniqueEmail(`pipetalent${locale}`),
          password: talentPassword,
          locale,
          name: hired.name,
          lastName: hired.lastName,
        });
        await talent.waitForURL(`**${p}/profile/my-profile`, { timeout: ANSWER_MS });
        await talent.goto(projectPage());
        const proposal = talent.getByRole('textbox', {
          name: tr('market:apply.proposal'),
          exact: true,
        });
        await proposal.waitFor({ timeout: ANSWER_MS });
        await proposal.fill('I built the websites of two museums, with tickets and a collection.');
        await talent
          .getByRole('textbox', { name: tr('market:apply.price'), exact: true })
          .fill('2800');
        await talent.getByLabel(tr('market:apply.weeks'), { exact: true }).fill('5');
        await talent.getByRole('button', { name: tr('market:apply.submit'), exact: true }).click();
        await toast(talent, tr('market:apply.sent'));

        // The second talent, through the API.
        secretsSeen.add(otherPassword);
        const registered = await api('POST', '/users/register', {
          email: uniqueEmail(`pipeother${locale}`),
          name: other.name,
          last_name: other.lastName,
          password: otherPassword,
          lang: locale,
          is_talent: true,
        });
        expect(registered.access_token).toBeTruthy();
        await api(
          'POST',
          '/project_applications',
          {
            project_id: project.id,
            proposal: 'I have kept the website of a gallery in Lima for four years.',
            price_proposal: 260_000,
            weeks: 6,
            lang: locale,
          },
          registered.access_token,
        );
      },
      JOURNEY_MS,
    );

    it(
      "lets the business shortlist and hire the talent on the board, while the talent's bell follows live",
      async () => {
        expect(project.id).toBeGreaterThan(0);
        // The talent waits on /applications, nothing unread yet.
        await talent.goto(`${p}/applications`);
        await bell(talent, 0).waitFor({ timeout: ANSWER_MS });
        await markTab();

        // The business goes from its postings to the board.
        await business.goto(`${p}/business/postings`);
        await business
          .getByRole('link', {
            name: tr('pipeline:postings.view_applicants', { count: 2 }),
            exact: true,
          })
          .click();
        await business.waitForURL(`**${board()}`, { timeout: ANSWER_MS });
        await business
          .getByRole('heading', { level: 1, name: project.title, exact: true })
          .waitFor({ timeout: ANSWER_MS });
        await cardOf(column('applied', 2), hired.full).waitFor({ timeout: ANSWER_MS });
        await cardOf(column('applied', 2), other.full).waitFor();
        await business.getByText(plural('pipeline:board.applicants', 2), { exact: true }).waitFor();
        await expectNoSeriousA11y(business, board());

        // Shortlisted: the talent's bell says 1 unread, without a reload.
        await move(hired.full, 'shortlisted');
        await cardOf(column('shortlisted', 1), hired.full).waitFor();
        await bell(talent, 1).waitFor({ timeout: LIVE_MS });

        // Hired, through the same confirmation (axe reads the board with it open).
        await moves(hired.full)
          .getByRole('button', { name: status('hired'), exact: true })
          .click();
        await moveDialog(hired.full, 'hired')
          .getByText(tr('pipeline:move.body', { name: hired.full }), { exact: true })
          .waitFor();
        await expectNoSeriousA11y(business, `${board()}, move dialog`);
        await confirmOf(hired.full, 'hired').click();
        await toast(business, movedToast(hired.full, 'hired'));
        await cardOf(column('hired', 1), hired.full).waitFor();
        await column('shortlisted', 0).getByText(tr('pipeline:board.column_empty')).waitFor();
        // The hire replaces the shortlisting's notification, live: still one unread, with the
        // hire's text in the tab's stored user.
        await expect
          .poll(() => talent.evaluate(() => localStorage.getItem('persist:root') ?? ''), {
            timeout: LIVE_MS,
          })
          .toContain('You were hired for');
        await bell(talent, 1).waitFor();
        expect(await tabNotReloaded()).toBe(true);
        expect(new URL(talent.url()).pathname).toBe(`${p}/applications`);

        // After a reload, the board shows the same (the server's state).
        await business.reload();
        await cardOf(column('hired', 1), hired.full).waitFor({ timeout: ANSWER_MS });
        await cardOf(column('applied', 1), other.full).waitFor();
      },
      JOURNEY_MS,
    );

    it(
      'shows the talent the notification, and the congratulations once on the project page',
      async () => {
        expect(project.id).toBeGreaterThan(0);
        await bell(talent, 1).click();
        await talent.waitForURL(`**${p}/notifications`, { timeout: ANSWER_MS });
        await talent
          .getByRole('status')
          .getByText(plural('notifications.unread_count', 1), { exact: true })
          .waitFor({ timeout: ANSWER_MS });
        // One notification about the application: the hire, which replaced the shortlisting;
        // unread, and said so.
        const links = talent
          .getByRole('main')
          .getByRole('link', { name: new RegExp(escapeRe(project.title)) });
        await expect.poll(() => links.count(), { timeout: ANSWER_MS }).toBe(1);
        const [only] = await links.allTextContents();
        expect(only!.startsWith(`${tr('notifications.unread')}:`), only).toBe(true);
        expect(only).toContain(locale === 'es' ? '¡Felicitaciones!' : 'Congratulations!');
        await expectNoSeriousA11y(talent, `${p}/notifications`);

        await talent.evaluate(() => {
          (window as unknown as { modalsOpened: string[] }).modalsOpened.length = 0;
        });
        await links.first().click();
        await talent.waitForURL(`**${projectPage()}`, { timeout: ANSWER_MS });
        const congrats = talent.getByRole('dialog', {
          name: tr('pipeline:talent.congrats_title'),
          exact: true,
        });
        await congrats.waitFor({ timeout: ANSWER_MS });
        await congrats
          .getByText(tr('pipeline:talent.congrats_body', { name: project.title }), { exact: true })
          .waitFor();
        // Opened: nothing unread left.
        await bell(talent, 0).waitFor({ timeout: ANSWER_MS });
        await expectNoSeriousA11y(talent, `${projectPage()}, congratulations`);
        const opened = () =>
          talent.evaluate(() => (window as unknown as { modalsOpened: string[] }).modalsOpened);
        expect(await opened()).toEqual([tr('pipeline:talent.congrats_title')]);

        // Dismissed, it is cleared on the server.
        const cleared = talent.waitForResponse(
          (r) => r.url().endsWith('/api/project_applications') && r.request().method() === 'PATCH',
          { timeout: ANSWER_MS },
        );
        await congrats
          .getByRole('button', { name: tr('pipeline:dialog.understand'), exact: true })
          .click();
        expect((await cleared).status()).toBe(200);
        await congrats.waitFor({ state: 'hidden' });
        const mine = talent.getByRole('region', { name: tr('market:apply.yours') });
        await mine.getByText(tr('pipeline:talent.hired'), { exact: true }).waitFor();

        // Not shown again after a reload, once the application is read afresh.
        const fresh = talent.waitForResponse(
          (r) => r.url().includes('/api/me/applications') && r.status() === 200,
          { timeout: ANSWER_MS },
        );
        await talent.reload();
        await fresh;
        await mine.getByText(status('hired'), { exact: true }).waitFor({ timeout: ANSWER_MS });
        await mine.getByText(tr('pipeline:talent.hired'), { exact: true }).waitFor();
        // The congratulations renders from the same answer as the status above, in the same
        // commit (components/marketplace/board/talent-progress.tsx): with the status shown, it is decided.
        expect(
          await talent.getByText(tr('pipeline:talent.congrats_title'), { exact: true }).count(),
        ).toBe(0);
        expect(await congrats.isVisible()).toBe(false);
        expect(await opened()).toEqual([]);
      },
      JOURNEY_MS,
    );

    it(
      'lets the business reject the other applicant with a reason by keyboard alone',
      async () => {
        expect(project.id).toBeGreaterThan(0);
        await business.goto(board());
        const rejectButton = moves(other.full).getByRole('button', {
          name: status('rejected'),
          exact: true,
        });
        await rejectButton.waitFor({ timeout: ANSWER_MS });
        await pressUntilFocused(business, rejectButton, 'Tab');

        // Enter opens the confirmation on the reason; Escape closes it, back on the button.
        await business.keyboard.press('Enter');
        const dialog = moveDialog(other.full, 'rejected');
        await dialog.waitFor();
        await dialog.getByText(tr('pipeline:move.reject_body', { name: other.full })).waitFor();
        const reasonBox = dialog.getByRole('textbox', {
          name: tr('pipeline:move.reason'),
          exact: true,
        });
        await expect.poll(() => focused(reasonBox)).toBe(true);
        await business.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
        // Focus comes back only once the board knows the dialog closed (components/ui/dialog.tsx),
        // so the Enter below opens it again at once, however busy the machine.
        await expect.poll(() => focused(rejectButton)).toBe(true);

        // Again: Reject without a reason says it is required, and nothing moves.
        await business.keyboard.press('Enter');
        await dialog.waitFor();
        await expect.poll(() => focused(reasonBox)).toBe(true);
        const accept = confirmOf(other.full, 'rejected');
        await pressUntilFocused(business, accept, 'Tab', 5);
        await business.keyboard.press('Enter');
        await dialog.getByText(tr('errors.required'), { exact: true }).waitFor();
        expect(await dialog.isVisible()).toBe(true);

        // Back to the reason, written; then Reject.
        await pressUntilFocused(business, reasonBox, 'Shift+Tab', 5);
        await business.keyboard.type(reason);
        await pressUntilFocused(business, accept, 'Tab', 5);
        await business.keyboard.press('Enter');
        await toast(business, movedToast(other.full, 'rejected'));
        await dialog.waitFor({ state: 'hidden' });

        // The card is in Rejected, with the reason; the focus went with it.
        const card = cardOf(column('rejected', 1), other.full);
        await card.waitFor();
        // (The status history repeats it, folded away.)
        const shownReason = (where: Locator) =>
          where
            .getByText(tr('pipeline:card.reason', { reason }), { exact: true })
            .filter({ visible: true });
        await shownReason(card).waitFor();
        await column('applied', 0).getByText(tr('pipeline:board.column_empty')).waitFor();
        await expect
          .poll(() =>
            card.getByRole('heading', { name: other.full, exact: true }).evaluate((h) => {
              return h === document.activeElement;
            }),
          )
          .toBe(true);

        // So it stays.
        await business.reload();
        await shownReason(cardOf(column('rejected', 1), other.full)).waitFor({
          timeout: ANSWER_MS,
        });
      },
      JOURNEY_MS,
    );

    it(
      'runs the project to its end: started, marked ready to close by the talent, finished',
      async () => {
        expect(project.id).toBeGreaterThan(0);
        // The business starts it; nobody is left waiting (the other was rejected).
        await business
          .getByRole('button', { name: tr('pipeline:lifecycle.start'), exact: true })
          .click();
        const start = business.getByRole('dialog', {
          name: tr('pipeline:lifecycle.start_title', { name: project.title }),
          exact: true,
        });
        await start.waitFor();
        await start.getByText(tr('pipeline:lifecycle.closes_none'), { exact: true }).waitFor();
        await start
          .getByRole('button', { name: tr('pipeline:lifecycle.start'), exact: true })
          .click();
        await toast(business, tr('pipeline:lifecycle.started'));
        await business
          .getByRole('main')
          .getByText(projectStatus('started'), { exact: true })
          .first()
          .waitFor();
        await business.getByRole('note').getByText(tr('pipeline:board.closed')).waitFor();

        // The talent is told live (nothing unread before), then marks the work ready to close.
        await bell(business, 2).waitFor({ timeout: ANSWER_MS });
        await bell(talent, 1).waitFor({ timeout: LIVE_MS });
        await talent.reload();
        const mine = talent.getByRole('region', { name: tr('market:apply.yours') });
        await mine
          .getByText(tr('pipeline:talent.started'), { exact: true })
          .waitFor({ timeout: ANSWER_MS });
        await mine.getByRole('button', { name: tr('pipeline:talent.ready'), exact: true }).click();
        const ready = talent.getByRole('dialog', {
          name: tr('pipeline:talent.ready_title', { name: project.title }),
          exact: true,
        });
        await ready.waitFor();
        await ready.getByText(tr('pipeline:talent.ready_body'), { exact: true }).waitFor();
        await ready.getByRole('button', { name: tr('pipeline:talent.ready'), exact: true }).click();
        await ready.waitFor({ state: 'hidden', timeout: ANSWER_MS });
        await mine.getByText(tr('pipeline:card.ready_to_close'), { exact: true }).waitFor();
        expect(await mine.getByRole('button', { name: tr('pipeline:talent.ready') }).count()).toBe(
          0,
        );

        // The business's bell counts it live (two applications were unread); on the board, the
        // note and the card's badge.
        await bell(business, 3).waitFor({ timeout: LIVE_MS });
        await business.reload();
        await business
          .getByRole('note')
          .getByText(tr('pipeline:board.ready_note', { name: hired.full }), { exact: true })
          .waitFor({ timeout: ANSWER_MS });
        await cardOf(column('hired', 1), hired.full)
          .getByText(tr('pipeline:card.ready_to_close'), { exact: true })
          .waitFor();

        // The business finishes it.
        await business
          .getByRole('button', { name: tr('pipeline:lifecycle.finish_project'), exact: true })
          .click();
        const finish = business.getByRole('dialog', {
          name: tr('pipeline:lifecycle.finish_project_title', { name: project.title }),
          exact: true,
        });
        await finish.waitFor();
        await finish
          .getByRole('button', { name: tr('pipeline:lifecycle.finish_project'), exact: true })
          .click();
        await toast(business, tr('pipeline:lifecycle.project_finished'));
        await finish.waitFor({ state: 'hidden' });

        // Both see it finished; the talent is told live, and sees it after a reload.
        await bell(talent, 2).waitFor({ timeout: LIVE_MS });
        await business.reload();
        await business
          .getByRole('main')
          .getByText(projectStatus('finished'), { exact: true })
          .first()
          .waitFor({ timeout: ANSWER_MS });
        expect(
          await business
            .getByRole('button', { name: tr('pipeline:lifecycle.finish_project') })
            .count(),
        ).toBe(0);
        await talent.reload();
        await mine
          .getByText(tr('pipeline:talent.project_finished'), { exact: true })
          .waitFor({ timeout: ANSWER_MS });
        await talent
          .getByRole('main')
          .getByText(projectStatus('finished'), { exact: true })
          .first()
          .waitFor();
      },
      JOURNEY_MS,
    );
  });
}
