import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, waitForQuiet, setUpBrowser, browser } from './browser';
import { prefix, signIn, text, type TLocale } from './journeys';
import { secretsSeen } from './secrets';

// A 320 px phone (the narrowest WCAG 1.4.10 reflow width): no page may scroll sideways, in
// either language, signed out or signed in, no element may stick out of the viewport, and the
// header stays one row (at most 64 px: docs/product.md "Header").
const WIDTH = 320;
const HEIGHT = 640;
const DEMO_PASSWORD = 'Demo-pass-2026';

const PAGES = [
  '/',
  '/auth/login',
  '/auth/register',
  '/auth/recovery',
  '/auth/create-account',
  '/opportunities',
  '/opportunities?tab=jobs',
  '/projects/1', // demo postings
  '/jobs/1',
  '/talents/1',
  '/profile/my-profile',
  '/profile/edit',
  '/profile/settings',
  '/no-such-page', // the 404 page
];

const WHO = [
  { who: 'signed out', email: null, pages: [] },
  {
    who: 'signed in as a talent',
    email: 'ana.talent@demo.talentchain.dev',
    pages: ['/applications', '/applications?type=job', '/notifications'],
  },
  {
    who: 'signed in as a business',
    email: 'maria.business@demo.talentchain.dev',
    pages: [
      '/business/postings',
      '/business/postings?type=job',
      '/business/projects/new',
      '/business/jobs/new',
      '/notifications',
      '/business/projects/1/applicants', // demo boards of María's
      '/business/jobs/2/applicants',
    ],
  },
] as const;

/** The board's columns: a group on a wide screen, tabs on a phone. */
const boardColumns = (page: Page, locale: TLocale) =>
  page
    .getByRole('group', { name: text(locale, 'pipeline:board.columns'), exact: true })
    .or(page.getByRole('tablist', { name: text(locale, 'pipeline:tabs.label'), exact: true }));

/** Pages whose content comes after the first paint: what shows once it is in. */
const LOADED: Record<string, (page: Page, locale: TLocale) => Locator> = {
  '/notifications': (page, locale) =>
    page
      .getByRole('main')
      .getByRole('list')
      .or(page.getByRole('heading', { name: text(locale, 'notifications.empty'), exact: true })),
  '/business/projects/1/applicants': (page, locale) => boardColumns(page, locale),
  '/business/jobs/2/applicants': (page, locale) => boardColumns(page, locale),
};

type TWidth = { scrollWidth: number; outside: string[] };

/** The page's scroll width and every visible element whose right edge is past the viewport. */
function measure(page: Page): Promise<TWidth> {
  return page.evaluate((width) => {
    const outside: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= width + 0.5) continue;
      const id = el.id ? `#${el.id}` : '';
      const cls =
        typeof el.className === 'string' && el.className
          ? `.${el.className.trim().split(/\s+/).join('.')}`
          : '';
      const words = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      outside.push(
        `${el.tagName.toLowerCase()}${id}${cls} right=${Math.round(box.right)} "${words}"`,
      );
    }
    return { scrollWidth: document.documentElement.scrollWidth, outside };
  }, WIDTH);
}

function expectFits(where: string, { scrollWidth, outside }: TWidth) {
  const report = outside.length ? `\n  ${outside.slice(0, 15).join('\n  ')}` : '';
  expect(
    scrollWidth,
    `${where} is ${scrollWidth}px wide at ${WIDTH}px${report}`,
  ).toBeLessThanOrEqual(WIDTH);
  expect(outside, `${where}: elements past the right edge of a ${WIDTH}px viewport`).toEqual([]);
}

setUpBrowser();

for (const { who, email, pages } of WHO) {
  for (const locale of ['en', 'es'] as TLocale[]) {
    const p = prefix(locale);
    const tr = (k: string) => text(locale, k);

    describe(`at ${WIDTH}px, ${who} (${locale})`, () => {
      let context: BrowserContext;
      let page: Page;

      beforeAll(async () => {
        context = await newContext(browser);
        page = await context.newPage();
        await page.setViewportSize({ width: WIDTH, height: HEIGHT });
        if (email) {
          secretsSeen.add(DEMO_PASSWORD);
          await signIn(page, email, DEMO_PASSWORD, locale);
          await page.waitForURL((url) => !url.pathname.endsWith('/auth/login'));
        }
      });
      afterAll(async () => context?.close());

      /** Opens `path` and waits until the header shows the session (signed out or the account menu). */
      async function open(path: string) {
        await page.goto(path === '/' ? p || '/' : `${p}${path}`);
        await waitForQuiet(page);
        const account = email
          ? page.getByRole('button', { name: new RegExp(tr('nav.account_menu')) })
          : page.getByRole('link', { name: tr('nav.sign_in'), exact: true }).first();
        await account.waitFor({ state: 'visible' });
        await LOADED[path]?.(page, locale).first().waitFor({ state: 'visible' });
      }

      for (const path of [...PAGES, ...pages]) {
        const shown = path === '/' ? p || '/' : `${p}${path}`;
        it(`fits ${shown}, under a header of one row`, async () => {
          await open(path);
          expectFits(`${shown} (now at ${new URL(page.url()).pathname})`, await measure(page));
          const header = await page
            .getByRole('banner')
            .evaluate((el) => el.getBoundingClientRect().height);
          expect(header, `the header of ${shown}`).toBeLessThanOrEqual(64);
        });
      }

      if (email) {
        it('fits with the account menu open', async () => {
          await open('/profile/settings');
          await page.getByRole('button', { name: new RegExp(tr('nav.account_menu')) }).click();
          await page.getByRole('menu').waitFor({ state: 'visible' });
          expectFits(`${p}/profile/settings with the menu open`, await measure(page));
        });
      }

      if (pages.includes('/business/projects/1/applicants' as never)) {
        it('fits the applicant board with a move dialog open', async () => {
          const board = '/business/projects/1/applicants';
          await open(board);
          const rejected = text(locale, 'market:statuses.application.rejected');
          await page.getByRole('button', { name: rejected, exact: true }).first().click();
          await page.getByRole('dialog').waitFor({ state: 'visible' });
          expectFits(`${p}${board} with a move dialog open`, await measure(page));
        });
      }
    });
  }
}
