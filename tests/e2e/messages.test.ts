import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpBrowser, uniqueEmail } from './browser';
import { ANSWER_MS, expectFitsAt320, expectNoSeriousA11y, tag } from './journeys';
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

// Conversations (docs/product.md "Conversations"), in each language: a business and the talent
// who applied to its project open the application's conversation ("Message" on the board's card
// and on the talent's application) and write to each other in two browsers; each sees the
// other's message arrive live (the notification stream's `event: message`), without a reload.
// The list and the thread are axe clean and fit at 320 px.

setUpBrowser();

forEachLocale((locale, tr, p) => {
  describe(`a conversation between a business and an applicant (${locale})`, () => {
    const word = tag();
    const business = { email: uniqueEmail(`msgbiz${locale}`), password: `biz words ${word}` };
    const talent = { email: uniqueEmail(`msgtalent${locale}`), password: `talent words ${word}` };
    const applicant = `Rosa Mamani${word}`;
    const posting = `Telar${word} ${locale === 'es' ? 'tienda' : 'shop'}`;
    let projectId = 0;
    let biz: Page;
    let tal: Page;

    beforeAll(async () => {
      biz = await openPage();
      tal = await openPage();
    });
    afterAll(() => closePages(biz, tal));

    const log = (page: Page) => page.getByRole('log');
    const composer = (page: Page) =>
      page.getByRole('textbox', { name: tr('messages:composer.label'), exact: true });

    it(
      'both open the application’s conversation and each sees the other’s message live',
      async () => {
        const token = await registerBusinessByApi(locale, {
          ...business,
          company: `Tejidos ${word}`,
          name: 'Elena',
          lastName: 'Gómez',
        });
        projectId = (await postProjectByApi(token, { name: posting })).id;
        const applied = await registerTalentByApi(locale, { ...talent, lastName: `Mamani${word}` });
        await applyByApi(locale, applied, { projectId });

        // The business opens it from the applicant's card on the board.
        await signedIn(biz, business, locale);
        await biz.goto(`${p}/business/projects/${projectId}/applicants`);
        await biz
          .getByRole('button', { name: tr('market:message.message_name', { name: applicant }) })
          .click({ timeout: ANSWER_MS });
        await biz.waitForURL(/\/messages\/\d+$/, { timeout: ANSWER_MS });
        const thread = new URL(biz.url()).pathname.replace(/^\/es/, '');
        await composer(biz).waitFor({ timeout: ANSWER_MS });

        // The talent opens the same one from their application.
        await signedIn(tal, talent, locale);
        await tal.goto(`${p}/applications`);
        await tal
          .getByRole('button', { name: tr('market:message.message_about', { posting }) })
          .click({ timeout: ANSWER_MS });
        await tal.waitForURL((u) => u.pathname === `${p}${thread}`, { timeout: ANSWER_MS });
        await composer(tal).waitFor({ timeout: ANSWER_MS });
        await expectNoSeriousA11y(tal, `${p}${thread}`);
        await expectFitsAt320(tal, `${p}${thread}`);

        // The business writes (two lines); the talent's open thread shows it without a reload.
        const question = `${locale === 'es' ? 'Hola Rosa' : 'Hello Rosa'} ${word}\n${locale === 'es' ? '¿Cuándo puedes empezar?' : 'When can you start?'}`;
        await composer(biz).fill(question);
        await biz.getByRole('button', { name: tr('messages:composer.send'), exact: true }).click();
        await log(biz).getByText(question.split('\n')[1]!).waitFor({ timeout: ANSWER_MS });
        const arrived = log(tal)
          .locator('li', { hasText: `${word}` })
          .last();
        await arrived.waitFor({ timeout: ANSWER_MS });
        expect(await arrived.locator('p').last().innerText()).toBe(question);
        await expect
          .poll(() => arrived.locator('strong').innerText(), { timeout: ANSWER_MS })
          .toBe('Elena Gómez');

        // The talent answers, with a link; the business's thread shows it live.
        const answer = `${locale === 'es' ? 'El lunes. Mi portafolio:' : 'On Monday. My portfolio:'} https://example.org/rosa-${word}`;
        await composer(tal).fill(answer);
        await tal.getByRole('button', { name: tr('messages:composer.send'), exact: true }).click();
        const link = log(biz).getByRole('link', { name: `https://example.org/rosa-${word}` });
        await link.waitFor({ timeout: ANSWER_MS });
        expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
        await expectNoSeriousA11y(biz, `${p}${thread}`);

        // The talent's list names the business's posting with the last message, newest first.
        await tal.goto(`${p}/messages`);
        const item = tal.getByRole('link', { name: new RegExp(`Elena Gómez`) }).first();
        await item.waitFor({ timeout: ANSWER_MS });
        expect(await item.innerText()).toContain(tr('messages:about', { posting }));
        await expectNoSeriousA11y(tal, `${p}/messages`);
        await expectFitsAt320(tal, `${p}/messages`);

        // The question the talent's open thread showed was marked read there, however it came
        // (the stream, or the read the stream's `ready` asks for): nothing is unread yet.
        expect(
          await tal.getByText(tr('messages:unread_one', { count: 1 }), { exact: true }).count(),
        ).toBe(0);

        // A new message while the talent is on the list (often before the page's stream is
        // open): it moves up with an unread count, and the header's Messages link says it,
        // without a reload. This step failed about once in eight runs while a thread that read a
        // message before the stream told of it did not count it, so never marked it read: the
        // header then said 2 (docs/architecture.md "Live notifications").
        await composer(biz).fill(`${locale === 'es' ? 'Perfecto' : 'Great'} ${word}`);
        await biz.getByRole('button', { name: tr('messages:composer.send'), exact: true }).click();
        await tal
          .getByText(tr('messages:unread_one', { count: 1 }), { exact: true })
          .waitFor({ timeout: ANSWER_MS });
        await tal
          .getByRole('link', { name: tr('nav.messages_unread_one', { count: 1 }), exact: true })
          .waitFor({ timeout: ANSWER_MS });
      },
      JOURNEY_MS,
    );
  });
});
