import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { browser, newContext, setUpBrowser, uniqueEmail } from './browser';
import {
  ANSWER_MS,
  api,
  expectFitsAt320,
  expectNoSeriousA11y,
  expectPrivateLink,
  isoDay,
  prefix,
  tag,
  text,
  type TLocale,
} from './journeys';
import { waitForMail } from './mail';
import { secretsSeen } from './secrets';

// E-mail that respects people (docs/product.md "E-mail that respects people"), in each language:
// a talent opens the unsubscribe link of a real application-update e-mail (List-Unsubscribe, as
// the test SMTP server received it), lands on the page that asks, presses its button, and the
// next status change sends them no e-mail, while another talent's still arrives.

const JOURNEY_MS = 180_000;
const shortlisted = 1;

setUpBrowser();

/** The address of the List-Unsubscribe header of a raw message (a long header may be folded). */
function unsubscribeLinkIn(raw: string): string {
  const header = /^List-Unsubscribe:\s*<([^>]+)>/im.exec(raw.replace(/\r?\n[ \t]+/g, ''));
  if (!header) throw new Error('No List-Unsubscribe header in the message');
  return header[1]!;
}

for (const locale of ['en', 'es'] as TLocale[]) {
  const tr = (k: string, v?: Record<string, string | number>) => text(locale, k, v);

  describe(`unsubscribing from an e-mail's link (${locale})`, () => {
    const word = tag();
    let context: BrowserContext;
    let page: Page;
    const owner = { token: '' };
    const talent = { email: uniqueEmail(`unsub${locale}`), token: '', apps: [] as number[] };
    const control = { email: uniqueEmail(`unsubctl${locale}`), token: '', app: 0 };
    let since = 0;

    beforeAll(async () => {
      context = await newContext(browser);
      page = await context.newPage();
    });
    afterAll(async () => context?.close());

    const move = (applicationId: number, status: number) =>
      api(
        'POST',
        '/project_applications/changeApplicationStatus',
        { application_id: applicationId, status, lang: locale },
        owner.token,
      );

    it(
      'a talent with two applications gets an e-mail about one, with a signed link',
      async () => {
        const ownerPassword = `unsub owner ${locale} ${word}`;
        secretsSeen.add(ownerPassword);
        const registered = await api('POST', '/users/register', {
          email: uniqueEmail(`unsubowner${locale}`),
          name: 'Lucía',
          last_name: 'Martín',
          password: ownerPassword,
          lang: locale,
          is_talent: false,
          workplace_name: `Ayni ${word}`,
          position: 'CEO',
          start_date: '2020-02-01',
          work_here: true,
        });
        owner.token = registered.access_token!;
        const projects: number[] = [];
        for (const name of [`Logo ${word}`, `Web ${word}`]) {
          const posted = await api(
            'POST',
            '/projects',
            {
              name,
              summary: 'A logo and a landing page.',
              description: 'Vector files and a responsive page.',
              skills: ['Design'],
              budget: 150_000,
              currency: 'USD',
              weeks: 3,
              modality: 'remote',
              country_code: 'PE',
              end_date: isoDay(30),
            },
            owner.token,
          );
          projects.push((posted.data as { id: number }).id);
        }
        for (const who of [talent, control]) {
          const password = `unsub talent ${locale} ${word} ${who === talent ? 1 : 2}`;
          secretsSeen.add(password);
          const t = await api('POST', '/users/register', {
            email: who.email,
            name: who === talent ? 'Rosa' : 'Omar',
            last_name: `Quispe${word}`,
            password,
            lang: locale,
            is_talent: true,
          });
          who.token = t.access_token!;
        }
        for (const projectId of projects) {
          const applied = await api(
            'POST',
            '/project_applications',
            {
              project_id: projectId,
              proposal: 'I can build this in two weeks, with three reviews on the way.',
              price_proposal: 140_000,
              weeks: 3,
              lang: locale,
            },
            talent.token,
          );
          talent.apps.push((applied.data as { id: number }).id);
        }
        const applied = await api(
          'POST',
          '/project_applications',
          {
            project_id: projects[1],
            proposal: 'I have built many landing pages for shops like yours.',
            price_proposal: 150_000,
            weeks: 3,
            lang: locale,
          },
          control.token,
        );
        control.app = (applied.data as { id: number }).id;

        since = Date.now() - 1000;
        await move(talent.apps[0]!, shortlisted);
        // Registration's confirmation link may have arrived meanwhile: the update is the one.
        const mail = await waitForMail(talent.email, since, ANSWER_MS, `Logo ${word}`);
        expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);
        const link = unsubscribeLinkIn(mail);
        expect(new URL(link).pathname).toBe('/api/unsubscribe');

        // Opening the link shows the page that asks; it changes nothing by itself.
        await page.goto(link);
        await page.waitForURL((url) => url.pathname === `${prefix(locale)}/unsubscribe`, {
          timeout: ANSWER_MS,
        });
        const what = tr('unsubscribe.kinds.application_updates');
        await page.getByText(tr('unsubscribe.ask', { what })).waitFor({ timeout: ANSWER_MS });
        await expectPrivateLink(page);
        const prefs = await api('GET', '/me/email_preferences', undefined, talent.token);
        expect(prefs.data).toMatchObject({ application_updates: 'instant' });
        await expectNoSeriousA11y(page, 'the unsubscribe page');
        await expectFitsAt320(page, 'the unsubscribe page');
      },
      JOURNEY_MS,
    );

    it(
      'the button turns application updates off, and the next change sends them no e-mail',
      async () => {
        expect(talent.apps).toHaveLength(2);
        await page.getByRole('button', { name: tr('unsubscribe.button') }).click();
        const what = tr('unsubscribe.kinds.application_updates');
        await page
          .getByRole('status')
          .filter({ hasText: tr('unsubscribe.done', { what }) })
          .waitFor({ timeout: ANSWER_MS });
        await page.getByRole('link', { name: tr('unsubscribe.settings_link') }).waitFor();
        await expectNoSeriousA11y(page, 'the unsubscribe page, done');
        await expectFitsAt320(page, 'the unsubscribe page, done');
        const prefs = await api('GET', '/me/email_preferences', undefined, talent.token);
        expect(prefs.data).toMatchObject({ application_updates: 'off' });

        // The other application moves, then another talent's: theirs arrives, and by then hers
        // (sent first, had it been sent) has not.
        since = Date.now() - 1000;
        await move(talent.apps[1]!, shortlisted);
        await move(control.app, shortlisted);
        await waitForMail(control.email, since, ANSWER_MS, `Web ${word}`);
        await expect(waitForMail(talent.email, since, 0)).rejects.toThrow('No mail');
      },
      JOURNEY_MS,
    );
  });
}
