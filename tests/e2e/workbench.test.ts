import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpBrowser, uniqueEmail } from './browser';
import {
  ANSWER_MS,
  expectFitsAt320,
  expectNoSeriousA11y,
  focused,
  pressUntilFocused,
  tag,
  toast,
} from './journeys';
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

// The recruiter's workbench (docs/product.md "The recruiter's workbench"), in each language and
// by the keyboard alone: on a board of four applicants, a recruiter selects three and rejects
// them at once with one reason, rates the fourth and writes a note on them, filters the board
// by rating (the choice goes into the address) and exports what the filter leaves as CSV.

setUpBrowser();

forEachLocale((locale, tr, p) => {
  const status = (s: 'applied' | 'rejected') => tr(`market:statuses.application.${s}`);

  describe(`the recruiter's workbench, by keyboard (${locale})`, () => {
    const word = tag();
    const owner = {
      email: uniqueEmail(`benchowner${locale}`),
      password: `bench ${locale} ${word}`,
    };
    const project = { id: 0, title: `Qhapaq${word} ${locale === 'es' ? 'tienda' : 'shop'}` };
    // Applied in this order: the column shows them oldest first.
    const talents = [
      { name: 'Ana', lastName: `Quispe${word}` },
      { name: 'Bruno', lastName: `Rojas${word}` },
      { name: 'Carla', lastName: `Soto${word}` },
      { name: 'Diego', lastName: `Torres${word}` },
    ].map((t) => ({ ...t, full: `${t.name} ${t.lastName}` }));
    const [ana, bruno, carla, diego] = talents as [
      (typeof talents)[0],
      (typeof talents)[0],
      (typeof talents)[0],
      (typeof talents)[0],
    ];
    const reason =
      locale === 'es'
        ? 'Buscamos a alguien con experiencia en cooperativas.'
        : 'We are looking for someone who has worked with cooperatives.';
    const note =
      locale === 'es'
        ? 'Muy buena propuesta.\nPreguntar por su disponibilidad en marzo.'
        : 'Strong proposal.\nAsk about availability in March.';
    let recruiter: Page;
    const board = () => `${p}/business/projects/${project.id}/applicants`;

    beforeAll(async () => {
      recruiter = await openPage();
    });
    afterAll(() => closePages(recruiter));

    const cardOf = (name: string) => recruiter.getByRole('article', { name, exact: true });
    const column = (s: 'applied' | 'rejected', count: number) =>
      recruiter.getByRole('region', { name: `${status(s)} ${count}`, exact: true });
    const checkboxOf = (name: string) =>
      cardOf(name).getByRole('checkbox', { name: tr('pipeline:bulk.select', { name }) });

    it(
      'has a company, a project and four applicants',
      async () => {
        const token = await registerBusinessByApi(locale, { ...owner, company: `Qhapaq ${word}` });
        project.id = (
          await postProjectByApi(token, {
            name: project.title,
            description: 'Catalogue, payments and shipping, in Spanish and English.',
            budget: 300_000,
          })
        ).id;
        for (const [i, t] of talents.entries()) {
          const talent = await registerTalentByApi(locale, {
            email: uniqueEmail(`benchtalent${i}${locale}`),
            password: `talent ${i} ${locale} ${word}`,
            name: t.name,
            lastName: t.lastName,
          });
          await applyByApi(locale, talent, {
            projectId: project.id,
            proposal: `I built the shops of ${i + 2} cooperatives in Cusco.`,
            price: 240_000 + i * 10_000,
            weeks: 5 + i,
          });
        }
      },
      JOURNEY_MS,
    );

    it(
      'selects three applicants with the keys and rejects them at once, with one reason',
      async () => {
        expect(project.id).toBeGreaterThan(0);
        await signedIn(recruiter, owner, locale);
        await recruiter.goto(board());
        for (const t of talents) await cardOf(t.full).waitFor({ timeout: ANSWER_MS });
        await column('applied', 4).waitFor();
        await expectNoSeriousA11y(recruiter, board());

        // Tab reaches the first card (the cards are one Tab stop); x selects, j goes down.
        await pressUntilFocused(recruiter, cardOf(ana.full), 'Tab');
        await recruiter.keyboard.press('x');
        await recruiter.keyboard.press('j');
        expect(await focused(cardOf(bruno.full))).toBe(true);
        await recruiter.keyboard.press('x');
        await recruiter.keyboard.press('j');
        await recruiter.keyboard.press('x');
        for (const t of [ana, bruno, carla])
          expect(await checkboxOf(t.full).isChecked()).toBe(true);
        expect(await checkboxOf(diego.full).isChecked()).toBe(false);
        await recruiter
          .getByText(tr('pipeline:bulk.selected_other', { count: 3 }), { exact: true })
          .waitFor();

        // r: the confirmation names the count and the state, and asks for one reason.
        await recruiter.keyboard.press('r');
        const dialog = recruiter.getByRole('dialog', {
          name: tr('pipeline:bulk.title_3_other', { count: 3 }),
          exact: true,
        });
        await dialog.waitFor({ timeout: ANSWER_MS });
        const reasonBox = dialog.getByRole('textbox', { name: tr('pipeline:bulk.reason') });
        expect(await focused(reasonBox)).toBe(true);
        await expectNoSeriousA11y(recruiter, `${board()} (bulk rejection)`);
        await recruiter.keyboard.type(reason);
        const confirm = dialog.getByRole('button', {
          name: tr('pipeline:bulk.confirm_3_other', { count: 3 }),
          exact: true,
        });
        await pressUntilFocused(recruiter, confirm, 'Tab', 10);
        await recruiter.keyboard.press('Enter');
        await toast(recruiter, tr('pipeline:bulk.done_3_other', { count: 3 }));
        await dialog.waitFor({ state: 'hidden' });
        for (const t of [ana, bruno, carla]) {
          await column('rejected', 3)
            .getByRole('article', { name: t.full, exact: true })
            .waitFor({ timeout: ANSWER_MS });
        }
        await column('applied', 1).getByRole('article', { name: diego.full }).waitFor();
      },
      JOURNEY_MS,
    );

    it(
      'rates the fourth and writes a note, filters the board by rating and exports it',
      async () => {
        // The focus stays on the card focused last (Carla, rejected with the others); from the
        // Rejected column, h goes to the column before: Applied, Diego alone.
        expect(await focused(cardOf(carla.full))).toBe(true);
        await pressUntilFocused(recruiter, cardOf(diego.full), 'h', 4);

        // o opens the card's notes and rating.
        await recruiter.keyboard.press('o');
        const panel = recruiter.getByRole('dialog', {
          name: tr('pipeline:workbench.panel_title', { name: diego.full }),
          exact: true,
        });
        await panel.waitFor({ timeout: ANSWER_MS });
        await panel.getByText(tr('pipeline:workbench.no_notes'), { exact: true }).waitFor();
        // Tab into the stars (none chosen: the first has the focus); ← goes round to 5.
        const oneStar = panel.getByRole('radio', {
          name: tr('pipeline:workbench.star_one', { count: 1 }),
        });
        await pressUntilFocused(recruiter, oneStar, 'Tab', 10);
        await recruiter.keyboard.press('ArrowLeft');
        await toast(recruiter, tr('pipeline:workbench.rated'));
        expect(
          await panel
            .getByRole('radio', { name: tr('pipeline:workbench.star_other', { count: 5 }) })
            .isChecked(),
        ).toBe(true);

        const noteBox = panel.getByRole('textbox', { name: tr('pipeline:workbench.add_label') });
        await pressUntilFocused(recruiter, noteBox, 'Tab', 10);
        const [first, second] = note.split('\n');
        await recruiter.keyboard.type(first!);
        await recruiter.keyboard.press('Enter');
        await recruiter.keyboard.type(second!);
        const add = panel.getByRole('button', { name: tr('pipeline:workbench.add'), exact: true });
        await pressUntilFocused(recruiter, add, 'Tab', 5);
        await recruiter.keyboard.press('Enter');
        await toast(recruiter, tr('pipeline:workbench.added'));
        // Kept as written, line break included.
        await panel.getByText(first!, { exact: false }).waitFor();
        expect(await panel.locator('li', { hasText: first! }).innerText()).toContain(
          `${first}\n${second}`,
        );
        await expectNoSeriousA11y(recruiter, `${board()} (notes and rating)`);
        await recruiter.keyboard.press('Escape');
        await panel.waitFor({ state: 'hidden' });
        const diegoCard = cardOf(diego.full);
        await diegoCard
          .getByRole('button', {
            name: tr('pipeline:workbench.notes_button_label', { count: 1, name: diego.full }),
          })
          .waitFor({ timeout: ANSWER_MS });

        // The filter by rating, chosen with the arrows on the list (Any, 1 or more, …, 5 only); the
        // choice goes into the address.
        const minRating = recruiter.getByRole('combobox', {
          name: tr('pipeline:workbench.min_rating'),
          exact: true,
        });
        await pressUntilFocused(recruiter, minRating, 'Shift+Tab', 60);
        for (let i = 0; i < 5; i += 1) await recruiter.keyboard.press('ArrowDown');
        expect(await minRating.inputValue()).toBe('5');
        // The address changes in place (no new page).
        await recruiter.waitForFunction(
          () => /[?&]min_rating=5(&|$)/.test(window.location.search),
          undefined,
          {
            timeout: ANSWER_MS,
          },
        );
        await cardOf(ana.full).waitFor({ state: 'detached', timeout: ANSWER_MS });
        await column('applied', 1).getByRole('article', { name: diego.full }).waitFor();
        for (const t of [bruno, carla]) expect(await cardOf(t.full).count()).toBe(0);

        // Export what the filter leaves, in the reader's language.
        const exportLink = recruiter.getByRole('link', {
          name: tr('pipeline:workbench.export'),
          exact: true,
        });
        await pressUntilFocused(recruiter, exportLink, 'Tab', 60);
        const [download] = await Promise.all([
          recruiter.waitForEvent('download', { timeout: ANSWER_MS }),
          recruiter.keyboard.press('Enter'),
        ]);
        const csv = await readFile((await download.path())!, 'utf8');
        const [header, ...rows] = csv
          .replace(/^\uFEFF/, '')
          .trim()
          .split(/\r\n/);
        // The server's words (public/locales/*/notices.json), in the reader's language.
        const words = (
          JSON.parse(await readFile(`public/locales/${locale}/notices.json`, 'utf8')) as {
            applicants_csv: Record<string, string>;
          }
        ).applicants_csv;
        expect(header).toContain(words.name);
        expect(header).toContain(words.rating_average);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toContain(diego.lastName);
        expect(rows[0]).toContain(status('applied'));
        expect(csv).not.toContain(first!); // notes stay private: never exported
        await expectFitsAt320(recruiter, `${board()}?min_rating=5`);
      },
      JOURNEY_MS,
    );

    it(
      'shows the board as tabs on a phone, and fits 320 px',
      async () => {
        await recruiter.setViewportSize({ width: 320, height: 800 });
        await recruiter.goto(board());
        const tabs = recruiter.getByRole('tablist', { name: tr('pipeline:tabs.label') });
        await tabs.waitFor({ timeout: ANSWER_MS });
        await tabs
          .getByRole('tab', {
            name: tr('pipeline:tabs.tab', { status: status('applied'), count: 1 }),
          })
          .waitFor();
        // The filters after the search fold under a button, so the cards come soon.
        const minRating = recruiter.getByRole('combobox', {
          name: tr('pipeline:workbench.min_rating'),
          exact: true,
        });
        expect(await minRating.isVisible()).toBe(false);
        const more = recruiter.getByRole('button', {
          name: tr('pipeline:workbench.more_filters'),
          exact: true,
        });
        await more.click();
        await minRating.waitFor({ state: 'visible' });
        const wide = await recruiter.evaluate(() => document.documentElement.scrollWidth);
        expect(wide).toBe(320);
        await expectNoSeriousA11y(recruiter, `${board()} (320 px)`);
        await recruiter.setViewportSize({ width: 1280, height: 800 });
      },
      JOURNEY_MS,
    );
  });
});
