import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, newContext, setUpBrowser, uniqueEmail } from './browser';
import {
  ANSWER_MS,
  api,
  expectFitsAt320,
  expectNoSeriousA11y,
  isoDay,
  prefix,
  signIn,
  tag,
  text,
  type TLocale,
} from './journeys';
import { secretsSeen } from './secrets';

// Conversations (docs/product.md "Conversations"), in each language: a business and the talent
// who applied to its project open the application's conversation ("Message" on the board's card
// and on the talent's application) and write to each other in two browsers; each sees the
// other's message arrive live (the notification stream's `event: message`), without a reload.
// The list and the thread are axe clean and fit at 320 px.

const JOURNEY_MS = 180_000;

setUpBrowser();

for (const locale of ['en', 'es'] as TLocale[]) {
  const tr = (k: string, v?: Record<string, string | number>) => text(locale, k, v);
  const p = prefix(locale);

  describe(`a conversation between a business and an applicant (${locale})`, () => {
    const word = tag();
    const business = { email: uniqueEmail(`msgbiz${locale}`), password: `biz words ${word}` };
    const talent = { email: uniqueEmail(`msgtalent${locale}`), password: `talent words ${word}` };
    const applicant = `Rosa Mamani${word}`;
    const posting = `Telar${word} ${locale === 'es' ? 'tienda' : 'shop'}`;
    let projectId = 0;
    let bizContext: BrowserContext;
    let talentContext: BrowserContext;
    let biz: Page;
    let tal: Page;

    beforeAll(async () => {
      bizContext = await newContext(browser);
      talentContext = await newContext(browser);
      biz = await bizContext.newPage();
      tal = await talentContext.newPage();
    });
    afterAll(async () => {
      await bizContext?.close();
      await talentContext?.close();
    });

    const log = (page: Page) => page.getByRole('log');
    const composer = (page: Page) =>
      page.getByRole('textbox', { name: tr('messages:composer.label'), exact: true });

    async function signedIn(page: Page, who: { email: string; password: string }) {
      await signIn(page, who.email, who.password, locale);
      await page.waitForURL((u) => !u.pathname.endsWith('/auth/login'), { timeout: ANSWER_MS });
    }

    it(
      'both open the application’s conversation and each sees the other’s message live',
      async () => {
        secretsSeen.add(business.password);
        secretsSeen.add(talent.password);
        const registered = await api('POST', '/users/register', {
          email: business.email,
          name: 'Elena',
          last_name: 'Gómez',
          password: business.password,
          lang: locale,
          is_talent: false,
          workplace_name: `Tejidos ${word}`,
          position: 'CEO',
          start_date: '2020-02-01',
          work_here: true,
        });
        const posted = await api(
          'POST',
          '/projects',
          {
            name: posting,
            summary: 'An online shop for a weavers’ cooperative.',
            description: 'Catalogue, orders and payments, in Spanish and English.',
            skills: ['React'],
            budget: 250_000,
            currency: 'USD',
            weeks: 6,
            modality: 'remote',
            country_code: 'PE',
            end_date: isoDay(40),
          },
          registered.access_token,
        );
        projectId = (posted.data as { id: number }).id;
        const applied = await api('POST', '/users/register', {
          email: talent.email,
          name: 'Rosa',
          last_name: `Mamani${word}`,
          password: talent.password,
          lang: locale,
          is_talent: true,
        });
        await api(
          'POST',
          '/project_applications',
          {
            project_id: projectId,
            proposal: 'I built the shops of two cooperatives in Cusco.',
            price_proposal: 240_000,
            weeks: 6,
            lang: locale,
          },
          applied.access_token,
        );

        // The business opens it from the applicant's card on the board.
        await signedIn(biz, business);
        await biz.goto(`${p}/business/projects/${projectId}/applicants`);
        await biz
          .getByRole('button', { name: tr('market:message.message_name', { name: applicant }) })
          .click({ timeout: ANSWER_MS });
        await biz.waitForURL(/\/messages\/\d+$/, { timeout: ANSWER_MS });
        const thread = new URL(biz.url()).pathname.replace(/^\/es/, '');
        await composer(biz).waitFor({ timeout: ANSWER_MS });

        // The talent opens the same one from their application.
        await signedIn(tal, talent);
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

        // A new message while the talent is on the list: it moves up with an unread count,
        // and the header's Messages link says it, without a reload (the list and its total are
        // read in one statement: read apart, the header once missed a message the list showed).
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
}
