import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  BASE_URL,
  newContext,
  storageOf,
  uniqueEmail,
  waitForHydration,
  setUpBrowser,
  browser,
} from './browser';
import { registerTalent, signIn } from './journeys';
import { secretsSeen } from './secrets';

// A signed-in page the server renders with the session (docs/architecture.md "How pages paint
// early", docs/security.md "Session cookie"): the cookie follows the stored token, the server
// renders the page's data only for a valid one, and the API never takes it for a token.

setUpBrowser();

const DEMO_PASSWORD = 'Demo-pass-2026';
const TALENT = 'ana.talent@demo.talentchain.dev';

async function sessionCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'tc_session');
}

/** The page's HTML as the server answers it to a request carrying `cookie`. */
async function serverHtml(path: string, cookie?: string) {
  const res = await fetch(`${BASE_URL}${path}`, {
    headers: cookie ? { cookie: `tc_session=${cookie}` } : {},
  });
  return { res, html: await res.text() };
}

/** The visible text of the server's `<main>`. */
const mainText = (html: string) =>
  (/<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('server-rendered signed-in pages', () => {
  it('keeps the cookie with the stored token: written at sign-in, strict to this site, gone at sign-out', async () => {
    const page = await (await newContext(browser)).newPage();
    const email = uniqueEmail('cookie');
    await registerTalent(page, { email, password: 'long enough passphrase 1' });
    await page.waitForURL('**/profile/my-profile');
    const cookie = await sessionCookie(page);
    expect(cookie?.value).toBe((await storageOf(page)).access_token);
    expect(cookie?.sameSite).toBe('Strict');
    expect(cookie?.path).toBe('/');

    await page.getByRole('button', { name: /Rosa/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    // The sign-out clears the session once the sign-in page is shown (useSignOut): a moment after
    // the address changes, so the check waits for it rather than reading at once.
    await expect.poll(() => sessionCookie(page)).toBeUndefined();
    await page.context().close();
  });

  it('renders my profile, notifications, applications and settings with their data, in both languages, with nothing logged', async () => {
    const page = await (await newContext(browser)).newPage();
    const logged: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') logged.push(m.text());
    });
    page.on('pageerror', (e) => logged.push(e.message));
    await signIn(page, TALENT, DEMO_PASSWORD);
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
    const token = (await sessionCookie(page))!.value;
    secretsSeen.add(DEMO_PASSWORD);
    secretsSeen.add(token);

    const expected: [string, RegExp][] = [
      ['/profile/my-profile', /Ana Quispe.*Desarrolladora full-stack/s],
      ['/es/profile/my-profile', /Ana Quispe.*Experiencia/s],
      ['/notifications', /Customer delivery-tracking portal/],
      ['/es/notifications', /sin leer/],
      ['/applications', /Status|Applied/i],
      ['/es/applications', /Estado|Postulad/i],
      ['/profile/settings', /Change password/],
    ];
    for (const [path, text] of expected) {
      const { res, html } = await serverHtml(path, token);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toContain('no-store');
      expect(mainText(html), path).toMatch(text);
      // The browser takes the server's page over without a mismatch (React logs one).
      logged.length = 0;
      await page.goto(path);
      await expect.poll(() => page.locator('main').innerText(), { timeout: 15_000 }).toMatch(text);
      await waitForHydration(page);
      expect(logged, path).toEqual([]);
    }
    await page.context().close();
  });

  it("renders a business's postings and an applicant board with their data, and a talent the board's refusal", async () => {
    const tokens: Record<string, string> = {};
    for (const email of ['maria.business@demo.talentchain.dev', TALENT]) {
      const page = await (await newContext(browser)).newPage();
      await signIn(page, email, DEMO_PASSWORD);
      await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
      tokens[email] = (await sessionCookie(page))!.value;
      secretsSeen.add(tokens[email]);
      await page.context().close();
    }
    const business = tokens['maria.business@demo.talentchain.dev']!;
    const postings = await serverHtml('/business/postings', business);
    expect(mainText(postings.html)).toMatch(/Tienda en línea para una cooperativa de café/);
    const board = /href="(\/business\/projects\/\d+\/applicants)"/.exec(postings.html)?.[1];
    expect(board).toBeDefined();
    const es = await serverHtml(`/es${board}`, business);
    expect(mainText(es.html)).toMatch(/postulantes/);
    expect(mainText(es.html)).toMatch(/Ana Quispe/);
    const talent = await serverHtml(board!, tokens[TALENT]);
    expect(mainText(talent.html)).toContain('This page is for businesses');
    expect(mainText(talent.html)).not.toMatch(/Ana Quispe/);

    // The posting forms: the project's own values in the server's form, in either language.
    const edit = board!.replace(/applicants$/, 'edit');
    for (const path of [edit, `/es${edit}`]) {
      const { html } = await serverHtml(path, business);
      expect(html, path).toMatch(/<textarea[^>]*>Buscamos a alguien que construya una tienda/);
      expect(html, path).toMatch(/value="Tienda en línea para una cooperativa de café"/);
    }
    const blank = await serverHtml('/es/business/jobs/new', business);
    expect(blank.html).toMatch(/<form[\s\S]*Publicar[\s\S]*<\/form>/);
    // Anyone else's session, or none, gets no form from the server.
    for (const cookie of [tokens[TALENT], undefined]) {
      const { html } = await serverHtml(edit, cookie);
      expect(html).not.toMatch(/<textarea/);
    }
  });

  it("renders a business's team with its members, invitations and activity, in both languages, and the browser takes it over as it is", async () => {
    const page = await (await newContext(browser)).newPage();
    const logged: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') logged.push(m.text());
    });
    page.on('pageerror', (e) => logged.push(e.message));
    await signIn(page, 'maria.business@demo.talentchain.dev', DEMO_PASSWORD);
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
    const token = (await sessionCookie(page))!.value;
    secretsSeen.add(token);
    const expected: [string, RegExp][] = [
      ['/business/team', /Members.*Pablo Ruiz.*Pending invitations.*Activity/s],
      ['/es/business/team', /Miembros.*Pablo Ruiz.*Invitaciones pendientes.*Actividad/s],
    ];
    for (const [path, text] of expected) {
      const { html } = await serverHtml(path, token);
      expect(mainText(html), path).toMatch(text);
      expect(mainText(html), path).not.toMatch(/Loading the team|Cargando el equipo/);
      logged.length = 0;
      await page.goto(path);
      await waitForHydration(page);
      // What the server painted stays: the team, not a loading status, with nothing logged.
      await expect.poll(() => page.locator('main').innerText()).toMatch(text);
      expect(logged, path).toEqual([]);
    }
    await page.context().close();
  });

  it('renders signed out for no cookie, a malformed one or a forged one, and the API never takes the cookie for a token', async () => {
    const page = await (await newContext(browser)).newPage();
    await signIn(page, TALENT, DEMO_PASSWORD);
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
    const token = (await sessionCookie(page))!.value;
    await page.context().close();
    const [head, body] = token.split('.');
    const forged = `${head}.${body}.${'A'.repeat(43)}`;
    for (const cookie of [undefined, 'not a token', forged]) {
      const { res, html } = await serverHtml('/profile/my-profile', cookie);
      expect(res.status).toBe(200);
      expect(mainText(html)).not.toContain('Ana Quispe');
      expect(mainText(html)).toContain('Checking your session');
    }
    // A write carrying only the cookie is anonymous: refused.
    const write = await fetch(`${BASE_URL}/api/users/info`, {
      method: 'PATCH',
      headers: { cookie: `tc_session=${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ about: 'Written by another site' }),
    });
    expect(write.status).toBe(401);
  });
});
