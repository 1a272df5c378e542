import { describe, expect, it } from 'vitest';
import { BASE_URL, seriousA11yViolations, setUpBrowser, page } from './browser';

setUpBrowser({ pagePerTest: true });

describe('the app shell in a browser', () => {
  it('serves the landing page in English at / and in Spanish at /es', async () => {
    await page.goto('/');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.title()).toMatch(/TalentChain/);
    await expect
      .poll(() => page.getByRole('heading', { name: 'For talents' }).isVisible())
      .toBe(true);

    await page.goto('/es');
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    expect(await page.title()).toContain('Proyectos, empleos y talento');
    expect(await page.getByRole('heading', { name: 'Para empresas' }).isVisible()).toBe(true);
  });

  it('switches language and keeps the current page', async () => {
    await page.goto('/some/missing/page?x=1');
    expect(await page.getByRole('heading', { name: 'Page not found' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Español' }).click();
    await page.waitForURL('**/es/some/missing/page?x=1');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Página no encontrada' }).isVisible())
      .toBe(true);
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    await page.getByRole('link', { name: 'English' }).click();
    await page.waitForURL((url) => url.pathname === '/some/missing/page');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Page not found' }).isVisible())
      .toBe(true);
  });

  it('shows the teal progress bar while a navigation is under way', async () => {
    // The next page's data is held until the bar has been seen, so the navigation lasts as long
    // as the test needs, whatever the machine's speed; once the page is there the bar fills and
    // fades out.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.goto('/some/missing/page');
    await page.route('**/_next/data/**', async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.getByRole('link', { name: 'Back to the home page' }).click();
      const bar = page.locator('#nprogress .bar');
      await bar.waitFor({ state: 'attached' });
      const colour = await bar.evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(colour).toBe('rgb(20, 184, 166)');
      release();
      await page.waitForURL((url) => url.pathname === '/');
      await bar.waitFor({ state: 'detached' });
    } finally {
      release();
      await page.unroute('**/_next/data/**');
    }
  });

  it('keeps the persisted store under persist:root across a reload', async () => {
    await page.goto('/');
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem('persist:root')))
      .toContain('"auth"');
    const stored = JSON.parse(
      (await page.evaluate(() => window.localStorage.getItem('persist:root')))!,
    );
    expect(JSON.parse(stored.auth)).toEqual({ isLoggedIn: false, user: null });
    expect(JSON.parse(stored.profile)).toMatchObject({
      experiences: [],
      educations: [],
      skillsUser: [],
    });
  });

  it('sets the favicon', async () => {
    await page.goto('/');
    expect(await page.getAttribute('link[rel="icon"]', 'href')).toBe('/favicon.svg');
    const res = await page.request.get('/favicon.svg');
    expect(res.status()).toBe(200);
  });

  for (const path of ['/', '/es', '/missing', '/es/missing']) {
    it(`has no serious or critical accessibility violation on ${path}`, async () => {
      await page.goto(path);
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  }
});

describe("a page's texts", () => {
  it("come in the page's language only: a Spanish page carries no English catalog", async () => {
    const data = async (path: string) => {
      const html = await (await fetch(`${BASE_URL}${path}`)).text();
      const json = /<script id="__NEXT_DATA__"[^>]*>(.*?)<\/script>/s.exec(html)?.[1];
      return JSON.parse(json ?? 'null').props.pageProps._nextI18Next.initialI18nStore;
    };
    expect(Object.keys(await data('/es/jobs/1'))).toEqual(['es']);
    expect(Object.keys(await data('/jobs/1'))).toEqual(['en']);
  });
});

describe('public profiles rendered on the server', () => {
  it('carry the name and Open Graph tags in the HTML; an unknown one is a real 404', async () => {
    const res = await fetch(`${BASE_URL}/talents/1`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<meta property="og:title" content="Ana Quispe"/);
    expect(html).toMatch(/<h1[^>]*>Ana Quispe<\/h1>/);
    for (const path of ['/talents/99999', '/es/talents/99999999', '/talents/abc', '/talents/0']) {
      const missing = await fetch(`${BASE_URL}${path}`);
      expect(missing.status, path).toBe(404);
      await missing.arrayBuffer();
    }
    await page.goto('/es/talents/99999');
    expect(await page.getByRole('heading', { name: 'Página no encontrada' }).isVisible()).toBe(
      true,
    );
  });
});
