import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BASE_URL, newContext, uniqueEmail, setUpBrowser, browser } from './browser';
import { registerTalent, signIn } from './journeys';

setUpBrowser();

const scriptSources = (csp: string) =>
  /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1]?.split(/\s+/) ?? [];

/** The headers every response must carry (docs/security.md "Headers"). */
function expectSecurityHeaders(headers: Headers, what: string) {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(scriptSources(csp), what).toContain("'self'");
  expect(scriptSources(csp), what).not.toContain("'unsafe-inline'");
  expect(scriptSources(csp), what).not.toContain("'unsafe-eval'");
  const connect = /connect-src ([^;]*)/.exec(csp)?.[1] ?? '';
  expect(connect.split(/\s+/), what).not.toContain('https:');
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('x-frame-options'), what).toBe('DENY');
  expect(headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
}

/**
 * `next start` itself (not our `npm start` server) on the journeys' build, over a data directory
 * of its own, without TRUST_PROXY; stopped with its process group.
 */
async function startNextStart(): Promise<{ base: string; stop: () => void }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tc-next-start-'));
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_DIST_DIR: process.env.E2E_DIST_DIR,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  };
  delete env.TRUST_PROXY;
  const next = path.join(process.cwd(), 'node_modules/next/dist/bin/next');
  const child = spawn(process.execPath, [next, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    env,
    detached: true,
    stdio: 'ignore',
  });
  const stop = () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // gone
    }
  };
  const base = `http://127.0.0.1:${port}`;
  await expect
    .poll(
      () =>
        fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        ),
      { timeout: 60_000 },
    )
    .toBe(true);
  return { base, stop };
}

describe('security headers', () => {
  it('are on pages, API answers and static files; HSTS only when the request came over HTTPS', async () => {
    const home = await fetch(`${BASE_URL}/`);
    const html = await home.text();
    const asset = /src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const urls = [
      '/',
      '/es',
      '/auth/login',
      '/api/health',
      '/api/countries',
      asset!,
      '/favicon.svg',
    ];
    for (const url of urls) {
      const res = await fetch(`${BASE_URL}${url}`);
      expect(res.status, url).toBe(200);
      expectSecurityHeaders(res.headers, url);
      expect(res.headers.get('strict-transport-security'), url).toBeNull();
      await res.arrayBuffer();
    }
    for (const url of ['/', asset!, '/api/health']) {
      const res = await fetch(`${BASE_URL}${url}`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers.get('strict-transport-security'), url).toMatch(/^max-age=\d{8,}/);
      await res.arrayBuffer();
    }
  });

  it('are the same when Next serves the app itself (next start); HSTS not on the word of a client', async () => {
    const { base, stop } = await startNextStart();
    try {
      const html = await (await fetch(`${base}/es`)).text();
      const asset = /src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
      expect(asset).toBeDefined();
      for (const url of ['/', '/es/opportunities', '/api/health', asset!, '/favicon.svg']) {
        // Without TRUST_PROXY, X-Forwarded-Proto is the client's own claim: no HSTS for it.
        const res = await fetch(`${base}${url}`, { headers: { 'x-forwarded-proto': 'https' } });
        expect(res.status, url).toBe(200);
        expectSecurityHeaders(res.headers, `next start ${url}`);
        expect(res.headers.get('strict-transport-security'), url).toBeNull();
        await res.arrayBuffer();
      }
    } finally {
      stop();
    }
  });
});

describe('addresses the server refuses or cannot fold', () => {
  it('answer a real 400 to a control character in a page’s or the API’s address, in both languages', async () => {
    const en = ['Address not allowed', 'This address contains characters that are not allowed.'];
    const es = ['Dirección no permitida', 'Esta dirección contiene caracteres que no se permiten.'];
    for (const [url, [title, body]] of [
      ['/opportunities?skill=a%00b', en],
      ['/es/opportunities?skill=a%00b', es],
      ['/jobs/1%07', en],
    ] as const) {
      const res = await fetch(`${BASE_URL}${url}`);
      expect(res.status, url).toBe(400);
      // The rendered screen, not only the catalog the page carries.
      const html = await res.text();
      expect(html, url).toContain(`<h1>${title}</h1>`);
      expect(html, url).toContain(`<p>${body}</p>`);
    }
    for (const url of ['/api/projects?skill=a%00b', '/api/projects/1%00']) {
      const res = await fetch(`${BASE_URL}${url}`);
      expect(res.status, url).toBe(400);
      expect(await res.json(), url).toMatchObject({ status: false, code: 'invalid_input' });
    }
  });

  it('answer 200 to a search of a character that accent folding removes', async () => {
    for (const url of [
      '/opportunities?search=%CC%81',
      '/es/opportunities?tab=jobs&search=%CA%BC',
      '/api/projects?search=%CC%81',
      '/api/jobs?search=%CA%BC',
    ]) {
      const res = await fetch(`${BASE_URL}${url}`);
      expect(res.status, url).toBe(200);
      await res.arrayBuffer();
    }
  });
});

/** Collects every CSP violation the page reports, from the console and from the DOM event. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (execute|load|connect)/i.test(msg.text()))
      seen.push(msg.text());
  });
  await page.exposeFunction('__cspViolation', (v: string) => seen.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __cspViolation: (v: string) => void }).__cspViolation(
        `${e.violatedDirective} ${e.blockedURI}`,
      ),
    );
  });
  return seen;
}

describe('the content security policy in Chromium', () => {
  it('lets every page work, signed out and signed in, in both languages, with no violation', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const violations = await watchViolations(page);
    const visit = async (path: string, heading: RegExp) => {
      await page.goto(path);
      await expect
        .poll(() => page.getByRole('heading', { name: heading }).first().isVisible(), {
          message: path,
        })
        .toBe(true);
    };
    await visit('/', /For talents/);
    await visit('/es', /Para empresas/);
    await visit('/auth/login', /Sign in/);
    await visit('/es/auth/register', /Crea tu cuenta|Crear/);
    await visit('/auth/recovery', /Recover your password/);
    await visit('/talents/1', /Ana Quispe/);
    await signIn(page, 'ana.talent@demo.talentchain.dev', 'Demo-pass-2026');
    await page.waitForURL('**/profile/my-profile');
    await visit('/profile/my-profile', /Ana Quispe/);
    await visit('/es/profile/edit', /Editar|perfil/i);
    await visit('/profile/settings', /Settings|Password/i);
    // A client-side navigation loads further chunks under the same policy.
    await page.goto('/profile/my-profile');
    await page
      .getByRole('link', { name: /Edit profile/i })
      .first()
      .click();
    await page.waitForURL('**/profile/edit');
    expect(violations).toEqual([]);
    await context.close();
  });
});

describe('the page a sign-in goes to next', () => {
  // Browsers drop a tab or line break from a URL: "/<tab>/evil.example" is "//evil.example" to
  // them, another host (docs/security.md "Redirects").
  const hidden = ['%2F%09%2Fevil.example', '%2F%0A%2Fevil.example', '%2F%0D%2Fevil.example'];
  const flows = {
    'sign-in': async (page: Page, next: string) => {
      await page.goto(`/auth/login?next=${next}`);
      await signIn(page, 'ana.talent@demo.talentchain.dev', 'Demo-pass-2026');
    },
    registration: async (page: Page, next: string) => {
      await page.goto(`/es/auth/register?next=${next}`);
      await registerTalent(page, {
        email: uniqueEmail('next'),
        password: 'long enough passphrase 1',
        locale: 'es',
      });
    },
  };

  for (const [flow, run] of Object.entries(flows)) {
    it(`after ${flow}, stays on this site whatever next hides, and follows a next of this site`, async () => {
      for (const next of [...hidden, '%2Fopportunities%3Ftab%3Djobs']) {
        const context = await newContext(browser);
        const page = await context.newPage();
        const elsewhere: string[] = [];
        page.on('request', (r) => {
          if (new URL(r.url()).hostname !== new URL(BASE_URL).hostname) elsewhere.push(r.url());
        });
        await run(page, next);
        const expected = next.startsWith('%2Fopportunities')
          ? /\/opportunities\?tab=jobs$/
          : /\/profile\/my-profile$/;
        await page.waitForURL(expected);
        expect(new URL(page.url()).origin, next).toBe(BASE_URL);
        expect(elsewhere, next).toEqual([]);
        await context.close();
      }
    });
  }
});
